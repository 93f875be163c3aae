package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A pet named in one turn and called "my dog" or "your dog" in the next,
// by someone else (h14-owns22): "Bring Bramble, he asked about her" / "my
// dog is not allowed in care homes"; "someone to look at Biscuit's ear" /
// "Fee your dog is fine"; "bap needs a walk" / "i'll take your dog, bap is
// the best part of this job".

// owns22Told reads turn t after prev, another speaker's statement that
// names one animal-like name (the name owns something or a pronoun speaks
// of it): "my <pet>" in t makes t's speaker its owner, "your <pet>" the
// previous speaker. A question, a second name, a name t gives its own pet
// or another person's pet in t reads nothing.
func (c *turnCtx) owns22Told(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || prev.question || c.speaker.Name == "" || lang.EndsInQuestion(t.Text) {
		return
	}
	whose, species, after := owns22PetPhrase(t.Text)
	if whose == "" {
		return
	}
	name := ""
	if whose == "your" {
		name = owns22Apposed(after, prev.full) // "your dog, bap"
	}
	if name == "" {
		if after != "" && owns22StartsWithCap(after) {
			return // "my dog Rolo": t names its own
		}
		name = c.owns22OneName(prev.full)
	}
	if name == "" {
		return
	}
	owner := t
	text := "I have a " + species + " named " + titleCase(name) + "."
	if whose == "your" {
		owner.Speaker = prev.speaker
	}
	c.readKeeping(owner, text, ownsOnly, prev.turn)
}

// owns22PetPhrase finds the one "my <pet>" or "your <pet>" of text and
// returns "my" or "your", the pet word and the text after it; a text with
// someone else's pet too ("their dog") returns "".
func owns22PetPhrase(text string) (whose, species, after string) {
	words := strings.Fields(strings.ToLower(text))
	for i := 0; i+1 < len(words); i++ {
		w, next := words[i], strings.Trim(words[i+1], ",.!")
		if !petSpecies[next] && !morePetBreeds[next] {
			continue
		}
		switch w {
		case "my", "your", "ur":
			if whose != "" {
				return "", "", ""
			}
			whose, species = "your", singularSpecies(next)
			if w == "my" {
				whose = "my"
			}
			idx := owns22WordEnd(text, i+2)
			after = strings.TrimSpace(text[idx:])
			if strings.HasSuffix(words[i+1], ",") {
				after = "," + after
			}
		case "their", "his", "her", "our", "the", "a":
			return "", "", ""
		}
	}
	return whose, species, after
}

// owns22WordEnd returns the byte offset after text's first n fields.
func owns22WordEnd(text string, n int) int {
	at := 0
	for i := 0; i < n; i++ {
		rest := text[at:]
		trimmed := strings.TrimLeft(rest, " \t\n")
		at += len(rest) - len(trimmed)
		if j := strings.IndexAny(trimmed, " \t\n"); j >= 0 {
			at += j
		} else {
			return len(text)
		}
	}
	return at
}

// owns22Apposed returns the name right after "your dog," when the
// previous turn says it too: "your dog, bap is the best".
func owns22Apposed(after, prevText string) string {
	if !strings.HasPrefix(after, ",") {
		return ""
	}
	f := strings.Fields(after[1:])
	if len(f) == 0 {
		return ""
	}
	n := strings.Trim(f[0], ",.!")
	low := strings.ToLower(n)
	if !lettersOnly(low) || commonWords[low] || functionWords[low] || firstName(low) {
		return ""
	}
	for _, w := range strings.Fields(strings.ToLower(prevText)) {
		if strings.Trim(w, ",.!'s") == low {
			return n
		}
	}
	return ""
}

// owns22StartsWithCap reports whether text opens on a capitalised word.
func owns22StartsWithCap(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && f[0] != "" && f[0][0] >= 'A' && f[0][0] <= 'Z'
}

// owns22OneName returns the one capitalised name of text that is neither
// a speaker, a first name, a place nor a known person or organisation,
// when text also says something of it as of a living thing ("Biscuit's
// ear", "he asked about her"); "" otherwise.
func (c *turnCtx) owns22OneName(text string) string {
	found, animate := "", false
	for _, s := range c.sentencesOf(text) {
		first := s.FirstWord()
		for i, tok := range s.Toks {
			n := tok.Norm
			if s.Is(i, "he", "she", "him", "her") {
				animate = true
			}
			if !tok.Word || !tok.Cap || !lettersOnly(n) || commonWords[n] || functionWords[n] ||
				greetingWords[n] || firstName(n) || petSpecies[n] || inGazetteer(n) || c.disc.isSpeaker(n) {
				continue
			}
			if typ, ok := c.known.entities[n]; ok && typ != ontology.EntityAnimal {
				return ""
			}
			if found != "" && found != tok.Text {
				return "" // two names: which one is the pet?
			}
			if i == first && !tok.Poss && !s.Is(i+1, "and", "&") {
				continue // "Bring Bramble": a sentence's first word is no name of itself
			}
			found = tok.Text
			animate = animate || tok.Poss
		}
	}
	if !animate {
		return ""
	}
	return found
}
