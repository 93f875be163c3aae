package rules

import (
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
		a, ok := p.disc.person(s.Norm(b - 1))
		if !ok || p.isSpeaker(a.ref) {
			return ontology.EntityRef{}, "", false
		}
		return ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, a.turn, true
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
