package rules

import "github.com/loci-memory/loci/lang"

// Lower-case names closed by their own noun (issue 14, h14-lower28). A
// chat typed without capitals writes "she still works at the clinic on
// gloucester road, whiteladies vets, before u ask", "bev i've been
// fitting boilers for pennant heating for 11 years" or "halden motors
// have come back to us": the organisation stands in no slot the older
// lower-case readings know (lowercase.go, lowercase_unknown.go), or in one
// whose span they cannot bound, yet the name says what it is itself: a
// word no list holds (or a place of the gazetteer) opens it, and an
// organisation's noun ("vets", "heating", "motors", "uni") closes the
// phrase, the next word being no noun that would go on with it. Typed
// with capitals the same words are read; capitalising them lets the
// patterns read them as they read typed ones.
//
// A common noun phrase has no word of its own ("the vets said", "my
// local vets", "off to uni", "the care homes"); after "a", "some" or a
// possessive ("my crossfit gym") no name is read; an -ing word opening
// the phrase names a pastime ("bouldering club"), not an organisation.

// closedOrgHeads close a lower-case organisation's name beside
// lower3OrgHead's nouns, only where the phrase ends on them: "sheffield
// uni", "hartwell cognition lab", "jhaveri mills", "cartwell packaging",
// "brackwater homes", "eskvale coaches", "brightside cleaning".
var closedOrgHeads = lang.Words(`uni lab mills packaging homes coaches cleaning deli haulage`)

// closedOrgHead reports whether w may close a lower-case organisation's name.
func closedOrgHead(w string) bool { return lower3OrgHead(w) || closedOrgHeads[w] }

// closedOrgEnds may follow a name its noun closed: a verb of its clause
// or a word that opens what comes after ("halden motors have come back",
// "brightside cleaning is officially a thing").
var closedOrgEnds = lang.Words(`is are was were has have had 's 're will would can could did does do said says
	sent gave got want wants wanted`)

// lowerOrgClosed returns how many words at i name an organisation typed in
// lower case whose own noun closes the phrase (see above), or 0: a first
// word outside the word list ("st" perhaps before it: "st aldric's
// primary") or a place of the gazetteer before a school's, a club's or a
// hospital's noun, at most two further words, one listed word at most
// among them ("hove rugby club", "hartwell cognition lab"), and a closing
// noun followed by punctuation, the sentence's end, a verb or a word
// lower3Tails holds. Only the word right before the noun may be a
// possessive, and only a word of its own ("hartley's deli", not "tom's
// garage" nor "my mum's garden centre").
func lowerOrgClosed(s *sentence, i int) int {
	if s.Question || polarAsked(s, i) || s.Is(i-1, possessors...) || indefinite[s.Norm(i-1)] ||
		i > 0 && (s.Toks[i-1].Poss || s.Toks[i-1].Word && s.Toks[i-1].Cap && i-1 != s.FirstWord()) {
		return 0
	}
	if i > s.FirstWord() && s.Toks[i-1].Word && !functionWords[s.Norm(i-1)] && !introNouns[s.Norm(i-1)] && !closedOrgIntros[s.Norm(i-1)] {
		return 0 // "the atlantic kelp trust": the name may open on the listed word before
	}
	first := i
	if s.Is(i, "st", "saint") {
		first = i + 1 // "st aldric's primary"
	}
	place := first == i && closedPlaceWord(s, i)
	if !place && !unknownWord(s, first) || lower5IngName(s, first) {
		return 0
	}
	listed := 0
	for j := first; j < len(s.Toks) && j <= first+3; j++ {
		if !s.Toks[j].Word || s.Toks[j].Cap || !plainWord(s, j) && !closedOrgHead(s.Norm(j)) {
			return 0 // "yarrowby co-op" holds a hyphen
		}
		w := s.Norm(j)
		if j > first && closedOrgHead(w) && !closedOrgHead(s.Norm(j+1)) {
			if place && !placeLedHeads[w] || !closedOrgPhraseEnds(s, j+1) {
				return 0
			}
			return j - i + 1
		}
		if functionWords[w] || timeWord(w) || isFiller(w) || adverbs[w] {
			return 0
		}
		known := j > first && !unknownWord(s, j)
		if s.Toks[j].Poss && (known || j == first && place || !closedOrgHead(s.Norm(j+1))) {
			return 0
		}
		if known {
			if listed++; listed > 1 {
				return 0
			}
		}
	}
	return 0
}

// closedOrgIntros, beside introNouns, right before a name say whose it is:
// "our supplier jhaveri mills", "their sponsor halden motors".
var closedOrgIntros = lang.Words(`supplier suppliers sponsor sponsors client clients employer`)

// placeLedHeads close a name a place of the gazetteer opens: a school's, a
// club's or a hospital's noun ("bristol uni", "hove rugby club"); a place
// before another organisation's noun is as often a description ("the york
// band", "a leeds bakery").
var placeLedHeads = lang.Words(`university college school academy institute uni primary club fc afc rfc
	hospital infirmary co-op harriers rovers wanderers athletic`)

// closedPlaceWord reports whether the lower-case word at i is a place of
// the gazetteer that may open an organisation's name ("bristol uni",
// "hove rugby club"), no common word ("bath", "reading").
func closedPlaceWord(s *sentence, i int) bool {
	w := s.Norm(i)
	return plainWord(s, i) && !s.Toks[i].Cap && !s.Toks[i].Poss && inGazetteer(w) && !englishWords[w] && !commonWords[w]
}

// closedOrgPhraseEnds reports whether the phrase ends before j: the
// sentence's end, punctuation, or a word that goes on with the clause,
// not with the name ("whiteladies vets, before u ask", "pennant heating
// for 11 years"; not "the leeds uni campus").
func closedOrgPhraseEnds(s *sentence, j int) bool {
	if j >= len(s.Toks) || !s.Toks[j].Word {
		return true
	}
	w := s.Norm(j)
	return closedOrgEnds[w] || s.Is(j, lower3Tails...) || s.Is(j, "who", "which", "that", "as", "about", "to", "of")
}
