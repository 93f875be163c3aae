package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A pet spoken of unnamed as someone's and named by that person's next
// turn (h14-owns22): "i kept the dog" / "Waffles!!!" / "waffles is
// thriving"; "And the dog?" / "Loki is eleven now"; "she was awful to my
// cat 😂" / "mabel never forgave her".

// owns22Unnamed is such a pet: its owner, kind, the turn that spoke of it
// and that turn's place in the chat.
type owns22Unnamed struct {
	owner, species, turn string
	index                int
}

var (
	// owns22MyPetEnd: a turn ending on "my cat" or "i kept the dog".
	owns22MyPetEnd = regexp.MustCompile(`(?:\bmy|\b(?:i|we) (?:kept|have|took) the) ` + owns22Species + `$`)
	// owns22TheDogQ: a turn asking "And the dog?", "your cat?".
	owns22TheDogQ = regexp.MustCompile(`^(?:and )?(?:the|your|ur) ` + owns22Species + `\?*$`)
)

// owns22ThenTurn notes the unnamed pet of turn t, or names the one noted:
// the owner's turn (the next but one at most; the very next after a
// question) opening on a name and a verb ("Loki is", "mabel never"). A
// first name, a speaker, a name acting on the pet ("Sigrid has him"),
// another person's answer, a stale pet or a question reads nothing.
func (c *turnCtx) owns22ThenTurn(t ontology.Turn, prev *prevTurn, plain string) {
	st := &c.known.owns22
	idx := c.disc.index
	if u := st.unnamed; u != nil && t.Speaker == u.owner {
		st.unnamed = nil
		if !lang.EndsInQuestion(t.Text) {
			c.owns22NameOpens(t, u)
		}
		return
	}
	if u := st.unnamed; u != nil && (idx-u.index > owns22Window || u.turn == "") {
		st.unnamed = nil
	}
	if !owns22MaySpecies(plain) {
		return // both patterns below need a pet word
	}
	question := lang.EndsInQuestion(t.Text)
	trimmed := strings.TrimRight(plain, "? ")
	switch {
	case !question && owns22MyPetEnd.MatchString(trimmed):
		m := owns22MyPetEnd.FindStringSubmatch(trimmed)
		st.unnamed = &owns22Unnamed{owner: t.Speaker, species: m[1], turn: t.ID, index: idx}
	case question && prev != nil && prev.speaker != t.Speaker && owns22TheDogQ.MatchString(owns22Tail(plain)):
		m := owns22TheDogQ.FindStringSubmatch(owns22Tail(plain))
		// only the very next turn answers: index one short of the window
		st.unnamed = &owns22Unnamed{owner: prev.speaker, species: m[1], turn: t.ID, index: idx - owns22Window + 1}
	}
}

// owns22Tail returns the last sentence of a plain turn: "lovely. and the
// dog?" gives "and the dog?".
func owns22Tail(plain string) string {
	if i := strings.LastIndexAny(strings.TrimRight(plain, "?. "), ".!"); i >= 0 {
		return strings.TrimSpace(plain[i+1:])
	}
	return plain
}

// owns22NameOpens records OWNS of the pet when turn t opens on its name
// and a verb.
func (c *turnCtx) owns22NameOpens(t ontology.Turn, u *owns22Unnamed) {
	s, f := c.known.firstSentence(t.Text)
	if f < 0 || s.Question {
		return
	}
	tok := s.Tok(f)
	n := tok.Norm
	if !tok.Word || !lettersOnly(n) || commonWords[n] || functionWords[n] || greetingWords[n] || firstName(n) ||
		petSpecies[n] || c.disc.isSpeaker(n) || inGazetteer(n) {
		return
	}
	if typ, ok := c.known.entities[n]; ok && typ != ontology.EntityAnimal {
		return
	}
	if !tok.Poss && !owns22After[s.Norm(f+1)] {
		return
	}
	for y := f + 1; y < len(s.Toks) && y <= f+3; y++ {
		if s.Is(y, "has", "had", "took", "got", "keeps", "kept", "minds", "walks", "feeds") && s.Is(y+1, "him", "her", "it", "them") {
			return // "Sigrid has him now": someone who has the pet
		}
	}
	c.readKeeping(t, "I have a "+u.species+" named "+titleCase(tok.Text)+".", ownsOnly, u.turn)
}
