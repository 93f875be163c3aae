package graph

import (
	"context"
	"strings"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Analyst runs one of the analyst queries (cypher/analyst_*.cypher, the
// ones docs/analyst.md offers for Neo4j Browser) as a read and returns its
// rows as they come from the driver. Only names starting with "analyst_"
// are accepted, and params must name a tenant: every analyst query filters
// on $tenant and $conversation. It exists so the queries are tested as
// they are shipped; Loci's API does not serve them.
func (s *Store) Analyst(ctx context.Context, name string, params map[string]any) ([]map[string]any, error) {
	if !strings.HasPrefix(name, "analyst_") {
		return nil, ontology.Errorf(ontology.EValidation, "%q is not an analyst query", name)
	}
	if !hasStatement(name) {
		return nil, ontology.Errorf(ontology.ENotFound, "no analyst query %q", name)
	}
	if t, _ := params["tenant"].(string); t == "" {
		return nil, ontology.Errorf(ontology.EValidation, "analyst query %s needs a tenant", name)
	}
	return s.rows(ctx, cypher.Get(name), params)
}

// AnalystQueries lists the analyst queries' names.
func AnalystQueries() []string {
	var out []string
	for _, n := range cypher.Names() {
		if strings.HasPrefix(n, "analyst_") {
			out = append(out, n)
		}
	}
	return out
}

func hasStatement(name string) bool {
	for _, n := range cypher.Names() {
		if n == name {
			return true
		}
	}
	return false
}
