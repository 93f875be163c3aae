package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

// Sarcasm (issue 14, h14-blind5): "oh sure, I just LOVE Mondays 🙄" says
// the opposite of a liking. A wrong LIKES costs more than a missed one,
// so a sentence marked as sarcastic keeps none of the likings it drew.

// sarcasmEmoji, right after a sentence or in it, mark it as meant the
// other way round.
var sarcasmEmoji = []string{"🙄", "🙃", "😒", "/s"}

// sarcasmOpeners open a sarcastic sentence.
var sarcasmOpeners = []string{"oh sure", "oh great", "oh joy", "yeah right", "oh yeah i just", "sure, i just", "oh how i love"}

// sarcastic reports whether the sentence s of text is marked as sarcastic:
// an eye-roll emoji in it or right after it (before the next word), or an
// opener such as "oh sure".
func sarcastic(text string, s *sentence) bool {
	if s.Start < 0 || s.End > len(text) || s.Start > s.End {
		return false
	}
	end := s.End
	for end < len(text) {
		r := rune(text[end])
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			break
		}
		end++
	}
	span := text[s.Start:end]
	for _, e := range sarcasmEmoji {
		if strings.Contains(span, e) {
			return true
		}
	}
	low := strings.ToLower(strings.TrimLeft(text[s.Start:s.End], " \t"))
	for _, o := range sarcasmOpeners {
		if strings.HasPrefix(low, o) {
			return true
		}
	}
	return false
}

// dropSarcasticLikes removes the likings the sentence added (relations
// from index rel on, interest profile facts from prof on) when the
// sentence is sarcastic.
func (c *turnCtx) dropSarcasticLikes(s *sentence, rel, prof int) {
	if len(c.out.Relations) <= rel && len(c.out.Profile) <= prof || !sarcastic(c.text, s) { // nothing added to drop
		return
	}
	if rel <= len(c.out.Relations) {
		c.dropRelationsFrom(rel, func(r ontology.Relation) bool { return r.Type == ontology.RelLikes })
	}
	if prof <= len(c.out.Profile) {
		kept := c.out.Profile[:prof]
		for _, f := range c.out.Profile[prof:] {
			if f.Topic != "interests" {
				kept = append(kept, f)
			}
		}
		c.out.Profile = kept
	}
}
