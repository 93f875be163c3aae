package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// More of h14-blind13's readings, of the organisation in focus: who runs
// the speaker's branch ("Lorraine still runs our branch", "she runs the
// place now") and the place a firm belongs to ("they're a sheffield firm
// tho").

// runHeads are the sites "runs our …" may name: the organisation in
// focus, or its branch.
var runHeads = lang.Words(`branch shop store site place office cafe restaurant bar pub salon practice clinic hotel`)

// runsOurBranch reads "Lorraine Okafor still runs our branch", "she runs
// the place now" of the organisation in focus: LEADS. A subject that is
// no person ("the cat runs the place"), a likeness ("runs the place like
// a prison"), a part ("runs our branch's instagram"), another workplace
// spoken of since, a past ("used to run") and a hedge read nothing.
func (p *sentCtx) runsOurBranch() {
	s := p.s
	for k, t := range s.Toks {
		if t.Norm != "runs" || k == 0 || k+2 >= len(s.Toks) || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		b := k
		for s.Is(b-1, "still", "now", "basically", "literally", "actually", "properly") {
			b--
		}
		who, cite, ok := p.runnerBefore(b)
		if !ok {
			continue
		}
		j := k + 1
		if !s.Is(j, "our", "the", "their", "this") || !runHeads[s.Norm(j+1)] || s.Tok(j+1).Poss {
			continue
		}
		if e := j + 2; !plainEnd(s, e) && !s.Is(e, "now", "these", "since", ",", "and", "lol", "tho", "though") {
			continue
		}
		org, ok := p.officeOwner()
		if !ok {
			continue
		}
		restore := p.citeFrom(cite)
		p.relationCiting(org.turn, rel{typ: ontology.RelLeads, from: who, to: org.ref, conf: confWeak, validFrom: p.ts})
		restore()
	}
}

// runnerBefore is managerBefore that also takes "she" or "he" after a
// comma ("she was supervisor before, she runs the place now").
func (p *sentCtx) runnerBefore(b int) (ontology.EntityRef, string, bool) {
	s := p.s
	if s.Is(b-1, "he", "she") && s.Is(b-2, ",") {
		return p.pronounPerson(b - 1)
	}
	return p.managerBefore(b)
}

// firmNouns name a business after the place it belongs to: "a sheffield
// firm", "a Leeds company".
var firmNouns = lang.Words(`firm company business startup chain outfit`)

// theyreAPlaceFirm reads "they're a sheffield firm tho", "it's a Leeds
// company" of the organisation in focus: LOCATED_IN. A nationality ("a
// Danish company"), a kind ("a family firm"), a past ("they were") and a
// hedge read nothing.
func (p *sentCtx) theyreAPlaceFirm() {
	s := p.s
	k := afterLeads(s) // -1 matches no word below
	switch {
	case s.Is(k, "they", "it") && s.Is(k+1, "'re", "are", "'s", "is"):
		k += 2
	case s.Is(k, "theyre", "its"):
		k++
	default:
		return
	}
	if !s.Is(k, "a") || p.hedgedAt(k) {
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if !ok || conf < confStrong || !firmNouns[s.Norm(end)] || s.Tok(end).Poss {
		return
	}
	if org, ok := p.officeOwner(); ok {
		p.relationCiting(org.turn, rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
	}
}

// houseNouns end "the Selly Oak house": a shared home named by its area.
var houseNouns = lang.Words(`house flat houseshare`)

// stillInTheHouse reads "ye still in the selly oak house with Hen", "i'm in
// the Headingley house now": the speaker lives in the area (LIVES_IN),
// and so do those named after "with", the speaker's housemates (KNOWS,
// roommate). A visit or a party ("for the party", "tonight"), a past, a
// question, someone else ("my mum's still in the…") and an area that is
// a common or kin word ("the party house", "the nans house") read nothing.
func (p *sentCtx) stillInTheHouse() {
	s := p.s
	f := afterLeads(s)
	k := f
	if s.Is(k, "ye", "yea", "yeh", "yh") {
		k++
	}
	switch {
	case s.Is(k, "still", "now"):
		k++
	case s.Is(k, "i") && s.Is(k+1, "'m", "am"), s.Is(k, "im") && s.Is(k+1, "still"):
		k += 2
		if s.Is(k, "still", "now") {
			k++
		}
	case s.Is(k, "im"):
		k++
	}
	if f < 0 || !s.Is(k, "in") || !s.Is(k+1, "the") || p.hedgedAt(k) {
		return
	}
	h := k + 2
	for h < len(s.Toks) && h < k+5 && !houseNouns[s.Norm(h)] {
		h++
	}
	if !houseNouns[s.Norm(h)] || h == k+2 || s.Tok(h).Poss || englishWords[s.Norm(k+2)] && !s.Toks[k+2].Cap {
		return
	}
	place, end, _, ok := p.place(k + 2)
	if !ok || end != h {
		if w := s.Norm(k + 2); s.Toks[k+2].Cap || !lowerOrgWord(w) || isRoleWord(strings.TrimSuffix(w, "s")) || h > k+4 {
			return
		}
		place = placeNamed(titleCase(p.text[s.Toks[k+2].Start:s.Toks[h-1].End]))
	}
	var mates []ontology.EntityRef
	switch e := h + 1; {
	case s.Is(e, "with"):
		var at int
		mates, at = p.personList(e + 1)
		if len(mates) == 0 || !plainEnd(s, at) {
			return
		}
	case !plainEnd(s, e) && !s.Is(e, "now", "lol", "still"):
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
	for _, m := range mates {
		if p.isSpeaker(m) {
			continue
		}
		p.relation(rel{typ: ontology.RelLivesIn, from: m, to: place, conf: confWeak, validFrom: p.ts})
		p.relRole(p.speaker, kindKnows, "roommate", m, confWeak)
	}
}
