// Package simrel types relations the rules' patterns did not find by the
// similarity of a sentence to prototype phrasings: for a sentence where
// the rules found two typed entities that fit a relation's signature but
// no relation between them, the sentence is embedded with the two names
// replaced by placeholder words and compared with prototype sentences per
// relation type and with "no relation" prototypes (visits, questions,
// plans, opinions). The best type is kept when it is similar enough and
// beats the runner-up and the "no relation" prototypes by a margin.
//
// The decision (scores → relation or none) is the pure function Decide;
// Extractor wires it to an ontology.Embedder and the rules extractor.
package simrel

import (
	"github.com/loci-memory/loci/ontology"
)

// Scores are one candidate pair's similarities: the best cosine to the
// prototypes of each relation type its signature allows, and the best
// cosine to the "no relation" prototypes.
type Scores struct {
	ByType map[ontology.RelationType]float64
	None   float64
}

// Params are Decide's thresholds, chosen on the dev half of the gold set.
type Params struct {
	Min        float64 // the best type's cosine must reach this
	Margin     float64 // and beat the runner-up type by this much
	NoneMargin float64 // and beat the best "no relation" prototype by this much
}

// DefaultParams are the thresholds chosen on the dev half (see
// docs/benchmarks.md, "Relations typed by similarity"; scripts/simrel-sweep.py
// sweeps them). Session 30 re-chose NoneMargin on the grown dev half by the
// extractor's keep rule (at most one wrong relation per four right ones the
// stage adds) and checked it on the held-out half and a fresh blind round
// ("Session 30" in docs/benchmarks.md).
var DefaultParams = Params{Min: 0.55, Margin: 0.04, NoneMargin: 0.18}

// Decide returns the relation type s supports under p, or false. Ties go
// to no relation; the order of the map does not matter.
func Decide(s Scores, p Params) (ontology.RelationType, bool) {
	var best ontology.RelationType
	bestScore, secondScore := -2.0, -2.0
	for t, v := range s.ByType {
		switch {
		case v > bestScore || v == bestScore && t < best:
			best, bestScore, secondScore = t, v, bestScore
		case v > secondScore:
			secondScore = v
		}
	}
	if best == "" || bestScore < p.Min || bestScore-secondScore < p.Margin || bestScore-s.None < p.NoneMargin {
		return "", false
	}
	return best, true
}
