package bench

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/ontology"
)

// scaleCorpus is what the grown conversations are copied from: samples of
// sessions of turns, the distinct texts among them and their vectors, and
// the questions asked of each sample.
type scaleCorpus struct {
	source  string
	samples []extract.LoCoMoSample
	texts   []string
	index   map[string]int // text -> position in texts and vectors
	vectors [][]float32
}

func scaleCorpusFrom(path string) (*scaleCorpus, error) {
	c := &scaleCorpus{index: map[string]int{}}
	if samples, err := extract.ReadLoCoMoFile(path); err == nil {
		c.samples, c.source = samples, "LoCoMo texts and questions read from "+path
	} else if errors.Is(err, fs.ErrNotExist) {
		c.samples, c.source = generatedSamples(10, 600), "generated texts and questions (no LoCoMo file)"
	} else {
		return nil, err
	}
	for _, s := range c.samples {
		for _, ses := range s.Sessions {
			for _, t := range ses.Turns {
				txt := extract.EmbeddingText(t)
				if _, ok := c.index[txt]; !ok {
					c.index[txt] = len(c.texts)
					c.texts = append(c.texts, txt)
				}
			}
		}
	}
	return c, nil
}

func (c *scaleCorpus) embed(ctx context.Context, emb ontology.Embedder) error {
	const batch = 64
	for i := 0; i < len(c.texts); i += batch {
		v, err := emb.Embed(ctx, c.texts[i:min(i+batch, len(c.texts))])
		if err != nil {
			return fmt.Errorf("embedding the text pool: %w", err)
		}
		c.vectors = append(c.vectors, v...)
	}
	return nil
}

// questions returns the questions (LoCoMo categories 1-4) of sample i, or
// of every sample when i < 0.
func (c *scaleCorpus) questions(i int) []string {
	var out []string
	for j, s := range c.samples {
		if i >= 0 && j != i {
			continue
		}
		for _, q := range s.Questions {
			if q.Category >= 1 && q.Category <= 4 {
				out = append(out, q.Question)
			}
		}
	}
	return out
}

// generatedSamples makes n two-speaker samples of about turns turns each,
// from a small vocabulary, with one question per ten turns; used when the
// LoCoMo file is not there.
func generatedSamples(n, turns int) []extract.LoCoMoSample {
	names := []string{"Avery", "Blake", "Casey", "Devon", "Emery", "Finley", "Harper", "Jordan", "Kendall", "Logan",
		"Morgan", "Parker", "Quinn", "Reese", "Riley", "Rowan", "Sawyer", "Skyler", "Taylor", "Wren"}
	verbs := []string{"visited", "painted", "cooked", "read about", "talked about", "photographed", "planned", "fixed", "bought", "remembered"}
	things := []string{"the lake", "a sunrise", "the old bridge", "a guitar", "the garden", "a marathon", "the museum", "a puppy",
		"the bakery", "a mountain trail", "the library", "a sailboat", "the farmers market", "a violin", "the beach", "a camping trip"}
	whens := []string{"yesterday", "last week", "this morning", "on Sunday", "last summer", "after work", "with my sister", "with friends"}
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2023, 1, 1, 10, 0, 0, 0, time.UTC)
	var out []extract.LoCoMoSample
	for i := 0; i < n; i++ {
		s := extract.LoCoMoSample{ID: fmt.Sprintf("gen-%d", i), Speakers: [2]string{names[2*i%len(names)], names[(2*i+1)%len(names)]}}
		for k := 0; k*20 < turns; k++ {
			at := base.AddDate(0, 0, 7*k+i)
			ses := extract.LoCoMoSession{ID: strconv.Itoa(k + 1), Time: &at}
			for j := 0; j < 20; j++ {
				sp := s.Speakers[j%2]
				v, th, w := verbs[rng.IntN(len(verbs))], things[rng.IntN(len(things))], whens[rng.IntN(len(whens))]
				text := fmt.Sprintf("I %s %s %s, and it made me think of %s (%d).", v, th, w, things[rng.IntN(len(things))], rng.IntN(1000))
				ses.Turns = append(ses.Turns, ontology.Turn{ID: fmt.Sprintf("D%d:%d", k+1, j+1), Session: ses.ID, Speaker: sp, Text: text, Timestamp: &at})
				if j%10 == 0 {
					s.Questions = append(s.Questions, extract.LoCoMoQuestion{Question: fmt.Sprintf("When did %s say they %s %s?", sp, v, th), Category: 2})
				}
			}
			s.Sessions = append(s.Sessions, ses)
		}
		out = append(out, s)
	}
	return out
}
