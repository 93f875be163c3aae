package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Third persons' new pets and past spells with a group (h14-blind14).

// morePetBreeds are pet words petSpecies lacks, as chats write them.
var morePetBreeds = lang.Words(`staffie staffy lurcher cockapoo labradoodle cavapoo westie sprocker moggy`)

// petWord reports whether w names a kind of pet.
func petWord(w string) bool { return petSpecies[w] || morePetBreeds[w] }

// acquireVerbs say someone took a pet in.
var acquireVerbs = lang.Words(`bought adopted rescued got`)

// petAcquired reads "Col has adopted a greyhound called Pint", "Col's
// bought a staffie, she's called Pint": OWNS, the pet named after its
// kind. A thing ("a dog bed"), a pet for someone else ("for his mum"), a
// wish ("wants to adopt", "thinking of getting"), a question or an
// unnamed owner ("Col's mum") reads nothing; the speaker's own pets are
// the patterns' (patterns_pets.go).
func (p *sentCtx) petAcquired() {
	s := p.s
	for v := 1; v+3 < len(s.Toks); v++ {
		if !acquireVerbs[s.Norm(v)] || !s.Is(v+1, "a", "an") {
			continue
		}
		k := v + 2
		if !petWord(s.Norm(k)) {
			k++ // "a rescue greyhound", "a little staffie"
		}
		if !petWord(s.Norm(k)) || s.Tok(k).Poss {
			continue
		}
		j := k + 1
		switch {
		case s.Is(j, "called", "named"):
			j++
		case s.Is(j, ",") && s.Is(j+1, "she", "he", "it") && s.Is(j+2, "is") && s.Is(j+3, "called", "named"):
			j += 4
		default:
			continue
		}
		sp, ok := p.nameStartingAt(j)
		if !ok || sp.typ != ontology.EntityAnimal && !personLike(sp.typ) || s.Tok(sp.to-1).Poss ||
			!p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, ",", "and", "lol") {
			continue
		}
		pet := ontology.EntityRef{Name: sp.name, Type: ontology.EntityAnimal}
		if p.subjectRelation(v, rel{typ: ontology.RelOwns, to: pet,
			role: s.Norm(k), conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// spellWords are the lengths "for" gives a spell with a group ("for
// years", "for three seasons"), not an afternoon ("for hours").
var spellWords = lang.Words(`years yrs seasons ages decades decade`)

// pastSpell reads "she sang with the Cantilena Singers for years",
// "Stevie played for Clifton Rovers for three seasons", "I rowed for
// Tyne ARC in Newcastle for 5 years": MEMBER_OF, ended, for the speaker
// or the person named or meant. An afternoon ("for hours"), a person
// ("played with Marta"), a crowd ("for Clifton Rovers fans"), a hedge or
// a question reads nothing.
func (p *sentCtx) pastSpell() {
	s := p.s
	for v := 1; v+4 < len(s.Toks); v++ {
		if !s.Is(v, "sang", "played", "rowed", "swam", "drummed", "danced") || !s.Is(v+1, "with", "for", "in") {
			continue
		}
		group, end, ok := p.groupNamedAt(v + 2)
		if ok && s.Is(end, "in") && p.placeNamed(end+1) {
			if sp, named := p.typed(end + 1); named {
				end = sp.to // "with the Cantilena Singers in Bristol for years"
			}
		}
		if !ok || !s.Is(end, "for") {
			continue
		}
		e := end + 1
		if s.Is(e, "a") || countWords[s.Norm(e)] || isDigits(s.Norm(e)) {
			e++
		}
		if !spellWords[s.Norm(e)] {
			continue
		}
		if p.verbSubjectRelation(v, rel{typ: ontology.RelMemberOf, to: group, conf: confWeak, validUntil: p.ts}) {
			return
		}
	}
}
