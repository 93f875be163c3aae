package bench

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/llmcontext"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query/budget"
)

// contextReport is one context config at one budget over the questions:
// evidence presence (an evidence turn cited by the context) and answer-word
// recall (the share of the gold answer's content words the context text
// holds), overall, per category and per half (dev: LoCoMo conversations
// 0-4, where tunables are chosen; test: 5-9, where they are confirmed), and
// latency.
type contextReport struct {
	Config     string                    `json:"config"`
	Budget     int                       `json:"budget_tokens"`
	Questions  int                       `json:"questions"`
	Evidence   float64                   `json:"evidence_present"`
	Recall     float64                   `json:"answer_word_recall"`
	Tokens     float64                   `json:"mean_tokens"`
	P50ms      float64                   `json:"p50_ms"`
	P95ms      float64                   `json:"p95_ms"`
	Categories map[string]contextSummary `json:"categories"`
	Halves     map[string]contextHalf    `json:"halves"`
}

type contextSummary struct {
	Questions int     `json:"questions"`
	Evidence  float64 `json:"evidence_present"`
	Recall    float64 `json:"answer_word_recall"`
}

// contextHalf is a report's figures on one half of the conversations.
type contextHalf struct {
	contextSummary
	Tokens     float64                   `json:"mean_tokens"`
	Categories map[string]contextSummary `json:"categories"`
}

// The LoCoMo halves: the first devConversations conversations of the file
// are the dev half, the rest the test half.
const (
	halfDev          = "dev"
	halfTest         = "test"
	devConversations = 5
)

// locomoHalf names the half of the i-th conversation of the file.
func locomoHalf(i int) string {
	if i < devConversations {
		return halfDev
	}
	return halfTest
}

// contextTrace is one question's line in --trace output of a context eval.
type contextTrace struct {
	Config       string   `json:"config"`
	Budget       int      `json:"budget_tokens"`
	Conversation string   `json:"conversation"`
	Half         string   `json:"half"`
	Category     int      `json:"category"`
	Question     string   `json:"question"`
	Answer       string   `json:"answer"`
	Evidence     []string `json:"evidence"`
	Present      bool     `json:"evidence_present"`
	Recall       float64  `json:"answer_word_recall"`
	Context      string   `json:"context"`
}

// contextAcc sums one group of questions.
type contextAcc struct {
	n, evidence, tokens int
	recall              float64
}

func (a *contextAcc) add(hit bool, recall float64, tokens int) {
	a.n++
	if hit {
		a.evidence++
	}
	a.recall += recall
	a.tokens += tokens
}

func (a contextAcc) meanTokens() float64 { return float64(a.tokens) / float64(max(a.n, 1)) }

func (a contextAcc) summary() contextSummary {
	n := float64(max(a.n, 1))
	return contextSummary{Questions: a.n, Evidence: 100 * float64(a.evidence) / n, Recall: 100 * a.recall / n}
}

// keywordContext is the context config name of the keyword baseline
// (keywordContextFor), which the eval builds itself: it is no config of
// the context service.
const keywordContext = "keyword"

// keywordContextFor is the keyword-built context the issue compares
// /v1/context with: the turns of the `fulltext` preset (Lucene full-text
// over turns, English analyzer, no speaker scope, nothing else) in rank
// order, each rendered "- [id] speaker: text", as many as fit budget
// tokens (the same cl100k_base count the context service uses).
func keywordContextFor(ctx context.Context, search searcher, conversation, question string, budgetTokens int) (ontology.ContextResponse, error) {
	res, err := search.Search(ctx, ontology.SearchRequest{Tenant: ontology.DefaultTenant, Conversation: conversation,
		Query: question, Limit: ontology.MaxSearchLimit, Config: "fulltext"})
	if err != nil {
		return ontology.ContextResponse{}, err
	}
	return renderKeywordContext(res.Results, budgetTokens), nil
}

// renderKeywordContext renders results in order, one line each, as many
// as fit budgetTokens.
func renderKeywordContext(results []ontology.SearchResult, budgetTokens int) ontology.ContextResponse {
	counter := budget.Default()
	out := ontology.ContextResponse{Budget: budgetTokens, Encoder: counter.Name(), Config: keywordContext}
	var b strings.Builder
	for _, r := range results {
		line := "- [" + strings.Join(r.SourceTurnIDs, ", ") + "] " + r.Speaker + ": " + r.Text + "\n"
		if counter.Count(b.String()+line) > budgetTokens {
			break
		}
		b.WriteString(line)
		out.Items = append(out.Items, ontology.ContextItem{Kind: r.Kind, ID: r.ID, Text: r.Text, SourceTurnIDs: r.SourceTurnIDs})
	}
	out.Context = b.String()
	out.Tokens = counter.Count(out.Context)
	return out
}

// answerWords are the content words of a gold answer: lower-cased words
// and numbers, function words left out.
func answerWords(answer string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range lowerWords(answer) {
		if answerStop[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

var answerStop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or of to in on at for with by from as is are was were be been it its
		she he they her his their them this that these those s t about into over after before during also than then`) {
		m[w] = true
	}
	return m
}()

// lowerWords splits s, lower-cased, into runs of letters and digits (any
// non-ASCII rune counts as a letter).
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	})
}

// wordRecall is the share of words present in text as whole words.
func wordRecall(words []string, text string) float64 {
	if len(words) == 0 {
		return 1
	}
	tokens := map[string]bool{}
	for _, w := range lowerWords(text) {
		tokens[w] = true
	}
	n := 0
	for _, w := range words {
		if tokens[w] {
			n++
		}
	}
	return float64(n) / float64(len(words))
}

// evalContexts asks every scorable question of samples (the LoCoMo file's
// conversations, in its order) for a context per config and budget. With
// trace set, it also writes a contextTrace line per question. With only
// set (halfDev or halfTest), it asks that half's questions alone.
func (e Env) evalContexts(ctx context.Context, svc *llmcontext.Service, search searcher, samples []extract.LoCoMoSample, prefix string, configs []string, budgets []int, only string, progress, trace io.Writer) ([]contextReport, error) {
	var out []contextReport
	total := 0
	for i, s := range samples {
		if only == "" || locomoHalf(i) == only {
			total += len(scorableQuestions(s))
		}
	}
	for _, name := range configs {
		for _, b := range budgets {
			bar := newProgress(progress, total, "questions")
			// Sums over all questions, per half, per category and per
			// half and category ("" is either).
			type key struct {
				half string
				cat  int
			}
			accs := map[key]*contextAcc{}
			group := func(k key) *contextAcc {
				if accs[k] == nil {
					accs[k] = &contextAcc{}
				}
				return accs[k]
			}
			var lat []float64
			for i, s := range samples {
				half := locomoHalf(i)
				if only != "" && half != only {
					continue
				}
				for _, q := range scorableQuestions(s) {
					start := time.Now()
					var res ontology.ContextResponse
					var err error
					if name == keywordContext {
						res, err = keywordContextFor(ctx, search, prefix+s.ID, q.Question, b)
					} else {
						res, err = svc.Context(ctx, ontology.ContextRequest{Tenant: ontology.DefaultTenant, Conversation: prefix + s.ID,
							Query: q.Question, BudgetTokens: b, Config: name})
					}
					if err != nil {
						bar.Done()
						return nil, fmt.Errorf("context %s@%d, %s: %q: %w", name, b, s.ID, q.Question, err)
					}
					lat = append(lat, float64(time.Since(start).Microseconds())/1000)
					cited := map[string]bool{}
					for _, it := range res.Items {
						for _, id := range it.SourceTurnIDs {
							cited[id] = true
						}
					}
					hit := false
					for _, e := range q.Evidence {
						hit = hit || cited[e]
					}
					rec := wordRecall(answerWords(q.Answer), res.Context)
					for _, k := range []key{{}, {half: half}, {cat: q.Category}, {half, q.Category}} {
						a := group(k)
						a.add(hit, rec, res.Tokens)
					}
					if trace != nil {
						if err := writeTrace(trace, contextTrace{Config: name, Budget: b, Conversation: s.ID, Half: half, Category: q.Category,
							Question: q.Question, Answer: q.Answer, Evidence: q.Evidence, Present: hit, Recall: rec, Context: res.Context}); err != nil {
							bar.Done()
							return nil, err
						}
					}
					bar.Set(group(key{}).n, fmt.Sprintf("%s@%d", name, b))
				}
			}
			bar.Done()
			sort.Float64s(lat)
			pct := func(p float64) float64 { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
			all := group(key{})
			sum := all.summary()
			r := contextReport{Config: name, Budget: b, Questions: all.n, Evidence: sum.Evidence, Recall: sum.Recall,
				Tokens: all.meanTokens(), P50ms: pct(0.5), P95ms: pct(0.95),
				Categories: map[string]contextSummary{}, Halves: map[string]contextHalf{}}
			for _, half := range []string{halfDev, halfTest} {
				if a := accs[key{half: half}]; a != nil {
					r.Halves[half] = contextHalf{contextSummary: a.summary(), Tokens: a.meanTokens(), Categories: map[string]contextSummary{}}
				}
			}
			for _, c := range locomoCategories {
				label := fmt.Sprintf("%d %s", c.id, c.name)
				if a := accs[key{cat: c.id}]; a != nil {
					r.Categories[label] = a.summary()
				}
				for half, h := range r.Halves {
					if a := accs[key{half, c.id}]; a != nil {
						h.Categories[label] = a.summary()
					}
				}
			}
			out = append(out, r)
		}
	}
	return out, nil
}

func printContextTable(w io.Writer, reports []contextReport) {
	fmt.Fprintf(w, "| context config | budget | evidence present | answer-word recall | dev (evidence / recall) | test (evidence / recall) | mean tokens | p50 ms | p95 ms |")
	for _, c := range locomoCategories {
		fmt.Fprintf(w, " %d %s (evidence / recall) |", c.id, c.name)
	}
	fmt.Fprintf(w, "\n|---|---|---|---|---|---|---|---|---|%s\n", strings.Repeat("---|", len(locomoCategories)))
	for _, r := range reports {
		fmt.Fprintf(w, "| %s | %d | %.1f | %.1f |", r.Config, r.Budget, r.Evidence, r.Recall)
		for _, half := range []string{halfDev, halfTest} {
			h := r.Halves[half]
			fmt.Fprintf(w, " %.1f / %.1f |", h.Evidence, h.Recall)
		}
		fmt.Fprintf(w, " %.0f | %.1f | %.1f |", r.Tokens, r.P50ms, r.P95ms)
		for _, c := range locomoCategories {
			b := r.Categories[fmt.Sprintf("%d %s", c.id, c.name)]
			fmt.Fprintf(w, " %.1f / %.1f |", b.Evidence, b.Recall)
		}
		fmt.Fprintln(w)
	}
}
