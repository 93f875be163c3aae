package bench

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// recallReport is one vector channel's ANN recall against the exact scan
// on one half of LoCoMo, and both paths' latency in the same run.
type recallReport struct {
	Channel   string  `json:"channel"`
	Half      string  `json:"half"`
	Path      string  `json:"path"` // the store's auto path on this server
	Queries   int     `json:"queries"`
	Recall    float64 `json:"recall_at_k"`
	MinRecall float64 `json:"min_recall"`
	AutoP50   float64 `json:"auto_p50_ms"`
	ExactP50  float64 `json:"exact_p50_ms"`
}

// recallChannel is one vector channel the measurement asks: turns or facts,
// per conversation or tenant-wide, speaker-scoped or not, adjacent or not.
type recallChannel struct {
	name          string
	facts, tenant bool
	speaker       bool
	adjacent      string
}

var recallChannels = []recallChannel{
	{name: "turns/conversation"},
	{name: "turns/conversation/speaker", speaker: true},
	{name: "turns/conversation/reply", speaker: true, adjacent: ontology.AdjacentReply},
	{name: "turns/tenant", tenant: true},
	{name: "turns/tenant/speaker", tenant: true, speaker: true},
	{name: "facts/conversation", facts: true},
	{name: "facts/tenant", facts: true, tenant: true},
}

// VecRecall measures the recall@k of the store's vector path (auto:
// filtered SEARCH on Neo4j 2026) against exact scans, per channel and per
// half of LoCoMo (dev: conversations 0-4, test: 5-9), with the questions
// as queries, over the eval's ingest of all ten conversations in the
// default tenant (ingested first when missing, as `loci eval` does).
func VecRecall(ctx context.Context, e Env, args []string) error {
	fs := flag.NewFlagSet("vecrecall", flag.ContinueOnError)
	k := fs.Int("k", 40, "results per search (the default config's vector depth)")
	prefix := fs.String("conversation-prefix", "", "prefix of the ingested conversations (default: the eval's, eval-EMBEDDER-EXTRACTORS-)")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	searches := fs.Bool("search-latency", false, "also time the default /v1/search pipeline in process, per conversation and tenant-wide, auto path against exact (interleaved, same run)")
	perConv := fs.Int("questions", 0, "only the first N scorable questions of each conversation (0: all)")
	onlyHalf := fs.String("half", "", "only the dev (conversations 0-4) or test (5-9) half's questions (default both, reported apart)")
	samples, err := parseLoCoMoArgs(fs, args, "usage: loci vecrecall FILE [--k 40] [--conversation-prefix P] [--json]")
	if err != nil {
		return err
	}
	withEmbedder := func(ctx context.Context) (*App, error) { return e.openWithEmbedder(ctx, "vecrecall") }
	a, err := e.openIngested(ctx, withEmbedder, samples, prefix, false)
	if err != nil {
		return err
	}
	defer a.Close()
	path, err := a.Store.VectorPath(ctx)
	if err != nil {
		return err
	}
	exact, err := a.Store.WithVectorSearch(graph.VectorSearchExact)
	if err != nil {
		return err
	}
	if *searches {
		return searchLatency(ctx, a, exact, samples, *prefix, *onlyHalf, *perConv)
	}
	type acc struct {
		recalls      []float64
		auto, exactT []time.Duration
	}
	accs := map[string]*acc{}
	for i, s := range samples {
		half := locomoHalf(i)
		if *onlyHalf != "" && half != *onlyHalf {
			continue
		}
		qs := scorableQuestions(s)
		if *perConv > 0 && len(qs) > *perConv {
			qs = qs[:*perConv]
		}
		texts := make([]string, len(qs))
		for j, q := range qs {
			texts[j] = q.Question
		}
		vecs, err := embedQueries(ctx, a.Embedder, texts)
		if err != nil {
			return err
		}
		for _, v := range vecs {
			for _, ch := range recallChannels {
				q := ontology.VectorQuery{Tenant: ontology.DefaultTenant, EmbedderID: a.Embedder.ID(), Vector: v, Limit: *k, Adjacent: ch.adjacent}
				if !ch.tenant {
					q.Conversation = *prefix + s.ID
				}
				if ch.speaker {
					q.Speaker = s.Speakers[0]
				}
				search := func(st *graph.Store) ([]ontology.SearchResult, time.Duration, error) {
					start := time.Now()
					var res []ontology.SearchResult
					var err error
					if ch.facts {
						res, err = st.SearchFactVectors(ctx, q)
					} else {
						res, err = st.SearchTurnVectors(ctx, q)
					}
					return res, time.Since(start), err
				}
				got, dAuto, err := search(a.Store)
				if err != nil {
					return fmt.Errorf("%s: %w", ch.name, err)
				}
				want, dExact, err := search(exact)
				if err != nil {
					return fmt.Errorf("%s exact: %w", ch.name, err)
				}
				key := ch.name + "\x1f" + half
				if accs[key] == nil {
					accs[key] = &acc{}
				}
				ac := accs[key]
				ac.auto, ac.exactT = append(ac.auto, dAuto), append(ac.exactT, dExact)
				if len(want) > 0 {
					ac.recalls = append(ac.recalls, overlap(got, want))
				}
			}
		}
		fmt.Fprintf(os.Stderr, "\rvecrecall: %d/%d conversations", i+1, len(samples))
	}
	fmt.Fprintln(os.Stderr)
	var reps []recallReport
	for _, ch := range recallChannels {
		for _, half := range []string{halfDev, halfTest} {
			ac := accs[ch.name+"\x1f"+half]
			if ac == nil {
				continue
			}
			r := recallReport{Channel: ch.name, Half: half, Path: path, Queries: len(ac.recalls), MinRecall: 1,
				AutoP50: p50ms(ac.auto), ExactP50: p50ms(ac.exactT)}
			for _, x := range ac.recalls {
				r.Recall += x
				r.MinRecall = min(r.MinRecall, x)
			}
			if len(ac.recalls) > 0 {
				r.Recall /= float64(len(ac.recalls))
			}
			reps = append(reps, r)
		}
	}
	if *asJSON {
		return printJSON(reps)
	}
	fmt.Printf("vector path %q against exact scans, recall@%d (loaded machines make the latencies noisy)\n", path, *k)
	fmt.Printf("%-28s %-5s %7s %8s %8s %10s %11s\n", "channel", "half", "queries", "recall", "min", "auto p50", "exact p50")
	for _, r := range reps {
		fmt.Printf("%-28s %-5s %7d %8.4f %8.4f %8.1fms %9.1fms\n", r.Channel, r.Half, r.Queries, r.Recall, r.MinRecall, r.AutoP50, r.ExactP50)
	}
	return nil
}

// overlap is the share of want's results (by kind, conversation and id)
// that got holds too.
func overlap(got, want []ontology.SearchResult) float64 {
	key := func(r ontology.SearchResult) string { return r.Kind + "\x1f" + r.Conversation + "\x1f" + r.ID }
	in := map[string]bool{}
	for _, r := range got {
		in[key(r)] = true
	}
	n := 0
	for _, r := range want {
		if in[key(r)] {
			n++
		}
	}
	return float64(n) / float64(len(want))
}

// embedQueries embeds search queries as searches do (with the query
// instruction of embedders that have one).
func embedQueries(ctx context.Context, emb ontology.Embedder, texts []string) ([][]float32, error) {
	if qe, ok := emb.(ontology.QueryEmbedder); ok {
		return qe.EmbedQueries(ctx, texts)
	}
	return emb.Embed(ctx, texts)
}

func p50ms(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[len(s)/2].Microseconds()) / 1000
}

// searchLatency times the default search (every channel, fusion and all,
// in process) for each question of the chosen half, within its
// conversation and tenant-wide, on the auto path and with exact scans,
// alternately so both see the same load; it prints p50 and p95.
func searchLatency(ctx context.Context, a *App, exact *graph.Store, samples []extract.LoCoMoSample, prefix, onlyHalf string, perConv int) error {
	exactSvc := query.NewService(exact, a.Embedder)
	times := map[string][]time.Duration{}
	for i, s := range samples {
		if onlyHalf != "" && locomoHalf(i) != onlyHalf {
			continue
		}
		qs := scorableQuestions(s)
		if perConv > 0 && len(qs) > perConv {
			qs = qs[:perConv]
		}
		for _, q := range qs {
			for _, scope := range []string{"conversation", "tenant"} {
				req := ontology.SearchRequest{Tenant: ontology.DefaultTenant, Query: q.Question, Limit: 10}
				if scope == "conversation" {
					req.Conversation = prefix + s.ID
				}
				for _, p := range []struct {
					name string
					svc  *query.Service
				}{{"auto", a.Search}, {"exact", exactSvc}} {
					start := time.Now()
					if _, err := p.svc.Search(ctx, req); err != nil {
						return fmt.Errorf("search (%s, %s): %w", scope, p.name, err)
					}
					times[scope+" "+p.name] = append(times[scope+" "+p.name], time.Since(start))
				}
			}
		}
		fmt.Fprintf(os.Stderr, "\rsearch latency: %d/%d conversations", i+1, len(samples))
	}
	fmt.Fprintln(os.Stderr)
	fmt.Printf("default search, 1 client, in process (loaded machine: compare rows of this run only)\n")
	fmt.Printf("%-22s %8s %9s %9s\n", "scope path", "searches", "p50", "p95")
	for _, k := range []string{"conversation auto", "conversation exact", "tenant auto", "tenant exact"} {
		ds := times[k]
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		if len(ds) == 0 {
			continue
		}
		fmt.Printf("%-22s %8d %7.1fms %7.1fms\n", k, len(ds), p50ms(ds), float64(ds[len(ds)*95/100].Microseconds())/1000)
	}
	return nil
}
