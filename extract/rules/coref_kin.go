package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// noteKinTitle records that a typing cue "title:<word>" named name by a
// family title (kinTitles: "Aunty Thanh", "Uncle Femi"), which says the
// person is family of the speakers, not anyone's partner.
func (d *discourse) noteKinTitle(name, cue string) {
	if t, ok := strings.CutPrefix(cue, "title:"); ok && kinTitles[t] != "" {
		if d.kin == nil {
			d.kin = map[string]bool{}
		}
		d.kin[ontology.NormaliseName(name)] = true
	}
}

// partnerWithin resolves "your girlfriend", said without a name, like
// namedPersonWithin, skipping the people a family title named: after
// "Aunty Thanh's 60th" and "Can I bring Aigerim?", "your girlfriend" is
// not the aunt, whose gender alone fits.
func (d *discourse) partnerWithin(window int, pronoun string) (antecedent, bool) {
	want := pronounGender[pronoun]
	return d.resolveWithin(window, func(m mention) bool {
		return m.ref.Type == ontology.EntityPerson && !d.speakers[m.norm] && !d.kin[m.norm] &&
			(want == genderUnknown || m.gender == genderUnknown || m.gender == want)
	})
}

// topicHeading reports whether the name sp heads a piece of news about
// it: "update on Aigerim: he's set up his own studio", "news about Nurlan -
// she got in". The preposition before it does not make it an object a
// pronoun cannot mean.
func topicHeading(s *sentence, sp span) bool {
	return s.Is(sp.from-1, "on", "about", "re") && s.Is(sp.to, ":", "-", "–") &&
		s.Is(sp.from-2, "update", "updates", "news", "gossip", "word")
}
