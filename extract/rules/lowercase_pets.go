package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// Lower-case pets' names (issue 14, h14-meta; h14-lower28 added the
// name's "-ing" word, the name before "is my <species>" and "name's").
// A chat typed without capitals names a pet right after its species ("my
// cat pudding has been sick"), before it ("pickle is my terrier") or after
// "her name's" ("we're fostering a greyhound, her name's dottie").

// petSlot reports whether i follows a possessive and a pet's species ("our
// cat biscuit", "sigrid's cat frøya", "our cat, mițu").
func petSlot(s *sentence, i int) bool {
	j := i - 1
	if s.Is(j, ",") {
		j--
	}
	if j >= 1 && petSpecies[s.Norm(j)] && (s.Is(j-1, possessors...) || s.Tok(j-1).Poss) {
		return true
	}
	return petListSlot(s, i) || petApposedSlot(s, i)
}

// petApposedSlot reports whether i comes before its species in apposition,
// after a comma and a possessive, the apposition closing there ("pepper,
// our greyhound, who is a menace", "and mochi, my cat."; not "pepper, our
// greyhound's food" nor "rice, our dog ate it").
func petApposedSlot(s *sentence, i int) bool {
	return s.Is(i+1, ",") && s.Is(i+2, possessors...) && petSpecies[s.Norm(i+3)] && !s.Tok(i+3).Poss &&
		(i+4 >= len(s.Toks) || !s.Toks[i+4].Word)
}

// verbBeforeVerb reports whether the word at i is a verb in the third
// person that another verb follows ("jake's dog keeps barking", "our cat
// wants to go out"), not a pet's name.
func verbBeforeVerb(s *sentence, i int) bool {
	return strings.HasSuffix(s.Norm(i), "s") && (strings.HasSuffix(s.Norm(i+1), "ing") || s.Is(i+1, "to"))
}

// petListSlot reports whether i names a pet in a list after a count of
// pets: "two cats now, mochi and bean".
func petListSlot(s *sentence, i int) bool {
	if s.Is(i-1, "and", "&") && i >= 2 && s.Toks[i-2].Cap {
		i -= 2 // the second name: its first is capitalised already
	}
	j := i - 1
	if !s.Is(j, ",", ":") {
		return false
	}
	j--
	if s.Is(j, "now", "too", "already") {
		j--
	}
	return j >= 1 && petSpecies[s.Norm(j)] && (lang.NumberWords[s.Norm(j-1)] > 1 || s.Is(j-1, "2", "3", "4"))
}

// petNameWord reports whether the lower-case word at i, which
// lowerNameWord refuses for its "-ing" or "-ed" ending, is a pet's name in
// a pet's slot: a word whose stem is no word of the list ("pudding"), not a
// verb's form ("barking", "tired").
func petNameWord(s *sentence, i int) bool {
	if i >= len(s.Toks) || !plainWord(s, i) || s.Toks[i].Cap {
		return false
	}
	w := s.Norm(i)
	stem, ing := strings.CutSuffix(w, "ing")
	if !ing {
		if stem, ing = strings.CutSuffix(w, "ed"); !ing {
			return false
		}
	}
	return len(stem) >= 3 && !inVocab(stem) && !inVocab(stem+"e") && !notNameWord(w) && !englishWords[w] &&
		!functionWords[w] && !adverbs[w] && !isFiller(w)
}

// petFirstSlot reports whether the lower-case word at i opens its clause
// before "is my <species>": "pickle is my terrier", not "this is my dog"
// nor "food is my dog's life".
func petFirstSlot(s *sentence, i int) bool {
	if !(i == s.FirstWord() || clauseOpeners[s.Norm(i-1)]) || !s.Is(i+1, "is") || !s.Is(i+2, possessors...) ||
		!petSpecies[s.Norm(i+3)] || s.Tok(i+3).Poss || s.Toks[i].Poss {
		return false
	}
	w := s.Norm(i)
	return lowerNameWord(s, i) && !functionWords[w] && !commonWords[w] && !subjectPronouns[w]
}

// nameIsSlot reports whether "name is" or "name's" stands right before i
// after a possessive ("his name is kwame", "her name's dottie") or opening
// a clause after a pet's species ("one kitten, name is biscuit").
func nameIsSlot(s *sentence, i int) bool {
	n := i - 2 // "name is"
	if s.Is(i-1, "name") {
		n = i - 1 // "name's": the possessive mark is the name's
	}
	if !s.Is(n, "name") {
		return false
	}
	return s.Is(n-1, possessors...) || s.Is(n-1, ",") && petSpecies[s.Norm(n-2)]
}
