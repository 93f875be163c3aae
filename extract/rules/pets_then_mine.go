package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A name that opens a sentence as its subject and "my <pet>" or "our
// <pet>" opening a later sentence of the same turn (h14-pets34): "bramble
// hates him tho lol. my cat has standards", "bovril would eat her. our cat
// fears nothing": the speaker's pet. A given name, a place, a common word,
// a known person or organisation, a question, a second name opening a
// sentence or another owner's pet ("my neighbour's cat") reads nothing.

// petThenMine reads the turn's opening name and its "my <pet>" sentence.
func (c *turnCtx) petThenMine(t ontology.Turn) {
	if c.speaker.Name == "" {
		return
	}
	sents := c.sentencesOf(t.Text)
	name, at := "", -1
	for i := range sents {
		s := &sents[i]
		if s.Question {
			continue
		}
		if at >= 0 && myPetOpens(s) {
			c.readKeeping(t, "I have a pet named "+titleCase(name)+".", ownsOnly, t.ID)
			return
		}
		if n, ok := c.petOpener(s); ok {
			if at >= 0 {
				return // two names: which is the pet is unsaid
			}
			name, at = n, i
		}
	}
}

// petOpener returns the one-word name opening s before a verb in the
// third person or the past: "bramble hates", "bovril would", "gumnut
// threw".
func (c *turnCtx) petOpener(s *lang.Sentence) (string, bool) {
	f := s.FirstWord()
	if f < 0 || f+1 >= len(s.Toks) {
		return "", false
	}
	tok := s.Tok(f)
	n := tok.Norm
	if !tok.Word || tok.Poss || !lettersOnly(n) || len(n) < 3 || commonWords[n] || functionWords[n] || petWord(n) ||
		isRoleWord(n) || greetingWords[n] || fillers[n] || chatForm(n) || adverbs[n] || notLowerName(n) ||
		firstName(n) || knownPlace(n) || c.disc.isSpeaker(n) || englishWords[n] {
		return "", false
	}
	if typ, ok := c.known.entities[n]; ok && typ != ontology.EntityAnimal {
		return "", false
	}
	v := s.Norm(f + 1)
	_, third := thirdSingular[v]
	if !third && !petOpenerVerbs[v] {
		return "", false
	}
	return tok.Text, true
}

// petOpenerVerbs follow a pet's name opening its sentence.
var petOpenerVerbs = lang.Words(`would will threw ate bit stole chewed hates loves refuses refused is was has had keeps kept`)

// myPetOpens reports whether s opens with "my"/"our", perhaps an
// adjective, and a pet word in the singular, not possessed ("my cat has
// standards", "our cat is a menace"; not "my cat's vet", "our dogs").
func myPetOpens(s *lang.Sentence) bool {
	f := s.FirstWord()
	if f < 0 || !s.Is(f, "my", "our") {
		return false
	}
	k := f + 1
	if s.Is(k, "own", "poor", "little", "old", "silly", "daft", "fat") {
		k++
	}
	return k < len(s.Toks) && petWord(s.Norm(k)) && singularSpecies(s.Norm(k)) == s.Norm(k) && !s.Tok(k).Poss
}
