package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// foundAskVerbs ask who started an organisation: "who started larkspur?",
// "who founded Ceiba?", "who set up the Hive?", "who set Soar Valley up?".
var foundAskVerbs = lang.Words(`started founded co-founded set opened`)

// whoFounded reads "who started larkspur?" / "me and hattie brennan, 2016,
// on my kitchen table" and "who founded Ceiba?" / "Santi": the ones the
// next speaker's answer names founded it (CREATED, read as "X founded
// Y.", citing the question). A question of no name ("who started the
// fight?", "who started it?"), an answer that asks back, hedges ("i think
// bea?", "maybe hattie"), says no one ("no idea", "not me") or names more
// than a short list reads nothing.
func (c *turnCtx) whoFounded(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.speaker.Name == "" || prev.speaker == t.Speaker || !strings.Contains(strings.ToLower(prev.full), "who") {
		return
	}
	org, ok := c.foundingAsked(prev.full)
	if !ok {
		return
	}
	s, f := c.known.firstSentence(t.Text)
	if f < 0 || s.Question || strings.Contains(t.Text, "?") || answerHedged(t.Text) {
		return
	}
	var names []string
	k := f
	for len(names) < 3 {
		switch {
		case s.Is(k, "me", "i", "myself"):
			names = append([]string{"Me"}, names...) // "Me and X founded Y." reads as the speaker's own statement
			k++
		default:
			e := k
			for e < len(s.Toks) && e-k < 3 && (s.Tok(e).Cap && s.Tok(e).Word && lettersOnly(s.Norm(e)) || lowerNameWord(s, e)) &&
				!functionWords[s.Norm(e)] && !commonWords[s.Norm(e)] && !s.Is(e, "and", "n") {
				e++
			}
			if e == k {
				return
			}
			name := titleCase(strings.ToLower(t.Text[s.Tok(k).Start:s.Tok(e-1).End]))
			if c.disc.typedAs(name, ontology.EntityPlace) || c.disc.typedAs(name, ontology.EntityOrganization) || strings.EqualFold(name, org) {
				return
			}
			names = append(names, name)
			k = e
		}
		if !s.Is(k, "and", "n", "&") {
			break
		}
		k++
	}
	// the names end the answer's first clause: "me and hattie brennan, 2016"
	if len(names) == 0 || k < len(s.Toks) && s.Tok(k).Word && !s.Is(k, "did", "back", "in", "lol", "haha", "obviously", "ofc") {
		return
	}
	saved := c.cite
	c.cite = union(clone(c.cite), []string{prev.turn})
	c.readAs(t, strings.Join(names, " and ")+" founded "+org+".", prev.turn)
	c.cite = saved
}

// foundingAsked returns the organisation a question in text asks the
// founder of: "who started larkspur?" gives "Larkspur", "who set Soar
// Valley up?" "Soar Valley". The name is capitalised, or a lower-case
// word the chat named an organisation before.
func (c *turnCtx) foundingAsked(text string) (string, bool) {
	for _, s := range lang.SplitSentences(lang.Tokenize(text)) {
		if !s.Question {
			continue
		}
		w := s.FirstWord()
		for w >= 0 && w < len(s.Toks) && !s.Is(w, "who") {
			w++
		}
		k := w + 1
		if w < 0 || w >= len(s.Toks) || !foundAskVerbs[s.Norm(k)] {
			continue
		}
		setUp := s.Is(k, "set")
		k++
		if setUp && s.Is(k, "up") {
			k, setUp = k+1, false
		}
		e := k
		for e < len(s.Toks) && e-k < 4 && s.Tok(e).Word && (s.Tok(e).Cap || s.Is(e, "&") || e == k && (c.knownOrgWord(s.Tok(e)) || lowerNameWord(&s, e) && (e+1 == len(s.Toks) || s.Is(e+1, "?")))) {
			e++
		}
		if setUp && s.Is(e, "up") {
			e, setUp = e+1, false
		}
		if e == k || setUp || e < len(s.Toks) && s.Norm(e) != "?" {
			continue
		}
		end := e
		if s.Is(end-1, "up") {
			end--
		}
		name := titleCase(text[s.Tok(k).Start:s.Tok(end-1).End])
		if frameTimeWord(name) || c.disc.typedPerson(name) || c.disc.typedAs(name, ontology.EntityPlace) {
			continue // "who started Monday?", "who started Kasia on tills?"
		}
		return name, true
	}
	return "", false
}

// knownOrgWord reports whether a lower-case word is a name the chat gave
// before, not a person's nor a place's ("at larkspur", then "who started
// larkspur?").
func (c *turnCtx) knownOrgWord(t lang.Token) bool {
	return c.disc.typedAs(t.Text, ontology.EntityOrganization) ||
		c.disc.namedBefore(t.Norm) && !c.disc.typedPerson(t.Text) && !c.disc.typedAs(t.Text, ontology.EntityPlace) && !c.disc.typedAs(t.Text, ontology.EntityAnimal)
}

// answerHedged reports whether an answer's text guesses or says no one
// (answerHedges: "bea i think", "maybe hattie", "no idea", "not me").
func answerHedged(text string) bool {
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if answerHedges[strings.Trim(w, ".,!?")] {
			return true
		}
	}
	return false
}
