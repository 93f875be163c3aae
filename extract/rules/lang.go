package rules

import "github.com/loci-memory/loci/lang"

// The extractor reads text as package lang tokenizes it, and finds times
// as lang resolves them.
type (
	token    = lang.Token
	sentence = lang.Sentence
	timeHit  = lang.TimeHit
)
