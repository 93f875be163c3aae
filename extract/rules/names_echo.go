package rules

import (
	"strings"
	"unicode"
)

// recaseYesEcho capitalises, in a lower-case sentence, a name that a yes
// confirms alone: a yes-word, then one word the lists hold as no common
// word (or a given name), then the sentence's end, the word one another
// speaker's turn right before named in any case ("DAZZA KYDD??" / "aye
// dazza. he drums for …", "was that tom harris at the gym" / "yep tom").
// The "he" or "she" after it then means that person, not someone named
// further back. A yes before a word the turn before did not hold ("yeah
// mate", "yep cheers") or before more words ("yeah dazza said so") is left.
func (k *known) recaseYesEcho(s *sentence) {
	f := s.FirstWord()
	if f < 0 || k.echoOf == "" || !yesWords[s.Norm(f)] || f+1 >= len(s.Toks) {
		return
	}
	i := f + 1
	if s.Is(i, ",") {
		i++
	}
	if i >= len(s.Toks) || !plainWord(s, i) || s.Toks[i].Cap || s.Toks[i].Poss || !(unknownWord(s, i) || firstName(s.Norm(i))) {
		return
	}
	for j := i + 1; j < len(s.Toks); j++ {
		if s.Toks[j].Word {
			return
		}
	}
	if !echoes(k.echoOf, s.Norm(i)) {
		return
	}
	capitalise(s, i, i+1)
}

// echoes reports whether text holds the lower-case word w as a word of
// its own, in any case.
func echoes(text, w string) bool {
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if f == w {
			return true
		}
	}
	return false
}
