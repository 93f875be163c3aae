package rules

import "github.com/loci-memory/loci/ontology"

// notePet remembers, for the rest of the turn, an unnamed pet the clause
// says its subject got or has ("I got a puppy two weeks ago!"), with the
// article at k, so that a later sentence naming it ("Her name's Coco", "I
// named him Max") gives OWNS.
func (p *sentCtx) notePet(k, end int) {
	s := p.s
	if !s.Is(k, "a", "an", "another") {
		return
	}
	k++
	for n := 0; n < 3 && k < end && !petSpecies[s.Norm(k)]; n++ {
		if !s.Toks[k].Word || s.Toks[k].Cap || npStops[s.Norm(k)] || s.Norm(k) == "stuffed" || s.Norm(k) == "toy" {
			return
		}
		k++
	}
	if k >= end || !petSpecies[s.Norm(k)] || s.Is(k+1, "named", "called", ",") {
		return
	}
	for i := k + 1; i < len(s.Toks); i++ {
		if isRoleWord(s.Norm(i)) {
			return // "a puppy for my daughter": "her name" may be hers
		}
	}
	p.newPet = &notedPet{owner: p.self(), species: singularSpecies(s.Norm(k)), turn: p.ids[0]}
}

// notedPet is an unnamed pet of the turn: its owner and species.
type notedPet struct {
	owner   ontology.EntityRef
	species string
	turn    string
}

// petNamed reads "her name's Coco", "his name is Max", "its name is Pip"
// with the possessive at m, after the turn said its speaker got a pet.
func (p *sentCtx) petNamed(m int) {
	s := p.s
	if p.newPet == nil || s.Question || !s.Is(m, "her", "his", "its") || s.Norm(m+1) != "name" {
		return
	}
	j := m + 2
	if !s.Toks[m+1].Poss {
		if s.Norm(j) != "is" {
			return
		}
		j++
	}
	p.namePet(j)
}

// petNamedVerb reads "I named her Coco", "we named him Max" with the verb
// "named" at v, after the turn said the speaker got a pet.
func (p *sentCtx) petNamedVerb(cl clause) {
	s := p.s
	if p.newPet == nil || !cl.plain() || cl.be || s.Norm(cl.verb) != "named" || !s.Is(cl.verb+1, "her", "him", "it") {
		return
	}
	p.namePet(cl.verb + 2)
}

// namePet records OWNS of the noted pet under the name at j.
func (p *sentCtx) namePet(j int) {
	name, end, ok := petName(p.s, j)
	if !ok || !p.phraseEnds(end, clauseEnd(p.s, end)) && !p.s.Is(end, "and", ",") {
		return
	}
	pet := *p.newPet
	p.newPet = nil
	saved := p.subj
	p.subj = pet.owner
	p.pet(pet.species, name, " has ", confWeak)
	p.subj = saved
}
