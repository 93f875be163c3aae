package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/loci-memory/loci/internal/config"
)

// `loci reindex` without "vectors", or with a bad flag, fails before it
// opens anything (no Neo4j needed to refuse it).
func TestReindexCmdRefusesBadArguments(t *testing.T) {
	for _, args := range [][]string{nil, {"fulltext"}, {"vectors", "--wait", "soon"}} {
		err := reindexCmd(context.Background(), config.Config{}, args, io.Discard)
		if err == nil {
			t.Errorf("loci reindex %s: no error", strings.Join(args, " "))
		}
	}
}
