package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind18Turn runs h14-blind18's turn-level readings on turn t with the
// previous turn (nil at the start).
func (c *turnCtx) blind18Turn(t ontology.Turn, prev *prevTurn) {
	c.stillInAnswered(t, prev)
	c.yourPetNamed(t, prev)
	c.kinTeaserNamed(t)    // ties_mentoring.go
	c.whoWillLead(t, prev) // crossturn_who_leads.go
	c.whoFounded(t, prev)  // "who started larkspur?" / "me and hattie brennan" (crossturn_who_founded.go)
}

// yourPetNamed reads "kieran your dog just barked on the teams call" /
// "thats Mabel, shes a collie": the one told of their pet names it
// (OWNS, citing the remark). Another speaker's answer, a question, no
// name ("thats the neighbours") or a name asked back ("is that Mabel?")
// reads nothing, and so does a name known as a person's or an answer
// that goes on with no species ("That's Bernadette, she's still at it").
func (c *turnCtx) yourPetNamed(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.speaker.Name == "" || prev.speaker == t.Speaker || prev.question ||
		!strings.Contains(strings.ToLower(prev.full), "your ") {
		return
	}
	pet, ok := c.yourPetTold(prev, t.Speaker)
	if !ok {
		return
	}
	s, k := c.known.firstSentence(t.Text)
	if k < 0 || s.Question {
		return
	}
	switch {
	case s.Is(k, "thats", "its"):
		k++
	case s.Is(k, "that", "it") && s.Is(k+1, "is"):
		k += 2
	default:
		return
	}
	name := s.Tok(k)
	if !name.Word || !name.Cap || !lettersOnly(name.Norm) || commonWords[name.Norm] || functionWords[name.Norm] ||
		k+1 < len(s.Toks) && s.Tok(k+1).Word || firstName(name.Norm) || c.disc.namedOtherThanPet(name.Norm) {
		return // "That's Bernadette, she's still at it": a person, not the pet
	}
	if !petSaid(t.Text[name.End:]) {
		return
	}
	keep := func(r ontology.Relation) bool { return r.Type == ontology.RelOwns }
	c.readKeeping(t, "My "+pet+" is called "+name.Text+".", keep, prev.turn)
}

// yourPetTold returns the pet of "your dog" in the previous turn, said to
// the one who answers: named opening the turn, or the other speaker of a
// two-party chat.
func (c *turnCtx) yourPetTold(prev *prevTurn, answerer string) (string, bool) {
	for _, s := range lang.SplitSentences(lang.Tokenize(prev.full)) {
		for y := range s.Toks {
			if !s.Is(y, "your", "ur") || !petWords[s.Norm(y+1)] {
				continue
			}
			f := s.FirstWord()
			if f == y-1 {
				// "kieran your dog…": the name opening the turn is the one told
				if label, ok := c.disc.vocative(s.Tok(f).Text); ok && label == answerer {
					return s.Norm(y + 1), true
				}
				continue
			}
			if c.disc.addressee(prev.speaker).Name == answerer {
				return s.Norm(y + 1), true
			}
		}
	}
	return "", false
}

// stillInAnswered reads "ferg ye still in partick?" / "aye still in
// partick, still skint" and "kieran are you still out in keynsham" /
// "still keynsham yeah": the one asked, answering with "still" and the
// same place, lives there (LIVES_IN, citing the question). Another
// speaker's answer ("aye he is"), the asker's own, another person named
// in the question, a no, a visit ("at my cousin's for the night") or a
// place other than the one asked reads nothing.
func (c *turnCtx) stillInAnswered(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.speaker.Name == "" || prev.speaker == t.Speaker ||
		!strings.Contains(strings.ToLower(prev.full), "still") || !strings.Contains(strings.ToLower(t.Text), "still") {
		return // the string tests first: most turns neither ask nor answer "still in"
	}
	place, ok := c.stillInAsked(prev, t.Speaker)
	if !ok || visitText(t.Text) || stayingText(t.Text) {
		return
	}
	s, k := c.known.firstSentence(t.Text)
	if k >= 0 && yesWords[s.Norm(k)] {
		k++
	}
	if !s.Is(k, "still") {
		return
	}
	k++
	if s.Is(k, "in") {
		k++
	}
	words := strings.Fields(place)
	for i, w := range words {
		if s.Norm(k+i) != w {
			return
		}
	}
	if e := k + len(words); e < len(s.Toks) && s.Tok(e).Word && !yesWords[s.Norm(e)] {
		return // "still in partick park" is another place
	}
	keep := func(r ontology.Relation) bool { return r.Type == ontology.RelLivesIn }
	c.readKeeping(t, "I live in "+titleCase(place)+".", keep, prev.turn)
}

// stillParticles may stand between "still" and "in": "still out in".
var stillParticles = lang.Words(`out up down`)

// stillInAsked returns the place of "(are) you still (out) in X" in the
// previous turn, asked of the one who answers: no name opens the question,
// or the name that does is the answerer's.
func (c *turnCtx) stillInAsked(prev *prevTurn, answerer string) (string, bool) {
	for _, s := range lang.SplitSentences(lang.Tokenize(prev.full)) {
		st := s.FirstWord()
		for y := range s.Toks {
			if !s.Is(y, "you", "ye", "u") || !s.Is(y+1, "still") {
				continue
			}
			k, in := optThen(&s, y+2, stillParticles, "in")
			if !in {
				continue
			}
			var ws []string
			for j := k; j < len(s.Toks) && len(ws) < 3 && s.Tok(j).Word; j++ {
				ws = append(ws, s.Norm(j))
			}
			if len(ws) == 0 || len(ws) > 2 {
				continue
			}
			open := y
			if s.Is(open-1, "are") {
				open--
			}
			if open > st {
				label, ok := c.disc.vocative(s.Tok(st).Text)
				if open != st+1 || !ok || label != answerer {
					continue
				}
			}
			return strings.Join(ws, " "), true
		}
	}
	return "", false
}

// stayWords say where one is for now, not where one lives: "at my
// cousin's for the night", "staying at", "tonight".
var stayWords = lang.Words(`tonight night staying visiting weekend`)

// stayingText reports whether an answer tells a stay ("at my cousin's for
// the night") rather than a home.
func stayingText(text string) bool {
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if stayWords[strings.Trim(w, ".,!?:;()\"'")] {
			return true
		}
	}
	return strings.Contains(strings.ToLower(text), " at my ")
}

// namedOtherThanPet reports whether a name (normalised) was mentioned
// before as anything but an animal: "Bernadette next door", then "That's
// Bernadette" is the neighbour, not the dog.
func (d *discourse) namedOtherThanPet(norm string) bool {
	for _, m := range d.mentions {
		if m.norm == norm && m.ref.Type != ontology.EntityAnimal {
			return true
		}
	}
	return false
}

// petSaid reports whether what an answer says after the pet's name is
// nothing ("thats Mabel 😂") or says what kind of animal it is ("shes a
// collie"): a species among its words.
func petSaid(rest string) bool {
	words := 0
	for _, w := range strings.Fields(strings.ToLower(rest)) {
		w = strings.Trim(w, ".,!?:;()\"'")
		if petSpecies[w] {
			return true
		}
		if w != "" && lettersOnly(w) {
			words++
		}
	}
	return words == 0
}

// vocative returns the label of the one speaker a word of the text calls
// by name, as speakerCalled does, or, failing that, the one label whose
// leading letters extend the word by a letter or two: "ferg" for a label
// misspelt "fergg", "kieran" for "kieran_92" (three letters at least).
func (d *discourse) vocative(word string) (string, bool) {
	if label, ok := d.speakerCalled(word); ok {
		return label, true
	}
	w := ontology.NormaliseName(word)
	if len(w) < 3 || strings.Contains(w, " ") {
		return "", false
	}
	found, n := "", 0
	for _, name := range d.names {
		if lead := labelLead(name); lead != "" && strings.HasPrefix(lead, w) && len(lead)-len(w) <= 2 {
			found, n = name, n+1
		}
	}
	return found, n == 1
}
