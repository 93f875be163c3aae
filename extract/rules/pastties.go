package rules

import "github.com/loci-memory/loci/ontology"

// Ties that are over (issue 14, h14-blind5): "Dana was my roommate at
// uni", "Dana used to be my neighbour", "Dana is my ex", "I dated Dana in
// college", "Dana and I were flatmates in Leeds", "Dana and I dated for
// two years": the relation, ended at the turn's time (the guideline
// annotates it, ended).

// endedRelRole records a tie that is over.
func (p *sentCtx) endedRelRole(from ontology.EntityRef, kind relKind, role string, to ontology.EntityRef) {
	if p.ts == nil {
		return
	}
	saved := p.roleEnded
	p.roleEnded = true
	p.relRole(from, kind, role, to, confWeak)
	p.roleEnded = saved
}

// pastTie reads "X was my roommate", "X used to be my neighbour" (a third
// person's clause) and "X is my ex".
func (p *sentCtx) pastTie(cl clause) {
	s := p.s
	if !cl.third || cl.neg || cl.modal || cl.hedged || s.Question {
		return
	}
	k := cl.verb
	switch {
	case cl.be && s.Seq(k, "my", "ex") && p.phraseEnds(chatTail(s, k+2), cl.end):
		p.endedRelRole(p.speaker, kindPartner, "ex", p.self()) // "Dana is my ex"
		return
	case cl.usedTo && s.Norm(k) == "be":
		k++
	case cl.was:
	default:
		return
	}
	if s.Norm(k) != "my" {
		return
	}
	j := p.skipAdjectives(k + 1)
	info, ok := roleWords[s.Norm(j)]
	if j < 0 || !ok || info.plural || info.kind == kindFamily || info.kind == kindChild {
		return // kin stays kin
	}
	if s.Tok(j+1).Word && !s.Is(j+1, "at", "in", "for", "back", "when", "until", "before", "years", "ages", "too") {
		return
	}
	p.endedRelRole(p.speaker, info.kind, info.role, p.self())
}

// datedOnce reads "I dated Dana in college", "Tom dated Priya for a
// year": PARTNER_OF, ended.
func (p *sentCtx) datedOnce(cl clause) {
	s := p.s
	if cl.neg || cl.modal || cl.hedged || s.Question || s.Norm(cl.verb) != "dated" || cl.be || cl.was {
		return
	}
	partner, end, ok := p.person(cl.verb + 1)
	if !ok || p.isSpeaker(partner) || s.Toks[end-1].Poss {
		return
	}
	if sp, ok := nameAt(s, cl.verb+1); ok && !personLike(p.known.typeName(s, sp).typ) {
		return
	}
	p.endedRelRole(p.self(), kindPartner, "dating", partner)
}
