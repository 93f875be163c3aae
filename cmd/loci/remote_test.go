package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/handlers"
	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/apptest"
	"github.com/loci-memory/loci/internal/bench"
)

// The CLI's import and eval drive a running Loci through the Go client
// (--url), so the client is exercised by the commands themselves.
func TestImportAndEvalThroughTheAPI(t *testing.T) {
	store := graphtest.Store(t)
	ring, secrets, _ := apptest.Keys(t, store, "")
	secret := secrets[""]
	srv := httptest.NewServer(apptest.Handler(lociapp.Assemble(lociapp.Parts{Store: store}), "", func(d *handlers.Deps) { d.Auth = ring }))
	defer srv.Close()
	file := "../../extract/testdata/mini_locomo.json"
	ctx := context.Background()

	if err := importCmd(ctx, []string{"locomo", file, "--url", srv.URL, "--key", secret, "--conversation-prefix", "r-"}); err != nil {
		t.Fatalf("import --url: %v", err)
	}
	samples, err := extract.ReadLoCoMoFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := client.New(srv.URL, client.WithAPIKey(secret))
	for _, s := range samples {
		conv, err := c.Conversation(ctx, "r-"+s.ID)
		if err != nil || conv.TurnCount != int64(s.TurnCount()) {
			t.Fatalf("conversation r-%s after import --url: %+v, %v", s.ID, conv, err)
		}
	}
	if err := importCmd(ctx, []string{"locomo", file, "--url", srv.URL, "--key", "loci_000000000000_nope", "--conversation-prefix", "r2-"}); err == nil {
		t.Fatal("import with a bad key succeeded")
	}

	// eval --url prints its reports as JSON on stdout.
	r, w, _ := os.Pipe()
	stdout := os.Stdout
	os.Stdout = w
	err = evalCmd(ctx, []string{"locomo", file, "--url", srv.URL, "--key", secret, "--conversation-prefix", "r-", "--config", "fulltext,fulltext-speaker", "--json"})
	w.Close()
	os.Stdout = stdout
	out, _ := io.ReadAll(r)
	if err != nil {
		t.Fatalf("eval --url: %v", err)
	}
	var reports []bench.EvalReport
	if err := json.Unmarshal(out, &reports); err != nil || len(reports) != 2 {
		t.Fatalf("eval --url output %q: %v", out, err)
	}
	for _, rep := range reports {
		if rep.Questions == 0 || rep.Hits[10] <= 0 {
			t.Errorf("eval --url %s: %+v", rep.Config, rep)
		}
	}
}
