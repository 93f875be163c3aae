package topics

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// candidate is a cluster that passed the filters, before it is described.
type candidate struct {
	content  []int // content-turn indices
	turns    []int // turn indices, ascending
	sessions []string
	label    string
	score    float64
}

// candidates keeps the clusters that are topics: at least MinTurns turns
// from at least MinSessions sessions, and nameable (see label). They are
// ranked by turns × log2(1 + sessions), so size counts most and spread
// breaks near-ties, then by first turn; at most MaxTopics are kept.
func (c *corpus) candidates(clusters [][]int, cfg Config) []candidate {
	var out []candidate
	for _, cl := range clusters {
		if len(cl) < cfg.MinTurns {
			continue
		}
		cd := candidate{content: cl, turns: make([]int, len(cl))}
		for k, x := range cl {
			cd.turns[k] = c.content[x]
			if s := c.sessions[cd.turns[k]]; !slices.Contains(cd.sessions, s) {
				cd.sessions = append(cd.sessions, s)
			}
		}
		if len(cd.sessions) < cfg.MinSessions {
			continue
		}
		var ok bool
		if cd.label, ok = c.label(cd.turns); !ok {
			continue
		}
		cd.score = float64(len(cd.turns)) * math.Log2(1+float64(len(cd.sessions)))
		out = append(out, cd)
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Compare(a.turns[0], b.turns[0])
	})
	if len(out) > cfg.MaxTopics {
		out = out[:cfg.MaxTopics]
	}
	return out
}

// label names a cluster by its distinctive words and reports whether it
// is nameable at all. A word's distinctiveness is pc·ln(pc/p), where pc is
// the share of the cluster's turns that use it and p the share of the
// conversation's: the KL-divergence contribution of the word, high for
// words frequent in the cluster and rare elsewhere. Words must occur in two
// of its turns. The best two are kept, and up to four those scoring at
// least labelRelative of the best. A word is shown as the two-word phrase
// it usually occurs in ("home study") when that phrase occurs in at least
// half of its turns, and always in its commonest surface form.
//
// A cluster is nameable when some word occurs in at least labelSupport of
// its turns (and two): a cluster whose turns share no word is held together
// by style ("So happy for you!") rather than by a theme.
func (c *corpus) label(turns []int) (string, bool) {
	dfC := map[int32]int{}
	bgC := map[[2]int32]int{}
	for _, t := range turns {
		seen := map[int32]bool{}
		seenBg := map[[2]int32]bool{}
		toks := c.toks[t]
		for k, tk := range toks {
			if !seen[tk.id] {
				seen[tk.id] = true
				dfC[tk.id]++
			}
			if k > 0 && !tk.brk && toks[k-1].id != tk.id {
				key := [2]int32{toks[k-1].id, tk.id}
				if !seenBg[key] {
					seenBg[key] = true
					bgC[key]++
				}
			}
		}
	}
	type cand struct {
		id    int32
		n     int
		score float64
	}
	size, total := float64(len(turns)), float64(c.nTexts)
	support := max(2, int(math.Ceil(labelSupport*size)))
	var cands []cand
	supported := false
	for id, k := range dfC {
		pc, p := float64(k)/size, float64(c.df[id])/total
		if k < 2 || pc <= p {
			continue
		}
		cands = append(cands, cand{id, k, pc * math.Log(pc/p)})
		supported = supported || k >= support
	}
	if !supported {
		return "", false
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Compare(a.id, b.id)
	})
	var words []string
	used := map[int32]bool{}
	for i, cd := range cands {
		if len(words) == maxLabelWords || (i >= 2 && cd.score < labelRelative*cands[0].score) {
			break
		}
		if used[cd.id] {
			continue
		}
		// The commonest phrase with the word whose other word is unused.
		var best [2]int32
		bestN := 0
		for key, k := range bgC {
			if key[0] != cd.id && key[1] != cd.id {
				continue
			}
			other := key[0] + key[1] - cd.id
			if used[other] || k < 2 || 2*k < cd.n {
				continue
			}
			if k > bestN || (k == bestN && (key[0] < best[0] || (key[0] == best[0] && key[1] < best[1]))) {
				best, bestN = key, k
			}
		}
		if bestN > 0 {
			words = append(words, c.surface(turns, best[0], best[1]))
			used[best[0]], used[best[1]] = true, true
			continue
		}
		words = append(words, c.surface(turns, cd.id, -1))
		used[cd.id] = true
	}
	return strings.Join(words, ", "), true
}

// surface returns the commonest lower-cased form in turns of term a, or
// of the phrase a b when b ≥ 0 (ties: the alphabetically first).
func (c *corpus) surface(turns []int, a, b int32) string {
	count := map[string]int{}
	for _, t := range turns {
		toks := c.toks[t]
		for k, tk := range toks {
			switch {
			case b < 0 && tk.id == a:
				count[tk.surface]++
			case b >= 0 && k > 0 && !tk.brk && toks[k-1].id == a && tk.id == b:
				count[toks[k-1].surface+" "+tk.surface]++
			}
		}
	}
	best, bestN := "", 0
	for s, k := range count {
		if k > bestN || (k == bestN && s < best) {
			best, bestN = s, k
		}
	}
	return best
}

// describe completes a candidate into a Topic.
func (c *corpus) describe(cd candidate, cfg Config) Topic {
	t := Topic{Label: cd.label, Sessions: cd.sessions, SourceTurnIDs: make([]string, len(cd.turns))}
	for j, m := range cd.turns {
		t.SourceTurnIDs[j] = c.in.Turns[m].ID
	}
	t.Key = topicKey(t.SourceTurnIDs[0], cd.turns[0])

	// The term centroid: the normalised sum of the turns' TF-IDF vectors.
	terms := make([]float32, len(c.df))
	for _, m := range cd.turns {
		for _, x := range c.tf[m] {
			terms[x.id] += x.w
		}
	}
	normalise(terms)

	// Centrality of each turn: cosine to the embedding centroid, or,
	// without vectors, to the term centroid.
	central := make([]float32, len(cd.turns))
	if c.unit != nil {
		t.Centroid = make([]float32, len(c.unit[0]))
		for _, k := range cd.content {
			for d, x := range c.unit[k] {
				t.Centroid[d] += x
			}
		}
		normalise(t.Centroid)
		for j, k := range cd.content {
			central[j] = dot(c.unit[k], t.Centroid)
		}
	} else {
		for j, m := range cd.turns {
			central[j] = sparseDot(c.tf[m], terms)
		}
	}
	t.Summary = c.summary(cd.turns, central, terms, cfg.SummarySentences)
	t.KeyFacts = c.keyFacts(cd.turns, central, terms)
	t.Participants = c.participants(cd.turns)
	t.Span = c.span(cd.turns)
	return t
}

// topicKey derives a topic's key from the id of its first turn (or, for a
// turn without id, its position). Clusters are disjoint, so keys are
// unique within a conversation.
func topicKey(firstTurnID string, index int) string {
	if firstTurnID == "" {
		firstTurnID = fmt.Sprintf("#%d", index)
	}
	h := fnv.New64a()
	h.Write([]byte(firstTurnID))
	return fmt.Sprintf("topic-%016x", h.Sum64())
}

// summary picks up to k sentences of the topic's turns, verbatim. A
// sentence qualifies when it is 20-400 bytes long, not a question, and has
// two content words, one of them the topic's. It scores the centrality of
// its turn plus its coverage: the summed term-centroid weights of its
// distinct words, so that informative on-topic statements ("We met the
// caseworker for the home study") beat reactions ("That painting is
// amazing!"), which a cosine would favour for being short. First-person
// statements gain voiceWeight, sentences addressed only to the listener
// lose it (see voice). The best are
// taken one per turn first (then any), skipping near-duplicates of one
// already taken, and returned in conversation order.
func (c *corpus) summary(turns []int, central, terms []float32, k int) []Sentence {
	type sent struct {
		pos   int // index in turns
		sp    span
		vec   []tw
		score float32
	}
	var cands []sent
	for j, m := range turns {
		text := c.in.Turns[m].Text
		for _, sp := range sentences(text) {
			s := text[sp.start:sp.end]
			if len(s) < minSentenceBytes || len(s) > maxSentenceBytes || lang.EndsInQuestion(s) {
				continue
			}
			v := c.weigh(tokenize(s, c.skip))
			var cover float32
			for _, x := range v {
				cover += terms[x.id]
			}
			if len(v) < minContentTerms || cover <= 0 {
				continue
			}
			score := central[j] + cover + voiceWeight*float32(voice(s))
			cands = append(cands, sent{j, sp, v, score})
		}
	}
	slices.SortStableFunc(cands, func(a, b sent) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Compare(a.pos, b.pos)
	})
	var picked []sent
	taken := make([]bool, len(cands))
	usedTurn := map[int]bool{}
	for pass := 0; pass < 2 && len(picked) < k; pass++ {
	next:
		for i, s := range cands {
			if len(picked) == k {
				break
			}
			if taken[i] || (pass == 0 && usedTurn[s.pos]) {
				continue
			}
			for _, p := range picked {
				if sparseCos(s.vec, p.vec) > duplicateCosine {
					continue next
				}
			}
			taken[i], usedTurn[s.pos] = true, true
			picked = append(picked, s)
		}
	}
	slices.SortFunc(picked, func(a, b sent) int {
		if a.pos != b.pos {
			return cmp.Compare(a.pos, b.pos)
		}
		return cmp.Compare(a.sp.start, b.sp.start)
	})
	out := make([]Sentence, len(picked))
	for i, p := range picked {
		t := c.in.Turns[turns[p.pos]]
		out[i] = Sentence{TurnID: t.ID, Speaker: t.Speaker, Text: t.Text[p.sp.start:p.sp.end]}
	}
	return out
}

// keyFacts returns the ids of facts citing the topic's turns, best first:
// by the centrality of the most central cited turn plus the cosine of the
// statement to the term centroid (a fact drawn from a topic turn may be
// about something else the turn said). At most maxKeyFacts.
func (c *corpus) keyFacts(turns []int, central, terms []float32) []string {
	pos := map[string]int{}
	for j, m := range turns {
		if _, ok := pos[c.in.Turns[m].ID]; !ok {
			pos[c.in.Turns[m].ID] = j
		}
	}
	type scored struct {
		id    string
		score float32
	}
	var facts []scored
	seen := map[string]bool{}
	for _, f := range c.in.Facts {
		if f.ID == "" || seen[f.ID] {
			continue
		}
		best, hit := float32(math.Inf(-1)), false
		for _, id := range f.SourceTurnIDs {
			if j, ok := pos[id]; ok {
				best, hit = max(best, central[j]), true
			}
		}
		if !hit {
			continue
		}
		seen[f.ID] = true
		facts = append(facts, scored{f.ID, best + sparseDot(c.weigh(tokenize(f.Statement, c.skip)), terms)})
	}
	slices.SortStableFunc(facts, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	var out []string
	for _, f := range facts[:min(len(facts), maxKeyFacts)] {
		out = append(out, f.id)
	}
	return out
}

// participants lists the topic's speakers and mentioned entities by the
// number of its turns they speak or are mentioned in (a speaker mentioned
// by name counts once per turn), then by first appearance. At most
// maxParticipants.
func (c *corpus) participants(turns []int) []string {
	type part struct {
		name     string
		n, first int
	}
	var parts []*part
	byKey := map[string]*part{}
	for j, m := range turns {
		inTurn := map[string]bool{}
		bump := func(key, name string) {
			if key == "" || inTurn[key] {
				return
			}
			inTurn[key] = true
			p := byKey[key]
			if p == nil {
				p = &part{name: name, first: j}
				byKey[key] = p
				parts = append(parts, p)
			}
			p.n++
		}
		t := c.in.Turns[m]
		bump(ontology.NormaliseName(t.Speaker), strings.TrimSpace(t.Speaker))
		for _, e := range c.entities[m] {
			bump(e, c.entName[e])
		}
	}
	slices.SortStableFunc(parts, func(a, b *part) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(a.first, b.first)
	})
	var out []string
	for _, p := range parts[:min(len(parts), maxParticipants)] {
		out = append(out, p.name)
	}
	return out
}

// span covers the days of the topic's first and last timestamped turns.
func (c *corpus) span(turns []int) ontology.TimeSpan {
	var first, last time.Time
	found := false
	for _, m := range turns {
		ts := c.in.Turns[m].Timestamp
		if ts == nil {
			continue
		}
		u := ts.UTC()
		if !found || u.Before(first) {
			first = u
		}
		if !found || u.After(last) {
			last = u
		}
		found = true
	}
	if !found {
		return ontology.TimeSpan{}
	}
	start := time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, time.UTC)
	lastDay := time.Date(last.Year(), last.Month(), last.Day(), 0, 0, 0, 0, time.UTC)
	phrase := start.Format(time.DateOnly)
	if !lastDay.Equal(start) {
		phrase += "/" + lastDay.Format(time.DateOnly)
	}
	return ontology.TimeSpan{Start: start, End: lastDay.AddDate(0, 0, 1), Granularity: ontology.GranularityDay, Phrase: phrase}
}

// normalise scales v to unit length (a zero vector stays zero).
func normalise(v []float32) {
	var norm float64
	for _, x := range v {
		norm += float64(x) * float64(x)
	}
	if norm == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(norm))
	for i := range v {
		v[i] *= inv
	}
}

// sparseDot is the inner product of a sparse and a dense vector.
func sparseDot(v []tw, dense []float32) float32 {
	var s float32
	for _, x := range v {
		s += x.w * dense[x.id]
	}
	return s
}

// sparseCos is the cosine of two normalised sparse vectors sorted by id.
func sparseCos(a, b []tw) float32 {
	var s float32
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i].id < b[j].id:
			i++
		case a[i].id > b[j].id:
			j++
		default:
			s += a[i].w * b[j].w
			i++
			j++
		}
	}
	return s
}
