package rules

import "github.com/loci-memory/loci/lang"

// Guards found by h14-blind10's adversarial twins: readings that were
// there before this round and misread a chat's everyday lines.

// leftOnATrip reports whether a place left, read up to token end, was
// left for a while or only this once ("left London for the weekend",
// "she's left London this morning") or the line reports another's words
// ("Dani's left London, she says"): no move away.
func (p *sentCtx) leftOnATrip(end int) bool {
	s := p.s
	switch {
	case s.Is(end, "for") && s.Is(end+1, "the", "a", "few", "two", "three", "some") && tripSpans[s.Norm(end+2)],
		s.Is(end, "for") && tripSpans[s.Norm(end+1)],
		s.Is(end, "this", "last") && dayParts[s.Norm(end+1)],
		s.Is(end, "today", "tonight", "yesterday", "earlier", "early", "at", "on"):
		return true
	}
	return p.has(end, len(s.Toks), reportedWords...)
}

// tripSpans are stays one leaves a place for: "for the weekend", "for a
// few days", "for work".
var tripSpans = lang.Words(`weekend week weekends day days night nights holidays holiday summer work month trip
	conference wedding funeral`)

// dayParts bound a leaving to one day: "this morning", "last night".
var dayParts = lang.Words(`morning afternoon evening night weekend`)

// orgDescribedAfter reports whether the words after a name, from token k,
// describe it as an organisation: "Gower Paws, they're a lovely little
// charity", "Kestrel, it's a gear shop". An untyped name so described is
// no place one comes from or lives in.
func orgDescribedAfter(s *sentence, k int) bool {
	if !s.Is(k, ",", "-") {
		return false
	}
	if s.Is(k+1, "they", "it") && s.Is(k+2, "are", "is") {
		return describedAsOrg(s, k+3)
	}
	return false
}
