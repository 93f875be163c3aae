package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// A family home left (h14-fp29): "leaving me mams in southwick finally",
// "finally leaving my Nan's in Pennywell!" is a move out of the place
// (MOVED_FROM), read by leaving (homes_left_and_origins.go).

// kinHomeLeft reads the home of one's family one leaves at k, named by its
// place: "my mam's in southwick", "our nans in pennywell" (kinHomeAt),
// after which the sentence ends, "finally" or a time "after" follows
// (leftForGood): a move out. "Leaving my mum's in Leeds now, back by six"
// is a visit ended, and reads nothing.
func (p *sentCtx) kinHomeLeft(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k, "my", "our") || !kinHomeAt(s, k+1) || !s.Is(k+2, "in") {
		return ontology.EntityRef{}, false
	}
	place, end, conf, ok := p.place(k + 3)
	switch {
	case s.Is(end, "finally"):
		end++
	case s.Seq(end, "at", "last"):
		end += 2
	}
	if !ok || conf < confStrong || !p.leftForGood(end) {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// kinHomeAt reports whether the word at k is a relationship word in the
// possessive, written with or without its apostrophe ("mam's", "mams",
// "nans"): someone's home, whose place "in" then names.
func kinHomeAt(s *sentence, k int) bool {
	t := s.Tok(k)
	return t.Word && (t.Poss && isRoleWord(t.Norm) || strings.HasSuffix(t.Norm, "s") && isRoleWord(strings.TrimSuffix(t.Norm, "s")))
}
