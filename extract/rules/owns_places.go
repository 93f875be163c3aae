package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of owning and running a business: "Dr Okonjo runs the place",
// the owner named by title ("new owner is Dr Okafor"), and a business
// sold ("benny's sold the Rowan Tree").

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

// venueAskedSince reports whether a turn since the organisation a was
// named asks after a venue by what it is ("Is that the bakery in West
// Bridgford", "thats the cafe on Mill Road?"): "it" in the answer is that
// venue, which may be another business than a ("did 4 yrs there before i
// came to halyard" / "Is that the bakery in West Bridgford" / "thats the
// one. hattie still runs it").
func (d *discourse) venueAskedSince(a antecedent) bool {
	for _, t := range d.turnsSince(a.turn) {
		w := strings.Fields(strings.ToLower(t))
		for i := 2; i < len(w); i++ {
			if w[i-1] == "the" && venueNouns[strings.Trim(w[i], ".,!?")] && (w[i-2] == "that" || w[i-2] == "thats" || w[i-2] == "that's") {
				return true
			}
		}
	}
	return false
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

// soldObjectStops after "sold" say no business was sold: "sold out", "sold
// me a van", "sold it".
var soldObjectStops = lang.Words(`out off up me him her them us you it my his our their your a an some`)

// soldNegations right before "sold" make it no sale: "hasn't sold", "never
// sold".
var soldNegations = lang.Words(`not never n't hasnt havent didnt nearly almost`)

// soldTheBusiness reads "benny's sold the Rowan Tree", "Tony and Phil have
// sold Marsh Lane Motors to Stuart Kerr", "she finally sold Crumb & Co last
// month": OWNS ended for the seller (a pair's second name by the pair
// subjects), and OWNS of the buyer named after "to". The business must be
// an organisation by its name or the conversation; a thing sold ("sold
// his car", "sold tickets"), "sold out", a plan ("thinking of selling"), a
// hedge or a negation ("hasn't sold", "might have sold"), the speaker's own
// sale said as "we" or a question reads nothing.
func (p *sentCtx) soldTheBusiness() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`sold`)) {
		if soldObjectStops[s.Norm(v+1)] || soldNegated(s, v) || p.hedgedAt(v) {
			continue
		}
		org, end, ok := p.groupNamedAt(v + 1)
		if !ok || !p.isBusiness(org, v+1) || !orgPhraseEndsAt(s, end) && !s.Is(end, "to") {
			continue
		}
		seller, cite, ok := p.verbSubject(v)
		if !ok {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelOwns, from: seller, to: org, conf: confWeak, validUntil: p.ts}, cite)
		if s.Is(end, "to") {
			if buyer, bend, ok := p.person(end + 1); ok && orgPhraseEndsAt(s, bend) && !p.isSpeaker(buyer) {
				p.relation(rel{typ: ontology.RelOwns, from: buyer, to: org, conf: confWeak, validFrom: p.ts})
			}
		}
		return
	}
}

// soldNegated reports whether a negation or a near miss is among the three
// words before "sold" at v.
func soldNegated(s *sentence, v int) bool {
	for k := max(0, v-3); k < v; k++ {
		if soldNegations[s.Norm(k)] {
			return true
		}
	}
	return false
}

// isBusiness reports whether org, read at k, is a business: a name of more
// than one word ("Marsh Lane Motors", "the Rowan Tree"), or one typed an
// organisation by its cue in the sentence or earlier in the conversation
// ("Kerrs", not "the Corsa").
func (p *sentCtx) isBusiness(org ontology.EntityRef, k int) bool {
	if strings.Contains(org.Name, " ") {
		return true
	}
	if p.s.Is(k, "the") {
		k++
	}
	if sp, ok := p.typed(k); ok && sp.typ == ontology.EntityOrganization {
		return true
	}
	return p.disc.typedAs(org.Name, ontology.EntityOrganization)
}

// ownerIs reads the owner of the business in focus named by title: "new
// owner is Stuart Kerr", "the owner Dr Okafor is amazing", "Mags is the
// owner as of monday", "she's the new owner": OWNS, citing the turn that
// named the business. The business must be the one organisation in the
// sentence before the title or in the turns just before (groupInFocus);
// an owner of something named ("the owner of the dog is"), an old or a
// future owner ("the old owner Benny", "wants to be the owner"), a
// question ("is Mags the owner?") or a name that is the business reads
// nothing.
func (p *sentCtx) ownerIs() {
	s := p.s
	for t := range wordsIn(s, lang.Words(`owner`)) {
		if s.Is(t+1, "of", "'s") || s.Is(t-1, "old", "former", "previous", "ex", "last", "co") || p.hedgedAt(t) || p.tieHedged(t) {
			continue
		}
		art := t - 1
		if s.Is(art, "new") {
			art--
		}
		var who ontology.EntityRef
		cite, ok := "", false
		switch {
		case s.Is(t+1, "is", "'s", ","):
			// "new owner is Stuart Kerr", "the owner, Dr Okafor,"
			who, _, ok = p.person(t + 2)
		case s.Is(art, "the") && !s.Is(t+1, "is", "was", "has", "had", "said", "says", "wants"):
			if who, _, ok = p.person(honorificSkip(s, t+1)); !ok && p.leaderBe(art) >= 0 {
				// "Mags is the owner as of monday", "she's the new owner"
				who, cite, ok = p.ownerSubject(p.leaderBe(art))
			}
		}
		if !ok || p.isSpeaker(who) {
			continue
		}
		biz, found := p.groupInFocus(art, func(text, name string) bool {
			return ontology.NormaliseName(name) != ontology.NormaliseName(who.Name) && !frameTimeWord(name) && !p.disc.typedPerson(name)
		})
		if !found || ontology.NormaliseName(biz.ref.Name) == ontology.NormaliseName(who.Name) {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelOwns, from: who, to: biz.ref, conf: confWeak, validFrom: p.ts}, cite, biz.turn)
		return
	}
}

// ownerSubject reads who "is" at be is said of: a name, or he/she
// resolved to a person, with the turn a pronoun's person was named in.
func (p *sentCtx) ownerSubject(be int) (ontology.EntityRef, string, bool) {
	s := p.s
	if s.Is(be-1, "he", "she") {
		a, ok := p.pronoun(be-1, s.Norm(be-1))
		if !ok || p.disc.isSpeaker(a.ref.Name) || !p.disc.typedPerson(a.ref.Name) {
			return ontology.EntityRef{}, "", false
		}
		return a.ref, a.turn, true
	}
	who, _, ok := p.personBefore(be)
	return who, "", ok
}

// honorificSkip returns the index after a title at k ("Dr Okafor"), or k.
func honorificSkip(s *sentence, k int) int {
	if s.Is(k, honorifics...) {
		return k + 1
	}
	return k
}
