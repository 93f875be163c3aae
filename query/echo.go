package query

import (
	"context"
	"fmt"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// EchoShare is the share (0..1) of text's content words (ContentWords,
// compared by echoStem) that previous also holds: how much of a reply
// repeats the turn it answers. 0 when text has no content words.
func EchoShare(text, previous string) float64 {
	words := ContentWords(text)
	if len(words) == 0 {
		return 0
	}
	prev := map[string]bool{}
	for _, w := range ContentWords(previous) {
		prev[echoStem(w)] = true
	}
	n := 0
	for _, w := range words {
		if prev[echoStem(w)] {
			n++
		}
	}
	return float64(n) / float64(len(words))
}

// echoStem folds the commonest English inflections ("adopted", "adopting",
// "dogs") so a reply's wording of the same word counts as a repeat.
func echoStem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// discountEchoes scales the fused score of each of the top cfg.EchoDepth
// turn results by 1 − cfg.EchoDiscount × EchoShare(turn, previous turn)
// when another speaker said the previous turn, records the factor as the
// channel "echo" and re-sorts. The previous turns come from one
// Neighbours read.
func (s *Service) discountEchoes(ctx context.Context, cfg Config, tenant string, fused []*fusedResult, view ontology.TimeView) error {
	var top []*fusedResult
	var refs []ontology.TurnRef
	for _, f := range fused {
		if len(top) == cfg.EchoDepth {
			break
		}
		if f.result.Kind != ontology.KindTurn {
			continue
		}
		top = append(top, f)
		refs = append(refs, ontology.TurnRef{Conversation: f.result.Conversation, ID: f.result.ID})
	}
	if len(refs) == 0 {
		return nil
	}
	nb, err := s.stores.Neighbours(ctx, tenant, refs, view)
	if err != nil {
		return fmt.Errorf("reading the turns before the top results: %w", err)
	}
	prev := make([]*ontology.SearchResult, len(top))
	for i, f := range top {
		for _, n := range nb[resultKey(f.result)] {
			if n.Seq == f.result.Seq-1 {
				prev[i] = &n
				break
			}
		}
	}
	discountEchoed(cfg, fused, top, prev)
	return nil
}

// discountEchoed applies the echo discount to top, given the turn before
// each (nil when there is none), and re-sorts fused.
func discountEchoed(cfg Config, fused, top []*fusedResult, prev []*ontology.SearchResult) {
	for i, f := range top {
		p := prev[i]
		if p == nil || strings.EqualFold(p.Speaker, f.result.Speaker) {
			continue
		}
		share := EchoShare(f.result.Text, p.Text)
		if share == 0 {
			continue
		}
		f.score *= 1 - cfg.EchoDiscount*share
		if f.channels != nil {
			f.channels["echo"] = ontology.ChannelScore{Rank: 1, Score: -cfg.EchoDiscount * share}
		}
	}
	sortFused(fused)
}

// ShortFactor is the length prior's factor for a turn of text: 1 −
// discount × (1 − n/words) for n content words fewer than words, else 1.
func ShortFactor(text string, discount float64, words int) float64 {
	n := len(ContentWords(text))
	if discount <= 0 || n >= words {
		return 1
	}
	return 1 - discount*(1-float64(n)/float64(words))
}

// discountShort scales the fused score of short turns by ShortFactor,
// records the factor as the channel "short" and re-sorts.
func discountShort(cfg Config, fused []*fusedResult) {
	if cfg.ShortDiscount <= 0 || len(fused) == 0 {
		return
	}
	for _, f := range fused {
		if f.result.Kind != ontology.KindTurn {
			continue
		}
		k := ShortFactor(f.result.Text, cfg.ShortDiscount, cfg.ShortWords)
		if k == 1 {
			continue
		}
		f.score *= k
		if f.channels != nil {
			f.channels["short"] = ontology.ChannelScore{Rank: 1, Score: k - 1}
		}
	}
	sortFused(fused)
}
