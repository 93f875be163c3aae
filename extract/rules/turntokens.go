package rules

import "github.com/loci-memory/loci/lang"

// A turn's text is read sentence by sentence by extractTurn and again by
// the readers that rebuild a clause (statements, the asked questions):
// each recases its own copy, for recasing writes into the tokens and
// what it finds may change as the turn is read. The tokens are the same
// every time, so the text is tokenised and split once per turn and each
// reader gets a fresh copy of them.

// turnMemo is what a turn's readers read once per turn.
type turnMemo struct {
	tokens    *turnTokens // the turn's text tokenised (sentencesOf)
	frameMay  []bool      // which slot-first frames a sentence may match, reused (frames_need.go)
	asked     *sentence   // askedJustBefore's question, once askedRead (answers5.go)
	askedOK   bool
	askedRead bool
}

// turnTokens is a text's tokens and sentences as lang split them, kept
// unchanged.
type turnTokens struct {
	text      string
	toks      []lang.Token
	sentences []sentence
}

// sentencesOf returns text's sentences (lang.SplitSentences of
// lang.Tokenize), a fresh copy the caller may change: the sentences share
// one array of tokens, laid out as lang lays them out, so that whatever a
// reader does to one sentence's tokens does to the copy what it did to a
// fresh tokenisation.
func (c *turnCtx) sentencesOf(text string) []sentence {
	tt := c.memo.tokens
	if tt == nil || tt.text != text {
		toks := lang.Tokenize(text)
		tt = &turnTokens{text: text, toks: toks, sentences: lang.SplitSentences(toks)}
		c.memo.tokens = tt
	}
	if tt.sentences == nil {
		return nil
	}
	toks := make([]lang.Token, len(tt.toks), cap(tt.toks))
	copy(toks, tt.toks)
	out := make([]sentence, len(tt.sentences))
	for i, s := range tt.sentences {
		out[i] = s
		begin := cap(tt.toks) - cap(s.Toks) // s.Toks is tt.toks[begin:begin+len]
		out[i].Toks = toks[begin : begin+len(s.Toks)]
	}
	return out
}
