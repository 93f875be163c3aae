package rules

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// A pet introduced in chat style right after its owner says they got or
// have one (h14-pets34): "we got a greyhound, biscotti", "i adopted a cat
// 🐈 meet kape", "i have a dog now. huck. he's a menace". The turn reads
// as if the name followed "called" ("we got a greyhound called
// biscotti"), which the readings of a named pet take with their guards
// (a hedge, a negation, someone else's pet, "we" and a named partner).

// petIntroRE matches a verb of getting or having, "a"/"an", up to two
// words and a pet word, the pet word's end closing the match.
var petIntroRE = regexp.MustCompile(`(?i)\b(?:got|adopted|rescued|bought|have|has)\s+(?:a|an)\s+(?:[\p{L}-]+\s+){0,2}?(?:` + petWordsAlt() + `)\b`)

// petIntroAfterRE matches what follows the pet word when a name comes
// next: "now"/"too" perhaps, then a comma, "meet" (after an emoji or
// stops perhaps) or a full stop; the name (group 1) is one word.
var petIntroAfterRE = regexp.MustCompile(`^((?:\s+(?:now|too))?)(\s*,\s*|[\s\p{So}\p{Sk}.!]*\s+meet\s+|\s*[.!]+\s+)([\p{L}][\p{L}'-]*)`)

// petIntroEndRE matches the end of the name's phrase: the text's end, a
// stop, a comma or an emoji.
var petIntroEndRE = regexp.MustCompile(`^(?:\s*$|\s*[.!,;)]|\s*[\p{So}\p{Sk}])`)

// petWordsAlt is the pet words as a regexp alternation.
func petWordsAlt() string {
	words := make([]string, 0, len(petSpecies)+len(morePetBreeds))
	for w := range petSpecies {
		words = append(words, regexp.QuoteMeta(w))
	}
	for w := range morePetBreeds {
		words = append(words, regexp.QuoteMeta(w))
	}
	sort.Slice(words, func(i, j int) bool {
		return len(words[i]) > len(words[j]) || len(words[i]) == len(words[j]) && words[i] < words[j]
	})
	return strings.Join(words, "|")
}

// petIntroduced rewrites the first pet introduced by name after its
// getting as "<getting> called <name>". The name must close its phrase
// and be no common word, place, chat word or pet word; a lower-case name
// must be no English word either ("we got a dog, lovely").
func petIntroduced(text string) string {
	if !mayNamePet(text) {
		return text
	}
	for _, m := range petIntroRE.FindAllStringIndex(text, -1) {
		rest := text[m[1]:]
		a := petIntroAfterRE.FindStringSubmatchIndex(rest)
		if a == nil {
			continue
		}
		name := rest[a[6]:a[7]]
		if !petIntroName(name) || !petIntroEndRE.MatchString(rest[a[7]:]) {
			continue
		}
		mid := rest[a[2]:a[3]]  // " now"
		link := rest[a[4]:a[5]] // ", ", " 🐈 meet ", ". "
		between := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(link), "meet"))
		out := text[:m[1]] + " called " + name + mid
		if strings.Contains(link, "meet") && between != "" {
			out += " " + between
		}
		return out + rest[a[7]:]
	}
	return text
}

// petIntroName reports whether a word may be a pet's name introduced in
// chat style.
func petIntroName(w string) bool {
	n := strings.ToLower(w)
	if len([]rune(n)) < 3 || strings.ContainsAny(n, "'-") {
		return false
	}
	for _, r := range n {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	if notLowerName(n) || commonWords[n] || functionWords[n] || fillers[n] || chatForm(n) || adverbs[n] ||
		knownPlace(n) || petWord(n) || subjectPronouns[n] || isRoleWord(n) {
		return false
	}
	return startsUpper(w) || !englishWords[n]
}

// petGate holds the pet words of petIntroRE and the first part of each
// hyphenated one ("guinea" of "guinea-pig").
var petGate = func() map[string]bool {
	out := map[string]bool{}
	for _, set := range []map[string]bool{petSpecies, morePetBreeds} {
		for w := range set {
			out[w] = true
			if i := strings.IndexByte(w, '-'); i > 0 {
				out[w[:i]] = true
			}
		}
	}
	return out
}()

// mayNamePet reports whether text holds a pet word of petIntroRE as an
// ASCII word of its own, in any letter case, which every match needs:
// most turns do not, and the expressions are then not run. A text with a
// letter that folds to ASCII from beyond it (the Kelvin sign, the long s)
// is always read.
func mayNamePet(text string) bool {
	if strings.ContainsAny(text, "\u212a\u017f") {
		return true
	}
	var buf [24]byte
	for i := 0; i < len(text); {
		if !asciiWordByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && asciiWordByte(text[j]) {
			j++
		}
		if j-i <= len(buf) {
			w := buf[:j-i]
			for k := range w {
				c := text[i+k]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				w[k] = c
			}
			if petGate[string(w)] {
				return true
			}
		}
		i = j
	}
	return false
}

// asciiWordByte reports whether c is a byte of a regexp \w: an ASCII
// letter, digit or underscore.
func asciiWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}
