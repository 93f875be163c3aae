package graph

import (
	"context"
	"fmt"
	"time"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// ReindexPlan is how `loci reindex vectors` rebuilds one searched vector
// index (PlanVectorReindex): indexes to drop first (failed ones, or a
// second of two in the same state), one to create (nil: none), the name to
// wait for until ONLINE ("" none), and the indexes to drop once it is.
type ReindexPlan struct {
	DropFirst []string
	Create    *VectorIndexDefinition
	Await     string
	DropAfter []string
}

// PlanVectorReindex plans the rebuild of the index def (as Migrate
// defines it) from the server's state of each name (absent: not there).
// The live index keeps serving SEARCH while its twin is built beside it
// with every vector (they are node properties); only once the twin is
// ONLINE is the old one dropped. A rebuild that was interrupted is taken
// up where it stopped: a twin still populating is waited for, not built
// again. Pure, so every case is tested without Neo4j.
func PlanVectorReindex(def VectorIndexDefinition, state map[string]string) ReindexPlan {
	slots := def.slots()
	st := [2]string{state[slots[0].Name], state[slots[1].Name]}
	var p ReindexPlan
	for i := range st {
		if st[i] == "FAILED" {
			p.DropFirst, st[i] = append(p.DropFirst, slots[i].Name), ""
		}
	}
	if st[0] != "" && (st[0] == "ONLINE") == (st[1] == "ONLINE") && st[1] != "" {
		// Both online (a rebuild stopped before its drop) or both
		// building: which is fresher is unknown, so the twin goes and is
		// built again.
		p.DropFirst, st[1] = append(p.DropFirst, slots[1].Name), ""
	}
	live := -1
	for i := range st {
		if st[i] == "ONLINE" {
			live = i
		}
	}
	switch {
	case live >= 0:
		other := 1 - live
		if st[other] == "" {
			p.Create = &slots[other]
		}
		p.Await, p.DropAfter = slots[other].Name, []string{slots[live].Name}
	case st[0] == "" && st[1] == "":
		p.Create, p.Await = &slots[0], slots[0].Name
	case st[0] != "":
		p.Await = slots[0].Name
	default:
		p.Await = slots[1].Name
	}
	return p
}

// Reindexed is one index `loci reindex vectors` rebuilt: its base name,
// the name SEARCH read before ("" none online) and reads now, and how
// long the rebuild took.
type Reindexed struct {
	Index, From, To string
	Took            time.Duration
}

// ReindexVectors rebuilds the vector indexes SEARCH reads (turns' and
// facts'), one after the other, while Loci keeps serving: each one's twin
// is built beside it, waited for until ONLINE (up to wait) and then the
// old one is dropped (PlanVectorReindex). Searches read the old index
// until then; each Loci process switches when its next SEARCH finds the
// old index gone (indexNames). A freshly built index holds its vectors in
// a few large Lucene segments instead of the many small ones ingest
// leaves, which is what makes a SEARCH cheaper (docs/benchmarks.md).
// Needs a server with filtered vector search.
func (s *Store) ReindexVectors(ctx context.Context, wait time.Duration) ([]Reindexed, error) {
	if s.vectors == nil {
		return nil, ontology.Errorf(ontology.EValidation, "reindex: this server runs with LOCI_EMBEDDER=none: no vector indexes")
	}
	info, err := s.Server(ctx)
	if err != nil {
		return nil, fmt.Errorf("graph: reindex: %w", err)
	}
	if !info.FilteredVectorSearch() {
		return nil, ontology.Errorf(ontology.EValidation, "reindex: Neo4j %s has no filtered vector indexes (2026.02+): rebuild with DROP INDEX and `loci migrate` instead", info.Version)
	}
	defer s.indexes.stale.Store(true)
	var out []Reindexed
	for _, def := range s.vectors.searchedIndexes() {
		r, err := s.reindexOne(ctx, def, wait)
		if err != nil {
			return out, fmt.Errorf("graph: reindex %s: %w", def.Name, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// reindexOne carries out PlanVectorReindex for def.
func (s *Store) reindexOne(ctx context.Context, def VectorIndexDefinition, wait time.Duration) (Reindexed, error) {
	start := time.Now()
	state, err := s.vectorIndexStates(ctx)
	if err != nil {
		return Reindexed{}, err
	}
	r := Reindexed{Index: def.Name, From: liveIndex(def.slots(), state)}
	p := PlanVectorReindex(def, state)
	log := ontology.Logger(ctx)
	log.Info("reindex: plan", "index", def.Name, "live", r.From, "drop_first", p.DropFirst, "await", p.Await, "drop_after", p.DropAfter)
	for _, name := range p.DropFirst {
		if err := s.dropIndex(ctx, name); err != nil {
			return r, err
		}
	}
	if p.Create != nil {
		if err := s.schemaStatement(ctx, s.vectors.createStatement(*p.Create)); err != nil {
			return r, err
		}
	}
	if err := s.awaitIndex(ctx, p.Await, wait); err != nil {
		return r, err
	}
	for _, name := range p.DropAfter {
		if err := s.dropIndex(ctx, name); err != nil {
			return r, err
		}
	}
	r.To, r.Took = p.Await, time.Since(start)
	log.Info("reindex: done", "index", def.Name, "from", r.From, "to", r.To, "took", r.Took.Round(time.Millisecond))
	return r, nil
}

// vectorIndexes reads the vector indexes' definitions and states.
func (s *Store) vectorIndexes(ctx context.Context) ([]VectorIndexDefinition, error) {
	return queryRows[VectorIndexDefinition](ctx, s, cypher.Get("vector_indexes"), nil)
}

// vectorIndexStates is each vector index's state by name.
func (s *Store) vectorIndexStates(ctx context.Context) (map[string]string, error) {
	rows, err := s.vectorIndexes(ctx)
	return statesByName(rows), err
}

// dropIndex drops one of graph/'s own index names (schema_index_drop).
func (s *Store) dropIndex(ctx context.Context, name string) error {
	return s.schemaStatement(ctx, cypher.Fill("schema_index_drop", map[string]string{"name": name}))
}

// awaitIndex waits until the index called name is ONLINE. One that fails
// to populate is dropped (the live one keeps serving) and reported; one
// still populating after wait is left to finish (a later reindex waits for
// it) and reported.
func (s *Store) awaitIndex(ctx context.Context, name string, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for {
		state, err := s.vectorIndexStates(ctx)
		if err != nil {
			return err
		}
		switch state[name] {
		case "ONLINE":
			return nil
		case "FAILED":
			if err := s.dropIndex(ctx, name); err != nil {
				return err
			}
			return ontology.Errorf(ontology.EInternal, "index %s FAILED to populate and was dropped; see Neo4j's debug.log", name)
		case "":
			return ontology.Errorf(ontology.EInternal, "index %s disappeared while it was built (another reindex?)", name)
		}
		if time.Now().After(deadline) {
			return ontology.Errorf(ontology.EUnavailable, "index %s not online after %s; it keeps populating: run the reindex again to wait for it", name, wait)
		}
		select {
		case <-ctx.Done():
			return classify(ctx.Err())
		case <-time.After(500 * time.Millisecond):
		}
	}
}
