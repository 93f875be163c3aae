package lang

import "strings"

// IsFirstName reports whether word is a common English first name of the
// built-in lexicon (any case). Search uses it to refuse reading a real name
// ("Rose") as a misspelling of a speaker's ("Rosa").
func IsFirstName(word string) bool { return FirstNames[strings.ToLower(word)] }
