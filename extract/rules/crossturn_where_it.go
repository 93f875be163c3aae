package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// A where-question about what only refers, "where is it?", "where's the
// hospice?", "where's the company exactly?", answered by a place: the
// organisation the conversation named just before is located there
// ("Starting at Wearside Hospice in March" / "Where is the hospice?" /
// "Ryhope."). readQuestion reads the question; answer resolves its
// subject here and reads "Wearside Hospice is based in Ryhope".

// plainNounAt reports whether token k is a lower-case word, the noun of a
// description ("the hospice", "this gym").
func plainNounAt(s *sentence, k int) bool {
	return k < len(s.Toks) && s.Toks[k].Word && !s.Toks[k].Cap && !commonWords[s.Norm(k)]
}

// whereItRefers resolves the subject of a where-question that only refers
// to the organisation meant, asked in turn asked. "it" is the most recent
// thing named, when an organisation and nothing else was named in its turn
// (not a person, an event or an untyped name); "the hospice" is the most
// recent organisation of that kind (described) or whose name ends in the
// noun ("Wearside Hospice"). The window counts from the question.
func (d *discourse) whereItRefers(subj, asked string) (antecedent, bool) {
	window := corefWindow + 1 // the question is the turn before the answer
	if subj == "they" {
		window, subj = 2, "it" // "where r they": only the turn before the question
	}
	if subj == "it" {
		var found *mention
		for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= window; i-- {
			m := &d.mentions[i]
			if m.ref.Type == ontology.EntityPlace || d.speakers[m.norm] || m.turn == asked {
				continue
			}
			if found != nil && m.index != found.index {
				break
			}
			if m.ref.Type != ontology.EntityOrganization || found != nil && found.norm != m.norm {
				return antecedent{}, false // "Tom's party at the Crown" / "where is it?"
			}
			found = m
		}
		if found == nil {
			return antecedent{}, false
		}
		return antecedent{ref: found.ref, turn: found.turn}, true
	}
	if !strings.HasPrefix(subj, "the ") {
		// "where's Thornbury Hall?", "where's Outwoods?": an organisation
		// named so or so begun.
		norm := ontology.NormaliseName(subj)
		return d.resolveWithin(window, func(m mention) bool {
			return m.ref.Type == ontology.EntityOrganization && (m.norm == norm || strings.HasPrefix(m.norm, norm+" "))
		})
	}
	noun := subj[len("the "):]
	if descriptionClass[noun] != "" {
		a, ok := d.resolveWithin(window, func(m mention) bool {
			return m.ref.Type == ontology.EntityOrganization && (m.head == descriptionClass[noun] || descriptionClass[m.head] == descriptionClass[noun])
		})
		if ok {
			return a, true
		}
	}
	return d.resolveWithin(window, func(m mention) bool {
		return m.ref.Type == ontology.EntityOrganization && (m.head == noun || nameHead(m.ref.Name) == noun)
	})
}
