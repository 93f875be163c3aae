package rules

import "strings"

// Lexicon is the rules' knowledge of names, for the speaker aliases ingest
// learns (extract.NameLexicon).
type Lexicon struct{}

// NotAPersonName is NotAPersonName.
func (Lexicon) NotAPersonName(word string) bool { return NotAPersonName(word) }

// IsGivenName is IsGivenName.
func (Lexicon) IsGivenName(word string) bool { return IsGivenName(word) }

// NotAPersonName reports whether word, in any case, is never a person's
// name on its own: an ordinary word of the lists the rules read names
// against (common words, greetings, function words, kin and role words,
// months, number words), a verb's "-ing" form ("Surfing, huh?"), a
// place of the gazetteer or the towns list ("Graz", "Seattle"), a
// well-known organisation ("Revolut") or a nationality. A given name
// stays a name, also one that is a common word ("Will", "Rose", "Paris"
// is a place but "Georgia" a name). Hyphenated words are read part by part
// ("Twenty-nine").
func NotAPersonName(word string) bool {
	w := strings.ToLower(strings.Trim(word, "'’-"))
	if w == "" || firstName(w) || wordNames[w] {
		return false
	}
	if parts := strings.Split(w, "-"); len(parts) > 1 {
		for _, p := range parts {
			if p != "" && !NotAPersonName(p) {
				return false
			}
		}
		return true
	}
	_, org := lookupOrg(w, false)
	return notNameWord(w) || ingForm(w) || knownPlace(w) || org || demonyms[w]
}

// ingForm reports whether w is a word's "-ing" form: its stem, also with
// an "e" or without a doubled last letter ("making", "running"), is a word
// of the vocabulary; names ending so are not ("Sterling", "Irving").
func ingForm(w string) bool {
	stem, ok := strings.CutSuffix(w, "ing")
	if !ok || len(stem) < 2 {
		return false
	}
	n := len(stem)
	return inVocab(stem) || inVocab(stem+"e") || n > 2 && stem[n-1] == stem[n-2] && inVocab(stem[:n-1])
}

// IsGivenName reports whether word, in any case, is a given name of the
// rules' lists, also one that is a common word ("Will", "Rose").
func IsGivenName(word string) bool {
	w := strings.ToLower(word)
	return firstName(w) || wordNames[w]
}
