package metamorph

import (
	"context"
	"fmt"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/ontology"
)

// LoadDev reads the dev half of the gold set under dir as conversations:
// a chat's turns, or a LoCoMo conversation's annotated turns read from
// locomo ("" skips LoCoMo conversations). The test half is never opened.
func LoadDev(dir, locomo string) ([]Conv, error) {
	golds, err := graphbench.LoadSplit(dir, graphbench.SplitDev)
	if err != nil {
		return nil, err
	}
	var samples []extract.LoCoMoSample
	var out []Conv
	for _, g := range golds {
		c := Conv{Name: g.Name(), Annotation: g.Annotation}
		switch kind, id := g.Kind(); kind {
		case "chat":
			c.Turns = g.Chat.Turns
		case "locomo":
			if locomo == "" {
				continue
			}
			if samples == nil {
				if samples, err = extract.ReadLoCoMoFile(locomo); err != nil {
					return nil, err
				}
			}
			for _, s := range samples {
				if s.ID != id {
					continue
				}
				for _, ses := range s.Sessions {
					for _, t := range ses.Turns {
						if g.InSpan(t.ID) {
							c.Turns = append(c.Turns, t)
						}
					}
				}
			}
		default:
			return nil, fmt.Errorf("metamorph: unknown conversation %q", g.Conversation)
		}
		out = append(out, c)
	}
	return out, nil
}

// Run extracts c the way the ingestor does: one batch per session, with
// the turns just before it as context.
func Run(ctx context.Context, x ontology.Extractor, c Conv) (ontology.Extraction, error) {
	var stored extract.Stored
	speakers := c.Speakers()
	for i := 0; i < len(c.Turns); {
		j := i + 1
		for j < len(c.Turns) && c.Turns[j].Session == c.Turns[i].Session {
			j++
		}
		req := ontology.ExtractRequest{Conversation: "variant:" + c.Name, Turns: c.Turns[i:j], Speakers: speakers,
			Context: c.Turns[max(0, i-extract.ContextTurns):i]}
		stored.Fill(&req)
		got, _, err := x.Extract(ctx, req)
		if err != nil {
			return stored.Knowledge, fmt.Errorf("metamorph: %s: %w", c.Name, err)
		}
		stored.Add(got)
		i = j
	}
	return stored.Knowledge, nil
}

// Found reports, for each gold relation of c in order, whether the
// extraction x has it; wrong lists x's relations that match no gold
// relation (inside the annotated span).
func Found(c Conv, x ontology.Extraction) (found []bool, wrong []ontology.Relation) {
	g, r, pred := scoring(c, x)
	for i, p := range pred {
		if c := graphbench.ScoreRelations(g, r, pred[i:i+1])[p.Type]; c.Predicted == 1 && c.Correct == 0 {
			wrong = append(wrong, x.Relations[i])
		}
	}
	return graphbench.FoundRelations(g, r, pred), wrong
}

// Score matches an extraction of c against c's gold with the bench's
// scorer: an extracted entity is stored under its normalised name.
func Score(c Conv, x ontology.Extraction) map[ontology.RelationType]graphbench.Counts {
	return graphbench.ScoreRelations(scoring(c, x))
}

// scoring is c's gold, a resolver and the predictions of x, one per
// relation of x in order.
func scoring(c Conv, x ontology.Extraction) (graphbench.Gold, *graphbench.Resolver, []graphbench.Predicted) {
	stored := map[string]graphbench.StoredEntity{}
	add := func(name string) string {
		id := graphbench.Normalise(name)
		if _, ok := stored[id]; !ok {
			stored[id] = graphbench.StoredEntity{ID: id, Name: name}
		}
		return id
	}
	var pred []graphbench.Predicted
	for _, r := range x.Relations {
		pred = append(pred, graphbench.Predicted{Type: r.Type, FromID: add(r.From.Name), ToID: add(r.To.Name),
			Role: r.Role, SourceTurnIDs: r.SourceTurnIDs})
	}
	list := make([]graphbench.StoredEntity, 0, len(stored))
	for _, s := range stored {
		list = append(list, s)
	}
	g := graphbench.Gold{Split: graphbench.SplitDev, Annotation: c.Annotation}
	return g, graphbench.NewResolver(c.Entities, list), pred
}

// Table accumulates counts per variant and relation type.
type Table map[string]map[ontology.RelationType]graphbench.Counts

// Add adds one conversation's counts under variant v.
func (t Table) Add(v string, counts map[ontology.RelationType]graphbench.Counts) {
	if t[v] == nil {
		t[v] = map[ontology.RelationType]graphbench.Counts{}
	}
	for typ, c := range counts {
		t[v][typ] = sum(t[v][typ], c)
	}
}

// sum adds the relation counts of b to a (the ended counts are not kept).
func sum(a, b graphbench.Counts) graphbench.Counts {
	a.Predicted += b.Predicted
	a.Correct += b.Correct
	a.Gold += b.Gold
	a.Found += b.Found
	return a
}

// Overall sums variant v's counts over every type.
func (t Table) Overall(v string) graphbench.Counts {
	var all graphbench.Counts
	for _, c := range t[v] {
		all = sum(all, c)
	}
	return all
}
