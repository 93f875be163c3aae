package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// notePet remembers, for the rest of the turn, an unnamed pet the clause
// says its subject got or has ("I got a puppy two weeks ago!"), with the
// article at k, so that a later sentence naming it ("Her name's Coco", "I
// named him Max") gives OWNS.
func (p *sentCtx) notePet(k, end int) {
	s := p.s
	if !s.Is(k, "a", "an", "another", "this") {
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
	plural := secondPet(s, k+1, end) // "a pup and a kitty"
	for i := k + 1; i < len(s.Toks); i++ {
		if isRoleWord(s.Norm(i)) {
			return // "a puppy for my daughter": "her name" may be hers
		}
	}
	species := singularSpecies(s.Norm(k))
	if plural {
		species = "pet"
	}
	p.newPet = &notedPet{owner: p.self(), species: species, turn: p.ids[0], speaker: p.speaker.Name, plural: plural}
}

// notedPet is an unnamed pet (or, with thing, a named kind of possession:
// a car, a boat) of the turn: its owner, species or kind, the turn that
// said it and that turn's speaker.
type notedPet struct {
	owner   ontology.EntityRef
	species string
	turn    string
	speaker string
	thing   bool
	plural  bool   // two pets, unnamed: "a pup and a kitty" (patterns_named.go)
	askedIn string // the other person's turn that asked the name (patterns_named.go)
}

// petNamed reads "her name's Coco", "his name is Max", "its name is Pip"
// with the possessive at m, after the turn said its speaker got a pet.
func (p *sentCtx) petNamed(m int) {
	s := p.s
	if p.newPet == nil || p.newPet.thing || s.Question || !s.Is(m, "her", "his", "its") {
		return
	}
	if j := nameIsAt(s, m); j > 0 {
		p.namePet(j)
	}
}

// nameIsAt returns where the name stands after "<possessive> name's" or
// "<possessive> name is" with the possessive at m, or -1.
func nameIsAt(s *sentence, m int) int {
	if s.Norm(m+1) != "name" {
		return -1
	}
	if s.Toks[m+1].Poss {
		return m + 2
	}
	if s.Norm(m+2) != "is" {
		return -1
	}
	return m + 3
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
	defer p.citeFrom(pet.turn)()
	if pet.thing {
		name.Type = ontology.EntityConcept
		p.ownedThing(pet.species, name)
	} else {
		p.pet(pet.species, name, " has ", confWeak)
	}
	p.subj = saved
}

// thingKinds are possessions people name ("a van called Betty", "a
// narrowboat. It's called the Slow Heron").
var thingKinds = lang.Words(`car van bike motorbike scooter vespa boat narrowboat campervan camper kayak canoe
	truck caravan motorhome yacht`)

// noteThing remembers, for the rest of the turn and its speaker's next
// turn, a possession the clause says its subject got or bought ("we
// bought a car lol"), with the article at k; or records OWNS at once when
// the name follows ("a van called Betty").
func (p *sentCtx) noteThing(k, end int) {
	s := p.s
	if !s.Is(k, "a", "an", "another") {
		return
	}
	j := k + 1
	for n := 0; n < 3 && j < end && !thingKinds[s.Norm(j)]; n++ {
		if !s.Toks[j].Word || s.Toks[j].Cap || npStops[s.Norm(j)] || s.Is(j, "toy", "rental", "hire") {
			return
		}
		j++
	}
	if j >= end || !thingKinds[s.Norm(j)] {
		return
	}
	p.newPet = &notedPet{owner: p.self(), species: s.Norm(j), turn: p.ids[0], speaker: p.speaker.Name, thing: true}
	if s.Is(j+1, "called", "named") {
		p.namePet(j + 2)
	}
}

// weCallIt reads "a tiny fiat we call Gelado", "I call her Betty", after
// the turn (or its speaker's last turn) said the speaker got a thing or a
// pet: the name, with the verb "call" at cl.verb.
func (p *sentCtx) weCallIt(cl clause) {
	s := p.s
	if p.newPet == nil || !cl.plain() || cl.be || s.Norm(cl.verb) != "call" {
		return
	}
	k := cl.verb + 1
	if s.Is(k, "it", "her", "him") {
		k++
	}
	p.namePet(k)
}

// itIsCalled reads a sentence "It's called the Slow Heron" / "it's named
// Betty" after the turn said its speaker got a thing or a pet, or "she's
// called Pip" of a pet.
func (p *sentCtx) itIsCalled() {
	s := p.s
	if p.newPet == nil || s.Question || !s.Is(0, "it", "she", "he") || s.Norm(1) != "is" || !s.Is(2, "called", "named") ||
		p.newPet.thing && s.Norm(0) != "it" {
		return
	}
	k := 3
	if s.Norm(k) == "the" && s.Tok(k+1).Cap {
		k++
	}
	p.namePet(k)
}

// ownedThing records OWNS of a named possession and a statement.
func (p *sentCtx) ownedThing(kind string, name ontology.EntityRef) {
	me := p.self()
	p.relation(rel{typ: ontology.RelOwns, from: me, to: name, role: kind, conf: confWeak, validFrom: p.ts})
	p.fact(me, stmt(me.Name+" has "+article(kind)+" "+kind+" called "+name.Name), confWeak, p.ts, nil)
}
