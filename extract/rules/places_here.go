package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// "here" in the mouth of someone who has just spoken of where they are
// (h14-blind8): "I already love Kinsale" / "Moving here was the best
// thing I've done", "They've been based here since 2019".

// leftWords, before a place, say the speaker is not there: "left Dublin",
// "from Cardiff", "visiting Leeds".
var leftWords = map[string]bool{"left": true, "leaving": true, "leave": true, "from": true, "visiting": true,
	"visit": true, "visited": true, "miss": true, "missed": true}

// hereOf resolves "here" said by the speaker: the place the speaker last
// named, in this turn or their turns within the window, unless they named
// it as a place left, come from or visited. It returns the place and the
// turn to cite.
func (p *sentCtx) hereOf() (ontology.EntityRef, string, bool) {
	d := p.disc
	if visitText(p.text) {
		return ontology.EntityRef{}, "", false // "in Madrid for a conference, the coffee here…"
	}
	stale := false // a later turn of the speaker's spoke of a trip: an older place is no "here"
	return p.recentPlace(len(p.s.Toks), func(n span) bool { return !leftWords[p.s.Norm(n.from-1)] }, func(m mention) bool {
		if stale || !p.placeLike(m) || d.speakerOf[m.turn] != p.speaker.Name {
			return false
		}
		if visitText(d.texts[m.turn]) || farAway(d.texts[m.turn]) {
			stale = true
			return false
		}
		words := strings.Fields(strings.ToLower(d.texts[m.turn]))
		for j, w := range words {
			if strings.Trim(w, ".,!?") == m.norm && j > 0 && (leftWords[strings.Trim(words[j-1], ".,!?")] || wentTo(words, j)) {
				stale = stale || wentTo(words, j)
				return false
			}
		}
		return true
	})
}

// wentTo reports whether the place at j is where one went or has been
// ("I went to Leeds once", "been to Leeds"), not where one is.
func wentTo(words []string, j int) bool {
	return j > 1 && words[j-1] == "to" && travelVerbs[words[j-2]]
}

// travelVerbs, before "to" and a place, say it was visited.
var travelVerbs = map[string]bool{"went": true, "been": true, "go": true, "going": true, "flew": true, "drove": true,
	"trip": true, "travelled": true, "traveled": true, "back": true}

// recentPlace returns the most recent place that a name of the sentence
// before token before, or else a mention within the window, is accepted
// as, with the turn to cite ("" for the sentence's own).
func (p *sentCtx) recentPlace(before int, name func(span) bool, ment func(mention) bool) (ontology.EntityRef, string, bool) {
	for i := len(p.names) - 1; i >= 0; i-- {
		if n := p.names[i]; n.to <= before && n.typ == ontology.EntityPlace && name(n) {
			return ontology.EntityRef{Name: n.name, Type: ontology.EntityPlace}, "", true
		}
	}
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		if m := d.mentions[i]; ment(m) {
			return ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityPlace}, m.turn, true
		}
	}
	return ontology.EntityRef{}, "", false
}

// movedHere reads "Moving here was the best thing I've done", "I moved
// here in May", "moved here last year": MOVED_TO the place "here" is. A
// plan, a question or someone else's move is not read.
func (p *sentCtx) movedHere() {
	s := p.s
	for k := 0; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "moving", "moved") || !s.Is(k+1, "here") || p.hedgedAt(k) || s.Is(k-1, "about", "considering", "consider", "not", "never") {
			continue
		}
		gerundSubject := s.Norm(k) == "moving" && afterLeads(s) == k && s.Is(k+2, "was", "is", "has")
		mine := s.Norm(k) == "moved" && (afterLeads(s) == k || s.Is(k-1, "i") || s.Is(k-1, "just", "only") && s.Is(k-2, "i"))
		if !gerundSubject && !mine {
			continue
		}
		place, cite, ok := p.hereOf()
		if !ok {
			return
		}
		defer p.citeFrom(cite)()
		p.relation(rel{typ: ontology.RelMovedTo, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// basedHere reads "They've been based here since 2019", "it's based here"
// of the organisation just named: LOCATED_IN the place "here" is.
func (p *sentCtx) basedHere() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "based") || !s.Is(k+1, "here") || !s.Is(k-1, "been", "is", "are") {
			continue
		}
		org, ok := p.lastOrganisation()
		if !ok || p.orgStale(org) {
			return
		}
		place, cite, ok := p.hereOf()
		if !ok {
			return
		}
		defer p.citeFrom(org.turn)()
		if cite != "" {
			p.cite = union(p.cite, []string{cite})
		}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// placeLike reports whether a mention may be the place "here" is: typed a
// place, or an untyped name that is no first name, common word, person,
// pet or organisation anywhere in the conversation ("I already love
// Kinsale").
func (p *sentCtx) placeLike(m mention) bool {
	if m.ref.Type == ontology.EntityPlace {
		return true
	}
	if m.ref.Type != ontology.EntityConcept || strings.Contains(m.norm, " ") && !inGazetteer(m.norm) {
		return false
	}
	d := p.disc
	return !firstName(m.norm) && !englishWords[m.norm] && !d.typedAs(m.ref.Name, ontology.EntityPerson) &&
		!d.typedAs(m.ref.Name, ontology.EntityOrganization) && !d.typedAs(m.ref.Name, ontology.EntityAnimal)
}

// kinFragmentAdjectives may stand between "my" and the relationship word
// of an exclamation: "my fav nephew in the world".
var kinFragmentAdjectives = map[string]bool{"fav": true, "fave": true, "favourite": true, "favorite": true,
	"only": true, "little": true, "baby": true, "darling": true, "dear": true, "best": true}

// kinFragment reads an exclamation that names a relationship with no name,
// right after someone was named: "Finn starts school in September" / "my
// fav nephew in the world": that person is the speaker's nephew. The
// exclamation needs a fond word ("fav", "little") or "in the world"; a
// sentence with a verb or a name of its own is read by the other patterns.
func (p *sentCtx) kinFragment() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "my") || len(p.names) > 0 {
		return
	}
	k := f + 1
	best := false
	for kinFragmentAdjectives[s.Norm(k)] {
		best = best || s.Is(k, "best")
		k++
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || info.kind == kindPartner || s.Tok(k).Poss {
		return
	}
	j := k + 1
	if s.Seq(j, "in", "the", "world") {
		j += 3
	} else if s.Is(j, "ever") {
		j++
	} else if k == f+1 {
		return // "my brother lol" after "Tom came round" may answer who came, not what Tom is
	}
	for ; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !s.Is(j, "lol", "haha", "omg", "tho", "x", "xx") {
			return
		}
	}
	pron := "they"
	switch roleGender[info.role] {
	case genderFemale:
		pron = "she"
	case genderMale:
		pron = "he"
	}
	a, ok := p.disc.namedPersonWithin(1, pron)
	if !ok || p.isSpeaker(a.ref) {
		return
	}
	defer p.citeFrom(a.turn)()
	p.relRole(p.speaker, info.kind, roleName(info, best), ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, confWeak)
}
