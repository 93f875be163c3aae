package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// exEmployer reads a former employer said with "ex": "Tom is ex Halfords",
// or a fragment after the person was named in the turn ("kasia starts
// monday. ex halfords, knows her stuff"): WORKS_AT, ended. The employer
// is a name typed an organisation or, in lower case, one the list of
// well-known employers holds. An ex-partner ("ex boyfriend", "my ex"), a
// place ("ex London"), a turn naming no one or two people before the
// fragment, a hedge and a question read nothing.
func (p *sentCtx) exEmployer() {
	s := p.s
	for k := 0; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "ex") {
			continue
		}
		org, end, ok := p.employerNamedAt(k + 1)
		if !ok || end < len(s.Toks) && s.Toks[end].Word && !s.Is(end, "and", "now", "too", "so", "but") || p.hedgedAt(k) {
			continue
		}
		var who ontology.EntityRef
		turn := ""
		switch {
		case k == afterLeads(s):
			a, ok := p.onlyPersonThisTurn()
			if !ok {
				continue
			}
			who, turn = a.ref, a.turn
		case s.Is(k-1, "is", "'s", "was"):
			sp, ok := p.nameEndingAt(k - 1)
			if !ok || sp.to != k-1 || sp.typ != ontology.EntityPerson && !(sp.typ == ontology.EntityConcept && firstName(strings.ToLower(firstWord(sp.name)))) {
				continue
			}
			who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		default:
			continue
		}
		if p.isSpeaker(who) {
			continue
		}
		if turn != "" {
			defer p.citeFrom(turn)()
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
	}
}

// employerNamedAt reads an employer at k, after "ex" or a notice handed
// in "at": a capitalised name typed an organisation, or a lower-case word
// the well-known employers hold ("halfords", "costa").
func (p *sentCtx) employerNamedAt(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if k >= len(s.Toks) || !s.Toks[k].Word {
		return ontology.EntityRef{}, 0, false
	}
	if !s.Toks[k].Cap || s.Lower {
		if o, ok := lookupOrg(s.Norm(k), s.Tok(k).Poss); ok && !o.word && o.kind != orgSchool && plainWord(s, k) {
			return ontology.EntityRef{Name: titleCase(s.Tok(k).Text), Type: ontology.EntityOrganization}, k + 1, true
		}
	}
	sp, ok := p.typed(k)
	if !ok || sp.from != k || sp.typ != ontology.EntityOrganization || s.Tok(sp.to-1).Poss {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
}

// onlyPersonThisTurn returns the one person the turn has named before this
// sentence, no speaker: "kasia" of "kasia starts monday. ex halfords".
func (p *sentCtx) onlyPersonThisTurn() (antecedent, bool) {
	return p.onlyThisTurn(ontology.EntityPerson, func(m mention) bool {
		return m.ref.Type == ontology.EntityPerson || m.ref.Type == ontology.EntityConcept && firstName(m.norm)
	})
}

// pastJobAs reads a job held once, said with "was" or "used to be": "I
// was a nurse at St James's", "I used to be mechanic at Greenline Cycles"
// (the article left out, as many speakers of English as a second language
// say it): WORKS_AT ended by the turn's time, with the occupation as
// role. A student ("I was a student at X": a school), a word no list
// of occupations holds ("I was a guest at X"), a place ("a nurse in
// Leeds") or no employer named reads nothing.
func (p *sentCtx) pastJobAs(cl clause) {
	s := p.s
	k := cl.verb
	if s.Is(k, "be") {
		k++
	}
	if s.Is(k, "a", "an") {
		k++
	}
	occ, head, next, ok := p.occupation(k, cl.end)
	if !ok || isStudent(head) || !s.Is(next, "at", "for", "with") {
		return
	}
	employer, _, ok := p.org(next + 1)
	if !ok {
		return
	}
	p.employment(cl, &employer, occ, false, "")
}
