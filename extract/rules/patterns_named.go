package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Names asked and given: a pet the speaker mentioned unnamed, whose name
// the other person asks ("we adopted a greyhound" / "aww what's her
// name?" / "Juniper!"), and a child named in the sentence that mentions
// them ("our two-year-old is a menace, his name is Arlo").

// asksName reports whether a turn's sentences ask the name of someone
// already mentioned: "what's her name?", "what are their names?", "what
// did you name him?", "what's it called?".
func asksName(sents []sentence) bool {
	for i := range sents {
		s := &sents[i]
		for w := 0; w+2 < len(s.Toks); w++ {
			if s.Norm(w) != "what" && s.Norm(w) != "whats" || !s.Question && w > 2 {
				continue // a chat question may drop its "?" when "what" opens it: "omg what did you name her"
			}
			k := w + 1
			if s.Norm(w) == "what" && s.Is(k, "is", "are", "was", "were") {
				k++
			}
			switch {
			case s.Is(k, "her", "his", "its", "their") && s.Is(k+1, "name", "names"):
				return true
			case s.Is(k, "it", "she", "he", "they") && s.Is(k+1, "called", "named"):
				return true
			case s.Is(k, "did") && s.Is(k+1, "you", "u") && s.Is(k+2, "name", "call") && s.Is(k+3, "her", "him", "it", "them"):
				return true
			}
		}
	}
	return false
}

// carryAsked keeps the unnamed pet the previous turn left over this turn,
// another person's question for its name, so that its owner's answer in
// the next turn names it: the pet to carry, or nil.
func (k *known) carryAsked(t ontology.Turn, sents []sentence) *notedPet {
	u := k.disc.unnamed
	if u == nil || k.disc.unnamedAt != k.disc.index-1 || u.speaker == t.Speaker || u.thing || !asksName(sents) {
		return nil
	}
	carried := *u
	carried.askedIn = t.ID
	return &carried
}

// petNamesAnswer reads a turn answering a name question with the names
// alone ("Juniper!", "Clover and Pip!") as naming the pet or pets its
// speaker mentioned before the question: OWNS, citing both turns.
func (c *turnCtx) petNamesAnswer(t ontology.Turn) {
	pet := c.newPet
	if pet == nil || pet.askedIn == "" || pet.thing || c.speaker.Name == "" || c.disc == nil {
		return
	}
	s, f := c.known.firstSentence(t.Text)
	if f < 0 || s.Question || !nameOnly(s, f) {
		return
	}
	var names []string
	for k := f; k < len(s.Toks); {
		name, end, ok := petName(s, k)
		if !ok {
			if s.Is(k, "and", "&") || !s.Toks[k].Word {
				k++
				continue
			}
			return
		}
		if greetingWords[s.Norm(k)] || c.isSpeaker(name) || c.disc.isSpeaker(name.Name) {
			return // "Thanks Sam!"
		}
		names = append(names, name.Name)
		k = end
	}
	switch {
	case len(names) == 1 && !pet.plural:
		c.readAs(t, "I have a "+pet.species+" named "+names[0]+".", pet.turn, pet.askedIn)
	case len(names) > 1 && pet.plural:
		c.readAs(t, "I have two pets, "+strings.Join(names, " and ")+".", pet.turn, pet.askedIn)
	}
}

// childNouns name one's child without a name: "my son", "our baby", "our
// two-year-old" (any "-year-old" or "-month-old" too).
var childNouns = lang.Words(`son daughter baby newborn boy girl kid child youngest eldest oldest toddler`)

// kidNamed reads "his name is Arlo" / "her name's Mia" with the possessive
// at m, in a sentence that first speaks of the speaker's child unnamed:
// "Our two-year-old is a menace, his name is Arlo!", "my daughter was born
// last week, her name is Mia". FAMILY_OF with role son or daughter (the
// noun's, else the pronoun's). Another person or role word between the
// child and the name ("my son's teacher, her name is …") stops it.
func (p *sentCtx) kidNamed(m int) {
	s := p.s
	j := nameIsAt(s, m)
	if p.newPet != nil || s.Question || !s.Is(m, "her", "his") || j < 0 {
		return
	}
	noun := -1
	for i := m - 1; i >= 1; i-- {
		n := s.Norm(i)
		if isRoleWord(n) && !childNouns[n] || s.Toks[i].Cap && s.Toks[i].Word && i > 0 || petSpecies[n] {
			return
		}
		if (childNouns[n] || strings.HasSuffix(n, "-year-old") || strings.HasSuffix(n, "-month-old")) && !s.Toks[i].Poss {
			k := i - 1
			for k >= 0 && k >= i-2 && s.Is(k, "little", "new", "baby", "youngest", "eldest", "oldest", "cute") {
				k--
			}
			if s.Is(k, "my", "our") {
				noun = i
			}
			break
		}
	}
	if noun < 0 {
		return
	}
	role := s.Norm(noun)
	switch {
	case role == "son" || role == "boy":
		role = "son"
	case role == "daughter" || role == "girl":
		role = "daughter"
	case s.Norm(m) == "his":
		role = "son"
	default:
		role = "daughter"
	}
	if role == "son" && s.Norm(m) != "his" || role == "daughter" && s.Norm(m) != "her" {
		return
	}
	name, end, ok := petName(s, j)
	if !ok || !p.phraseEnds(end, clauseEnd(s, end)) && !s.Is(end, "and", ",") || p.isSpeaker(name) {
		return
	}
	name.Type = ontology.EntityPerson
	p.relRole(p.self(), kindChild, role, name, confWeak)
}

// secondPet reports whether a second unnamed pet follows at k: "and a
// kitty", "and two cats".
func secondPet(s *sentence, k, end int) bool {
	if s.Norm(k) != "and" || !s.Is(k+1, "a", "an", "two", "2") {
		return false
	}
	for j := k + 2; j < end && j <= k+4; j++ {
		if petSpecies[s.Norm(j)] {
			return true
		}
	}
	return false
}

// guineaPigRe finds the two-word species "guinea pig(s)".
var guineaPigRe = regexp.MustCompile(`\b([Gg]uinea) ([Pp]ig)(s?)\b`)

// speciesCompounds writes two-word species as one word, as petSpecies
// holds them: "Nibbles, my guinea pig" reads "Nibbles, my guinea-pig".
func speciesCompounds(text string) string {
	if !strings.Contains(text, "uinea") {
		return text
	}
	return guineaPigRe.ReplaceAllString(text, "${1}-${2}${3}")
}
