package graph

import (
	"context"

	"github.com/loci-memory/loci/cypher"
)

// ServerMemory is what Neo4j reports of its memory: heap in bytes and the
// configured page cache size (as the setting reads, e.g. "3.00GiB").
type ServerMemory struct {
	HeapUsed, HeapCommitted, HeapMax int64
	PageCacheSize                    string
}

// ServerMemory reads the server's heap use (JMX through dbms.queryJmx) and
// its page cache setting, for benchmarks and sizing. Server-wide: no
// tenant's data is read.
func (s *Store) ServerMemory(ctx context.Context) (ServerMemory, error) {
	type heapRow struct{ Used, Committed, Max int64 }
	type settingRow struct{ Value string }
	var out ServerMemory
	heap, err := queryRows[heapRow](ctx, s, cypher.Get("server_heap"), nil)
	if err != nil {
		return out, err
	}
	if h, ok := first(heap); ok {
		out.HeapUsed, out.HeapCommitted, out.HeapMax = h.Used, h.Committed, h.Max
	}
	setting, err := queryRows[settingRow](ctx, s, cypher.Get("server_pagecache"), nil)
	if err != nil {
		return out, err
	}
	if v, ok := first(setting); ok {
		out.PageCacheSize = v.Value
	}
	return out, nil
}

// KernelVersion returns the server's version and edition, e.g.
// "2026.08.1 community".
func (s *Store) KernelVersion(ctx context.Context) (string, error) {
	type kernelRow struct{ Version, Edition string }
	rows, err := queryRows[kernelRow](ctx, s, cypher.Get("server_kernel"), nil)
	if err != nil || len(rows) == 0 {
		return "", err
	}
	return rows[0].Version + " " + rows[0].Edition, nil
}
