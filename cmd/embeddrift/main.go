// Command embeddrift measures how much a search's vector ranking moves
// when the vectors of the stored turns and of the question were computed on
// different CPUs, whose int8 kernels round differently.
//
// It cannot run on two CPUs at once, so it ranks each LoCoMo question's
// conversation turns by exact cosine three ways and compares them:
//
//   - same:    turns and question embedded by the int8 network here;
//   - cpu:     the question's vector moved by Gaussian noise scaled so its
//     cosine with the original is the given -cos (pick it beyond the
//     cross-CPU drift the embed tests measure);
//   - network: the question embedded by the fp32 network instead, a real
//     and larger difference of kernels.
//
// It prints evidence hit@1/10 for each and how much the top 10 overlaps
// with "same". Results go in docs/benchmarks.md.
//
//	go run ./cmd/embeddrift -locomo ../shared/data/locomo/locomo10.json
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/loci-memory/loci/embed"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	path := flag.String("locomo", cfg.LoCoMoPath(), "LoCoMo file ($LOCOMO, else the nearest shared/data/locomo/locomo10.json)")
	cosTarget := flag.Float64("cos", 0.998, "cosine of the perturbed question vector with the original")
	model := flag.String("model", "minilm", "minilm or bge")
	flag.Parse()
	if err := run(*path, cfg.ModelsPath(), *model, *cosTarget); err != nil {
		log.Fatal(err)
	}
}

// load loads the model from dir, the directory internal/config names
// (LOCI_MODELS_DIR, else the nearest .local/models).
func load(dir, model string, quantized bool) (*embed.MiniLM, error) {
	var opts []embed.Option
	if quantized {
		opts = append(opts, embed.WithQuantized())
	}
	if model == "bge" {
		return embed.NewBGE(dir, opts...)
	}
	return embed.NewMiniLM(dir, opts...)
}

type tally struct {
	hit1, hit10, n int
	overlap        float64 // top-10 overlap with "same", summed
	top1Changed    int
}

func (t tally) String() string {
	return fmt.Sprintf("hit@1 %.1f %%, hit@10 %.1f %%, top-10 overlap with same %.3f, top-1 changed %.1f %%",
		100*float64(t.hit1)/float64(t.n), 100*float64(t.hit10)/float64(t.n), t.overlap/float64(t.n), 100*float64(t.top1Changed)/float64(t.n))
}

func run(path, modelsDir, model string, cosTarget float64) error {
	samples, err := extract.ReadLoCoMoFile(path)
	if err != nil {
		return err
	}
	q8, err := load(modelsDir, model, true)
	if err != nil {
		return err
	}
	defer q8.Close()
	f32, err := load(modelsDir, model, false)
	if err != nil {
		return err
	}
	defer f32.Close()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	var same, cpu, network tally
	var cosCPU, cosNet float64
	for _, s := range samples {
		var ids, texts []string
		for _, ses := range s.Sessions {
			for _, t := range ses.Turns {
				ids, texts = append(ids, t.ID), append(texts, t.Text)
			}
		}
		turns, err := q8.Embed(ctx, texts)
		if err != nil {
			return err
		}
		var qs []string
		for _, q := range s.Questions {
			qs = append(qs, q.Question)
		}
		qv, err := q8.EmbedQueries(ctx, qs)
		if err != nil {
			return err
		}
		qf, err := f32.EmbedQueries(ctx, qs)
		if err != nil {
			return err
		}
		for i, q := range s.Questions {
			if len(q.Evidence) == 0 {
				continue
			}
			noisy := perturb(rng, qv[i], cosTarget)
			cosCPU += dot(noisy, qv[i])
			cosNet += dot(qf[i], qv[i])
			base := top(turns, qv[i], 10)
			for _, c := range []struct {
				t *tally
				v []float32
			}{{&same, qv[i]}, {&cpu, noisy}, {&network, qf[i]}} {
				got := top(turns, c.v, 10)
				c.t.n++
				if slices.Contains(q.Evidence, ids[got[0]]) {
					c.t.hit1++
				}
				for _, j := range got {
					if slices.Contains(q.Evidence, ids[j]) {
						c.t.hit10++
						break
					}
				}
				common := 0
				for _, j := range got {
					if slices.Contains(base, j) {
						common++
					}
				}
				c.t.overlap += float64(common) / 10
				if got[0] != base[0] {
					c.t.top1Changed++
				}
			}
		}
	}
	fmt.Printf("model %s-int8, %d questions with evidence, ranking the question's conversation by exact cosine\n", model, same.n)
	fmt.Printf("| same CPU | %s |\n", same)
	fmt.Printf("| question moved to cosine %.4f (mean) | %s |\n", cosCPU/float64(same.n), cpu)
	fmt.Printf("| question by the fp32 network, cosine %.4f (mean) | %s |\n", cosNet/float64(same.n), network)
	return nil
}

// perturb returns v plus Gaussian noise scaled so that the result, renormalised,
// has cosine cos with v (in expectation).
func perturb(rng *rand.Rand, v []float32, cos float64) []float32 {
	sigma := math.Sqrt((1/(cos*cos) - 1) / float64(len(v)))
	out := make([]float32, len(v))
	var n float64
	for i, x := range v {
		out[i] = x + float32(rng.NormFloat64()*sigma)
		n += float64(out[i]) * float64(out[i])
	}
	n = math.Sqrt(n)
	for i := range out {
		out[i] = float32(float64(out[i]) / n)
	}
	return out
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// top returns the indexes of the k vectors nearest q.
func top(vs [][]float32, q []float32, k int) []int {
	idx := make([]int, len(vs))
	score := make([]float64, len(vs))
	for i := range vs {
		idx[i], score[i] = i, dot(vs[i], q)
	}
	sort.SliceStable(idx, func(a, b int) bool { return score[idx[a]] > score[idx[b]] })
	return idx[:min(k, len(idx))]
}
