package bench

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// LoCoMo question categories scored by the eval (5, adversarial, is not).
var locomoCategories = []struct {
	id   int
	name string
}{{1, "multi-hop"}, {2, "temporal"}, {3, "open-domain"}, {4, "single-hop"}}

// EvalReport is the result of one retrieval config over the questions.
type EvalReport struct {
	Config     string                `json:"config"`
	Questions  int                   `json:"questions"`
	Hits       map[int]float64       `json:"hit_at"` // k -> percentage
	Categories map[string]EvalBucket `json:"categories"`
	Seconds    float64               `json:"seconds"`
	// Coverage is the knowledge layer of the evaluated conversations.
	Coverage *ontology.Coverage `json:"coverage,omitempty"`
}

type EvalBucket struct {
	Questions int             `json:"questions"`
	Hits      map[int]float64 `json:"hit_at"`
}

// Eval is `loci eval locomo FILE [flags]`: retrieval quality (hit@k per
// category), or with --context context quality, on LoCoMo.
func Eval(ctx context.Context, e Env, args []string) error {
	if len(args) < 1 || args[0] != "locomo" {
		return errors.New("usage: loci eval locomo FILE [--k 1,5,10] [--config NAME[,NAME…]] [--json] [--conversation-prefix P]")
	}
	fs := flag.NewFlagSet("eval locomo", flag.ContinueOnError)
	ksFlag := fs.String("k", "1,5,10", "cut-offs for hit@k")
	configs := fs.String("config", query.DefaultConfig, "retrieval configs to evaluate, comma-separated (known: "+strings.Join(query.PresetNames(), ", ")+")")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	withContext := fs.Bool("context", false, "evaluate /v1/context instead of search: evidence presence and answer-word recall per context config and budget (config \"keyword\": the keyword-built baseline, full-text turns up to the budget)")
	contextConfigs := fs.String("context-config", "memories,default,no-rerank,no-expansion,no-temporal", "context configs (--context)")
	budgetsFlag := fs.String("budgets", "1000,2000,4000", "token budgets (--context)")
	half := fs.String("half", "", "only the dev (conversations 0-4) or test (5-9) half's questions (--context; default both, reported apart)")
	facts := fs.Bool("facts", false, "ingest LoCoMo's observation facts and event summaries too (the fact layer the research measured)")
	prefix := fs.String("conversation-prefix", "", "prefix of the conversations the eval ingests (or reuses); default eval-EMBEDDER-, so data embedded differently is never reused")
	url := fs.String("url", "", "evaluate a running Loci at this URL through its REST API (the Go client): ingest and search over HTTP")
	key := fs.String("key", "", "API key for --url (default $LOCI_API_KEY)")
	trace := fs.String("trace", "", "write one JSON line per question (config, question, evidence, hit rank, the first cited turns; with --context the context and its scores) to this file, for error analysis")
	samples, err := parseLoCoMoArgs(fs, args[1:], "usage: loci eval locomo FILE [flags]")
	if err != nil {
		return err
	}
	var ks []int
	for _, s := range strings.Split(*ksFlag, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || k < 1 || k > ontology.MaxSearchLimit {
			return fmt.Errorf("--k: bad cut-off %q", s)
		}
		ks = append(ks, k)
	}
	sort.Ints(ks)
	if *url != "" {
		if *withContext || *facts {
			return errors.New("--url evaluates search; --context and --facts need an in-process eval")
		}
		if *prefix == "" {
			*prefix = "eval-remote-"
		}
		return e.evalRemote(ctx, *url, *key, samples, *prefix, strings.Split(*configs, ","), ks, *asJSON)
	}
	a, err := e.openIngested(ctx, e.Open, samples, prefix, *facts)
	if err != nil {
		return err
	}
	defer a.Close()
	convs := make([]string, len(samples))
	for i, s := range samples {
		convs[i] = *prefix + s.ID
	}
	cov, err := a.Store.Coverage(ctx, ontology.DefaultTenant, convs)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "eval: %d turns, %d (%.1f%%) cited by a fact; stored: %v\n", cov.Turns, cov.CoveredTurns,
		100*float64(cov.CoveredTurns)/float64(max(cov.Turns, 1)), cov.Counts)
	svc := a.Search
	var traceTo io.Writer
	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			return err
		}
		defer f.Close()
		traceTo = f
	}
	if *withContext {
		var budgets []int
		for _, b := range strings.Split(*budgetsFlag, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(b))
			if err != nil || n < llmcontext.MinBudget || n > llmcontext.MaxBudget {
				return fmt.Errorf("--budgets: bad budget %q", b)
			}
			budgets = append(budgets, n)
		}
		if *half != "" && *half != halfDev && *half != halfTest {
			return fmt.Errorf("--half: want %s or %s, got %q", halfDev, halfTest, *half)
		}
		reps, err := e.evalContexts(ctx, a.Contexts, a.Search, samples, *prefix, strings.Split(*contextConfigs, ","), budgets, *half, os.Stderr, traceTo)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(reps)
		}
		printContextTable(os.Stdout, reps)
		return nil
	}
	var reports []EvalReport
	for _, name := range strings.Split(*configs, ",") {
		r, err := e.evalLoCoMo(ctx, svc, samples, *prefix, strings.TrimSpace(name), ks, os.Stderr, traceTo)
		if err != nil {
			return err
		}
		r.Coverage = &cov
		reports = append(reports, r)
	}
	if *asJSON {
		return printJSON(reports)
	}
	printEvalTable(os.Stdout, reports, ks)
	return nil
}

// openIngested opens Loci with open and makes sure the samples are stored
// under *prefix, which it sets to evalPrefix's when empty: the ingest that
// `loci eval` and `loci vecrecall` read. The App is the caller's to close.
func (e Env) openIngested(ctx context.Context, open func(context.Context) (*App, error), samples []extract.LoCoMoSample, prefix *string, facts bool) (*App, error) {
	a, err := open(ctx)
	if err != nil {
		return nil, err
	}
	if *prefix == "" {
		*prefix = evalPrefix(a, facts)
	}
	if err := e.ensureIngested(ctx, a, samples, *prefix, facts); err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

// evalPrefix is the prefix of the conversations the eval ingests (and
// reuses): named after the embedder and extractors, so data embedded or
// extracted differently is never reused.
func evalPrefix(a *App, facts bool) string {
	emb := "none"
	if a.Embedder != nil {
		emb = a.Embedder.ID()
	}
	ext := strings.Join(a.Ingest.Extractors(), "+")
	if ext == "" {
		ext = "noextract"
	}
	prefix := "eval-" + emb + "-" + ext + "-"
	if facts {
		prefix += "facts-"
	}
	return prefix
}

// ensureIngested imports the samples under prefix unless every conversation
// is already stored with all its turns (so evals of several configs, or
// reruns, reuse one ingest).
func (e Env) ensureIngested(ctx context.Context, a *App, samples []extract.LoCoMoSample, prefix string, facts bool) error {
	missing, err := missingSamples(ctx, samples, prefix, true, func(ctx context.Context, id string) (ontology.Conversation, error) {
		return a.Store.Conversation(ctx, ontology.DefaultTenant, id)
	})
	if err != nil || len(missing) == 0 {
		return err
	}
	fmt.Fprintf(os.Stderr, "eval: ingesting %d conversations under prefix %q\n", len(missing), prefix)
	_, err = importLoCoMo(ctx, a.Ingest, ontology.DefaultTenant, missing, prefix, 8, facts, os.Stderr)
	return err
}

// missingSamples are the samples whose conversation under prefix is not
// stored, or not with all its turns (conversation reads one). With exact,
// a conversation holding more turns than the sample is re-imported too.
func missingSamples(ctx context.Context, samples []extract.LoCoMoSample, prefix string, exact bool, conversation func(context.Context, string) (ontology.Conversation, error)) ([]extract.LoCoMoSample, error) {
	var missing []extract.LoCoMoSample
	for _, s := range samples {
		c, err := conversation(ctx, prefix+s.ID)
		if err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			return nil, err
		}
		want := int64(s.TurnCount())
		if err != nil || c.TurnCount < want || (exact && c.TurnCount != want) {
			missing = append(missing, s)
		}
	}
	return missing, nil
}

// scorableQuestions are the questions of categories 1-4 whose repaired
// evidence names at least one turn that exists, as in the keyword baseline.
func scorableQuestions(s extract.LoCoMoSample) []extract.LoCoMoQuestion {
	ids := map[string]bool{}
	for _, ses := range s.Sessions {
		for _, t := range ses.Turns {
			ids[t.ID] = true
		}
	}
	var out []extract.LoCoMoQuestion
	for _, q := range s.Questions {
		if q.Category < 1 || q.Category > 4 {
			continue
		}
		var ev []string
		for _, e := range q.Evidence {
			if ids[e] {
				ev = append(ev, e)
			}
		}
		if len(ev) > 0 {
			q.Evidence = ev
			out = append(out, q)
		}
	}
	return out
}

// hitRank returns the 1-based position of the first evidence turn among the
// distinct turns the results cite, in order, or 0 when none is there.
func hitRank(results []ontology.SearchResult, evidence []string) int {
	want := map[string]bool{}
	for _, e := range evidence {
		want[e] = true
	}
	seen := map[string]bool{}
	pos := 0
	for _, r := range results {
		for _, id := range r.SourceTurnIDs {
			if seen[id] {
				continue
			}
			seen[id] = true
			pos++
			if want[id] {
				return pos
			}
		}
	}
	return 0
}

// citedTurns lists the first n distinct turns the results cite, in order.
func citedTurns(results []ontology.SearchResult, n int) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range results {
		for _, id := range r.SourceTurnIDs {
			if !seen[id] && len(out) < n {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// searcher is what the eval asks: the search service in process, or a
// running Loci through the Go client.
type searcher interface {
	Search(ctx context.Context, req ontology.SearchRequest) (ontology.SearchResponse, error)
}

// evalRemote is the search eval against a running Loci over its API.
func (e Env) evalRemote(ctx context.Context, url, key string, samples []extract.LoCoMoSample, prefix string, configs []string, ks []int, asJSON bool) error {
	c, in, err := e.remote(ctx, url, key)
	if err != nil {
		return err
	}
	missing, err := missingSamples(ctx, samples, prefix, false, c.Conversation)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "eval: importing %d conversations through the API\n", len(missing))
		if _, err := importLoCoMo(ctx, in, "", missing, prefix, 8, false, os.Stderr); err != nil {
			return err
		}
	}
	var reports []EvalReport
	for _, name := range configs {
		r, err := e.evalLoCoMo(ctx, c, samples, prefix, strings.TrimSpace(name), ks, os.Stderr, nil)
		if err != nil {
			return err
		}
		reports = append(reports, r)
	}
	if asJSON {
		return printJSON(reports)
	}
	printEvalTable(os.Stdout, reports, ks)
	return nil
}

// evalTrace is one question's line in --trace output.
type evalTrace struct {
	Config       string   `json:"config"`
	Conversation string   `json:"conversation"`
	Category     int      `json:"category"`
	Question     string   `json:"question"`
	Answer       string   `json:"answer,omitempty"`
	Evidence     []string `json:"evidence"`
	Rank         int      `json:"rank"`
	Cited        []string `json:"cited"`
}

// evalLoCoMo runs one config over every scorable question. With trace set,
// it also writes an evalTrace line per question.
func (e Env) evalLoCoMo(ctx context.Context, svc searcher, samples []extract.LoCoMoSample, prefix, config string, ks []int, progress, trace io.Writer) (EvalReport, error) {
	type tally struct {
		n    int
		hits map[int]int
	}
	all := tally{hits: map[int]int{}}
	byCat := map[int]*tally{}
	total := 0
	for _, s := range samples {
		total += len(scorableQuestions(s))
	}
	bar := newProgress(progress, total, "questions")
	start := time.Now()
	// Facts and turns can cite the same turn, so more results are asked
	// for than the largest cut-off; hits count distinct cited turns.
	limit := min(3*ks[len(ks)-1], ontology.MaxSearchLimit)
	for _, s := range samples {
		for _, q := range scorableQuestions(s) {
			res, err := svc.Search(ctx, ontology.SearchRequest{
				Tenant: ontology.DefaultTenant, Conversation: prefix + s.ID, Query: q.Question, Limit: limit, Config: config,
			})
			if err != nil {
				bar.Done()
				return EvalReport{}, fmt.Errorf("config %s, %s: %q: %w", config, s.ID, q.Question, err)
			}
			rank := hitRank(res.Results, q.Evidence)
			if trace != nil {
				if err := writeTrace(trace, evalTrace{Config: config, Conversation: s.ID, Category: q.Category, Question: q.Question,
					Answer: q.Answer, Evidence: q.Evidence, Rank: rank, Cited: citedTurns(res.Results, ks[len(ks)-1])}); err != nil {
					bar.Done()
					return EvalReport{}, err
				}
			}
			t := byCat[q.Category]
			if t == nil {
				t = &tally{hits: map[int]int{}}
				byCat[q.Category] = t
			}
			all.n++
			t.n++
			for _, k := range ks {
				if rank > 0 && rank <= k {
					all.hits[k]++
					t.hits[k]++
				}
			}
			bar.Set(all.n, config)
		}
	}
	bar.Done()
	pctOf := func(t tally) map[int]float64 {
		m := map[int]float64{}
		for _, k := range ks {
			m[k] = 100 * float64(t.hits[k]) / float64(max(t.n, 1))
		}
		return m
	}
	rep := EvalReport{Config: config, Questions: all.n, Hits: pctOf(all), Categories: map[string]EvalBucket{}, Seconds: time.Since(start).Seconds()}
	for _, c := range locomoCategories {
		if t := byCat[c.id]; t != nil {
			rep.Categories[fmt.Sprintf("%d %s", c.id, c.name)] = EvalBucket{Questions: t.n, Hits: pctOf(*t)}
		}
	}
	return rep, nil
}

func printEvalTable(w io.Writer, reports []EvalReport, ks []int) {
	fmt.Fprintf(w, "| config | n |")
	for _, k := range ks {
		fmt.Fprintf(w, " hit@%d |", k)
	}
	for _, c := range locomoCategories {
		fmt.Fprintf(w, " %d %s (@1 / @%d) |", c.id, c.name, ks[len(ks)-1])
	}
	fmt.Fprintf(w, "\n|---|---|%s%s\n", strings.Repeat("---|", len(ks)), strings.Repeat("---|", len(locomoCategories)))
	for _, r := range reports {
		fmt.Fprintf(w, "| %s | %d |", r.Config, r.Questions)
		for _, k := range ks {
			fmt.Fprintf(w, " %.1f |", r.Hits[k])
		}
		for _, c := range locomoCategories {
			b := r.Categories[fmt.Sprintf("%d %s", c.id, c.name)]
			fmt.Fprintf(w, " %.1f / %.1f (n=%d) |", b.Hits[ks[0]], b.Hits[ks[len(ks)-1]], b.Questions)
		}
		fmt.Fprintln(w)
	}
}

// printJSON writes v to stdout as indented JSON: the --json output of the
// eval and recall tools.
func printJSON(v any) error {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeTrace writes v to trace as one line of JSON: a question's line in
// the --trace output of the search and context evals.
func writeTrace(trace io.Writer, v any) error {
	line, _ := json.Marshal(v)
	if _, err := fmt.Fprintf(trace, "%s\n", line); err != nil {
		return fmt.Errorf("--trace: %w", err)
	}
	return nil
}
