package plan

import (
	"slices"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// coMentions derives the MENTIONED_WITH layer from the batch's entity
// mentions, after resolution. The unit of co-mention is a message burst
// (consecutive turns of one speaker, see CoMentionUnits), not a single
// turn: people split one piece of news over several short messages ("got
// a new job!!" / "at Norvik"). A burst that asks a question is also joined
// with the burst that answers it (or replies with "you"), for the pairs
// that only the two together name ("the one who works at Aardman?" /
// "yes! she animates…"). Who takes part in a turn is participants'
// answer: the entities its mentions name, its speaker when the turn speaks
// in the first person, and its addressee when it says "you".
//
// Each unordered pair gets one CoMention (from the smaller uid to the
// larger) citing, for every unit naming both, the unit's turns in which
// either end takes part; it counts the cited turns (as forgetting a
// speaker uncounts them, cypher/speaker_delete.cypher), keeps the first
// and last of their times (the record time for a turn without one) and
// the latest MaxCoMentionTurns of them. Only turns this batch created
// count, so a resent batch adds nothing.
func (p *planner) coMentions() {
	created := make([]ontology.Turn, 0, len(p.b.Turns))
	for _, t := range p.b.Turns {
		if p.created[t.ID] {
			created = append(created, t)
		}
	}
	parts, named := p.participants(created)
	bursts, answers := CoMentionUnits(created, DefaultBurstGap)
	at := map[[2]string]int{}
	inBurst := make([]map[[2]string]bool, len(bursts))
	add := func(unit []int, key [2]string) {
		k, ok := at[key]
		if !ok {
			k = len(p.out.CoMentions)
			at[key] = k
			p.out.CoMentions = append(p.out.CoMentions, CoMention{FromUID: key[0], ToUID: key[1]})
		}
		c := &p.out.CoMentions[k]
		for _, i := range unit {
			if !slices.Contains(parts[i], key[0]) && !slices.Contains(parts[i], key[1]) {
				continue
			}
			when := p.b.Now
			if ts := created[i].Timestamp; ts != nil {
				when = ts.UTC()
			}
			if !slices.Contains(c.SourceTurnIDs, created[i].ID) {
				c.SourceTurnIDs = append(c.SourceTurnIDs, created[i].ID)
				c.Count++
			}
			if c.FirstSeen.IsZero() || when.Before(c.FirstSeen) {
				c.FirstSeen = when
			}
			if when.After(c.LastSeen) {
				c.LastSeen = when
			}
		}
	}
	for b, unit := range bursts {
		inBurst[b] = map[[2]string]bool{}
		for _, key := range namedPairs(pairs(unionOf(parts, unit), nil), unionOf(named, unit)) {
			inBurst[b][key] = true
			add(unit, key)
		}
	}
	for _, qa := range answers {
		q, a := bursts[qa[0]], bursts[qa[1]]
		both := append(slices.Clone(q), a...)
		asked := unionOf(parts, q)
		// A question's "you" is whoever answers it.
		last, answerer := created[q[len(q)-1]], p.speakerUID(created[a[0]].Speaker)
		if SecondPerson(last.Text) && answerer != "" && !slices.Contains(asked, answerer) {
			asked = append(asked, answerer)
			// The question's turn then cites the answerer too; bursts are
			// done and a later unit holding it is a question-answer unit,
			// where it asks the same "you" or answers as its speaker.
			parts[q[len(q)-1]] = append(slices.Clone(parts[q[len(q)-1]]), answerer)
		}
		for _, key := range namedPairs(pairs(asked, unionOf(parts, a)), unionOf(named, both)) {
			if !inBurst[qa[0]][key] && !inBurst[qa[1]][key] {
				add(both, key)
			}
		}
	}
	for i := range p.out.CoMentions {
		c := &p.out.CoMentions[i]
		if n := len(c.SourceTurnIDs); n > MaxCoMentionTurns {
			c.SourceTurnIDs = c.SourceTurnIDs[n-MaxCoMentionTurns:]
		}
	}
}

// participants returns, for each of turns, the uids of the entities
// taking part in it (parts) and of those its mentions name (named, a
// prefix of parts): the speaker joins when the turn says "I", "my" or "we",
// the addressee when it says "you" (see Addressee).
func (p *planner) participants(turns []ontology.Turn) (parts, named [][]string) {
	parts, named = make([][]string, len(turns)), make([][]string, len(turns))
	speakers := p.res.speakerLabels()
	for i, t := range turns {
		prev := ""
		if i > 0 {
			prev = turns[i-1].Speaker
		}
		named[i] = p.mentioned[t.ID]
		parts[i] = slices.Clone(named[i])
		for _, uid := range []string{pronounParticipant(FirstPerson(t.Text), p.speakerUID(t.Speaker)),
			pronounParticipant(SecondPerson(t.Text), p.speakerUID(Addressee(speakers, t.Speaker, prev)))} {
			if uid != "" && !slices.Contains(parts[i], uid) {
				parts[i] = append(parts[i], uid)
			}
		}
	}
	return parts, named
}

// speakerUID is the entity uid of the speaker labelled label, "" for none
// or for a label that is not one of the conversation's speakers.
func (p *planner) speakerUID(label string) string {
	if label == "" {
		return ""
	}
	for _, e := range p.res.entities {
		if e.speaker == label {
			return e.uid
		}
	}
	return ""
}

// pronounParticipant is uid when the turn's pronouns name it (ok), else "".
func pronounParticipant(ok bool, uid string) string {
	if !ok {
		return ""
	}
	return uid
}

// namedPairs keeps the pairs with at least one end in named: two people
// present only as "I" and "you" are not co-mentioned by it.
func namedPairs(ps [][2]string, named []string) [][2]string {
	var out [][2]string
	for _, k := range ps {
		if slices.Contains(named, k[0]) || slices.Contains(named, k[1]) {
			out = append(out, k)
		}
	}
	return out
}

// unionOf is the participants of the turns unit, once each, in order.
func unionOf(parts [][]string, unit []int) []string {
	var out []string
	for _, i := range unit {
		for _, u := range parts[i] {
			if !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	return out
}

// pairs returns the unordered pairs (smaller uid first) of distinct uids
// within a when b is nil, else those with one end in a and the other in b.
func pairs(a, b []string) [][2]string {
	var out [][2]string
	seen := map[[2]string]bool{}
	push := func(x, y string) {
		if x == y {
			return
		}
		if y < x {
			x, y = y, x
		}
		if k := [2]string{x, y}; !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for i, x := range a {
		if b == nil {
			for _, y := range a[i+1:] {
				push(x, y)
			}
			continue
		}
		for _, y := range b {
			push(x, y)
		}
	}
	return out
}

// CoMentionUnits groups turns (in order) into the units whose mentions are
// co-mentioned: bursts, each a run of turns of one speaker that Continues
// within gap (at most MaxBurstTurns, as the burst layer groups them), given
// as indices into turns; and answers, pairs of indices into bursts: a
// burst whose last turn asks a question and the next burst, by another
// speaker, that answers it, or that replies to it by saying "you" ("your
// girlfriend is smarter than you" after "Aisha got in too").
func CoMentionUnits(turns []ontology.Turn, gap time.Duration) (bursts [][]int, answers [][2]int) {
	for i, t := range turns {
		if n := len(bursts); n > 0 {
			last := bursts[n-1]
			if len(last) < MaxBurstTurns && Continues(turns[last[len(last)-1]], t, gap) {
				bursts[n-1] = append(last, i)
				continue
			}
		}
		bursts = append(bursts, []int{i})
	}
	for b := 0; b+1 < len(bursts); b++ {
		q, a := turns[bursts[b][len(bursts[b])-1]], turns[bursts[b+1][0]]
		if (IsQuestion(q.Text) || SecondPerson(a.Text)) && q.Speaker != a.Speaker && q.Session == a.Session {
			answers = append(answers, [2]int{b, b + 1})
		}
	}
	return bursts, answers
}
