package rules

import (
	"slices"

	"github.com/loci-memory/loci/ontology"
)

// noteOpeningPair offers the first of two people opening a sentence
// ("Robin and Kim dropped by", "Jan and Pieter were at the match") to the
// next sentences' pronouns, untyped, when no list takes it for a name (it
// is also a word or a month) but the second is a first name and a verb
// follows the pair. It emits no mention: the pronoun only meets one more
// candidate, so "she" after "Robin and Kim" is ambiguous, and "he" after
// "Robin and Sarah" is Robin.
func (c *turnCtx) noteOpeningPair(s *sentence, names []span) {
	if len(s.Toks) < 4 || titleCased(s) || !pairJoins[s.Norm(1)] {
		return
	}
	t := s.Toks[0]
	if !t.Word || !t.Cap || !isLetterWord(t.Text) || len(t.Norm) < 2 || t.Poss || functionWords[t.Norm] ||
		greetingWords[t.Norm] || pronounGender[t.Norm] != genderUnknown || t.Norm == "i" || isRoleWord(t.Norm) {
		return
	}
	var second *span
	for k := range names {
		switch names[k].from {
		case 0:
			return // a name already
		case 2:
			second = &names[k]
		}
	}
	if second == nil || second.to != 3 || s.Tok(2).Poss || !firstName(s.Norm(2)) {
		return
	}
	if _, ok := pairSingular(s, 3); !ok && !openingVerbs[s.Norm(3)] {
		return
	}
	c.pending = append(c.pending, pendingMention{ref: ontology.EntityRef{Name: t.Text, Type: ontology.EntityConcept}})
}

// nameless is a person a turn named only by a gendered relationship word
// ("his sister", "my mum", "Tom's wife").
type nameless struct {
	index  int // the discourse index of the turn
	gender byte
}

// noteNameless records the people s names only by a gendered relationship
// word after a possessive or an article, once s is read (its own pronouns
// do not meet them: unnamedPersonBefore does that within a sentence). A
// role the sentence's relations (from index start on) gave a person ("Your
// wife is a legend", read as Kemi) is no one nameless.
func (c *turnCtx) noteNameless(s *sentence, start int) {
	if c.disc == nil {
		return
	}
	for k := 1; k < len(s.Toks); k++ {
		w := s.Norm(k)
		r, ok := roleWords[w]
		if !ok || !s.Is(k-1, "my", "our", "your", "his", "her", "their", "a", "an", "the") && !s.Toks[k-1].Poss {
			continue
		}
		g := roleGender[r.role]
		if g == genderUnknown {
			g = roleGender[w]
		}
		n := k + 1
		if s.Norm(n) == "," {
			n++
		}
		if g == genderUnknown || n < len(s.Toks) && s.Toks[n].Word && (s.Toks[n].Cap || firstName(s.Norm(n))) ||
			c.gaveRole(start, r.role, w) {
			continue // "my brother Dev", "her sister, Ana", "my sister ana"
		}
		if len(c.disc.nameless) >= maxMentions {
			c.disc.nameless = c.disc.nameless[1:]
		}
		c.disc.nameless = append(c.disc.nameless, nameless{index: c.disc.index, gender: g})
	}
}

// namelessSince reports whether a person named only by a relationship word
// of gender want was mentioned in a's turn or since, within the window:
// "Maria popped round" / "then Daniel turned up with his sister" / "she
// works at …" may mean the sister.
func (d *discourse) namelessSince(a antecedent, want byte) bool {
	if want == genderUnknown {
		return false
	}
	at := -1
	for i := len(d.mentions) - 1; i >= 0; i-- {
		if d.mentions[i].turn == a.turn {
			at = d.mentions[i].index
			break
		}
	}
	for _, n := range d.nameless {
		if n.gender == want && n.index >= at && d.index-n.index <= corefWindow {
			return true
		}
	}
	return false
}

// gaveRole reports whether a relation found from index start on has one of
// roles.
func (c *turnCtx) gaveRole(start int, roles ...string) bool {
	for _, r := range c.out.Relations[min(start, len(c.out.Relations)):] {
		if slices.Contains(roles, r.Role) {
			return true
		}
	}
	return false
}

// listAfter reports whether the comma at k after a name opening a sentence
// goes on with a list of names ("Ana, Tom and Luis were all there"): the
// first name is one of the list, not someone spoken to.
func listAfter(s *sentence, k int) bool {
	first, ok := nameAt(s, k+1)
	if !ok || !s.Is(first.to, "and", "&", ",") {
		return false
	}
	_, ok = nameAt(s, first.to+1)
	return ok
}
