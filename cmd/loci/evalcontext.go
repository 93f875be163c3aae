package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// contextReport is one context config at one budget over the questions:
// evidence presence (an evidence turn cited by the context) and answer-word
// recall (the share of the gold answer's content words the context text
// holds), overall and per category, and latency.
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
}

type contextSummary struct {
	Questions int     `json:"questions"`
	Evidence  float64 `json:"evidence_present"`
	Recall    float64 `json:"answer_word_recall"`
}

// answerWords are the content words of a gold answer: lower-cased words
// and numbers, function words left out.
func answerWords(answer string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(answer), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
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

// wordRecall is the share of words present in text as whole words.
func wordRecall(words []string, text string) float64 {
	if len(words) == 0 {
		return 1
	}
	lower := strings.ToLower(text)
	tokens := map[string]bool{}
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
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

func evalContexts(ctx context.Context, svc *query.Service, samples []extract.LoCoMoSample, prefix string, configs []string, budgets []int, progress io.Writer) ([]contextReport, error) {
	var out []contextReport
	total := 0
	for _, s := range samples {
		total += len(scorableQuestions(s))
	}
	for _, name := range configs {
		for _, b := range budgets {
			bar := newProgress(progress, total)
			bar.unit = "questions"
			type acc struct {
				n        int
				evidence int
				recall   float64
			}
			all := acc{}
			byCat := map[int]*acc{}
			var lat []float64
			tokens := 0
			for _, s := range samples {
				for _, q := range scorableQuestions(s) {
					start := time.Now()
					res, err := svc.Context(ctx, query.ContextRequest{Tenant: ontology.DefaultTenant, Conversation: prefix + s.ID,
						Query: q.Question, BudgetTokens: b, Config: name})
					if err != nil {
						bar.done()
						return nil, fmt.Errorf("context %s@%d, %s: %q: %w", name, b, s.ID, q.Question, err)
					}
					lat = append(lat, float64(time.Since(start).Microseconds())/1000)
					tokens += res.Tokens
					cited := map[string]bool{}
					for _, it := range res.Items {
						for _, id := range it.SourceTurnIDs {
							cited[id] = true
						}
					}
					hit := 0
					for _, e := range q.Evidence {
						if cited[e] {
							hit = 1
							break
						}
					}
					rec := wordRecall(answerWords(q.Answer), res.Context)
					a := byCat[q.Category]
					if a == nil {
						a = &acc{}
						byCat[q.Category] = a
					}
					for _, x := range []*acc{&all, a} {
						x.n++
						x.evidence += hit
						x.recall += rec
					}
					bar.set(all.n, fmt.Sprintf("%s@%d", name, b))
				}
			}
			bar.done()
			sort.Float64s(lat)
			pct := func(p float64) float64 { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
			r := contextReport{Config: name, Budget: b, Questions: all.n, Evidence: 100 * float64(all.evidence) / float64(max(all.n, 1)),
				Recall: 100 * all.recall / float64(max(all.n, 1)), Tokens: float64(tokens) / float64(max(all.n, 1)),
				P50ms: pct(0.5), P95ms: pct(0.95), Categories: map[string]contextSummary{}}
			for _, c := range locomoCategories {
				if a := byCat[c.id]; a != nil {
					r.Categories[fmt.Sprintf("%d %s", c.id, c.name)] = contextSummary{Questions: a.n,
						Evidence: 100 * float64(a.evidence) / float64(a.n), Recall: 100 * a.recall / float64(a.n)}
				}
			}
			out = append(out, r)
		}
	}
	return out, nil
}

func printContextTable(w io.Writer, reports []contextReport) {
	fmt.Fprintf(w, "| context config | budget | evidence present | answer-word recall | mean tokens | p50 ms | p95 ms |")
	for _, c := range locomoCategories {
		fmt.Fprintf(w, " %d %s (evidence / recall) |", c.id, c.name)
	}
	fmt.Fprintf(w, "\n|---|---|---|---|---|---|---|%s\n", strings.Repeat("---|", len(locomoCategories)))
	for _, r := range reports {
		fmt.Fprintf(w, "| %s | %d | %.1f | %.1f | %.0f | %.1f | %.1f |", r.Config, r.Budget, r.Evidence, r.Recall, r.Tokens, r.P50ms, r.P95ms)
		for _, c := range locomoCategories {
			b := r.Categories[fmt.Sprintf("%d %s", c.id, c.name)]
			fmt.Fprintf(w, " %.1f / %.1f |", b.Evidence, b.Recall)
		}
		fmt.Fprintln(w)
	}
}
