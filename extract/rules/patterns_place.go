package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// move reads "I moved to X (from Y)", "I moved from Y to X", "I moved here
// from Y".
func (p *sentCtx) move(cl clause) {
	if !cl.plain() || cl.be {
		return
	}
	s := p.s
	k := cl.verb + 1
	away := false
	for s.Is(k, "back", "over", "away", "all", "just", "recently", "down", "up") || s.Norm(k) == "out" && s.Norm(k+1) != "of" {
		away = away || s.Norm(k) == "away"
		k++ // "moved out to Kraków", "moved down to London"
	}
	there, thereCite, thereOK := p.thereAt(k, ontology.EntityPlace)
	if s.Is(k, "here", "there", "home") {
		k++
	}
	into := false
	if s.Norm(k) == "into" { // "moved into a (new) flat in Peckham", "our own place in molo"
		j := k + 1
		if s.Is(j, "a", "an", "our", "my", "the") {
			j++
		}
		for s.Is(j, "new", "bigger", "smaller", "little", "tiny", "small", "nice", "own", "first") {
			j++
		}
		if s.Is(j, "place", "flat", "apartment", "house", "home", "studio") && s.Norm(j+1) == "in" {
			k, into = j+1, true
		}
	}
	ends := p.moveEnds(k, into)
	if ends.to == nil && thereOK {
		// "he moved out there for her in 2019": there is the place just named
		defer p.citeFrom(thereCite)()
		ends.to, ends.toText, ends.conf = &there, there.Name, confWeak
	}
	if ends.to == nil && ends.from == nil {
		return
	}
	vf := p.since(cl.subj, cl.end)
	me := p.self()
	text := me.Name + " moved"
	if ends.to != nil {
		p.relation(rel{typ: ontology.RelMovedTo, from: me, to: *ends.to, conf: ends.conf, validFrom: vf})
		p.profile(me, "basic_info", "location", ends.to.Name, ends.conf, vf)
		text += " to " + ends.toText
	}
	if ends.from != nil {
		p.relation(rel{typ: ontology.RelMovedFrom, from: me, to: *ends.from, conf: ends.conf, validFrom: vf})
		text += " from " + ends.fromText
		if away && vf != nil {
			// "moved away from X" ends living there (the planner closes the stored LIVES_IN).
			p.relation(rel{typ: ontology.RelLivesIn, from: me, to: *ends.from, conf: ends.conf, validUntil: vf})
		}
	}
	p.fact(me, stmt(text, p.when(cl.subj, cl.end)), ends.conf, vf, nil)
}

// moveEnds holds where a move went to and came from, as read and as
// written ("the Netherlands"), and how sure the places are.
type moveEnds struct {
	to, from         *ontology.EntityRef
	toText, fromText string
	conf             float64
}

// moveEnds reads "to X", "from Y" (or "out of Y") in either order from k,
// past a time expression between them.
func (p *sentCtx) moveEnds(k int, into bool) moveEnds {
	s := p.s
	m := moveEnds{conf: confStrong}
	for round := 0; round < 2; round++ {
		if h := p.timeAt(k); h != nil {
			k = h.To
		}
		prep := s.Norm(k)
		if into && round == 0 && prep == "in" {
			prep = "to"
		}
		if prep == "out" && s.Norm(k+1) == "of" {
			prep = "from"
			k++
		}
		ref, end, c, ok := p.place(k + 1)
		switch {
		case !ok:
			return m
		case prep == "to" && m.to == nil && c < confStrong && p.asJobAfter(end):
			return m // "moving to Grindstone as head barista": an employer, not a home
		case prep == "to" && m.to == nil && c < confStrong && p.pluralGroup(k+1):
			return m // "Ada has moved up to the Comets": a team, not a home
		case prep == "to" && m.to == nil:
			m.to, m.toText = &ref, p.withThe(k+1, ref.Name)
		case prep == "from" && m.from == nil:
			m.from, m.fromText = &ref, p.withThe(k+1, ref.Name)
		default:
			return m
		}
		m.conf = min(m.conf, c)
		k = end
	}
	return m
}

// asJobAfter reports whether a post follows token k: "as" and a job title
// ("as head barista", "as a sous chef"). A name of no known place before it
// is then the employer one moves to, not a town.
func (p *sentCtx) asJobAfter(k int) bool {
	if !p.s.Is(k, "as") {
		return false
	}
	j := k + 1
	if p.s.Is(j, "a", "an", "the", "their") {
		j++
	}
	_, _, _, ok := p.occupation(j, len(p.s.Toks))
	return ok
}

// live reads "I live in X", "I'm living in X", "I've lived in X since…"
// (current) and "I used to live in X", "I lived in X", "I don't live in X
// anymore" (past: the relation ends at the turn's time).
func (p *sentCtx) live(cl clause, v string) {
	if cl.modal || cl.hedged {
		return
	}
	current, ok := p.tenseOfState(cl, v, "live", "living", "lived")
	if !ok {
		return
	}
	k := cl.verb + 1
	if p.s.Is(k, "now", "currently") {
		k++
	}
	var place ontology.EntityRef
	var conf float64
	if ref, cite, ok := p.thereAt(k, ontology.EntityPlace); ok && current {
		// "his best friend Vlad is living there": the place just named
		defer p.citeFrom(cite)()
		place, conf = ref, confWeak
		k--
	} else {
		if p.s.Is(k, "here", "there") {
			k++
		}
		k = p.skipWhereabouts(k, cl.end)
		if p.s.Norm(k) != "in" {
			return
		}
		if place, _, conf, ok = p.place(k + 1); !ok {
			return
		}
	}
	me := p.self()
	if current {
		vf := p.since(cl.subj, cl.end)
		p.relation(rel{typ: ontology.RelLivesIn, from: me, to: place, conf: conf, validFrom: vf})
		p.profile(me, "basic_info", "location", place.Name, conf, vf)
		p.fact(me, stmt(me.Name+" lives in "+p.withThe(k+1, place.Name)), conf, vf, nil)
		return
	}
	conf = min(conf, confWeak)
	if p.ts != nil {
		p.relation(rel{typ: ontology.RelLivesIn, from: me, to: place, conf: conf, validUntil: p.ts})
	}
	p.fact(me, stmt(me.Name+" used to live in "+p.withThe(k+1, place.Name)), conf, nil, p.ts)
}

// whereaboutsLead open a short phrase saying where within a place one lives
// ("on my street", "on a boat", "near us", "round the corner", "with her
// mum").
var whereaboutsLead = lang.Words(`on near with round around down up by just right`)

// skipWhereabouts returns where "in" follows a short lower-case phrase of
// whereabouts at k ("lives on my street in Clapton", "she lives on it in
// Oxford now"), or k when there is none. Names end the phrase: "with Tom in
// Leeds" is not skipped, since Tom may be the one who lives there.
func (p *sentCtx) skipWhereabouts(k, end int) int {
	s := p.s
	if !whereaboutsLead[s.Norm(k)] {
		return k
	}
	for j := k + 1; j < end && j <= k+4; j++ {
		t := s.Toks[j]
		if t.Norm == "in" {
			return j
		}
		if !t.Word || t.Cap && t.Norm != "i" || clauseBreakers[t.Norm] || t.Norm == "and" {
			return k
		}
	}
	return k
}

// tenseOfState decides whether a clause about a state ("live", "work")
// states it as current or past, or neither. base, ing and past are the
// verb's forms.
func (p *sentCtx) tenseOfState(cl clause, v, base, ing, past string) (current, ok bool) {
	switch {
	case cl.usedTo && v == base && !cl.neg:
		return false, true
	case cl.neg:
		ended := p.has(cl.verb, cl.end, "anymore") || p.s.Seq(cl.subj+1, "no", "longer")
		return false, ended && (v == base || v == ing)
	case cl.usedTo:
		return false, false
	case v == base && !cl.be && !cl.was && !cl.had && !cl.have:
		return true, true
	case v == ing && (cl.be || cl.been && cl.have):
		return true, true
	case v == past && cl.have:
		return true, true
	case v == past && !cl.had && !cl.be && !cl.was:
		return false, base == "live"
	}
	return false, false
}

// grewUp reads "I grew up in X".
func (p *sentCtx) grewUp(cl clause) {
	if !cl.plain() || !p.s.Seq(cl.verb+1, "up", "in") {
		return
	}
	p.hometown(cl.verb+3, said(" grew up in "))
}

// born reads "I was born in X".
func (p *sentCtx) born(cl clause) {
	if !cl.plain() || !cl.was && !cl.be {
		return // "I was born in X"; "I am born there", as learners say it
	}
	k := cl.verb + 1
	if ref, cite, ok := p.thereAt(k, ontology.EntityPlace); ok {
		defer p.citeFrom(cite)()
		me := p.self()
		p.relation(rel{typ: ontology.RelComesFrom, from: me, to: ref, conf: confWeak, validFrom: p.ts})
		return
	}
	if p.s.Seq(k, "and") && p.s.Is(k+1, "raised", "bred", "reared") {
		k += 2 // "born and raised in Leeds"
	}
	if p.s.Norm(k) == "in" {
		p.hometown(k+1, said(" was born in "))
	}
}

// hometown records the place at k as the speaker's hometown; words
// renders the statement from the speaker's name and the place.
func (p *sentCtx) hometown(k int, words func(name, place string) string) {
	place, _, conf, ok := p.place(k)
	if !ok {
		return
	}
	me := p.self()
	p.relation(rel{typ: ontology.RelComesFrom, from: me, to: place, conf: conf, validFrom: p.ts})
	p.profile(me, "basic_info", "hometown", place.Name, conf, p.ts)
	p.fact(me, stmt(words(me.Name, p.withThe(k, place.Name))), conf, p.ts, nil)
}

// said renders a statement as name, phrase, place ("Caroline grew up in
// Boston").
func said(phrase string) func(name, place string) string {
	return func(name, place string) string { return name + phrase + place }
}
