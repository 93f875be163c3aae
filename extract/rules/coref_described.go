package rules

import "github.com/loci-memory/loci/ontology"

// described resolves a definite description ("the company", "the clinic")
// to the most recent organisation or place whose head noun is of the
// description's class. Past the window a description still finds the one
// such entity of twice its turns ("Terry runs the club" five turns after
// "Grindon Social Club" alone was named): its kind says which is meant,
// where a pronoun says only a type; two of them resolve nothing.
func (d *discourse) described(noun string) (antecedent, bool) {
	class := descriptionClass[noun]
	if class == "" {
		return antecedent{}, false
	}
	match := func(m mention) bool {
		if m.ref.Type != ontology.EntityOrganization && m.ref.Type != ontology.EntityPlace {
			return false
		}
		return m.head == class || descriptionClass[m.head] == class
	}
	if a, ok := d.resolve(match); ok {
		return a, true
	}
	return d.onlyWithin(2*corefWindow, match)
}

// onlyWithin returns the one entity that match accepts among the mentions
// of the turns at most window back, the latest mention of it; none when
// two different ones are there.
func (d *discourse) onlyWithin(window int, match func(m mention) bool) (antecedent, bool) {
	var found *mention
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= window; i-- {
		m := &d.mentions[i]
		if !match(*m) {
			continue
		}
		if found != nil && found.norm != m.norm {
			return antecedent{}, false
		}
		if found == nil {
			found = m
		}
	}
	if found == nil {
		return antecedent{}, false
	}
	return antecedent{ref: found.ref, turn: found.turn}, true
}
