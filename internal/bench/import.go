package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
)

// Import is `loci import locomo FILE`: it stores the LoCoMo samples of
// FILE in the default tenant, in process or (--url) through a running
// Loci's REST API.
func Import(ctx context.Context, e Env, args []string) error {
	const usage = "usage: loci import locomo FILE [--conversation-prefix P] [--facts] [--workers N] [--url URL [--key K]]"
	if len(args) < 1 || args[0] != "locomo" {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("import locomo", flag.ContinueOnError)
	prefix := fs.String("conversation-prefix", "", "prefix for conversation ids (default: none, ids are the sample ids such as conv-26)")
	workers := fs.Int("workers", 8, "conversations imported at once")
	facts := fs.Bool("facts", false, "also store LoCoMo's observation facts and event summaries as precomputed extraction")
	url := fs.String("url", "", "send the turns to a running Loci at this URL through its REST API (the Go client) instead of in process")
	key := fs.String("key", "", "API key for --url (default $LOCI_API_KEY)")
	samples, err := parseLoCoMoArgs(fs, args[1:], usage)
	if err != nil {
		return err
	}
	var in TurnAdder
	if *url != "" {
		if *facts {
			return errors.New("--facts needs an in-process import (without --url)")
		}
		if _, in, err = e.remote(ctx, *url, *key); err != nil {
			return err
		}
	} else {
		a, err := e.Open(ctx)
		if err != nil {
			return err
		}
		defer a.Close()
		in = a.Ingest
	}
	st, err := importLoCoMo(ctx, in, ontology.DefaultTenant, samples, *prefix, *workers, *facts, os.Stderr)
	if err != nil {
		return err
	}
	fmt.Printf("imported %d conversations, %d sessions, %d turns (%d created, %d already stored) in %s: %.0f turns/s\n",
		st.Conversations, st.Sessions, st.Turns, st.Created, st.Existing,
		st.Elapsed.Round(time.Millisecond), float64(st.Turns)/st.Elapsed.Seconds())
	return nil
}

// importLoCoMo sends each session of each sample as one batch, in order
// within a conversation and with up to `workers` conversations at once
// (their batches never contend for a lock), and draws a progress bar.
func importLoCoMo(ctx context.Context, in TurnAdder, tenant string, samples []extract.LoCoMoSample, prefix string, workers int, facts bool, progress io.Writer) (ImportStats, error) {
	var st ImportStats
	total := 0
	for _, s := range samples {
		total += s.TurnCount()
	}
	bar := newProgress(progress, total, "turns")
	start := time.Now()
	var mu sync.Mutex // guards st and bar
	err := EachSample(ctx, workers, samples, func(ctx context.Context, s extract.LoCoMoSample) error {
		conv := prefix + s.ID
		for _, ses := range s.Sessions {
			if len(ses.Turns) == 0 {
				continue
			}
			var pre *ontology.Extraction
			if facts {
				pre = &ses.Knowledge
			}
			if err := ctx.Err(); err != nil {
				return err // another worker failed
			}
			res, err := in.Ingest(ctx, tenant, conv, ses.Turns, pre)
			if err != nil {
				return fmt.Errorf("conversation %s session %s: %w", conv, ses.ID, err)
			}
			mu.Lock()
			st.Sessions++
			st.Turns += len(ses.Turns)
			st.Created += res.Created
			st.Existing += res.Existing
			if k := res.Knowledge; k != nil {
				st.Facts += k.Facts
				st.Events += k.Events
				st.Relations += k.Relations
				st.Profile += k.ProfileFacts
				for _, u := range k.Extractors {
					if u.Error != "" {
						st.ExtractErrors++
					}
				}
			}
			bar.Set(st.Turns, fmt.Sprintf("%s session %s", conv, ses.ID))
			mu.Unlock()
		}
		mu.Lock()
		st.Conversations++
		mu.Unlock()
		return nil
	})
	bar.Done()
	st.Elapsed = time.Since(start)
	return st, err
}

// progress draws "[#####.....] 1234/5882 turns  conv-26 session 5" on one
// line of a terminal, redrawn in place, at most every 100 ms.
type progress struct {
	unit  string
	w     io.Writer
	tty   bool
	total int
	last  time.Time
	n     int
	label string
}

func newProgress(w io.Writer, total int, unit string) *progress {
	f, ok := w.(*os.File)
	tty := false
	if ok {
		if st, err := f.Stat(); err == nil {
			tty = st.Mode()&os.ModeCharDevice != 0
		}
	}
	return &progress{w: w, total: total, tty: tty, unit: unit}
}

// Set records progress. On a terminal the bar is redrawn in place; in a log
// (CI) a line is written every 10 % instead.
func (p *progress) Set(n int, label string) {
	prev := p.n
	p.n, p.label = n, label
	if !p.tty {
		if p.total > 0 && n*10/p.total != prev*10/p.total {
			fmt.Fprintf(p.w, "%d/%d %s  %s\n", n, p.total, p.unit, label)
		}
		return
	}
	if time.Since(p.last) < 100*time.Millisecond && n < p.total {
		return
	}
	p.last = time.Now()
	p.draw()
}

func (p *progress) draw() {
	const width = 30
	filled := 0
	if p.total > 0 {
		filled = p.n * width / p.total
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d %s  %-28s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.n, p.total, p.unit, p.label)
}

func (p *progress) Done() {
	if !p.tty {
		return
	}
	p.draw()
	fmt.Fprintln(p.w)
}

// remoteIngest feeds the importer through a running Loci's REST API with
// the Go client, instead of in process: `loci import … --url`. The key
// decides the tenant; precomputed extraction cannot travel over the API.
type remoteIngest struct{ c *client.Client }

func (r remoteIngest) Ingest(ctx context.Context, _, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction) (ontology.IngestResult, error) {
	if precomputed != nil {
		return ontology.IngestResult{}, errors.New("--facts cannot be sent over the API; import in process (without --url)")
	}
	// Waits for enrichment, so an import over the API ends with its
	// knowledge stored, as an in-process one does.
	res, err := r.c.AddTurnsWait(ctx, conversation, turns)
	if err != nil {
		return ontology.IngestResult{}, err
	}
	return res.IngestResult, nil
}

// remote returns a client of the running Loci at url (key, or e.APIKey
// when empty), checked ready, and the ingest path through its API.
func (e Env) remote(ctx context.Context, url, key string) (*client.Client, TurnAdder, error) {
	if key == "" {
		key = e.APIKey
	}
	c := client.New(url, client.WithAPIKey(key))
	if err := c.Ready(ctx); err != nil {
		return nil, nil, fmt.Errorf("Loci at %s is not ready: %w", url, err)
	}
	return c, remoteIngest{c}, nil
}
