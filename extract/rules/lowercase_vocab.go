package rules

import (
	_ "embed"
)

//go:generate go run gen_vocabwords.go

// vocabWordsData is data/vocabwords.txt: the whole lower-case words of the
// embedding tokenizer's vocabulary (gen_vocabwords.go derives it; Apache
// License 2.0, data/vocabwords-license.txt). Committed, so the rules stay
// the same without the model present.
//
//go:embed data/vocabwords.txt
var vocabWordsData string

// vocabWords is the word list as a set, built once. The vocabulary holds
// many names too (cities, given names, large firms): a lower-case word
// outside it is very likely a name or a chat spelling, a word inside it
// says nothing either way.
var vocabWords = dataWords(vocabWordsData)

// inVocab reports whether the lower-case word w is in the word list.
func inVocab(w string) bool { return vocabWords[w] }
