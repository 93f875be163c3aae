package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// gl29Readings are the sentence readings h14-gl29 added for everyday chat
// phrasing: a couple made "official with" someone. (Its quitting reading
// joined leavingOrgFor, works_left.go; its break-up told in answer to a
// question is a turn's, crossturn_broke_up.go.)
var gl29Readings = []sentenceReading{
	{lang.Words(`official`), (*sentCtx).officialWith},
}

// officialAdverbs may stand between "it's" and "official": "it's finally
// official with Sam".
var officialAdverbs = lang.Words(`now finally officially properly actually all`)

// officialWith reads "it's official with Ines", "its official w ines btw",
// "made it official with Sam": the speaker and the one named are partners
// (PARTNER_OF). The sentence must open on "it" (after chat leads: "so",
// "btw", "and") and the name must end it, so that someone else's news ("Tom
// says it's official with Ines"), a pair ("with Tom and Sara") or a matter
// settled with a firm or a place ("it's official with Halden, I start
// monday") reads nothing; so does a negation ("it's not official with Ines
// yet"), a hedge ("I think it's official with Ines") or a question.
func (p *sentCtx) officialWith() {
	s := p.s
	if p.speaker.Name == "" {
		return
	}
	f := afterLeads(s)
	for f >= 0 && officialAdverbs[s.Norm(f)] {
		f++ // "finally made it official with Priya"
	}
	for k := range wordsIn(s, lang.Words(`official`)) {
		if !s.Is(k+1, "with", "w") {
			continue
		}
		b := k - 1
		for b > f && officialAdverbs[s.Norm(b)] {
			b--
		}
		switch {
		case s.Is(b, "its") && b == f:
		case s.Is(b, "is") && s.Is(b-1, "it") && b-1 == f:
		case s.Is(b, "it") && s.Is(b-1, "made") && (b-1 == f || s.Is(b-2, "we") && b-2 == f):
		default:
			continue
		}
		if hedgedBefore(s, k) || p.tieHedged(k) {
			return
		}
		who, end, ok := p.person(k + 2)
		if !ok || !coupleEnds(s, end) || p.disc.isSpeaker(who.Name) {
			return
		}
		if !p.disc.typedPerson(who.Name) && !firstName(ontology.NormaliseName(who.Name)) {
			return // a name no list or earlier turn knows as a person: "its official w work", "with Halden"
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: who, conf: confWeak, validFrom: p.ts})
		return
	}
}
