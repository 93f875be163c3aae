package rules

import "github.com/loci-memory/loci/lang"

// neighbourBefore are the words after which a lower-case word before
// "next door" is a neighbour named in a list or as news: "the church
// ladies and ria next door", "also ria next door has sold the padstal".
var neighbourBefore = lang.Words(`and with & n also plus see saw visit visited tell told ask asked called`)

// lowerNeighbour reads the lower-case name at k, before "next door", of a
// chat typed without capitals (issue 14, h14-kin30): a word that no list
// of words, places or organisations knows, opening the sentence or after
// a list's "and" or a verb that takes a person. "the house next door",
// "tesco next door" and "from the chippy next door" read nothing.
func (p *sentCtx) lowerNeighbour(k int) (string, bool) {
	s := p.s
	if _, org := lookupOrg(s.Norm(k), false); !lowerNameWord(s, k) || org || k != afterLeads(s) && !neighbourBefore[s.Norm(k-1)] {
		return "", false
	}
	return titleCase(s.Toks[k].Text), true
}
