package main

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

	"github.com/loci-memory/loci/extract"
	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/bench"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

func importCmd(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) < 1 || args[0] != "locomo" {
		return errors.New("usage: loci import locomo FILE [--conversation-prefix P] [--facts] [--workers N] [--url URL [--key K]]")
	}
	fs := flag.NewFlagSet("import locomo", flag.ContinueOnError)
	prefix := fs.String("conversation-prefix", "", "prefix for conversation ids (default: none, ids are the sample ids such as conv-26)")
	workers := fs.Int("workers", 8, "conversations imported at once")
	facts := fs.Bool("facts", false, "also store LoCoMo's observation facts and event summaries as precomputed extraction")
	url := fs.String("url", "", "send the turns to a running Loci at this URL through its REST API (the Go client) instead of in process")
	key := fs.String("key", "", "API key for --url (default $LOCI_API_KEY)")
	if err := fs.Parse(reorder(fs, args[1:])); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: loci import locomo FILE [--conversation-prefix P] [--facts] [--workers N] [--url URL [--key K]]")
	}
	samples, err := readLoCoMoFile(fs.Arg(0))
	if err != nil {
		return err
	}
	var in turnAdder
	if *url != "" {
		if *facts {
			return errors.New("--facts needs an in-process import (without --url)")
		}
		if *key == "" {
			*key = cfg.APIKey
		}
		c, err := remoteClient(ctx, *url, *key)
		if err != nil {
			return err
		}
		in = remoteIngest{c}
	} else {
		a, err := lociapp.OpenMigrated(ctx, cfg)
		if err != nil {
			return err
		}
		defer a.Close()
		in = a.Ingest
	}
	stats, err := importLoCoMo(ctx, in, ontology.DefaultTenant, samples, *prefix, *workers, *facts, os.Stderr)
	if err != nil {
		return err
	}
	fmt.Printf("imported %d conversations, %d sessions, %d turns (%d created, %d already stored) in %s: %.0f turns/s\n",
		stats.conversations, stats.sessions, stats.turns, stats.created, stats.existing,
		stats.elapsed.Round(time.Millisecond), float64(stats.turns)/stats.elapsed.Seconds())
	return nil
}

// reorder puts flags before positional arguments, so both
// `import locomo FILE --conversation-prefix p` and the flag-first form work.
// A flag of fs that is boolean takes no value from the next argument.
func reorder(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			flags = append(flags, a)
			if f := fs.Lookup(strings.TrimLeft(a, "-")); f != nil {
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
					continue
				}
			}
			if !strings.Contains(a, "=") && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(flags, pos...)
}

type importStats struct {
	conversations, sessions, turns, created, existing int
	facts, events, relations, profile, extractErrors  int
	elapsed                                           time.Duration
}

// turnAdder is the ingest path the importer feeds.
type turnAdder interface {
	Ingest(ctx context.Context, tenant, conversation string, turns []ontology.Turn, precomputed *ontology.Extraction) (ontology.IngestResult, error)
}

// importLoCoMo sends each session of each sample as one batch, in order
// within a conversation and with up to `workers` conversations at once
// (their batches never contend for a lock), and draws a progress bar.
func importLoCoMo(ctx context.Context, in turnAdder, tenant string, samples []extract.LoCoMoSample, prefix string, workers int, facts bool, progress io.Writer) (importStats, error) {
	var st importStats
	total := 0
	for _, s := range samples {
		total += s.TurnCount()
	}
	bar := newProgress(progress, total)
	start := time.Now()
	var mu sync.Mutex // guards st and bar
	err := bench.EachSample(ctx, workers, samples, func(ctx context.Context, s extract.LoCoMoSample) error {
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
			st.sessions++
			st.turns += len(ses.Turns)
			st.created += res.Created
			st.existing += res.Existing
			if k := res.Knowledge; k != nil {
				st.facts += k.Facts
				st.events += k.Events
				st.relations += k.Relations
				st.profile += k.ProfileFacts
				for _, u := range k.Extractors {
					if u.Error != "" {
						st.extractErrors++
					}
				}
			}
			bar.set(st.turns, fmt.Sprintf("%s session %s", conv, ses.ID))
			mu.Unlock()
		}
		mu.Lock()
		st.conversations++
		mu.Unlock()
		return nil
	})
	bar.done()
	st.elapsed = time.Since(start)
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

func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
	tty := false
	if ok {
		if st, err := f.Stat(); err == nil {
			tty = st.Mode()&os.ModeCharDevice != 0
		}
	}
	return &progress{w: w, total: total, tty: tty, unit: "turns"}
}

// set records progress. On a terminal the bar is redrawn in place; in a log
// (CI) a line is written every 10 % instead.
func (p *progress) set(n int, label string) {
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

func (p *progress) done() {
	if !p.tty {
		return
	}
	p.draw()
	fmt.Fprintln(p.w)
}

// readLoCoMoFile parses the LoCoMo JSON file at path.
func readLoCoMoFile(path string) ([]extract.LoCoMoSample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return extract.ReadLoCoMo(f)
}
