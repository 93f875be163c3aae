package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Coreference across speakers: a person one speaker asks about ("how's Ray
// doing?", "what are Tom and Mia up to?") is who the other speaker's
// he/she/his/her/they mean in the answer.

// askedAbout reports whether m, an untyped name that is also a common word
// ("Ray", "Will", "Mark") and no place of the gazetteer ("Reading",
// "Bath"), was written capitalised right after a question about a
// person's doings in its turn ("how's Ray doing?", "any news from Will?",
// "did you see Mark", "what happened to Ray"): there it is a person's
// name.
func (d *discourse) askedAbout(m mention) bool {
	if m.ref.Type != ontology.EntityConcept || strings.Contains(m.norm, " ") || !englishWords[m.norm] {
		return false
	}
	_, job := occupations[m.norm]
	if job || occasions[m.norm] || inGazetteer(m.norm) {
		return false
	}
	toks := d.tokensOf(d.texts[m.turn])
	for i := 1; i < len(toks); i++ {
		t := toks[i]
		if !t.Word || strings.ToLower(t.Text) != m.norm || !t.Cap || t.Text == strings.ToUpper(t.Text) {
			continue
		}
		prev := strings.ToLower(toks[i-1].Text)
		if i >= 2 && toks[i-1].Text == "'s" {
			prev = strings.ToLower(toks[i-2].Text) + "'s"
		}
		if askCues[prev] || prev == "to" && i >= 2 && strings.EqualFold(toks[i-2].Text, "happened") {
			return true
		}
	}
	return false
}

// askCues are the words right before a name in a question about how a
// person is or what they do.
var askCues = map[string]bool{"how's": true, "hows": true, "what's": true, "whats": true, "about": true,
	"see": true, "saw": true, "seen": true, "from": true, "is": true, "was": true, "did": true, "does": true}

// askedPair notes the two people a question of turn t names together
// ("what are Tom and Mia up to?") as the pair a later "they" may mean.
func (c *turnCtx) askedPair(t ontology.Turn) {
	for _, s := range c.recasedSentences(t, true) {
		for k := 0; k+2 < len(s.Toks); k++ {
			first, j, ok := c.pairMember(s, k, false)
			if !ok || first.word == "I" || !s.Is(j, "and") {
				continue
			}
			second, _, ok := c.pairMember(s, j+1, false)
			if !ok || second.word == "I" || first.name == second.name ||
				c.disc.speakers[first.name] || c.disc.speakers[second.name] {
				continue
			}
			c.disc.pair = &namedPair{people: []pairPerson{first, second}, index: c.disc.index, turn: t.ID}
			return
		}
	}
}

// unnamedPersonBefore reports whether a person named by a relationship
// word alone ("my brother", "a colleague"), or a pet by its species ("her
// dog"), comes before token i of s and may be who a pronoun asking gender
// want means ("my brother moved to Leeds with his girlfriend", "taking her
// dog out, he's called Dexter"): the pronoun then need not mean anyone
// named before.
func unnamedPersonBefore(s *sentence, i int, want byte) bool {
	for k := 1; k < i && k < len(s.Toks); k++ {
		w := s.Norm(k)
		if !isRoleWord(w) && (want == genderUnknown || !petSpecies[w]) ||
			!s.Is(k-1, "my", "our", "your", "his", "her", "their", "a", "an", "the") {
			continue
		}
		if g := roleGender[w]; want != genderUnknown && g != genderUnknown && g != want {
			continue
		}
		if k+1 < len(s.Toks) && s.Toks[k+1].Word && s.Toks[k+1].Cap {
			continue // "my brother Dev": named
		}
		if s.Is(k-2, "is", "was") && s.Is(k-1, "my", "our") {
			continue // "Ruben is my husband", "he's my husband": said of the subject, no one new
		}
		return true
	}
	return false
}
