package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A pet called by name with "my" or "our" and shown a pet by a pet word
// the same speaker says then or later (h14-owns22): "has anyone seen a
// tortoise 😭 our pip's escaped AGAIN"; "My Bryn has been very poorly" /
// "Vet says its his kidneys"; "Our Pickle misses you" … "Pickle had her
// teeth done. £300 dog".

// owns22Named is a "my N" / "our N" a speaker said: who, the name as
// written and normalised, the turn and its place in the chat.
type owns22Named struct {
	speaker, name, norm, turn string
	index                     int
}

// owns22Window is how many turns on a pet word with only a pronoun ("his
// kidneys") still speaks of the name; a later turn must name it.
const owns22Window = 2

// owns22Later is how many turns a "my N" waits for its name said again
// with a pet word.
const owns22Later = 200

// owns22After are the words that may follow "my N" when N is a name and
// not a modifier ("my Spanish class"): a verb or an adverb.
var owns22After = lang.Words(`is was has had misses missed sat loves hates needs ate will can just does did sends says
	been looks seems keeps went came got not never always still`)

// owns22Mine notes the "my N" / "our N" of turn t and records OWNS of the
// speaker's earlier ones, or of these, once a pet word shows N is a pet.
// A pet word of another speaker, another pet in the turn ("taking the dog
// to the vet"), a person's job ("is a vet"), a wish ("wants a puppy"), a
// question or a stale pronoun reads nothing.
func (c *turnCtx) owns22Mine(t ontology.Turn) {
	st := &c.known.owns22
	sents := c.sentencesOf(t.Text)
	cue := owns22PetCue(sents) && !owns22OtherPet(sents)
	idx := c.disc.index
	names := owns22Mentions(sents)
	pronoun := false
	for i := range sents {
		for y := range sents[i].Toks {
			if sents[i].Is(y, "he", "she", "his", "her", "him", "its", "it") {
				pronoun = true
			}
		}
	}
	kept := st.mine[:0]
	for _, m := range st.mine {
		if m.speaker != t.Speaker {
			kept = append(kept, m)
			continue
		}
		if cue && (names[m.norm] || pronoun && idx-m.index <= owns22Window) {
			c.owns22Pet(t, m)
			continue
		}
		if idx-m.index <= owns22Later {
			kept = append(kept, m)
		}
	}
	st.mine = kept
	for i := range sents {
		s := &sents[i]
		if s.Question {
			continue
		}
		for y := 0; y+1 < len(s.Toks); y++ {
			if !s.Is(y, "my", "our") {
				continue
			}
			tok := s.Tok(y + 1)
			n := tok.Norm
			if !tok.Word || !lettersOnly(n) || commonWords[n] || functionWords[n] || petSpecies[n] || isRoleWord(n) ||
				greetingWords[n] || c.disc.isSpeaker(n) || !tok.Cap && !cue || inGazetteer(n) {
				continue
			}
			if typ, ok := c.known.entities[n]; ok && typ != ontology.EntityAnimal && typ != ontology.EntityPerson {
				continue
			}
			verb := tok.Poss || owns22After[s.Norm(y+2)] || strings.HasSuffix(s.Norm(y+2), "ed")
			if !verb && (s.Tok(y+2).Word || !tok.Cap) {
				continue // "my Spanish class", "half my rota."
			}
			m := owns22Named{speaker: t.Speaker, name: tok.Text, norm: n, turn: t.ID, index: idx}
			if cue {
				c.owns22Pet(t, m)
				continue
			}
			st.mine = append(st.mine, m)
		}
	}
}

// owns22Pet records OWNS of the named pet by its speaker, citing the turn
// that said "my N" too.
func (c *turnCtx) owns22Pet(t ontology.Turn, m owns22Named) {
	c.readKeeping(t, "I have a pet named "+titleCase(m.name)+".", ownsOnly, m.turn)
}

// owns22Mentions returns the normalised names a turn's tokens hold.
func owns22Mentions(sents []lang.Sentence) map[string]bool {
	out := map[string]bool{}
	for i := range sents {
		for _, tok := range sents[i].Toks {
			if tok.Word {
				out[tok.Norm] = true
			}
		}
	}
	return out
}

// owns22PetCue reports whether a turn says a pet word of a pet: the vet
// ("Vet says its his kidneys", not "is a vet"), a lost-pet appeal ("has
// anyone seen a tortoise"), a kind said of pets at large ("Cats have long
// memories") or a fragment ("£300 dog").
func owns22PetCue(sents []lang.Sentence) bool {
	for i := range sents {
		s := &sents[i]
		words := 0
		for _, tok := range s.Toks {
			if tok.Word {
				words++
			}
		}
		first := s.FirstWord()
		for y, tok := range s.Toks {
			n := tok.Norm
			switch {
			case n == "vet" || n == "vets":
				if !s.Is(y-1, "a", "an", "is", "as") {
					return true
				}
			case !petSpecies[n]:
			case y == first && strings.HasSuffix(n, "s") && s.Tok(y+1).Word && !s.Tok(y+1).Cap:
				return true // "Cats have long memories"
			case s.Is(y-1, "a", "an") && s.Is(y-2, "seen", "lost", "found", "spotted"):
				return true
			case words <= 3 && !s.Is(y-1, "a", "an", "the", "my", "our", "his", "her", "their", "your"):
				return true // "£300 dog"
			}
		}
	}
	return false
}

// owns22OtherPet reports whether a turn speaks of a pet with a
// determiner of its own ("the dog", "our cat"): another pet than the name.
func owns22OtherPet(sents []lang.Sentence) bool {
	for i := range sents {
		s := &sents[i]
		for y, tok := range s.Toks {
			if petSpecies[tok.Norm] && s.Is(y-1, "the", "my", "our", "his", "her", "their", "your", "a", "an") &&
				!s.Is(y-2, "seen", "lost", "found", "spotted") {
				return true
			}
		}
	}
	return false
}
