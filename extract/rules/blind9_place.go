package rules

import (
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
			t := s.Tok(j + 2).Text
			whole, end, wconf, ok = ontology.EntityRef{Name: strings.ToUpper(t[:1]) + t[1:], Type: ontology.EntityPlace}, j+3, confStrong, true
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
		// "u would hate bristol": a known city in lower case is no mention
		for _, t := range lang.Tokenize(d.texts[prev]) {
			if !t.Word || !inGazetteer(t.Norm) {
				continue
			}
			if place.Name != "" && !strings.EqualFold(place.Name, t.Text) {
				return ontology.EntityRef{}, "", false
			}
			place = ontology.EntityRef{Name: strings.ToUpper(t.Text[:1]) + t.Text[1:], Type: ontology.EntityPlace}
		}
	}
	return place, prev, place.Name != ""
}
