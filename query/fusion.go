package query

import (
	"maps"
	"sort"

	"github.com/loci-memory/loci/ontology"
)

// fusedResult is one candidate during fusion.
type fusedResult struct {
	result   ontology.SearchResult
	score    float64
	channels map[string]ontology.ChannelScore
}

// asResult is f as a search result: its fused score, and its channels as
// the explanation.
func (f *fusedResult) asResult() ontology.SearchResult {
	r := f.result
	r.Score, r.Channels = f.score, f.channels
	return r
}

func resultKey(r ontology.SearchResult) string {
	switch r.Kind {
	case ontology.KindFact:
		return "fact\x1f" + r.ID
	case ontology.KindBurst:
		return "burst\x1f" + turnKey(r.Conversation, r.ID)
	}
	return turnKey(r.Conversation, r.ID)
}

// turnKey is a turn's key among fused results: its conversation and id
// joined by "\x1f", as the store keys Neighbours and TurnBursts.
func turnKey(conversation, id string) string { return conversation + "\x1f" + id }

// Ranking is one ranked list of results to fuse, with its weight.
type Ranking struct {
	// Channel names the list in the fused results' explanations, with each
	// result's rank and score in it; "" records nothing.
	Channel string
	// Weight multiplies the list's contributions.
	Weight float64
	// ExtractorWeights scales the contribution of results drawn by the
	// named extractors (ChannelConfig.ExtractorWeights).
	ExtractorWeights map[string]float64
	Results          []ontology.SearchResult
	// MembersOnly lists add to the member turns of their results that
	// other lists hold, after those, and add no results
	// (ChannelConfig.MembersOnly).
	MembersOnly bool

	// Score fusion only (set by fuse from the config): the raw score range
	// that normalises the list's scores, and whether to clamp to 0..1
	// (a range borrowed from another channel).
	lo, hi float64
	clamp  bool
}

// FuseRRF fuses rankings by weighted reciprocal rank fusion with constant
// k (0: the default, 60): score(d) = Σ weight / (k + rank(d)). A result
// keeps the first list's copy of it, with that copy's explanation, and
// gains each named list's rank. Ties keep conversation order. Context
// assembly fuses expanded queries' rankings with the original with it.
func FuseRRF(k float64, rankings []Ranking) []ontology.SearchResult {
	if k <= 0 {
		k = defaultRRFK
	}
	fused := fuseRankings(FusionConfig{Method: "rrf", K: k}, rankings)
	out := make([]ontology.SearchResult, len(fused))
	for i, f := range fused {
		out[i] = f.asResult()
	}
	return out
}

// fuse combines channel rankings, by weighted reciprocal rank fusion
// (score(d) = Σ_channels weight / (k + rank(d))) or by weighted normalised
// scores, as cfg.Fusion says. Ties keep conversation order.
func fuse(cfg Config, rankings [][]ontology.SearchResult) []*fusedResult {
	ranges := map[string][2]float64{}
	for i, ranking := range rankings {
		lo, hi := scoreRange(ranking)
		ranges[cfg.Channels[i].Name] = [2]float64{lo, hi}
	}
	lists := make([]Ranking, len(rankings))
	for i, ranking := range rankings {
		ch := cfg.Channels[i]
		lo, hi := scoreRange(ranking)
		shared := false
		if ch.NormaliseWith != "" {
			if rg, ok := ranges[ch.NormaliseWith]; ok && len(rankings[indexOf(cfg, ch.NormaliseWith)]) > 0 {
				lo, hi, shared = rg[0], rg[1], true
			}
		}
		lists[i] = Ranking{Channel: ch.Name, Weight: ch.Weight, ExtractorWeights: ch.ExtractorWeights, Results: ranking, MembersOnly: ch.MembersOnly, lo: lo, hi: hi, clamp: shared}
	}
	fused := fuseRankings(cfg.Fusion, lists)
	if cfg.Fusion.AgreeBonus > 0 {
		addAgreement(cfg, fused)
	}
	return fused
}

// addAgreement adds cfg.Fusion.AgreeBonus to the results that every
// channel of cfg.Fusion.AgreeChannels ranked (within AgreeDepth), records
// it as the channel "agree" and re-sorts.
func addAgreement(cfg Config, fused []*fusedResult) {
	depth := cfg.Fusion.AgreeDepth
	agreed := false
	for _, f := range fused {
		all := true
		for _, name := range cfg.Fusion.AgreeChannels {
			cs, ok := f.channels[name]
			if !ok || (depth > 0 && cs.Rank > depth) {
				all = false
				break
			}
		}
		if all {
			f.score += cfg.Fusion.AgreeBonus
			f.channels["agree"] = ontology.ChannelScore{Rank: 1, Score: cfg.Fusion.AgreeBonus}
			agreed = true
		}
	}
	if agreed {
		sortFused(fused)
	}
}

// fuseRankings is the one fusion: each list adds, to every result it
// holds, its weight (scaled by the result's extractor weight) times the
// result's reciprocal rank (method "rrf") or its min-max normalised score
// (method "score"). Results are told apart by resultKey.
func fuseRankings(method FusionConfig, rankings []Ranking) []*fusedResult {
	byKey := map[string]*fusedResult{}
	var order []*fusedResult
	for _, rk := range rankings {
		if rk.MembersOnly {
			continue
		}
		for rank, r := range rk.Results {
			k := resultKey(r)
			f, ok := byKey[k]
			if !ok {
				f = &fusedResult{result: r, channels: map[string]ontology.ChannelScore{}}
				maps.Copy(f.channels, r.Channels)
				byKey[k] = f
				order = append(order, f)
			}
			f.score += contribution(method, rk, rank, r)
			if rk.Channel != "" {
				f.channels[rk.Channel] = ontology.ChannelScore{Rank: rank + 1, Score: r.Score}
			}
		}
	}
	// Members-only lists lift the turns the others found.
	for _, rk := range rankings {
		if !rk.MembersOnly {
			continue
		}
		for rank, r := range rk.Results {
			c := contribution(method, rk, rank, r)
			for _, id := range r.SourceTurnIDs {
				f, ok := byKey[turnKey(r.Conversation, id)]
				if !ok || f.result.Kind != ontology.KindTurn {
					continue
				}
				f.score += c
				if _, seen := f.channels[rk.Channel]; rk.Channel != "" && !seen {
					f.channels[rk.Channel] = ontology.ChannelScore{Rank: rank + 1, Score: r.Score}
				}
			}
		}
	}
	sortFused(order)
	return order
}

// contribution is what result r at rank (from 0) of list rk adds to its
// fused score: rk's weight (scaled by r's extractor weight) times r's
// reciprocal rank (method "rrf") or its min-max normalised score ("score").
func contribution(method FusionConfig, rk Ranking, rank int, r ontology.SearchResult) float64 {
	w := rk.Weight
	if xw, ok := rk.ExtractorWeights[r.Extractor]; ok && r.Extractor != "" {
		w *= xw
	}
	if method.Method != "score" {
		return w / (method.K + float64(rank+1))
	}
	norm := 1.0
	if rk.hi > rk.lo {
		norm = (r.Score - rk.lo) / (rk.hi - rk.lo)
	}
	if rk.clamp {
		norm = max(0, min(1, norm))
	}
	return w * norm
}

func indexOf(cfg Config, name string) int {
	for i, ch := range cfg.Channels {
		if ch.Name == name {
			return i
		}
	}
	return -1
}

// scoreRange returns the lowest and highest raw score of a ranking.
func scoreRange(rs []ontology.SearchResult) (lo, hi float64) {
	for i, r := range rs {
		if i == 0 || r.Score < lo {
			lo = r.Score
		}
		if i == 0 || r.Score > hi {
			hi = r.Score
		}
	}
	return lo, hi
}

func sortFused(fs []*fusedResult) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].score != fs[j].score {
			return fs[i].score > fs[j].score
		}
		if fs[i].result.Conversation != fs[j].result.Conversation {
			return fs[i].result.Conversation < fs[j].result.Conversation
		}
		return fs[i].result.Seq < fs[j].result.Seq
	})
}
