package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// theKindConfirmed reads a question that places the organisation in focus
// by its kind alone, with no name ("Bernard is selling Marlow Music" /
// "the shop in lewes?" / "that's the one, on Cliffe High Street"; "anya
// owns the Green Cup now" / "The cafe on Abbeydale Road? In Sharrow?" /
// "yep that one"): the other speaker's yes places it (LOCATED_IN), and so
// does a place the yes adds ("that's the one, on Cliffe High Street").
// The description resolves to the one organisation of a fitting kind
// named in the turns before the question (kindInFocus), and the relation
// cites the turn that named it. Of two places asked ("the cafe on
// Abbeydale Road? In Sharrow?") the last, which the asker settles on,
// stands. A no, a hedged yes, the asker's own answer, two organisations
// that fit, none, a question that names something itself, a choice ("the
// one in Leeds or the one in York?") and a visit read nothing.
func (c *turnCtx) theKindConfirmed(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.disc == nil || prev.speaker == t.Speaker || !strings.Contains(prev.full, "?") ||
		len(prev.full) < 4 || !strings.EqualFold(prev.full[:4], "the ") || !affirms(t.Text) || visitText(t.Text) || visitText(prev.full) || strings.Contains(strings.ToLower(prev.full), " or ") {
		return // the string tests first: most turns answer no question
	}
	sents := c.sentencesOf(prev.full)
	if len(sents) == 0 || !sents[0].Question {
		return
	}
	s := &sents[0]
	f := s.FirstWord()
	if f < 0 || !s.Is(f, "the") {
		return
	}
	prep := theOnePrep(s, f+1)
	if prep < 0 {
		return
	}
	kind := s.Norm(f + 1)
	if !s.Is(f+1, "one") && !theOneKinds[kind] {
		kind = s.Norm(f + 2) // "the big factory"
	}
	place, ok := theOnePlace(s, prev.full, prep)
	if !ok {
		return
	}
	if len(sents) > 1 { // "The cafe on Abbeydale Road? In Sharrow?"
		n := &sents[1]
		g := n.FirstWord()
		if n.Question && g >= 0 && n.Is(g, "in") {
			if more, ok := theOnePlace(n, prev.full, g); ok {
				place = more
			}
		}
	}
	a, ok := c.disc.kindInFocus(kind, prev.index)
	if !ok {
		return
	}
	keep := func(r ontology.Relation) bool { return r.Type == ontology.RelLocatedIn }
	c.readKeeping(t, a.ref.Name+" is based in "+titleCase(place)+".", keep, prev.turn, a.turn)
	if more := theOneAnswerPlace(c, t.Text); more != "" && !strings.EqualFold(more, place) {
		c.readKeeping(t, a.ref.Name+" is based in "+titleCase(more)+".", keep, prev.turn, a.turn)
	}
}

// theOneAnswerPlace returns the place a yes adds after "the one" or
// "that one": "that's the one, on Cliffe High Street" gives "Cliffe High
// Street"; else "".
func theOneAnswerPlace(c *turnCtx, text string) string {
	sents := c.sentencesOf(text)
	if len(sents) != 1 {
		return ""
	}
	s := &sents[0]
	for k := range s.Toks {
		if !s.Is(k, "one") || !s.Is(k-1, "the", "that") {
			continue
		}
		j := k + 1
		if j < len(s.Toks) && !s.Toks[j].Word && s.Tok(j).Text == "," {
			j++
		}
		if !s.Is(j, "on", "in") {
			return ""
		}
		place, ok := theOnePlace(s, text, j)
		if !ok {
			return ""
		}
		return place
	}
	return ""
}

// kindInFocus resolves a description of an organisation's kind ("the
// shop", "the one") said in the turn at index before to the one
// organisation named in the coreference window before it whose kind
// fits: any for "one"; for a kind word, one whose head is of that kind's
// class or whose kind was never said. Two that fit, or an untyped name of
// more than one word that fits beside it (it may be the one meant),
// resolve nothing; so does one last mentioned more than kindFocusTurns
// before the question, out of focus ("Dad's in The Tuesday Club" / "Claire
// is opening the B&B again" / "the one in Whitby?").
func (d *discourse) kindInFocus(kind string, before int) (antecedent, bool) {
	class := descriptionClass[kind]
	var found *mention
	for i := len(d.mentions) - 1; i >= 0; i-- {
		m := &d.mentions[i]
		if m.index >= before {
			continue
		}
		if before-m.index > corefWindow {
			break
		}
		untyped := m.ref.Type == ontology.EntityConcept && strings.Contains(m.norm, " ")
		if m.ref.Type != ontology.EntityOrganization && !untyped {
			continue
		}
		if kind != "one" {
			said := descriptionClass[m.head]
			if said == "" && kindInName(m.norm) {
				said = "?"
			}
			if said != "" && said != class {
				continue // "Hove Rugby Club" is no shop
			}
		}
		if found != nil && found.norm != m.norm {
			return antecedent{}, false
		}
		if found == nil {
			found = m // the latest mention
		}
	}
	if found == nil || found.ref.Type != ontology.EntityOrganization || before-found.index > kindFocusTurns {
		return antecedent{}, false
	}
	return antecedent{ref: found.ref, turn: found.turn}, true
}

// kindFocusTurns is how many turns before a question its organisation
// must last have been mentioned in to be the one a description means.
const kindFocusTurns = 2

// theOneSaidLeads may come before "the one in X" that says which of an
// organisation's sites is meant: "ye the one at freshney retail park",
// "diff one, the one in cleethorpes".
var theOneSaidLeads = lang.Words(`ye ya yeah yep yes yea diff different other one no nah not that`)

// theOneSaid reads "did a shift at burgerlane" / "which one" / "ye the one
// at freshney retail park", "workin at burgerlane now" / "u took my job" /
// "diff one, the one in cleethorpes by the pier": the speaker who named
// the organisation in focus says which of its sites is meant, and it is
// in that place (LOCATED_IN), citing the turn that named it. "The one"
// must answer another speaker's "which one" or follow "diff one" ("the
// one in Headingley" alone may be a person); the organisation must be
// the only one in the window and named by the speaker in the two turns
// before; a question, a place that may be no name, a time ("the one on
// friday") and anything else before "the one" ("i want the one in
// Leeds") read nothing.
func (c *turnCtx) theOneSaid(t ontology.Turn, prev *prevTurn) {
	if c.disc == nil || !strings.Contains(strings.ToLower(t.Text), "the one ") || strings.Contains(t.Text, "?") ||
		visitText(t.Text) {
		return // the string tests first: most turns say no "the one"
	}
	sents := c.sentencesOf(t.Text)
	if len(sents) == 0 {
		return
	}
	s := &sents[0]
	k, other := 0, false
	for k < len(s.Toks) && k < 6 && !s.Is(k, "the") {
		if s.Toks[k].Word && !theOneSaidLeads[s.Norm(k)] {
			return
		}
		other = other || s.Is(k, "diff", "different", "other")
		k++
	}
	if !s.Is(k, "the") || !s.Is(k+1, "one") || !s.Is(k+2, "in", "at", "on") {
		return
	}
	asked := prev != nil && prev.speaker != t.Speaker && strings.Contains(strings.ToLower(prev.full), "which one")
	if !other && !asked {
		return // "the one in Headingley" alone may be a person
	}
	prep := k + 2
	end := prep + 1
	for end < len(s.Toks) && s.Toks[end].Word && !functionWords[s.Norm(end)] && !theOneTags[s.Norm(end)] {
		end++ // "cleethorpes by the pier": the place ends before "by"
	}
	place, ok := placeBetween(s, t.Text, prep, end)
	if !ok {
		return
	}
	a, ok := c.disc.kindInFocus("one", c.disc.index)
	if !ok || c.disc.speakerOf[a.turn] != t.Speaker {
		return
	}
	keep := func(r ontology.Relation) bool { return r.Type == ontology.RelLocatedIn }
	c.readKeeping(t, a.ref.Name+" is based in "+titleCase(place)+".", keep, a.turn)
}
