package lang

import "strings"

// AmbiguousPast are verbs spelt the same in present and past ("I read").
// They count as past only when the time they are tied to is past.
var AmbiguousPast = Words(`read put set quit cut hit let hurt shut cost spread bet`)

// edExceptions end in -ed but are not verbs.
var edExceptions = Words(`hundred sacred naked wicked beloved rugged crooked shed sled bred embed bed
	red wed ted ned fred united`)

// adjectiveLead words before an -ed word make it an adjective or passive
// ("I'm tired", "got married"), not a past action.
var adjectiveLead = Words(`am is are be been being get got getting feel feeling felt so very really
	seem seems look looks the a an my your his her our their too more most pretty super quite`)

// tenseOf reads tokens [from, to) of s for past and future signals: past
// tense verbs and words like "ago", "yesterday"; future markers like
// "will", "going to", "next", "can't wait"; a present progressive ("I'm
// visiting") counts as a weak future. Mixed signals give tenseUnknown.
func tenseOf(s *Sentence, from, to int) tense {
	past, future, weakFuture := false, false, false
	for i := from; i < to; i++ {
		n := s.Toks[i].Norm
		switch {
		case n == "next" && s.Norm(i+1) == "to": // a place, not a time
		case futureMarkers[n]:
			future = true
		case PlanVerbs[n] && s.Norm(i+1) == "to" && !strings.HasSuffix(n, "ed"):
			future = true
		case n == "can" && s.Seq(i+1, "not", "wait"), n == "looking" && s.Norm(i+1) == "forward":
			future = true
		case pastMarkers[n], IrregularPast[n], IsPastEd(s, i):
			past = true
		case (n == "am" || n == "are" || n == "is") && IsGerund(s.Norm(i+1)):
			weakFuture = true
		}
	}
	switch {
	case past && !future:
		return tensePast
	case future && !past, weakFuture && !past:
		return tenseFuture
	}
	return tenseUnknown
}

// IsPastEd reports whether the token at i is a regular past-tense verb:
// an -ed word that is not an adjective in its place.
func IsPastEd(s *Sentence, i int) bool {
	t := s.Tok(i)
	n := t.Norm
	if len(n) < 4 || !strings.HasSuffix(n, "ed") || strings.HasSuffix(n, "eed") {
		return false
	}
	if edAdjectives[n] || edExceptions[n] || !t.Word {
		return false
	}
	return !adjectiveLead[s.Norm(i-1)]
}

// IsPastVerb reports whether the token at i is a past-tense verb
// (irregular or regular). Spelling-ambiguous verbs ("read") are not.
func IsPastVerb(s *Sentence, i int) bool {
	return IrregularPast[s.Norm(i)] || IsPastEd(s, i)
}

// IsGerund reports whether w is an -ing verb form rather than an -ing
// noun ("morning", "thing").
func IsGerund(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ing") && !ingNouns[w]
}
