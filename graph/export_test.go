package graph

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Analyst runs one of the analyst queries (cypher/analyst_*.cypher, the
// ones docs/analyst.md offers for Neo4j Browser) as a read and returns its
// rows as they come from the driver. Only names starting with "analyst_"
// are accepted, and params must name a tenant: every analyst query filters
// on $tenant and $conversation. Loci's API does not serve these queries;
// this test-only method lets the tests run them as they are shipped.
func (s *Store) Analyst(ctx context.Context, name string, params map[string]any) ([]map[string]any, error) {
	if !strings.HasPrefix(name, "analyst_") {
		return nil, ontology.Errorf(ontology.EValidation, "%q is not an analyst query", name)
	}
	if !slices.Contains(cypher.Names(), name) {
		return nil, ontology.Errorf(ontology.ENotFound, "no analyst query %q", name)
	}
	if t, _ := params["tenant"].(string); t == "" {
		return nil, ontology.Errorf(ontology.EValidation, "analyst query %s needs a tenant", name)
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) ([]map[string]any, error) {
		res, err := tx.Run(ctx, cypher.Get(name), params)
		if err != nil {
			return nil, err
		}
		return neo4j.CollectTWithContext(ctx, res, func(r *neo4j.Record) (map[string]any, error) { return r.AsMap(), nil })
	})
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

// AddTurns stores turns and their vectors (nil or one per turn) without
// knowledge: AddBatch with only those. Tests that need stored turns use it.
func (s *Store) AddTurns(ctx context.Context, tenant, conversation string, turns []ontology.Turn, vectors [][]float32) (ontology.IngestResult, error) {
	return s.AddBatch(ctx, tenant, conversation, ontology.TurnBatch{Turns: turns, Vectors: vectors})
}

// SearchWithBrokenIndex runs, in one read transaction as SearchChannels
// does, two channels for the turn vector query q: first a SEARCH step
// whose statement fails with a Neo4j error of the given code, as a vector
// index damaged by a kill -9 answered on 2026.08.1 (it could not be
// damaged on purpose), wrapped as the search path wraps its SEARCH steps;
// then the exact scan of q. Everything but that one failure runs on the
// real server.
func (s *Store) SearchWithBrokenIndex(ctx context.Context, q ontology.VectorQuery, code string) ([][]ontology.SearchResult, error) {
	exact, err := s.turnVectorStep(VectorPathExact, q)
	if err != nil {
		return nil, err
	}
	broken := func(context.Context, neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
		return nil, &neo4j.Neo4jError{Code: code, Msg: "Index 33554426 out of bounds for length 9"}
	}
	return s.runSteps(ctx, []searchStep{s.searchOrExact("turns_vector_search", searchStep{run: broken}, exact), exact})
}

// SearchChannelsOne is SearchChannels with the channels' statements
// combined into one (the default); SearchChannelsApart runs them one by
// one (Config.StatementPerChannel).
func (s *Store) SearchChannelsApart(ctx context.Context, qs []ontology.ChannelQuery) ([][]ontology.SearchResult, error) {
	return s.searchChannels(ctx, qs, false)
}

func (s *Store) SearchChannelsOne(ctx context.Context, qs []ontology.ChannelQuery) ([][]ontology.SearchResult, error) {
	return s.searchChannels(ctx, qs, true)
}

// SearchChannelsManaged is SearchChannels with every read in a managed
// transaction (ExecuteRead), as before single read statements ran as
// auto-commit transactions (readAuto).
func (s *Store) SearchChannelsManaged(ctx context.Context, qs []ontology.ChannelQuery) ([][]ontology.SearchResult, error) {
	managed := *s
	managed.autoCommit = false
	return managed.SearchChannels(ctx, qs)
}

// WithAutoCommit is the store with single read statements run as
// auto-commit transactions (on, the default) or in managed ones (off).
func (s *Store) WithAutoCommit(on bool) *Store {
	c := *s
	c.autoCommit = on
	return &c
}

// VectorStatement is the statement the turn vector query q runs on the
// store's vector path, as its step is built now (after the path and the
// live index names are brought up to date): the tests see which index a
// SEARCH reads, or that it scans exactly.
func (s *Store) VectorStatement(ctx context.Context, q ontology.VectorQuery) (string, error) {
	path, err := s.vectorPathFor(ctx)
	if err != nil {
		return "", err
	}
	step, err := s.turnVectorStep(path, q)
	if err != nil || step.one == nil {
		return "", err
	}
	return step.one.stmt, nil
}

// SetIndexRecheck sets how long a reading of the vector index names in
// which an index has no online name is trusted (indexRecheck).
func (s *Store) SetIndexRecheck(d time.Duration) { s.indexes.recheck = d }

// TwinName is the name of the twin of the index called name.
func TwinName(name string) string { return VectorIndexDefinition{Name: name}.twin().Name }

// LiveIndex is liveIndex for the index def.
func LiveIndex(def VectorIndexDefinition, state map[string]string) string {
	return liveIndex(def.slots(), state)
}

// Twin is def's twin.
func Twin(def VectorIndexDefinition) VectorIndexDefinition { return def.twin() }
