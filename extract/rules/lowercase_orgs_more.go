package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// More lower-case organisations for lower5At (h14-lower5): a club or a
// choir named after a town, a board's or a volunteer's organisation named
// after a town, and an employer after a colleague's or an applicant's
// word ("our rep at dalesmill", "the final round at lanternfield").

// lower5More capitalises a name at i (an article before it aside) and
// returns how many tokens from i it consumed (0: none).
func lower5More(s *sentence, i int) int {
	from := i
	if s.Is(i, "the") {
		from = i + 1
	}
	if from >= len(s.Toks) || s.Toks[from].Cap || !plainWord(s, from) {
		return 0
	}
	n := 0
	switch {
	case !s.Is(i-1, "a", "an") && from == i || from > i:
		n = lower5PlaceGroup(s, from)
		if n == 0 && lower5BoardSlot(s, i) {
			n = lower5PlaceLedEnd(s, from)
		}
	}
	if n == 0 && from == i && lower5ColleagueSlot(s, i) {
		if m := lower3OrgSpan(s, i); m > 0 && clauseEndsAfterName(s, i+m-1) && !doubledPlural(s.Norm(i+m-1)) {
			n = m
		}
	}
	if n == 0 {
		return 0
	}
	capitalise(s, from, from+n)
	return from - i + n
}

// lower5GroupHeads end a club's or a choir's name: "ilkley bowling club",
// "the leith harbour chorus".
var lower5GroupHeads = lang.Words(`choir chorus club society orchestra band team singers players harriers`)

// lower5PlaceGroup returns the length of a group's name that opens on a
// gazetteer place and ends, over one or two words, on a group's noun
// ("leith harbour chorus", "headingley community choir"), or 0.
func lower5PlaceGroup(s *sentence, i int) int {
	if !lowerPlaceWord5(s, i) {
		return 0
	}
	for j := i + 1; j < len(s.Toks) && j <= i+3; j++ {
		if !plainWord(s, j) || s.Toks[j].Cap || functionWords[s.Norm(j)] {
			return 0
		}
		if lower5GroupHeads[s.Norm(j)] {
			if j == i+1 || lower5GroupHeads[s.Norm(j+1)] { // "the leeds team" is a team in leeds
				return 0
			}
			return j - i + 1
		}
		if s.Toks[j].Poss {
			return 0
		}
	}
	return 0
}

// lowerPlaceWord5 reports whether the word at i is a gazetteer place typed
// in lower case that is no common word ("bath", "reading" stay words).
func lowerPlaceWord5(s *sentence, i int) bool {
	return i < len(s.Toks) && plainWord(s, i) && !s.Toks[i].Cap && !s.Toks[i].Poss && inGazetteer(s.Norm(i)) &&
		!englishWords[s.Norm(i)]
}

// lower5BoardSlot reports whether a board's, a trustee's or a volunteer's
// organisation is named at i: "on the board of", "a trustee of",
// "volunteer at".
func lower5BoardSlot(s *sentence, i int) bool {
	p := i - 1
	return s.Is(p, "of", "at") && s.Is(p-1, "board", "trustee", "trustees", "committee") ||
		s.Is(p, "at", "for", "with") && s.Is(p-1, "volunteer", "volunteers", "volunteering", "volunteered")
}

// lower5PlaceLedEnd returns the length of a name that opens on a gazetteer
// place and runs over one or two more words to the end of its clause
// ("leeds refugee support now"), or 0.
func lower5PlaceLedEnd(s *sentence, i int) int {
	if !lowerPlaceWord5(s, i) {
		return 0
	}
	j := i + 1
	for j < len(s.Toks) && j <= i+2 && plainWord(s, j) && !s.Toks[j].Cap && !functionWords[s.Norm(j)] &&
		!timeWord(s.Norm(j)) && !s.Is(j, lower3Tails...) && !isFiller(s.Norm(j)) {
		j++
	}
	if j == i+1 || j < len(s.Toks) && s.Toks[j].Word && !s.Is(j, lower3Tails...) && !isFiller(s.Norm(j)) {
		return 0
	}
	return j - i
}

// lower5ColleagueSlot reports whether an employer is named at i after a
// colleague's or an applicant's word: "our rep at dalesmill", "my mentor
// at", "the final round at", "an interview with".
func lower5ColleagueSlot(s *sentence, i int) bool {
	return s.Is(i-1, "at", "with") && s.Is(i-2, "rep", "mentor", "boss", "colleague", "colleagues", "coworker",
		"coworkers", "round", "interview", "interviews", "internship", "placement", "apprenticeship") ||
		s.Is(i-1, "organises", "organizes", "organised", "organized", "organising", "organizing")
}

// doubledPlural reports whether w is the plural of a listed word whose
// last letter doubles before "-es" ("quizzes"), which unknownWord's plural
// test does not see.
func doubledPlural(w string) bool {
	n := len(w)
	return n > 5 && strings.HasSuffix(w, "es") && w[n-3] == w[n-4] && inVocab(w[:n-3])
}
