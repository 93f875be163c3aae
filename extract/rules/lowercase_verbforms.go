package rules

import "strings"

// notLowerOrgName is notLowerName for a word in an organisation's slot
// ("starting at gullwing", "a fintech called tjing"): there an ending in
// "-ing" or "-ed" rules a word out only where it reads as a verb's form
// (verbForm). A lower-case word elsewhere keeps notLowerName, where "-ing"
// and "-ed" say a verb far more often than a name.
func notLowerOrgName(w string) bool {
	if notNameWord(w) {
		return true
	}
	return (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed")) && verbForm(w)
}

// verbForm reports whether w, ending in "-ing" or "-ed", is a word of the
// language or reads as a verb's form: its stem is a word of the vocabulary
// ("running" of "run", "baked" of "bake", "carried" of "carry"), or it
// ends in such a form after a word of the vocabulary ("speedrunning").
// A name that only ends in those letters ("gullwing", "tjing") is none.
func verbForm(w string) bool {
	if inVocab(w) || englishWords[w] {
		return true
	}
	if stemmedForm(w) {
		return true
	}
	for k := 3; k+4 <= len(w); k++ {
		if tail := w[k:]; inVocab(w[:k]) && inVocab(tail) && stemmedForm(tail) {
			return true
		}
	}
	return false
}

// stemmedForm reports whether w's stem, without its "-ing" or "-ed", is a
// word of the vocabulary of three letters or more: the stem as it stands,
// with its silent "e" back, without a doubled last consonant, or with "y"
// for "ie" ("carried").
func stemmedForm(w string) bool {
	var base string
	switch {
	case strings.HasSuffix(w, "ing"):
		base = w[:len(w)-3]
	case strings.HasSuffix(w, "ied"):
		if stemWord(w[:len(w)-3] + "y") {
			return true
		}
		base = w[:len(w)-2]
	case strings.HasSuffix(w, "ed"):
		base = w[:len(w)-2]
	default:
		return false
	}
	if stemWord(base) || stemWord(base+"e") {
		return true
	}
	n := len(base)
	return n >= 4 && base[n-1] == base[n-2] && stemWord(base[:n-1])
}

// stemWord reports whether a stem is a word of the vocabulary of three
// letters or more.
func stemWord(w string) bool { return len(w) >= 3 && (inVocab(w) || englishWords[w]) }
