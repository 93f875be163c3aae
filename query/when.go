package query

import (
	"regexp"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// boostWhen adds cfg.WhenBoost to the score of those of the top
// cfg.WhenDepth results whose text has a time expression (resolved against
// the result's own time, so "yesterday" counts), when query asks when, and
// re-sorts. Explanations show the boost as the channel "when".
func boostWhen(cfg Config, query string, fused []*fusedResult) {
	if cfg.WhenBoost <= 0 || len(fused) == 0 || !AsksWhen(query) {
		return
	}
	for _, f := range fused[:min(cfg.WhenDepth, len(fused))] {
		// Only whether a time is named matters here, so an undated result
		// is read against a fixed day: with a zero reference the resolver
		// would skip relative expressions ("yesterday").
		ref := time.Date(2000, 1, 1, 12, 0, 0, 0, time.UTC)
		if f.result.Timestamp != nil {
			ref = *f.result.Timestamp
		}
		if len(lang.ResolveTime(f.result.Text, ref)) == 0 {
			continue
		}
		f.score += cfg.WhenBoost
		if f.channels != nil {
			f.channels["when"] = ontology.ChannelScore{Rank: 1, Score: cfg.WhenBoost}
		}
	}
	sortFused(fused)
}

// askWhen matches the openings of questions about a time.
var askWhen = regexp.MustCompile(`(?i)^\W*(when\b|what (year|month|date|day|time)\b|which (year|month|day)\b|how long ago\b|since when\b)|\bwhen (did|does|do|was|were|is|will|has|had)\b`)

// AsksWhen reports whether query asks when something happened.
func AsksWhen(query string) bool { return askWhen.MatchString(query) }

// discountQuestions scales the fused score of the turn and burst results
// whose text ends in a question (lang.EndsInQuestion) by 1 − cfg.QuestionDiscount, records the
// factor as the channel "question" and re-sorts.
func discountQuestions(cfg Config, fused []*fusedResult) {
	if cfg.QuestionDiscount <= 0 || len(fused) == 0 {
		return
	}
	for _, f := range fused {
		if f.result.Kind == ontology.KindFact || !lang.EndsInQuestion(f.result.Text) {
			continue
		}
		f.score *= 1 - cfg.QuestionDiscount
		if f.channels != nil {
			f.channels["question"] = ontology.ChannelScore{Rank: 1, Score: -cfg.QuestionDiscount}
		}
	}
	sortFused(fused)
}
