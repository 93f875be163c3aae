package rules

// Lower-case names placed by "in <place>" (issue 14, h14-lower25). In a
// chat typed without capitals, "hatton motors in stockport gone sold",
// "is riverside physio in norwich" or "she sang with the cantilena singers
// in bristol" place an organisation in a town, but neither name is read:
// the organisation stands in no slot of a job or a membership, and the
// place follows a name no reading took. Two kinds of evidence say the
// words before "in" are a name, each paired with a place of the gazetteer
// right after "in":
//   - the name says it itself: words that are no common word, given name
//     or place, ended by an organisation's noun ("motors", "physio",
//     "singers");
//   - the conversation says it: the words spell a name an earlier turn
//     wrote with capitals (known_recase.go).
//
// A common noun before "in" ("the climbing club in leeds", "my old school
// in york") has no word of its own and stays a noun; after "a" or "some"
// no name is read.

// placedNameTail reports whether the words after a name ending at j are
// "in" and a place of the gazetteer or a town, in lower case or
// capitalised ("riverside physio in norwich", "hatton motors in
// Stockport").
func placedNameTail(s *sentence, j int) bool {
	if !s.Is(j, "in") || j+1 >= len(s.Toks) || s.Question {
		return false
	}
	if t := s.Toks[j+1]; t.Cap && t.Word {
		return knownPlace(t.Norm)
	}
	return lowerPlaceAfter(s, j+1) > 0
}

// lowerOrgInPlace returns how many words at i name an organisation typed
// in lower case that "in <place>" follows, or 0: a name of lowerOrgSpan's
// words, more than one, opened by a word that reads as a name
// (nameLikeWord: no English word) and ended by an organisation's noun
// ("hatton motors", "cantilena singers"), not after an indefinite word or
// a capitalised name (which it would continue).
func lowerOrgInPlace(s *sentence, i int) int {
	if indefinite[s.Norm(i-1)] || polarAsked(s, i) || i > 0 && s.Toks[i-1].Word && s.Toks[i-1].Cap && i-1 != s.FirstWord() {
		return 0
	}
	if !nameLikeWord(s.Norm(i)) {
		return 0 // "my old school in york", "the new climbing centre in leeds"
	}
	n := lowerOrgSpan(s, i)
	if n < 2 || !lower3OrgHead(s.Norm(i+n-1)) || !placedNameTail(s, i+n) {
		return 0
	}
	return n
}

// polarAsked reports whether the name at i follows the auxiliary opening a
// yes/no question, "the" perhaps between ("wait is hatton motors in
// stockport", typed without its question mark): asked, not said.
func polarAsked(s *sentence, i int) bool {
	if s.Is(i-1, "the") {
		i--
	}
	return i-1 == questionStart(s) && polarAux[s.Norm(i-1)]
}
