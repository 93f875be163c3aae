package rules

import "github.com/loci-memory/loci/lang"

// A turn's text is read sentence by sentence by extractTurn and again by
// the readers that rebuild a clause (statements, the asked questions), and
// the turn before is read again by the readings that answer or echo it:
// each recases its own copy, for recasing writes into the tokens and what
// it finds may change as the turn is read. The tokens are the same every
// time, so the discourse keeps the tokens and sentences of the last few
// texts read (tokenCache), each text is tokenised and split once, and each
// reader gets a fresh copy of them.

// turnMemo is what a turn's readers read once per turn.
type turnMemo struct {
	frameMay  []bool    // which slot-first frames a sentence may match, reused (frames_need.go)
	asked     *sentence // askedJustBefore's question, once askedRead (answers_next.go)
	askedOK   bool
	askedRead bool
	recased   [2][]sentence // the turn's statements [0] and questions [1], recased once (pairs.go)
	recasedOK [2]bool
}

// turnTokens is a text's tokens and sentences as lang split them, kept
// unchanged.
type turnTokens struct {
	text      string
	toks      []lang.Token
	sentences []sentence
}

// tokenCache holds the tokens of the texts read last: the current turn,
// the turn before, and the last sentences readings cut from them. Older
// texts drop out in the order they came in.
type tokenCache struct {
	ring [8]*turnTokens
	next int
}

// of returns text's tokens and sentences, tokenising it only when it is
// not among the texts kept.
func (tc *tokenCache) of(text string) *turnTokens {
	for _, tt := range tc.ring {
		if tt != nil && tt.text == text {
			return tt
		}
	}
	toks := lang.Tokenize(text)
	tt := &turnTokens{text: text, toks: toks, sentences: lang.SplitSentences(toks)}
	tc.ring[tc.next] = tt
	tc.next = (tc.next + 1) % len(tc.ring)
	return tt
}

// sentencesOf returns text's sentences (lang.SplitSentences of
// lang.Tokenize), a fresh copy the caller may change: the sentences share
// one array of tokens, laid out as lang lays them out, so that whatever a
// reader does to one sentence's tokens does to the copy what it did to a
// fresh tokenisation. A nil discourse tokenises text afresh.
func (d *discourse) sentencesOf(text string) []sentence {
	if d == nil {
		return lang.SplitSentences(lang.Tokenize(text))
	}
	tt := d.tokens.of(text)
	if tt.sentences == nil {
		return nil
	}
	toks := tt.copyTokens()
	out := make([]sentence, len(tt.sentences))
	for i, s := range tt.sentences {
		out[i] = s
		begin := cap(tt.toks) - cap(s.Toks) // s.Toks is tt.toks[begin:begin+len]
		out[i].Toks = toks[begin : begin+len(s.Toks)]
	}
	return out
}

// tokensOf returns text's tokens (lang.Tokenize), a fresh copy the caller
// may change. A nil discourse tokenises text afresh.
func (d *discourse) tokensOf(text string) []lang.Token {
	if d == nil {
		return lang.Tokenize(text)
	}
	return d.tokens.of(text).copyTokens()
}

// copyTokens returns a copy of the tokens with the same length and
// capacity as lang.Tokenize gave.
func (tt *turnTokens) copyTokens() []lang.Token {
	toks := make([]lang.Token, len(tt.toks), cap(tt.toks))
	copy(toks, tt.toks)
	return toks
}

// sentencesOf returns the turn's text's sentences as the discourse's
// sentencesOf does.
func (c *turnCtx) sentencesOf(text string) []sentence { return c.disc.sentencesOf(text) }
