package graph

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// vectorSpace is where one embedder's vectors live: a Turn property and a
// vector index of their own, both named after the embedder's ID and
// dimensions, so vectors of different embedders are never compared.
type vectorSpace struct {
	embedder   string
	dimensions int
	property   string // e.g. embedding_minilm_l6_v2
	index      string // e.g. turn_embedding_minilm_l6_v2_384
	factIndex  string // e.g. fact_embedding_minilm_l6_v2_384
}

// identifier is what may be placed into Cypher text as a name. Property and
// index names cannot be parameters; these are built only from checked parts.
var identifier = regexp.MustCompile(`^[a-z][a-z0-9_]{0,100}$`)

var nonIdent = regexp.MustCompile(`[^a-z0-9]+`)

func newVectorSpace(embedderID string, dimensions int) (*vectorSpace, error) {
	if dimensions < 1 || dimensions > 4096 {
		return nil, fmt.Errorf("graph: embedder %q: dimensions %d outside 1..4096", embedderID, dimensions)
	}
	slug := strings.Trim(nonIdent.ReplaceAllString(strings.ToLower(embedderID), "_"), "_")
	vs := &vectorSpace{
		embedder: embedderID, dimensions: dimensions,
		property:  "embedding_" + slug,
		index:     fmt.Sprintf("turn_embedding_%s_%d", slug, dimensions),
		factIndex: fmt.Sprintf("fact_embedding_%s_%d", slug, dimensions),
	}
	if slug == "" || !identifier.MatchString(vs.property) || !identifier.MatchString(vs.index) || !identifier.MatchString(vs.factIndex) {
		return nil, fmt.Errorf("graph: embedder id %q gives no usable index name", embedderID)
	}
	return vs, nil
}

// anchorIndex names the vector index of one anchor kind (event, profile,
// topic), built like the turn index's name from checked parts.
func (vs *vectorSpace) anchorIndex(kind string) string {
	return kind + strings.TrimPrefix(vs.index, "turn")
}

// statement returns the named statement with the space's index, property
// and dimensions filled in (and any other values given): the only names
// ever placed into Cypher text.
func (vs *vectorSpace) statement(name string, values ...map[string]string) string {
	return cypher.Fill(name, append(values, vs.placeholders())...)
}

// placeholders are the space's index, property and dimensions, by the
// placeholder names statements use for them.
func (vs *vectorSpace) placeholders() map[string]string {
	return map[string]string{"index": vs.index, "fact_index": vs.factIndex,
		"event_index": vs.anchorIndex("event"), "profile_index": vs.anchorIndex("profile"), "topic_index": vs.anchorIndex("topic"),
		"property": vs.property, "dimensions": fmt.Sprint(vs.dimensions)}
}

// vectorOverfetch is how many index candidates a tenant-wide vector search
// takes per result it needs, before filtering by tenant and speaker.
const vectorOverfetch = 20

// SearchTurnVectors returns the turns nearest to vector by cosine
// similarity. Neo4j 5.26 cannot filter inside a vector index, and the index
// holds every tenant's turns. Within one conversation Loci therefore scans
// the conversation's vectors exactly: measured on LoCoMo, an over-fetch deep
// enough to keep 100 of one conversation's turns cost as much as the scan,
// and the scan never misses. Across a tenant it over-fetches from the index,
// filters, and falls back to an exact scan when too few candidates survive.
func (s *Store) SearchTurnVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error) {
	step, err := s.turnVectorStep(q)
	if err != nil {
		return nil, err
	}
	return s.runStep(ctx, step)
}

// turnVectorStep is SearchTurnVectors' read, for one transaction or
// several: which statement runs is decided here.
func (s *Store) turnVectorStep(q ontology.VectorQuery) (searchStep, error) {
	if s.vectors == nil {
		return nil, ontology.Errorf(ontology.EValidation, "vector search needs an embedder; this server runs with LOCI_EMBEDDER=none")
	}
	if q.EmbedderID != s.vectors.embedder || len(q.Vector) != s.vectors.dimensions {
		return nil, ontology.Errorf(ontology.EInternal, "query vector from %q (%d dims) does not match stored vectors of %q (%d dims)",
			q.EmbedderID, len(q.Vector), s.vectors.embedder, s.vectors.dimensions)
	}
	var speaker, conv any
	if q.Speaker != "" {
		speaker = strings.ToLower(q.Speaker)
	}
	if q.Conversation != "" {
		conv = q.Conversation
	}
	params := q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "conversation": conv, "speaker": speaker, "vector": q.Vector,
		"index": s.vectors.index, "limit": int64(q.Limit),
		"fetch": int64(min(q.Limit*vectorOverfetch, 10000)),
	})
	run := func(name string) searchStep {
		return statementStep(s.vectors.statement(name), params, turnRecord)
	}
	if q.Adjacent != "" {
		name := "turns_vector_exact_adjacent"
		if q.Conversation == "" {
			name = "turns_vector_exact_tenant_adjacent"
		}
		pattern, err := adjacentPattern(q.Adjacent)
		if err != nil {
			return nil, err
		}
		params["fetch"] = int64(q.Limit * adjacentOverfetch)
		return statementStep(s.vectors.statement(name, pattern), params, turnRecord), nil
	}
	if q.Conversation != "" {
		return run("turns_vector_exact"), nil
	}
	return fallbackStep(run("turns_vector_ann"), run("turns_vector_exact_tenant"), q.Limit), nil
}
