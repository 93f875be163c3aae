package graph

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// How vector channels are answered (Store.VectorPath).
const (
	// VectorPathSearch is in-index filtered approximate search: Cypher 25
	// SEARCH on vector indexes that declare their scope properties, so the
	// HNSW search visits only the tenant's (conversation's, speaker's)
	// nodes. Neo4j 2026.02 and later.
	VectorPathSearch = "search"
	// VectorPathExact scans the scope's vectors exactly, per conversation
	// and tenant-wide (LOCI_VECTOR_SEARCH=exact). Never misses; its cost
	// grows with the scope.
	VectorPathExact = "exact"
	// VectorPathOverfetch is the path for servers without filtered vector
	// search (Neo4j 5.26): an exact scan within a conversation, and across
	// a tenant an over-fetch from the unfiltered index with an exact scan
	// as fallback when too few of the tenant's nodes survive.
	VectorPathOverfetch = "overfetch"
)

// Vector search overrides (Config.VectorSearch, LOCI_VECTOR_SEARCH).
const (
	VectorSearchAuto  = "auto"
	VectorSearchExact = "exact"
)

// ServerInfo is what Loci reads of the Neo4j server once (dbms.components).
type ServerInfo struct {
	Version string // e.g. 2026.08.1 or 5.26.29
	Edition string // community or enterprise
}

// FilteredVectorSearch reports whether the server answers Cypher 25 SEARCH
// with a WHERE on properties declared in the vector index's WITH [...]:
// introduced as a preview in 2026.01 and generally available from 2026.02,
// in every edition. Calendar versions (YYYY.MM) are compared; the 5.x
// series and anything unparsable have no filtered search.
func (i ServerInfo) FilteredVectorSearch() bool {
	parts := strings.SplitN(i.Version, ".", 3)
	if len(parts) < 2 {
		return false
	}
	year, err1 := strconv.Atoi(parts[0])
	month, err2 := strconv.Atoi(strings.TrimSuffix(parts[1], "-aura"))
	if err1 != nil || err2 != nil {
		return false
	}
	return year > 2026 || year == 2026 && month >= 2
}

// ChooseVectorPath decides how vector channels run on a server, given the
// override ("" or "auto": the best the server supports; "exact": exact
// scans). It is pure, so the choice is tested without Neo4j.
func ChooseVectorPath(info ServerInfo, override string) (string, error) {
	switch override {
	case "", VectorSearchAuto:
		if info.FilteredVectorSearch() {
			return VectorPathSearch, nil
		}
		return VectorPathOverfetch, nil
	case VectorSearchExact:
		return VectorPathExact, nil
	}
	return "", fmt.Errorf("graph: LOCI_VECTOR_SEARCH=%q: want %s or %s", override, VectorSearchAuto, VectorSearchExact)
}

// serverState caches the server's info and the vector path chosen for it:
// read on first need (Open does not contact Neo4j) and then kept.
type serverState struct {
	mu       sync.Mutex
	read     bool
	info     ServerInfo
	path     string
	override string
}

// Server returns the server's version and edition, read once.
func (s *Store) Server(ctx context.Context) (ServerInfo, error) {
	st := s.server
	st.mu.Lock()
	defer st.mu.Unlock()
	if err := s.readServer(ctx, st); err != nil {
		return ServerInfo{}, err
	}
	return st.info, nil
}

// VectorPath returns how this store answers vector channels (one of the
// VectorPath constants), chosen once from the server's version and
// Config.VectorSearch and logged when chosen.
func (s *Store) VectorPath(ctx context.Context) (string, error) {
	st := s.server
	st.mu.Lock()
	defer st.mu.Unlock()
	if err := s.readServer(ctx, st); err != nil {
		return "", err
	}
	return st.path, nil
}

// WithVectorSearch returns a store sharing s's connections whose vector
// channels use override instead (VectorSearchAuto or VectorSearchExact):
// the recall measurement compares both paths on one server.
func (s *Store) WithVectorSearch(override string) (*Store, error) {
	if _, err := ChooseVectorPath(ServerInfo{}, override); err != nil {
		return nil, err
	}
	c := *s
	c.server = &serverState{override: override}
	return &c, nil
}

// readServer fills st on first call; st.mu is held.
func (s *Store) readServer(ctx context.Context, st *serverState) error {
	if st.read {
		return nil
	}
	type componentRow struct {
		Name     string
		Versions []string
		Edition  string
	}
	rows, err := queryRows[componentRow](ctx, s, cypher.Get("server_components"), nil)
	if err != nil {
		return fmt.Errorf("graph: reading the server version: %w", err)
	}
	var info ServerInfo
	for _, r := range rows {
		if r.Name == "Neo4j Kernel" {
			info.Edition = r.Edition
			if len(r.Versions) > 0 {
				info.Version = r.Versions[0]
			}
		}
	}
	path, err := ChooseVectorPath(info, st.override)
	if err != nil {
		return err
	}
	st.read, st.info, st.path = true, info, path
	ontology.Logger(ctx).Info("vector search path chosen", "path", path, "neo4j_version", info.Version,
		"edition", info.Edition, "filtered_vector_search", info.FilteredVectorSearch(), "override", st.override)
	return nil
}
