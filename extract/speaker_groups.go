package extract

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// SpeakerGroups returns what a store would hand the next batch as
// ontology.BatchContext.Groups after storing x: each organisation that
// speakers hold a current MEMBER_OF or LEADS relation to, with how many
// of them, the most held first, then by name, at most
// ontology.MaxGroupHolds. A relation's holder is a speaker when it is
// named like the speaker's label or by the label's first word (as the
// store links a speaker's entity); a relation later ended, in the order
// x holds them, no longer counts. In-process scorers use it to extract the
// way ingest does, without a store.
func SpeakerGroups(x ontology.Extraction, speakers []string) []ontology.GroupHold {
	labels := map[string]string{}
	for _, sp := range speakers {
		n := ontology.NormaliseName(sp)
		if n == "" {
			continue
		}
		labels[n] = n
		if f := strings.Fields(n); len(f) > 1 {
			if _, taken := labels[f[0]]; !taken {
				labels[f[0]] = n
			}
		}
	}
	types := map[string]ontology.EntityType{}
	conf := map[string]float64{}
	for _, e := range x.Entities {
		n := ontology.NormaliseName(e.Name)
		if c, seen := conf[n]; !seen || e.TypeConfidence > c {
			types[n], conf[n] = e.Type, e.TypeConfidence
		}
	}
	type hold struct{ speaker, group string }
	current := map[hold]bool{}
	names := map[string]string{}
	var order []string
	for _, r := range x.Relations {
		if r.Type != ontology.RelMemberOf && r.Type != ontology.RelLeads {
			continue
		}
		sp, ok := labels[ontology.NormaliseName(r.From.Name)]
		g := ontology.NormaliseName(r.To.Name)
		if !ok || g == "" {
			continue
		}
		if _, seen := names[g]; !seen {
			names[g] = r.To.Name
			order = append(order, g)
		}
		current[hold{sp, g}] = r.ValidTo == nil
	}
	count := map[string]int{}
	for h, on := range current {
		if on {
			count[h.group]++
		}
	}
	var out []ontology.GroupHold
	for _, g := range order {
		typ, ok := types[g]
		if !ok {
			typ = ontology.EntityOrganization
		}
		if count[g] > 0 && typ == ontology.EntityOrganization {
			out = append(out, ontology.GroupHold{Group: ontology.EntityRef{Name: names[g], Type: typ}, Speakers: count[g]})
		}
	}
	return ontology.RankGroupHolds(out)
}
