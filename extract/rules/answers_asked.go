package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind15Asked are the readings of this file, run by blind15Sentence on
// an answer to another speaker's question just before: "so whos ur boss
// now" / "some guy from the london office, Rupert", "do u ever miss hull"
// / "i was born there", "hows norwich" / "six years i've lived here".
var blind15Asked = []sentenceReading{
	{lang.Words(`guy woman bloke man lady girl dude`), (*sentCtx).someoneNamedLast},
	{lang.Words(`born`), (*sentCtx).bornLoose},
	{lang.Words(`lived`), (*sentCtx).livedHereAsked},
	{yesWords, (*sentCtx).theOneRuns},
	{lang.Words(`the`), (*sentCtx).venueAnswered},
}

// questionBefore returns the tokens of the turn just before when another
// speaker wrote it and it asks ("?", or opens on a question word), and
// its id.
func (p *sentCtx) questionBefore() (*sentence, string, bool) {
	d := p.disc
	prev, _, ok := d.otherTurnBefore(p.speaker.Name, true)
	if !ok {
		return nil, "", false
	}
	sents := p.sentencesOf(d.texts[prev])
	if len(sents) == 0 {
		return nil, "", false
	}
	q := &sents[len(sents)-1]
	f := afterLeads(q)
	if !q.Question && !strings.Contains(d.texts[prev], "?") && (f < 0 || !q.Is(f, "how", "hows", "how's", "who", "whos", "do", "does", "is", "are", "did")) {
		return nil, "", false
	}
	return q, prev, true
}

// someoneNamedLast reads "so whos ur boss now" / "some guy from the
// london office, Rupert. i already hate his lanyard": the name closing the
// answer's description holds the role asked about. A question, a hedge
// ("Rupert maybe"), someone else's ("Rupert's mate"), or a question about
// a third person's tie ("whos her boss") read nothing.
func (p *sentCtx) someoneNamedLast() {
	s := p.s
	f := afterLeads(s)
	if p.s.Start != 0 || f < 0 || !s.Is(f, "some", "a", "this", "the") || !s.Is(f+1, "guy", "woman", "bloke", "man", "lady", "girl", "dude") {
		return
	}
	q, turn, ok := p.questionBefore()
	if !ok {
		return
	}
	w := afterLeads(q)
	if q.Is(w, "whos", "who's") {
		w++
	} else if q.Is(w, "who") && q.Is(w+1, "is", "'s") {
		w += 2
	} else {
		return
	}
	if !q.Is(w, "ur", "your", "yr") {
		return
	}
	info, ok := tieOf(q, w+1)
	if !ok {
		return
	}
	for n := w + 2; n < len(q.Toks); n++ {
		if q.Toks[n].Word && !q.Is(n, "now", "then", "there", "these") {
			return // "whos ur boss at the new place": more than the tie
		}
	}
	comma := -1
	for k := len(s.Toks) - 1; k > f; k-- {
		if s.Is(k, ",") {
			comma = k
			break
		}
	}
	if comma < 0 {
		return
	}
	who, end, ok := p.person(comma + 1)
	if !ok || s.Tok(end-1).Poss || p.isSpeaker(who) || end < len(s.Toks) && s.Toks[end].Word {
		return
	}
	defer p.citeFrom(turn)()
	p.relRole(p.speaker, info.kind, info.role, who, confWeak)
}

// bornOpeners may come before "i was born" in a statement of one's own
// origin: "see i was born in leicester", "i told him i was born in".
var bornOpeners = lang.Words(`see look well like`)

// bornLoose reads "see i was born in leicester", "i told him i was born in
// manchester", and "do u ever miss hull" / "i was born there": COMES_FROM.
// An "if", a wish ("i wish i was born there"), someone else's telling
// ("she told me i was born in"), a joke, a negation or a question read
// nothing.
func (p *sentCtx) bornLoose() {
	s := p.s
	for k := 0; k+3 < len(s.Toks); k++ {
		if !s.Seq(k, "i", "was", "born") {
			continue
		}
		f := afterLeads(s)
		switch {
		case k == f:
			// "i was born there" opens the sentence
		case k == f+1 && bornOpeners[s.Norm(f)]:
		case k >= 2 && s.Is(k-2, "told") && s.Is(k-1, "him", "her", "them", "everyone", "u", "you") && (k-3 == f && s.Is(f, "i") || k-2 == f):
		default:
			continue
		}
		if p.has(0, len(s.Toks), "joke", "joking", "lie", "lies", "lied", "lying", "pretend", "pretended", "not", "never") {
			return
		}
		j := k + 3
		if s.Is(j, "in") {
			if k == f {
				return // "i was born in X" is read by the patterns
			}
			place, end, conf, ok := p.place(j + 1)
			if !ok || conf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "and", "but", "so") {
				return
			}
			p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
			return
		}
		if s.Is(j, "there") && (p.phraseEnds(j+1, len(s.Toks)) || s.Is(j+1, ",", "but", "and", "tho", "though")) {
			p.speakerToAskedPlace(ontology.RelComesFrom)
		}
		return
	}
}

// speakerToAskedPlace relates the speaker by typ to the one place another
// speaker's question just before named, citing that question.
func (p *sentCtx) speakerToAskedPlace(typ ontology.RelationType) {
	place, turn, ok := p.askedOnePlace()
	if !ok {
		return
	}
	defer p.citeFrom(turn)()
	p.relation(rel{typ: typ, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// askedOnePlace returns the one place a gazetteer knows that another
// speaker's question just before named ("do u ever miss hull", "hows
// norwich"), and that turn.
func (p *sentCtx) askedOnePlace() (ontology.EntityRef, string, bool) {
	q, turn, ok := p.questionBefore()
	if !ok {
		return ontology.EntityRef{}, "", false
	}
	var found ontology.EntityRef
	for k := 0; k < len(q.Toks); k++ {
		if !q.Toks[k].Word {
			continue
		}
		for n := 3; n >= 1; n-- {
			if k+n > len(q.Toks) {
				continue
			}
			var ws []string
			for i := k; i < k+n && q.Toks[i].Word; i++ {
				ws = append(ws, q.Toks[i].Norm)
			}
			if len(ws) != n || !inGazetteer(strings.Join(ws, " ")) {
				continue
			}
			name := titleCase(strings.Join(ws, " "))
			if found.Name != "" && !sameName(found.Name, name) {
				return ontology.EntityRef{}, "", false // two places asked about
			}
			found = ontology.EntityRef{Name: name, Type: ontology.EntityPlace}
			k += n - 1
			break
		}
	}
	return found, turn, found.Name != ""
}

// livedHereAsked reads "hows norwich" / "six years i've lived here", "i've
// lived here six years": LIVES_IN the place the question named. A past
// ("i lived here before"), a negation, someone else ("jo's lived here"),
// no length of time, or a question naming two places read nothing.
func (p *sentCtx) livedHereAsked() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "lived") || !s.Is(k+1, "here") || !s.Is(k-1, "'ve", "have") || !s.Is(k-2, "i", "we") {
			continue
		}
		from, to := clauseAround(s, k)
		if p.has(from, to, "before", "never", "not", "once", "ago", "used") || hedgedBefore(s, k-2) {
			return
		}
		if p.has(from, to, "years", "yrs", "year", "months", "decades", "ages", "forever", "since") {
			p.speakerToAskedPlace(ontology.RelLivesIn)
		}
		return
	}
}

// clauseAround returns the bounds of the clause around token k: up to the
// commas, "and", "but" or "so" either side ("six years i've lived here |
// and it has not changed once").
func clauseAround(s *sentence, k int) (int, int) {
	from, to := k, k
	for from > 0 && !s.Is(from-1, ",", "and", "but", "so") {
		from--
	}
	for to < len(s.Toks) && !s.Is(to, ",", "and", "but", "so") {
		to++
	}
	return from, to
}

// oneRunsVerbs are the verbs after "the one Hattie": "runs" leads it,
// "started" or "set up" created it.
var oneRunsVerbs = map[string]ontology.RelationType{"runs": ontology.RelLeads, "owns": ontology.RelLeads,
	"manages": ontology.RelLeads, "started": ontology.RelCreated, "founded": ontology.RelCreated,
	"opened": ontology.RelCreated, "up": ontology.RelCreated}

// theOneRuns reads "is that the one Hattie Ferris runs?" / "yeah she set
// it up in 2019" said of the organisation just named: LEADS (runs, owns,
// manages) or CREATED (set up, started, founded, opened), and CREATED too
// when the answer says the person "set it up". A "no", a hedge, a past
// ("the one Hattie used to run"), someone else's ("the one Hattie's
// cousin runs"), or the asker answering read nothing.
func (p *sentCtx) theOneRuns() {
	s := p.s
	if s.Start != 0 || !yesWords[s.Norm(s.FirstWord())] || !p.prevTurnHas("the one ") {
		return
	}
	q, turn, ok := p.questionBefore()
	if !ok {
		return
	}
	for k := 0; k+3 < len(q.Toks); k++ {
		if !q.Seq(k, "the", "one") {
			continue
		}
		sp, ok := nameAt(q, k+2)
		if !ok || q.Tok(sp.to-1).Poss {
			return
		}
		v := sp.to
		if q.Seq(v, "set", "up") {
			v++ // "set up" reads as "founded"
		}
		typ, known := oneRunsVerbs[q.Norm(v)]
		if !known {
			return
		}
		role := ""
		if typ == ontology.RelCreated {
			role = "founder"
		}
		for n := v + 1; n < len(q.Toks); n++ {
			if q.Toks[n].Word {
				return // "the one Hattie runs with her sister"
			}
		}
		// the organisation the question's "that" means: within the window
		// of the question, one turn before this answer
		org, ok := p.disc.resolveWithin(corefWindow+1, func(m mention) bool { return m.ref.Type == ontology.EntityOrganization })
		if !ok || org.turn == turn {
			return
		}
		who := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		if p.isSpeaker(who) {
			return
		}
		p.cite = []string{turn, org.turn} // the question and the organisation's turn
		defer func() { p.cite = nil }()
		p.relation(rel{typ: typ, from: who, to: org.ref, role: role, conf: confWeak, validFrom: p.ts})
		if typ == ontology.RelLeads && p.setItUp() {
			p.relation(rel{typ: ontology.RelCreated, from: who, to: org.ref, role: "founder", conf: confWeak, validFrom: p.ts})
		}
		return
	}
}

// setItUp reports whether the answer says "she set it up", "he started
// it", "she founded it" of the one asked about.
func (p *sentCtx) setItUp() bool {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "she", "he") {
			continue
		}
		if s.Is(k+1, "set") && s.Is(k+2, "it") && s.Is(k+3, "up") || s.Is(k+1, "started", "founded", "opened") && s.Is(k+2, "it") {
			return true
		}
	}
	return false
}

// noWords open an answer that says no.
var noWords = lang.Words(`no nope nah not`)

// venueAnswered reads "is she still doing bar at that place in partick" /
// "the pickled newt yeah": the venue the answer names is in the place the
// question gave (LOCATED_IN). A "no", a question or hedge as the answer
// ("the pickled newt i think"), a description ("the one by the station"),
// a common word ("the usual"), a question about someone ("that guy in
// partick") or the asker answering read nothing.
func (p *sentCtx) venueAnswered() {
	s := p.s
	if s.Start != 0 || noWords[s.Norm(s.FirstWord())] {
		return
	}
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "the") || !p.prevTurnHas(" in ") {
		return
	}
	end := f + 1
	for end < len(s.Toks) && end < f+4 && s.Toks[end].Word && !yesWords[s.Norm(end)] {
		if npStops[s.Norm(end)] || s.Is(end, "one", "same", "usual", "other") || subjectPronouns[s.Norm(end)] {
			return
		}
		end++
	}
	if end == f+1 || end < len(s.Toks) && s.Toks[end].Word && !yesWords[s.Norm(end)] ||
		end < len(s.Toks) && s.Toks[end].Norm == "?" || end == f+2 && englishWords[s.Norm(f+1)] && !s.Tok(f+1).Cap {
		return
	}
	q, turn, ok := p.questionBefore()
	if !ok {
		return
	}
	place, ok := askedVenuePlace(q)
	if !ok {
		return
	}
	name := joinText(s, f+1, end)
	if !s.Tok(f + 1).Cap {
		name = titleCase(name)
	}
	defer p.citeFrom(turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, to: place, conf: confWeak, validFrom: p.ts})
}

// askedVenuePlace returns the place of "that place in partick", "the bar
// in Leith" in a question: a gazetteer's or a capitalised name.
func askedVenuePlace(q *sentence) (ontology.EntityRef, bool) {
	for k := 0; k+3 < len(q.Toks); k++ {
		if !q.Is(k, "that", "the", "this") || !venueNouns[q.Norm(k+1)] || !q.Is(k+2, "in") {
			continue
		}
		for n := 3; n >= 1; n-- {
			j := k + 3
			if j+n > len(q.Toks) {
				continue
			}
			words := make([]string, 0, n)
			caps := true
			for i := j; i < j+n && q.Toks[i].Word; i++ {
				words = append(words, q.Toks[i].Norm)
				caps = caps && q.Toks[i].Cap
			}
			if len(words) != n || !inGazetteer(strings.Join(words, " ")) && !(caps && n == 1) {
				continue
			}
			return ontology.EntityRef{Name: titleCase(joinText(q, j, j+n)), Type: ontology.EntityPlace}, true
		}
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{}, false
}

// prevTurnHas reports whether the turn just before holds sub (lower case):
// a cheap test before it is tokenised.
func (p *sentCtx) prevTurnHas(sub string) bool {
	d := p.disc
	return len(d.order) >= 2 && strings.Contains(strings.ToLower(d.texts[d.order[len(d.order)-2]]), sub)
}
