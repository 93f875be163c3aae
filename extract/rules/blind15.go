package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind15's whole conversations, written blind to
// the extractor (two old school friends' DMs, a family group chat across
// three countries, a bakery's staff chat): where an organisation in focus
// has its premises ("their office is in kazimierz", "their mill's in
// skipton"), who "runs the place" just named, and a neighbourhood placed
// in its city ("Nowa Huta, on the east side of kraków"). Each is keyed to
// the words around the names.

// blind15Sentence runs the readings of this file on a statement.
func (p *sentCtx) blind15Sentence() {
	p.runReadings(blind15Readings)
	p.runReadings(blind15Ties)
	p.runReadings(blind15Asked)
	p.runReadings(blind15Groups)
	p.runReadings(blind15More)
	if !p.s.Question && (p.hasAnyWord(newWord) || p.s.Start > 0 && strings.Contains(strings.ToLower(p.text[:p.s.Start]), "new ")) {
		p.newRoleThenName() // "also new neighbour!! Mrs Adebayo from 2B"
	}
}

// blind15Readings are the readings blind15Sentence runs, in order.
var blind15Readings = []blind8Reading{
	{lang.Words(`their`), (*sentCtx).theirSiteIsIn},
	{lang.Words(`runs run`), (*sentCtx).runsThePlace},
	{compassWords, (*sentCtx).sideOfCity},
}

// newWord triggers newRoleThenName in its own sentence: "new flatmate:
// Ferdie".
var newWord = lang.Words(`new`)

// premisesNouns are the premises an organisation has somewhere: "their
// office", "their mill", "their main shop".
var premisesNouns = lang.Words(`office offices hq headquarters mill factory warehouse shop store studio studios bakery
	lab workshop plant depot yard base site branch kitchen brewery`)

// notNowAfter, right after a place, make a stay or a plan of it: "in
// Leeds this week", "till friday", "for the summer".
var notNowAfter = lang.Words(`for this next today tonight tomorrow until till til on at again with from`)

// theirSiteIsIn reads "their office is in kazimierz", "their mill's in
// skipton", "their main studio is in Leeds now", "their office is on
// Kelham Island" said of the organisation
// just named (lastOrganisation): LOCATED_IN. A past ("was in"), a plan
// ("will be in"), a hedge ("i think their office is in"), a stay ("in
// Leeds this week"), a visit, people named since the organisation ("my
// parents … their house is in") or a place no gazetteer or capital letter
// vouches for ("in chaos", "in kazimierz") read nothing.
func (p *sentCtx) theirSiteIsIn() {
	s := p.s
	for k := range p.plainWordAt(0, 3, "their") {
		j := optional(s, k+1, "main", "head")
		if !premisesNouns[s.Norm(j)] {
			continue
		}
		in := j + 1 // "mill's in": the 's is the verb
		if !s.Tok(j).Poss {
			if !s.Is(in, "is", "are") {
				continue
			}
			in++
		}
		if !s.Is(in, "in", "on") { // "their office is on Kelham Island"
			continue
		}
		place, end, _, ok := p.place(in + 1)
		if !ok || p.timeAt(in+1) != nil || notNowAfter[s.Norm(end)] ||
			!p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "so", "now", "but", "and") ||
			p.has(0, len(s.Toks), visitWords...) {
			continue
		}
		if owner, ok := p.ownerFirst(); ok { // "Some architects called Fenwick & Hale, their office is on Kelham Island"
			p.relation(rel{typ: ontology.RelLocatedIn, from: ontology.EntityRef{Name: owner.name, Type: ontology.EntityOrganization}, to: place, conf: confWeak, validFrom: p.ts})
			return
		}
		org, ok := p.lastOrganisation()
		if !ok || p.orgStale(org) || p.otherWorkSince(org) {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// venueNouns are places a chat may name without a name ("a cafe", "this
// pub"), which "the place" may then mean instead of an organisation.
var venueNouns = lang.Words(`cafe café pub bar restaurant shop gym club place salon studio bakery hotel venue
	gallery museum school`)

// runsThePlace reads "Dr Okonjo runs the place", "Priti runs the show" and
// "ifan and i run the place from the bakehouse in harrogate" of the
// organisation just named (lastOrganisation): LEADS, and LOCATED_IN when
// the premises' place is said. A question, a pet or an organisation as
// subject, "basically runs" (not adjacent), an unnamed venue spoken of
// since the organisation ("we tried a cafe in Leeds, Jo runs the place"),
// another workplace spoken of since, a likeness ("runs the place like a
// prison") or a stale antecedent read nothing.
func (p *sentCtx) runsThePlace() {
	s := p.s
	for v := 1; v+2 < len(s.Toks); v++ {
		self := s.Is(v, "run") && s.Is(v-1, "i") && (v-1 == afterLeads(s) || s.Is(v-2, "and", "n", "&"))
		if !s.Is(v, "runs") && !self || !s.Is(v+1, "the") || !s.Is(v+2, "place", "show") {
			continue
		}
		end := v + 3
		if s.Is(end, "like") { // a likeness: "runs the place like a prison"
			continue
		}
		site, hasSite := p.premisesPlace(end)
		if !hasSite && !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "now", "and", "but", "there") {
			continue
		}
		who := p.speaker
		if !self {
			sp, ok := p.nameEndingAt(v)
			if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || hedgedBefore(s, sp.from) {
				continue
			}
			who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
			if p.isSpeaker(who) {
				continue
			}
		} else if who.Name == "" || hedgedBefore(s, v-1) || p.tieHedged(v) {
			continue
		}
		org, ok := p.lastOrganisation()
		if !ok || p.orgStale(org) || p.topicSince(org) || p.venueSince(org, v) || p.otherWorkSince(org) {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelLeads, from: who, to: org.ref, conf: confWeak, validFrom: p.ts})
		if hasSite {
			p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: site, conf: confWeak, validFrom: p.ts})
		}
		return
	}
}

// premisesPlace reads "from the bakehouse in harrogate" at k, after "run
// the place": where the organisation's premises are.
func (p *sentCtx) premisesPlace(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k, "from", "out") || !s.Is(k+1, "the", "our", "a") {
		return ontology.EntityRef{}, false
	}
	j := k + 2
	if !premisesNouns[s.Norm(j)] && !s.Is(j, "bakehouse", "kitchen", "unit", "shop") {
		return ontology.EntityRef{}, false
	}
	if !s.Is(j+1, "in") {
		return ontology.EntityRef{}, false
	}
	place, end, conf, ok := p.place(j + 2)
	if !ok || conf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "and", "but") {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// venueSince reports whether, since the organisation org was named (its
// own turn after the name, the turns between, this sentence before token
// before), a chat spoke of an unnamed venue: "a cafe", "this pub".
func (p *sentCtx) venueSince(org antecedent, before int) bool {
	texts := p.disc.turnsSince(org.turn)
	if t := p.disc.texts[org.turn]; org.turn != p.ids[0] {
		if at := strings.LastIndex(strings.ToLower(t), strings.ToLower(org.ref.Name)); at >= 0 {
			texts = append(texts, t[at+len(org.ref.Name):])
		}
	}
	for _, t := range texts {
		if venueIn(strings.Fields(strings.ToLower(t))) {
			return true
		}
	}
	var words []string
	for k := 0; k < before; k++ {
		words = append(words, p.s.Norm(k))
	}
	return venueIn(words)
}

// venueIn reports whether words hold an unnamed venue: "a cafe", "this
// pub", "some bar".
func venueIn(words []string) bool {
	for i := 1; i < len(words); i++ {
		if venueNouns[strings.Trim(words[i], ".,!?")] && (words[i-1] == "a" || words[i-1] == "an" || words[i-1] == "this" ||
			words[i-1] == "that" || words[i-1] == "some" || words[i-1] == "new") {
			return true
		}
	}
	return false
}

// plainAt reports whether one of ws stands at k, neither hedged before
// ("i think", "maybe") nor in a tie's hedge.
func (p *sentCtx) plainAt(k int, ws ...string) bool {
	return p.s.Is(k, ws...) && !hedgedBefore(p.s, k) && !p.tieHedged(k)
}
