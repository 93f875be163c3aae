package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// pluralTeam reports whether what one joins is named as a team is, a
// plural after "the" ("joined the Ramblers", "has joined the Falcons",
// "joined the Harbour Singers"): membership of a club or team, not a job.
// Plurals that name employers as often ("the Samaritans" aside) end in a
// corporate word and are left to the employer reading.
func pluralTeam(s *sentence, k int, name string) bool {
	if s.Norm(k) != "the" {
		return false
	}
	f := strings.Fields(strings.ToLower(name))
	if len(f) == 0 {
		return false
	}
	last := f[len(f)-1]
	return strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && !strings.HasSuffix(last, "'s") &&
		!corporatePlurals[last]
}

// corporatePlurals end the names of employers though they are plurals.
var corporatePlurals = map[string]bool{"systems": true, "solutions": true, "holdings": true, "partners": true,
	"associates": true, "industries": true, "services": true, "labs": true, "technologies": true, "networks": true,
	"communications": true, "logistics": true, "analytics": true, "foods": true, "pharmaceuticals": true,
	"stores": true, "airlines": true, "airways": true, "motors": true, "brothers": true, "sons": true,
	"news": true, "times": true, "games": true, "studios": true, "films": true, "records": true}

// admittedInto reports whether a liking frame read through "gotten into" /
// "getting into" names a place or an organisation: "Liam's gotten into
// Cambridge" is a place won at a university, "gotten into pottery" a liking.
func admittedInto(f frame, to ontology.EntityRef) bool {
	if to.Type != ontology.EntityPlace && to.Type != ontology.EntityOrganization {
		return false
	}
	for _, t := range f.toks {
		if t.words["gotten"] || t.words["getting"] {
			return true
		}
	}
	return false
}
