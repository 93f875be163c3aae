package graph

import (
	"context"
	"errors"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/ontology"
)

// indexRecheck is how long the store trusts a reading of the vector
// indexes in which one SEARCH reads has no ONLINE name (being built or
// rebuilt): its searches scan exactly meanwhile, and the next search after
// this long reads the indexes again to go back to SEARCH once it is
// online. A reading in which every index is online is trusted until a
// SEARCH fails with IndexNotFound.
const indexRecheck = 2 * time.Second

// indexNames is which name of each searched vector index (the index or
// its twin, see VectorIndexDefinition.twin) SEARCH statements read, as
// last read from the server. `loci reindex vectors` switches names while
// any number of Loci processes serve; each finds out by itself, when a
// SEARCH fails with IndexNotFound (the old index dropped) or, while no
// name is online, every indexRecheck. Shared by a store and its
// WithVectorSearch copies.
type indexNames struct {
	mu      sync.Mutex // held while reading the server
	current atomic.Pointer[indexReading]
	stale   atomic.Bool
	recheck time.Duration
}

// indexReading is one reading: each searched index's base name to the
// name SEARCH reads, "" when neither of its names is ONLINE.
type indexReading struct {
	live map[string]string
	at   time.Time
}

// outdated reports whether r must be read again at now.
func (r *indexReading) outdated(now time.Time, recheck time.Duration) bool {
	if r == nil {
		return true
	}
	for _, name := range r.live {
		if name == "" {
			return now.Sub(r.at) >= recheck
		}
	}
	return false
}

// liveIndex picks the name SEARCH reads of an index's two definitions
// (slots) from the server's vector indexes (state by name): an ONLINE
// one, the first slot when both are; "" when neither is ONLINE, so
// searches scan exactly rather than fail. Pure.
func liveIndex(slots [2]VectorIndexDefinition, state map[string]string) string {
	for _, def := range slots {
		if state[def.Name] == "ONLINE" {
			return def.Name
		}
	}
	return ""
}

// liveNames is the reading of the searched indexes from the server's
// vector indexes. Pure.
func liveNames(searched []VectorIndexDefinition, have []VectorIndexDefinition) map[string]string {
	state := statesByName(have)
	live := map[string]string{}
	for _, def := range searched {
		live[def.Name] = liveIndex(def.slots(), state)
	}
	return live
}

// statesByName is each index's state by name. Pure.
func statesByName(have []VectorIndexDefinition) map[string]string {
	state := map[string]string{}
	for _, h := range have {
		state[h.Name] = h.State
	}
	return state
}

// refreshIndexNames reads the vector indexes again when the last reading
// is outdated or was marked stale; a failed read keeps the last reading
// (the searches then fail or fall back as they would without it) unless
// there is none.
func (s *Store) refreshIndexNames(ctx context.Context) error {
	n := s.indexes
	if !n.stale.Load() && !n.current.Load().outdated(time.Now(), n.recheck) {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.stale.Load() && !n.current.Load().outdated(time.Now(), n.recheck) {
		return nil // another search read them meanwhile
	}
	n.stale.Store(false)
	rows, err := s.vectorIndexes(ctx)
	if err != nil {
		if n.current.Load() != nil {
			ontology.Logger(ctx).Warn("reading the vector indexes failed; keeping the last reading", "err", err)
			return nil
		}
		return err
	}
	r := &indexReading{live: liveNames(s.vectors.searchedIndexes(), rows), at: time.Now()}
	if old := n.current.Load(); old == nil || !maps.Equal(old.live, r.live) {
		ontology.Logger(ctx).Info("vector indexes SEARCH reads", "names", r.live)
	}
	n.current.Store(r)
	return nil
}

// liveIndexName is the name SEARCH reads for the searched index called
// base, "" when none is online (searches then scan exactly). Without a
// reading (never read) it is base itself: the SEARCH then fails and falls
// back as it would without this lookup.
func (s *Store) liveIndexName(base string) string {
	r := s.indexes.current.Load()
	if r == nil {
		return base
	}
	name, ok := r.live[base]
	if !ok {
		return base
	}
	return name
}

// searchNames are the placeholders of the live turn and fact index names,
// filled into SEARCH statements before the space's own (vs.placeholders).
func (s *Store) searchNames() map[string]string {
	return map[string]string{"index": s.liveIndexName(s.vectors.index), "fact_index": s.liveIndexName(s.vectors.factIndex)}
}

// isIndexNotFound reports Neo4j's answer to a SEARCH on an index that does
// not exist (dropped by a reindex) or is still populating.
func isIndexNotFound(err error) bool {
	var neoErr *neo4j.Neo4jError
	return errors.As(err, &neoErr) && strings.HasSuffix(neoErr.Code, ".Schema.IndexNotFound")
}

// searchFailed reports a SEARCH failure the exact scan answers instead
// (searchOrExact): the server's (DatabaseError) or an index not there or
// not ready (IndexNotFound).
func searchFailed(err error) bool {
	return isDatabaseError(err) || isIndexNotFound(err)
}
