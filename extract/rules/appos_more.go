package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Possessive appositions in more shapes (issue 14, h14-blind5): "Bruno,
// Carla's younger brother, is a chef", "Bruno — Carla's brother — is…",
// "Callum (Jess's boyfriend) is a chef", "that's Callum, Jess's new man"
// at the end of the sentence. possAppositions (appos.go) reads the plain
// comma shape; this reads the others the same way: "Carla's younger
// brother Bruno …".

// apposOpen and apposClose set an apposition off.
var apposOpen = map[string]string{",": ",", "—": "—", "–": "–", "-": "-", "(": ")"}

// possAppositionsMore reads turn t's appositions of those shapes.
func (c *turnCtx) possAppositionsMore(t ontology.Turn) {
	for _, s := range c.statements(t) {
		for k := 1; k+2 < len(s.Toks); k++ {
			closer, ok := apposOpen[s.Norm(k)]
			if !ok {
				continue
			}
			sp, pp, ok := c.possApposAt(s, k)
			if !ok {
				continue
			}
			r := pp.to
			adjectives := 0
			for adjectives < 2 && roleAdjectives[s.Norm(r)] && !(isRoleWord(s.Norm(r)) && !roleAdjectives[s.Norm(r+1)] && !isRoleWord(s.Norm(r+1))) {
				r++ // "Carla's younger brother"
				adjectives++
			}
			if !isRoleWord(s.Norm(r)) {
				continue
			}
			end := r + 1
			closed := end >= len(s.Toks) || s.Norm(end) == closer || closer == "," && !s.Toks[end].Word
			if !closed || closer == "," && adjectives == 0 && end+1 < len(s.Toks) {
				continue // the plain comma shape inside a sentence is possAppositions'
			}
			text := t.Text[s.Toks[pp.from].Start:s.Toks[r].End] + " " + sp.name
			if end+1 < len(s.Toks) && s.Norm(end) == closer {
				text += " " + t.Text[s.Toks[end+1].Start:s.End]
			}
			c.readAs(t, strings.TrimSpace(text)+".")
		}
	}
}

// spokenTo reports whether a name closing a sentence after a comma may be
// the person spoken to ("Sorry to hear about your friend, Deb."): one of
// the chat's speakers, or a chat whose speakers are unknown. "his
// girlfriend, Saskia." names someone else.
func (p *sentCtx) spokenTo(people []ontology.EntityRef) bool {
	if p.disc == nil || len(p.disc.speakers) == 0 {
		return true
	}
	for _, x := range people {
		if p.isSpeaker(x) {
			return true
		}
		n := ontology.NormaliseName(x.Name)
		for sp := range p.disc.speakers {
			if strings.HasPrefix(sp, n) || strings.HasPrefix(n, sp) {
				return true // "Deb" for the speaker "Deborah"
			}
		}
	}
	return false
}
