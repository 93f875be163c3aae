package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A name the chat goes on to describe as a business (issue 14,
// h14-orgs22): "Nettle & Pan, theyre a catering company in Todmorden",
// "kestrel = the gear shop in broomhill". The description after the name,
// not the name, types it an organisation, so the readings that need an
// organisation (WORKS_AT, LOCATED_IN, LEADS) can follow.

// orgs22Kinds are the nouns such a description ends on.
var orgs22Kinds = lang.Words(`company firm shop business agency startup restaurant café cafe bakery pub bar salon
	brewery outfit caterers caterer store deli charity practice clinic garage`)

// orgs22KindAt reports the kind noun and its index when the words right
// after sp describe it as a business: ", they're a (X) (Y) KIND" or "= the
// (X) (Y) KIND", the kind ending the phrase or followed by where it is;
// "" and -1 when none. A question, a likeness ("they're like a shop") or
// a kind followed by more of a clause ("a company i'd never work for")
// reads nothing.
func orgs22KindAt(s *sentence, sp span) (string, int) {
	if s.Question || sp.to-sp.from == 1 && len([]rune(s.Norm(sp.from))) <= 3 {
		return "", -1 // a short one-word name before a comma may be whom the speaker talks to: "Jo, they're a shop now"
	}
	k := sp.to
	switch {
	case s.Is(k, ","):
		k++
		switch {
		case s.Is(k, "theyre"):
			k++
		case s.Is(k, "they") && s.Is(k+1, "'re", "are", "re"):
			k += 2
		default:
			return "", -1
		}
		if !s.Is(k, "a", "an") {
			return "", -1
		}
	case s.Is(k, "="):
		k++
		if !s.Is(k, "the", "a", "an") {
			return "", -1
		}
	default:
		return "", -1
	}
	k++
	for n := 0; n < 3; n++ {
		if orgs22Kinds[s.Norm(k)] {
			if k+1 >= len(s.Toks) || s.Is(k+1, "in", "on", "near", "up", "down", "out", "by", ",", ".", "!", "right", "lol", "btw") {
				return s.Norm(k), k
			}
			return "", -1
		}
		if s.Is(k, "like", "kind", "sort", "type", "bit", "nightmare", "joke", "circus", "mess") || k >= len(s.Toks) {
			return "", -1
		}
		k++
	}
	return "", -1
}

// orgs22Kind is orgs22KindAt's kind noun, "" when none.
func orgs22Kind(s *sentence, sp span) string {
	kind, _ := orgs22KindAt(s, sp)
	return kind
}

// orgs22Readings are the readings of this file, run in order on a
// statement from process.
var orgs22Readings = []sentenceReading{
	{lang.Words(`theyre 're are re =`), (*sentCtx).describedOrgIn},
}

// describedOrgIn reads "Nettle & Pan, theyre a catering company in
// Todmorden", "Brackenby = the bike shop in Hillsborough": LOCATED_IN of
// the organisation so described, when a place name follows "in". Only
// the sentence's first name is read, so a name later in the sentence
// ("we went with X, they're ...") is read only when it opens the sentence.
func (p *sentCtx) describedOrgIn() {
	s := p.s
	f := s.FirstWord()
	if f < 0 {
		return
	}
	sp, ok := p.typed(f)
	if !ok || sp.typ != ontology.EntityOrganization {
		return
	}
	_, k := orgs22KindAt(s, sp)
	if k < 0 || !s.Is(k+1, "in") || p.hedgedAt(k) {
		return
	}
	place, end, _, ok := p.place(k + 2)
	if !ok || place.Type != ontology.EntityPlace || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, "right", "lol", "btw", ",") {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
}
