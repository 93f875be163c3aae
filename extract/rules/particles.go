package rules

import (
	_ "embed"
	"strings"
)

// particlesData is data/particles.txt: the particles and fillers of the
// languages English chats code-switch into (Tagalog, Spanish, Hindi/Urdu,
// Swahili/Sheng, Nigerian Pidgin, Scots, Singlish), as words that are never
// names, fillers that are names too ("mixed:") and fixed expressions
// ("phrase:").
//
//go:embed data/particles.txt
var particlesData string

// particleWords are the file's word lines: never a name, and the end of
// any phrase they follow ("i love riyadh talaga" likes Riyadh); npStops
// holds them.
// mixedParticles are its "mixed:" words: fillers in a code-switched
// sentence, names in an English one (particleAt).
// particlePhrases are its "phrase:" expressions, word by word.
// tagParticles are its "tag:" words: mixed fillers that close a question
// as a tag ("isn't it?") when they are its last word after another word.
var particleWords, mixedParticles, particlePhrases, tagParticles = readParticles(particlesData)

// readParticles reads data/particles.txt.
func readParticles(data string) (words, mixed map[string]bool, phrases [][]string, tags map[string]bool) {
	words, mixed, tags = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(data, "\n") {
		switch {
		case strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "tag:"):
			for _, w := range strings.Fields(strings.TrimPrefix(l, "tag:")) {
				tags[w] = true
			}
		case strings.HasPrefix(l, "phrase:"):
			if f := strings.Fields(strings.TrimPrefix(l, "phrase:")); len(f) > 1 {
				phrases = append(phrases, f)
			}
		case strings.HasPrefix(l, "mixed:"):
			for _, w := range strings.Fields(strings.TrimPrefix(l, "mixed:")) {
				mixed[w] = true
			}
		default:
			for _, w := range strings.Fields(l) {
				words[w] = true
			}
		}
	}
	return words, mixed, phrases, tags
}

// particleAt reports whether the lower-case word at i is a filler of
// another language and no name: a word of a fixed expression ("sana all",
// "asante sana") or a "mixed:" filler in a sentence that holds a particle
// of the word lines ("congrats jenn!! sana all, i might try uk din",
// "stay with tes muna po").
func particleAt(s *sentence, i int) bool {
	if i < 0 || i >= len(s.Toks) || s.Toks[i].Cap && i != s.FirstWord() || s.Toks[i].Poss {
		return false
	}
	n := s.Norm(i)
	for _, ph := range particlePhrases {
		for k, w := range ph {
			if w == n && s.Seq(i-k, ph...) {
				return true
			}
		}
	}
	if !mixedParticles[n] {
		return false
	}
	if tagParticles[n] && s.Question && !s.Tok(i+1).Word && s.Tok(i-1).Word {
		return true // "Two years now abi?": Nigerian English's "isn't it" closing a question
	}
	for _, t := range s.Toks {
		if t.Word && !t.Cap && particleWords[t.Norm] {
			return true
		}
	}
	return false
}

// openingFillers reports whether the words before token i are only
// fillers of another language, chat leads and punctuation, one at least
// a filler ("aye Callum works at the Co-op", "chale Kwame works at MTN",
// "accha, so Rohan works at Infosys"): a clause opens at i.
func openingFillers(s *sentence, i int) bool {
	filler := false
	for k := 0; k < i && k < len(s.Toks); k++ {
		t := s.Toks[k]
		switch {
		case !t.Word:
		case !t.Poss && (particleWords[t.Norm] && (!t.Cap || k == s.FirstWord()) || particleAt(s, k)):
			filler = true
		case chatLeads[t.Norm]:
		default:
			return false
		}
	}
	return filler
}

// codeSwitched reports whether the sentence holds a filler of another
// language's word lines ("so permanent ka na sa QE?").
func codeSwitched(s *sentence) bool {
	for _, t := range s.Toks {
		if t.Word && !t.Cap && particleWords[t.Norm] {
			return true
		}
	}
	return false
}
