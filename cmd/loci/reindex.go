package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
)

// reindexCmd runs `loci reindex vectors [--wait D]`: the turn and fact
// vector indexes are rebuilt beside the live ones and switched to while
// `loci serve` keeps answering (graph.Store.ReindexVectors). An admin
// command, also for scripts: it prints one line per index and fails
// (exit 1) when a rebuild does not finish.
func reindexCmd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] != "vectors" {
		return errors.New("usage: loci reindex vectors [--wait 30m]")
	}
	fs := flag.NewFlagSet("reindex vectors", flag.ContinueOnError)
	wait := fs.Duration("wait", 30*time.Minute, "how long to wait for each rebuilt index to come online")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	a, err := lociapp.Open(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer a.Close()
	start := time.Now()
	done, err := a.Store.ReindexVectors(ctx, *wait)
	for _, r := range done {
		from := r.From
		if from == "" {
			from = "(none online)"
		}
		fmt.Fprintf(out, "%s: rebuilt, SEARCH reads %s (was %s), %s\n", r.Index, r.To, from, r.Took.Round(time.Millisecond))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "vector indexes rebuilt (%s)\n", time.Since(start).Round(time.Millisecond))
	return nil
}
