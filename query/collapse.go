package query

import (
	"context"
	"fmt"

	"github.com/loci-memory/loci/ontology"
)

// collapseBursts looks up the bursts of the top cfg.BurstCollapseDepth
// turn results and applies collapseSameBurst.
func (s *Service) collapseBursts(ctx context.Context, cfg Config, tenant string, fused []*fusedResult) error {
	top := fused[:min(cfg.BurstCollapseDepth, len(fused))]
	var refs []ontology.TurnRef
	for _, f := range top {
		if f.result.Kind == ontology.KindTurn {
			refs = append(refs, ontology.TurnRef{Conversation: f.result.Conversation, ID: f.result.ID})
		}
	}
	if len(refs) < 2 {
		return nil
	}
	bursts, err := s.stores.TurnBursts(ctx, tenant, refs)
	if err != nil {
		return fmt.Errorf("burst collapse: %w", err)
	}
	collapseSameBurst(cfg.BurstCollapse, top, bursts)
	sortFused(fused)
	return nil
}

// collapseSameBurst scales by 1 − collapse the score of every turn of fused
// (sorted best first) that a higher-scored turn of the same burst precedes;
// bursts maps a turn's key (conversation and id) to its burst. Each burst's
// best turn keeps its score, so its place is unchanged, and the places its
// other messages held go to the next distinct results. The discount is
// recorded as the channel "same_burst". The caller re-sorts.
func collapseSameBurst(collapse float64, fused []*fusedResult, bursts map[string]string) {
	seen := map[string]bool{}
	for _, f := range fused {
		if f.result.Kind != ontology.KindTurn {
			continue
		}
		b, ok := bursts[turnKey(f.result.Conversation, f.result.ID)]
		if !ok {
			continue
		}
		if !seen[b] {
			seen[b] = true
			continue
		}
		f.score *= 1 - collapse
		if f.channels != nil {
			f.channels["same_burst"] = ontology.ChannelScore{Rank: 1, Score: -collapse}
		}
	}
}
