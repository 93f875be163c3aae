package rules

import (
	_ "embed"

	"github.com/loci-memory/loci/lang"
)

// placeWordsData lists gazetteer places whose lower-case name is more often
// a word or a person's name, one a line.
//
//go:embed data/placewords.txt
var placeWordsData string

// placeWords are the names of data/placewords.txt.
var placeWords = lines(placeWordsData)

// bareNameTails, right after a lower-case place, make it part of another
// name: a club ("leeds united", "bristol city"), a street ("oxford
// street"), an organisation ("york uni" is read as one).
var bareNameTails = lang.Words(`united city town county albion rangers hotspur celtic rovers`)

// lowerPlaceBare returns how many words at i, in a sentence a phone opened
// on a capital letter, name a gazetteer place or a town (towns.go) typed
// in lower case outside the slots lowerPlaceAfter reads, or 0: wherever a
// capitalised place is read, so is its lower-case spelling ("Leaving leeds
// end of march", "Swansea boy, no car… grew up near swansea"). A name that
// is also an everyday word or a person's name (the common words,
// placeWords, the given names) still needs a capital letter or a place's
// slot; a place that opens an organisation's, a club's or a street's name
// is left to that name, and so is one beside a capitalised name, with
// which it would read as one name. A sentence typed all in lower case
// reads a place only in a place's slot (recase).
func lowerPlaceBare(s *sentence, i int) int {
	if !mayOpenPlace(s.Toks[i].Norm) {
		return 0
	}
	if i > 0 && s.Toks[i-1].Word && s.Toks[i-1].Cap && i-1 != s.FirstWord() {
		return 0 // "tomek manchester" would read as one name; "Leaving leeds" opens on a capital
	}
	for n := 3; n >= 1; n-- {
		key, ok := lowerWordsAt(s, i, n)
		if !ok || !knownPlace(key) || placeWords[key] || placeWords[lang.FoldAccents(key)] {
			continue
		}
		if n == 1 && (englishWords[key] || wordNames[key] || firstName(key) || commonWords[key] || notNameWord(key)) {
			return 0
		}
		if next := s.Tok(i + n); !s.Toks[i+n-1].Poss && next.Word && !next.Cap &&
			(bareNameTails[next.Norm] || streetWords[next.Norm] || orgCues[next.Norm]) {
			return 0 // "leeds united", "oxford street", "bristol museum"
		}
		if next := s.Tok(i + n); !s.Toks[i+n-1].Poss && next.Word && next.Cap {
			return 0 // "south manchester tomek": the name after would join it
		}
		return n
	}
	return 0
}

// recaseTitledPlaces capitalises, in a sentence that opens on a capital
// letter (as a phone types it), the gazetteer places its writer left in
// lower case ("Moving to leeds next month", "Leaving leeds end of
// march"): after "in", "to", "from", "near" as lowerPlaceAfter reads them,
// and anywhere as lowerPlaceBare does.
func recaseTitledPlaces(s *sentence) {
	for i := 1; i < len(s.Toks); i++ {
		if s.Toks[i].Cap || !plainWord(s, i) {
			continue
		}
		n := lowerPlaceAfter(s, i)
		if n == 0 {
			n = lowerPlaceBare(s, i)
		}
		if n > 0 {
			capitalise(s, i, i+n)
			i += n - 1
		}
	}
}

// lowerStreetWords close a street's name typed in lower case: the street
// words (streetWords, leads_runs.go) that rarely end anything else, and
// "grove" ("hazel grove").
var lowerStreetWords = lang.Words(`street road rd lane avenue ave grove crescent terrace`)

// lowerStreetAfter returns how many words at i name a street typed in
// lower case right after "on" or "off", or 0: one or two words that are
// no common word, function word, weekday or month, and a street word that
// closes the phrase ("been on hazel grove for thirty years", "at number 9
// on alder road, come and say hi", "just off mill lane"; not "on the
// road", "on my street", "on sunday road trips").
func lowerStreetAfter(s *sentence, i int) int {
	if !s.Is(i-1, "on", "off") {
		return 0
	}
	for e := i + 1; e <= i+2 && e < len(s.Toks); e++ {
		if !lowerStreetWords[s.Norm(e)] || s.Toks[e].Cap {
			continue
		}
		for j := i; j < e; j++ {
			w := s.Norm(j)
			_, day := lang.Weekdays[w]
			_, month := lang.Months[w]
			if !plainWord(s, j) || s.Toks[j].Cap || s.Toks[j].Poss && j != e-1 || commonWords[w] || functionWords[w] ||
				day || month || timeWord(w) || lowerStreetWords[w] {
				return 0
			}
		}
		if !placeWordEnds(s, e+1) {
			return 0
		}
		return e - i + 1
	}
	return 0
}
