package llmcontext

import (
	"context"
	"fmt"
	"strings"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// expansionQueries proposes queries from the anchors, round-robin topic →
// entity → event, up to n: a topic's label and participants, an entity's
// name and its first attributes, an event's participants, action and time.
func expansionQueries(set anchorSet, n int) []string {
	var topicQ, entityQ, eventQ []string
	for _, a := range set.topics {
		q := a.Title
		if len(a.Participants) > 0 {
			q += " " + strings.Join(a.Participants[:min(2, len(a.Participants))], " ")
		}
		topicQ = append(topicQ, q)
	}
	for _, a := range set.profiles {
		for _, l := range a.Lines[1:min(len(a.Lines), 4)] {
			entityQ = append(entityQ, a.Title+" "+l.Text)
		}
	}
	for _, a := range set.events {
		q := strings.Join(a.Participants, " ") + " " + a.Title
		if a.When != nil && a.When.Phrase != "" && a.When.Phrase != "session date" {
			q += " " + a.When.Phrase
		}
		eventQ = append(eventQ, strings.TrimSpace(q))
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; len(out) < n; i++ {
		added := false
		for _, list := range [][]string{topicQ, entityQ, eventQ} {
			if i < len(list) && len(out) < n {
				added = true
				if q := strings.TrimSpace(list[i]); q != "" && !seen[q] {
					seen[q] = true
					out = append(out, q)
				}
			}
		}
		if !added {
			break
		}
	}
	return out
}

// expand runs each expanded query with the expansion retrieval config and
// fuses all rankings with the original one by weighted RRF (query's one
// fusion): the original weighs 1, the expansions share ExpansionWeight, so
// together they supplement the original ranking rather than outvote it.
// Each result keeps its explanation and gains the rank it has in each
// expansion ("expansion_N").
func (s *Service) expand(ctx context.Context, cc Config, req ontology.SearchRequest, p query.Prepared, original []ontology.SearchResult, queries []string) ([]ontology.SearchResult, error) {
	ecfg, err := query.Preset(cc.ExpansionSearch)
	if err != nil {
		return nil, err
	}
	for i, q := range queries {
		if len(q) > ontology.MaxQueryBytes {
			queries[i] = q[:ontology.MaxQueryBytes]
		}
	}
	results, err := s.search.RunMany(ctx, ecfg, req, p, queries)
	if err != nil {
		return nil, err
	}
	rankings := []query.Ranking{{Weight: 1, Results: original}}
	w := cc.ExpansionWeight / float64(len(results))
	for i, list := range results {
		rankings = append(rankings, query.Ranking{Channel: fmt.Sprintf("expansion_%d", i+1), Weight: w, Results: list})
	}
	return query.FuseRRF(0, rankings), nil
}
