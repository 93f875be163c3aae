package graph_test

import (
	"context"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graph/graphtest"
)

// The bench reads the server's heap and page cache setting and its version
// through Cypher; these procedures must exist on the series the tests run on.
func TestServerMemoryAndKernelVersion(t *testing.T) {
	s := graphtest.Store(t)
	ctx := context.Background()
	m, err := s.ServerMemory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if m.HeapUsed <= 0 || m.HeapCommitted < m.HeapUsed || m.HeapMax < m.HeapCommitted {
		t.Errorf("heap used %d, committed %d, max %d: want 0 < used <= committed <= max", m.HeapUsed, m.HeapCommitted, m.HeapMax)
	}
	if !strings.HasSuffix(m.PageCacheSize, "B") {
		t.Errorf("page cache setting %q, want a size such as 4.00GiB", m.PageCacheSize)
	}
	v, err := s.KernelVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if f := strings.Fields(v); len(f) != 2 || !strings.Contains(f[0], ".") {
		t.Errorf("kernel version %q, want e.g. \"5.26.0 community\"", v)
	}
}
