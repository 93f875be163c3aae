package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// partNouns name a part of a city: "the best bit of bristol".
var partNouns = lang.Words(`bit part area end side corner neighbourhood neighborhood district`)

// bestBitOf reads "totterdown is the best bit of bristol", "Leith is the
// nicest part of Edinburgh": LOCATED_IN between two places. A person or
// something unnamed before "is", a part of something that is not a place
// ("the best bit of the trip"), a question or a hedge is not read.
func (p *sentCtx) bestBitOf() {
	s := p.s
	for k := 1; k+5 < len(s.Toks); k++ {
		if !s.Is(k, "is", "'s") || !s.Is(k+1, "the") {
			continue
		}
		j := k + 2
		if s.Is(j, "best", "nicest", "worst", "coolest", "cheapest", "poshest", "oldest", "quietest", "trendiest", "nice", "posh", "old", "quiet", "cool") {
			j++
		}
		if !partNouns[s.Norm(j)] || !s.Is(j+1, "of", "in") || p.tieHedged(k) {
			continue
		}
		part, _, _, ok := p.placeBefore(k)
		if !ok {
			continue
		}
		whole, end, wconf, ok := p.place(j + 2)
		if !ok && inGazetteer(s.Norm(j+2)) { // "of bristol" in lower case
			whole, end, wconf, ok = placeNamed(s.Tok(j+2).Text), j+3, confStrong, true
		}
		if !ok || wconf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".", "!", "tbh", "imo", "lol") {
			continue
		}
		p.relation(rel{typ: ontology.RelLocatedIn, from: part, to: whole, conf: confWeak, validFrom: p.ts})
	}
}

// placeBefore reads the place named just before k, opening the sentence
// (after its chat leads).
func (p *sentCtx) placeBefore(k int) (ontology.EntityRef, int, float64, bool) {
	s := p.s
	f := afterLeads(s)
	if f < 0 || f >= k {
		return ontology.EntityRef{}, 0, 0, false
	}
	ref, end, conf, ok := p.place(f)
	if !ok || end != k {
		return ontology.EntityRef{}, 0, 0, false
	}
	return ref, f, conf, true
}

// grewUpThere reads "you literally grew up there" in a two-party chat
// (the addressee) or "i grew up there" (the speaker), "there" the one
// place the turn before named: COMES_FROM. "near there", a question,
// someone else, a group chat's "you", two places or a place from turns
// ago is not read.
func (p *sentCtx) grewUpThere() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "grew") || !s.Is(k+1, "up") || !s.Is(k+2, "there") || !p.phraseEnds(k+3, len(s.Toks)) && !s.Is(k+3, ",", ".", "!", "lol", "tho") {
			continue
		}
		j := k - 1
		if s.Is(j, "literally", "actually", "also", "basically") {
			j--
		}
		var who ontology.EntityRef
		switch {
		case j == 0 && s.Is(j, "i") || j > 0 && s.Is(j, "i") && afterLeads(s) == j:
			who = p.speaker
		case s.Is(j, "you", "u") && (j == 0 || afterLeads(s) == j) && len(p.disc.names) == 2:
			for _, n := range p.disc.names {
				if n != p.speaker.Name {
					who = ontology.EntityRef{Name: n, Type: ontology.EntityPerson}
				}
			}
		}
		if who.Name == "" {
			continue
		}
		place, turn, ok := p.onePlaceBefore()
		if !ok {
			continue
		}
		defer p.citeFrom(turn)()
		p.relation(rel{typ: ontology.RelComesFrom, from: who, to: place, conf: confWeak, validFrom: p.ts})
	}
}

// onePlaceBefore returns the one place the turn before the current one
// named, and that turn.
func (p *sentCtx) onePlaceBefore() (ontology.EntityRef, string, bool) {
	d := p.disc
	if len(d.order) < 2 {
		return ontology.EntityRef{}, "", false
	}
	prev := d.order[len(d.order)-2]
	var place ontology.EntityRef
	for _, m := range d.mentions {
		if m.turn != prev || m.ref.Type != ontology.EntityPlace {
			continue
		}
		if place.Name != "" && !strings.EqualFold(place.Name, m.ref.Name) {
			return ontology.EntityRef{}, "", false
		}
		place = m.ref
	}
	if place.Name == "" {
		// "u would hate bristol": a known city in lower case may be no mention
		for _, t := range p.disc.tokensOf(d.texts[prev]) {
			if t.Word && inGazetteer(t.Norm) {
				place = placeNamed(t.Text)
				break
			}
		}
	}
	if place.Name == "" || d.placeBesides(prev, place.Name) {
		return ontology.EntityRef{}, "", false // "bristol or bath": one that is also a word still makes two
	}
	return place, prev, true
}

// placeBesides reports whether turn holds a word of the gazetteer, in any
// case and even one that is also an everyday word ("bath"), that is no word
// of the place name: "there" may then be either.
func (d *discourse) placeBesides(turn, name string) bool {
	for _, t := range d.tokensOf(d.texts[turn]) {
		if t.Word && inGazetteer(t.Norm) && !nameHasWord(name, t.Norm) {
			return true
		}
	}
	return false
}

// nameHasWord reports whether the lower-case word w is one of name's words.
func nameHasWord(name, w string) bool {
	return slices.Contains(strings.Fields(strings.ToLower(name)), w)
}

// stayVisitWords in the turn before make "staying in X" a stay.
var stayVisitWords = lang.Words(`staying stay visit visiting trip hotel airbnb holiday tonight weekend`)

// stayingInElided reads a subjectless "staying in leeds" that opens the
// sentence or follows the speaker's own clause ("i'm mostly remote,
// staying in leeds"): LIVES_IN. Someone else's clause, a time or a
// companion after the place, a question, or an answer to where one is
// staying on a trip is not read.
func (p *sentCtx) stayingInElided() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "staying") || !s.Is(k+1, "in") || p.hedgedAt(k) {
			continue
		}
		if afterLeads(s) != k && !(s.Norm(k-1) == "," && p.ownClauseBefore(k-1)) {
			continue
		}
		place, end, conf, ok := p.place(k + 2)
		if !ok || conf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".", "tho", "lol", "though", "now") ||
			s.Is(end, "for", "until", "till", "tonight", "this", "next", "over", "with", "at") || p.has(0, len(s.Toks), visitWords...) {
			continue
		}
		if _, text, ok := p.otherPrevious(); ok && wordIn(text, stayVisitWords) {
			continue
		}
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
	}
}

// ownClauseBefore reports whether the clause ending before the comma at c
// has the speaker as subject ("but i'm mostly remote").
func (p *sentCtx) ownClauseBefore(c int) bool {
	s := p.s
	start := c - 1
	for start > 0 && s.Toks[start-1].Word && !s.Is(start-1, "and", "but", "so") {
		start--
	}
	return s.Is(start, "i", "im")
}

// wordIn reports whether text holds one of words.
func wordIn(text string, words map[string]bool) bool {
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if words[strings.Trim(w, ".,!?")] {
			return true
		}
	}
	return false
}

// movingEcho reads "so ur actually moving to bristol" / "moving on
// saturday. vans booked": the one told they are moving says when
// (MOVED_TO). "moving on" as an idiom, a question, someone else told, or
// a hedge is not read.
func (p *sentCtx) movingEcho() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "moving") || p.hedgedAt(f) {
		return
	}
	switch {
	case s.Is(f+1, "on") && (s.Is(f+2, "the", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday") || s.Is(f+2, "sat", "sun", "fri")):
	case s.Is(f+1, "next", "this", "tomorrow", "tmrw", "in"):
	default:
		return
	}
	prev, text, ok := p.otherPrevious()
	if !ok {
		return
	}
	toks := p.disc.tokensOf(text)
	for k := 1; k+2 < len(toks); k++ {
		if toks[k].Norm != "moving" || toks[k+1].Norm != "to" {
			continue
		}
		you := toks[k-1].Norm == "ur" || toks[k-1].Norm == "are" && k >= 2 && toks[k-2].Norm == "you" ||
			k >= 2 && (toks[k-2].Norm == "ur" || toks[k-2].Norm == "you") && toks[k-1].Norm == "actually"
		if !you || !inGazetteer(toks[k+2].Norm) && !toks[k+2].Cap {
			continue
		}
		to := placeNamed(toks[k+2].Text)
		p.relationCiting(prev, rel{typ: ontology.RelMovedTo, from: p.speaker, to: to, conf: confWeak, validFrom: p.ts})
		return
	}
}

// theirOfficeIn reads "honestly much nicer. their office is a basement in
// Stockport lol" of the organisation just named ("vs brightwake"):
// LOCATED_IN. Past or hedged, an office party, no place, a person named
// after the organisation, or an organisation that moved on is not read.
func (p *sentCtx) theirOfficeIn() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "their") || !s.Is(k+1, "office", "offices", "hq") || !s.Is(k+2, "is", "'s", "are") || p.hedgedAt(k+2) {
			continue
		}
		in := -1
		for j := k + 3; j < len(s.Toks) && j < k+8; j++ {
			if s.Is(j, "in") {
				in = j
				break
			}
			if !s.Toks[j].Word || s.Is(j, "not", "party", "closed", "moving", "shut") {
				break
			}
		}
		if in < 0 {
			continue
		}
		place, end, conf, ok := p.place(in + 1)
		if !ok || conf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".", "!", "lol", "tho", "now") {
			continue
		}
		if org, ok := p.lastOrgByName(); ok && !p.orgStale(org) {
			p.relationCiting(org.turn, rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		}
	}
}

// lastOrgByName is the organisation last named within the window, by any
// mention of a name once typed an organisation ("coming from Brightwake"
// then "vs Brightwake"), when no person was named after it.
func (p *sentCtx) lastOrgByName() (antecedent, bool) {
	d := p.disc
	if p.namesOwnerFirst() {
		return antecedent{}, false
	}
	orgs := map[string]bool{}
	for _, m := range d.mentions {
		if m.ref.Type == ontology.EntityOrganization {
			orgs[m.norm] = true
		}
	}
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		m := d.mentions[i]
		switch {
		case orgs[m.norm]:
			text := strings.ToLower(d.texts[m.turn])
			at := strings.LastIndex(text, strings.ToLower(m.ref.Name))
			for _, o := range d.mentions {
				// "Brightwake hired my mate Sam": a person after it
				if o.ref.Type != ontology.EntityPerson || d.speakers[o.norm] {
					continue
				}
				if o.turn == m.turn && strings.LastIndex(text, strings.ToLower(o.ref.Name)) > at || o.turn != m.turn && o.index > m.index {
					return antecedent{}, false
				}
			}
			return antecedent{ref: ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityOrganization}, turn: m.turn}, true
		case m.ref.Type == ontology.EntityPerson && !d.speakers[m.norm]:
			return antecedent{}, false
		}
	}
	return antecedent{}, false
}

// placeNamed is the place a lower-case city is written as ("bristol"),
// with its capital.
func placeNamed(text string) ontology.EntityRef {
	return ontology.EntityRef{Name: strings.ToUpper(text[:1]) + text[1:], Type: ontology.EntityPlace}
}

// relationCiting records r citing turn beside the current one.
func (p *sentCtx) relationCiting(turn string, r rel) {
	defer p.citeFrom(turn)()
	p.relation(r)
}
