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
	var out ServerMemory
	rows, err := s.rows(ctx, cypher.Get("server_heap"), nil)
	if err != nil {
		return out, err
	}
	if len(rows) > 0 {
		out.HeapUsed, _ = rows[0]["used"].(int64)
		out.HeapCommitted, _ = rows[0]["committed"].(int64)
		out.HeapMax, _ = rows[0]["max"].(int64)
	}
	rows, err = s.rows(ctx, cypher.Get("server_pagecache"), nil)
	if err != nil {
		return out, err
	}
	if len(rows) > 0 {
		out.PageCacheSize, _ = rows[0]["value"].(string)
	}
	return out, nil
}

// KernelVersion returns the server's version and edition, e.g.
// "2026.08.1 community".
func (s *Store) KernelVersion(ctx context.Context) (string, error) {
	rows, err := s.rows(ctx, cypher.Get("server_kernel"), nil)
	if err != nil || len(rows) == 0 {
		return "", err
	}
	v, _ := rows[0]["version"].(string)
	e, _ := rows[0]["edition"].(string)
	return v + " " + e, nil
}
