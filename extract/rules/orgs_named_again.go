package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Organisations named again (h14-desc25): only by a definite
// description of its kind, the subject of where it is ("harbour & vine
// offered me sous chef" / "where in sydney tho" / "the restaurant's in
// surry hills", "the company's based over in Leeds"). The description
// resolves to the most recent organisation of its kind within the
// coreference window, or to the only organisation there whose kind was
// never said (describedKind); the relation cites the turn that named it.
// And the speaker's employer named only as "our"/"we" ("Yes, I started
// there in August" / "We're based in Oslo", "our hq's in lisbon"), and a
// couple named by a PARTNER_OF that a later "they" means.

// orgNamedAgainReadings are the readings of this file, run on statements.
var orgNamedAgainReadings = []sentenceReading{
	{siteKinds, (*sentCtx).theKindIsIn},
	{lang.Words(`our we`), (*sentCtx).ourSiteIn},
}

// siteKinds are the kinds of organisation a description may name that
// stay where they are: a band, a team or a choir travels ("the band's in
// Leeds tonight"), a shop or a firm does not.
var siteKinds = lang.Words(`company firm business startup agency restaurant cafe café bakery bar shop store
	gym clinic practice studio museum library`)

// theKindIsIn reads "the restaurant's in Surry Hills", "the company is
// based in Leeds", "the shop is just in Lewes" opening the sentence:
// LOCATED_IN from the organisation the description means. A hedge, a past
// ("was in"), a negation ("isn't in"), a time ("in May"), a stay ("in
// Leeds for the week"), an unresolved or ambiguous description, a stale
// antecedent (a visit) and the chat's own group read nothing.
func (p *sentCtx) theKindIsIn() {
	s := p.s
	j := afterLeads(s)
	if j < 0 || !s.Is(j, "the") || !siteKinds[s.Norm(j+1)] || p.hedgedAt(j+1) {
		return
	}
	place, conf, ok := p.kindSiteIn(j + 1)
	if !ok {
		return
	}
	a, ok := p.disc.describedKind(s.Norm(j+1), p.speaker.Name)
	if !ok || a.ref.Type != ontology.EntityOrganization || p.orgStale(a) || p.isChatGroup(a.ref) {
		return
	}
	p.relationCiting(a.turn, rel{typ: ontology.RelLocatedIn, from: a.ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// ourSites are the words for an organisation's site "our" may come before.
var ourSites = lang.Words(`office offices hq headquarters base`)

// ourSiteIn reads where the speaker's employer is, said as "our": "our
// office is in Leeds", "our hq's in lisbon", "our head office is over in
// Derby", "we have an office in Berlin", and "we're based in Oslo" while
// the employer is in focus (named within the coreference window: "we" is
// as often a household). The employer is the one organisation the
// speaker was read as working at now (noteGroup). None, two, a past ("our
// office was in"), a hedge, a negation, a time or a stay read nothing.
func (p *sentCtx) ourSiteIn() {
	s := p.s
	j := afterLeads(s)
	if j < 0 || p.hedgedAt(j) {
		return
	}
	m, focus := -1, false
	switch {
	case s.Is(j, "our"):
		k := j + 1
		if s.Is(k, "head", "main") {
			k++
		}
		if !ourSites[s.Norm(k)] {
			return
		}
		m = k + 1
		if !s.Tok(k).Poss {
			if !s.Is(m, "is", "are") {
				return
			}
			m++
		}
	case s.Seq(j, "we", "have") && s.Is(j+2, "an", "a", "another", "offices") && (ourSites[s.Norm(j+3)] || s.Is(j+2, "offices")):
		m = j + 3
		if !s.Is(j+2, "offices") {
			m++
		}
	case s.Seq(j, "we", "are"):
		m = j + 2
		for headOfficeAdverbs[s.Norm(m)] && !s.Is(m, "based") {
			m++
		}
		if !s.Is(m, "based") {
			return
		}
		m, focus = m+1, true
	default:
		return
	}
	place, conf, ok := p.siteIn(m)
	if !ok {
		return
	}
	own := p.disc.employers[ontology.NormaliseName(p.speaker.Name)]
	if len(own) != 1 || focus && !p.disc.recent(own[0].turn) {
		return
	}
	p.relationCiting(own[0].turn, rel{typ: ontology.RelLocatedIn, from: own[0].ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// recent reports whether turn is the current turn or one of the
// corefWindow turns before it.
func (d *discourse) recent(turn string) bool {
	return slices.Contains(d.order, turn) && len(d.turnsSince(turn)) < corefWindow
}

// kindSiteIn reads where the site whose kind stands at k is, after its
// "'s" or "is": "the restaurant's in Surry Hills", "studio's in faversham".
func (p *sentCtx) kindSiteIn(k int) (ontology.EntityRef, float64, bool) {
	m := k + 1
	if !p.s.Tok(k).Poss {
		if !p.s.Is(m, "is") {
			return ontology.EntityRef{}, 0, false
		}
		m++
	}
	return p.siteIn(m)
}

// siteIn reads where a site is at m, after its "is": an optional adverb
// ("just", "over"), "in", and a name the gazetteer holds, or one
// capitalised that is no everyday word (not "in trouble", which a
// lower-case chat's re-casing may capitalise), whose phrase ends there or
// goes on with a comma or a few words of where exactly ("so no commute",
// "right by the station"). A time ("in May") or a stay ("in Leeds for the
// week", "until June") is none.
func (p *sentCtx) siteIn(m int) (ontology.EntityRef, float64, bool) {
	s := p.s
	if headOfficeAdverbs[s.Norm(m)] {
		m++
	}
	k := m + 1
	if !s.Is(m, "in") || p.timeAt(k) != nil {
		return ontology.EntityRef{}, 0, false
	}
	place, end, conf, ok := p.place(k)
	if !ok || !inGazetteer(strings.ToLower(place.Name)) && (!s.Tok(k).Cap || inVocab(strings.ToLower(place.Name))) ||
		s.Is(end, "for", "until", "till", "til", "this", "next") ||
		!p.phraseEnds(chatTail(s, end), len(s.Toks)) && !s.Is(end, ",", "so", "now", "near", "right", "by", "just", "up") {
		return ontology.EntityRef{}, 0, false
	}
	return place, conf, true
}

// noteCouple keeps two people a current PARTNER_OF joins, neither a
// speaker ("Rui's girlfriend Ana", "Malik is married to Elif"), as the
// pair a later "they" may mean ("they moved to Leeds last year"): the pair
// subjects' theyPair (pairs.go) then reads the clause of each.
func (c *turnCtx) noteCouple(r rel) {
	if r.typ != ontology.RelPartnerOf || r.validUntil != nil || c.disc == nil ||
		r.from.Type != ontology.EntityPerson || r.to.Type != ontology.EntityPerson ||
		c.isSpeaker(r.from) || c.isSpeaker(r.to) || c.disc.isSpeaker(r.from.Name) || c.disc.isSpeaker(r.to.Name) {
		return
	}
	people := []pairPerson{{word: r.from.Name, name: ontology.NormaliseName(r.from.Name)},
		{word: r.to.Name, name: ontology.NormaliseName(r.to.Name)}}
	c.disc.pair = &namedPair{people: people, index: c.disc.index, turn: c.ids[0]}
}

// kindInName reports whether a word of the normalised name norm says a
// kind of organisation ("university of galway", "bank of ireland"): its
// kind is known though its last word does not say it.
func kindInName(norm string) bool {
	for _, w := range strings.Fields(norm) {
		if descriptionClass[w] != "" {
			return true
		}
	}
	return false
}
