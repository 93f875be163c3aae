package rules

import "github.com/loci-memory/loci/lang"

// pairParted reports whether the verb at k says a pair parted: "broke
// up", "split up", "split", "separated", "divorced" (ending their
// PARTNER_OF), also in the perfect: "have broken up", "'ve split up",
// "have separated" (h14-blind23a).
func pairParted(s *sentence, k int) bool {
	if s.Is(k, "have", "has", "'ve", "had") && s.Seq(k+1, "broken", "up") || gettingDivorced(s, k) > 0 {
		return true
	}
	if s.Is(k, "have", "has", "'ve", "had") && (s.Seq(k+1, "split", "up") || s.Is(k+1, "separated", "divorced")) {
		k++
	}
	return s.Seq(k, "broke", "up") || s.Seq(k, "split", "up") || s.Is(k, "separated", "divorced") ||
		s.Norm(k) == "split" && !s.Tok(k+1).Word
}

// pairPartedEnd is the token after the parting words pairParted read at
// k ("broke up", "have broken up", "separated"): what follows must end the
// pair's clause, so "Ola and I have broken up the fight" parts no couple.
func pairPartedEnd(s *sentence, k int) int {
	if n := gettingDivorced(s, k); n > 0 {
		return k + n
	}
	if s.Is(k, "have", "has", "'ve", "had") {
		k++
	}
	if s.Is(k+1, "up") {
		return k + 2
	}
	return k + 1
}

// gettingDivorced returns how many words at k say a pair is divorcing or
// has divorced, "are getting divorced", "'re getting a divorce", "got
// divorced" (h14-b34: "rick and I are getting divorced"), or 0.
func gettingDivorced(s *sentence, k int) int {
	switch {
	case s.Is(k, "are", "'re", "were") && s.Seq(k+1, "getting", "divorced"):
		return 3
	case s.Is(k, "are", "'re", "were") && s.Seq(k+1, "getting", "a", "divorce"):
		return 4
	case s.Seq(k, "got", "divorced"):
		return 2
	}
	return 0
}

// morePairStates are states of a pair beyond the first list: "me and Kenji
// are official now" (a couple made public).
func init() {
	pairStates["official"], pairRoles["official"] = kindPartner, "dating"
	pairStates["couple"], pairRoles["couple"] = kindPartner, "" // "Tom and Priya are a couple"
	pairAdverbs["a"] = true
}

// sinceLong reports whether "since" at k dates a pair's state from a
// stretch of life rather than an hour: "together since uni", "friends
// since we were 6", "since school"; "together since 9am" is not a couple.
func (p *sentCtx) sinceLong(k int) bool {
	s := p.s
	if s.Norm(k) != "since" {
		return false
	}
	n := s.Norm(k + 1)
	switch {
	case lifeStages[n], s.Is(k+1, "we", "i", "they", "he", "she"):
		return true
	case isDigits(n) && len(n) == 4: // a year
		return true
	}
	return false
}

// lifeStages are the stretches of life a relationship is dated from.
var lifeStages = lang.Words(`uni university college school high secondary sixth primary forever childhood
	kindergarten nursery year years`)
