package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// hasLeft reads "Dani has left London", "she's finally left london"
// (MOVED_FROM) and "Dani's left Fernweh Labs" (WORKS_AT, ended): a person
// or "he"/"she" who has left a place or an employer for good. A trip or
// an errand ("left London this morning", "she's just left Halden, on her
// way home"), a group ("left the Harbour Belles": lineup.go reads groups),
// a hedge or a question reads nothing.
func (p *sentCtx) hasLeft() {
	s := p.s
	if p.has(0, len(s.Toks), leftErrandWords...) {
		return
	}
	for k := 2; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "left") {
			continue
		}
		a := k - 1
		for s.Is(a, "finally", "officially", "actually", "already", "now", "since") {
			a--
		}
		if s.Is(a, "just") || p.tieHedged(k) || p.hedgedAt(k) || p.has(k, len(s.Toks), reportedWords...) {
			continue // "she's left Leeds, he says"
		}
		who, cite, ok := p.leaverAt(a)
		if !ok {
			continue
		}
		done := p.citeFrom(cite)
		if place, end, conf, ok := p.place(k + 1); ok && conf >= confStrong && p.leftForGood(end) {
			p.relation(rel{typ: ontology.RelMovedFrom, from: who, to: place, conf: confWeak, validFrom: p.ts})
		} else if sp, ok := p.typed(k + 1); ok && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept) && (s.Tok(k+1).Cap || s.Lower) {
			org, end, ok := p.namedOrg(k + 1)
			if ok && p.leftForGood(end) && !groupName(org.Name) && !p.disc.typedPerson(org.Name) {
				p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
			}
		}
		done()
	}
}

// leftErrandWords say a leaving is a trip or an errand: "on her way",
// "heading home", "left London this morning".
var leftErrandWords = []string{"way", "heading", "home", "train", "bus", "flight", "tonight", "today", "morning",
	"early", "yesterday", "ago", "minutes", "mins", "hour", "hours", "office", "building", "house", "party", "pub"}

// leaverAt reads who "has left" with the auxiliary at a: "Dani has",
// "she's" (he/she resolved to the person last named), "Dani's" (the
// possessive "'s" is "has"). The speaker and a speaker's name are not
// read here. It returns the turn to cite for a pronoun.
func (p *sentCtx) leaverAt(a int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch {
	case s.Is(a, "has", "is") && s.Is(a-1, "he", "she") && leaverOpens(s, a-1):
		if ref, ok := p.onlyPersonBefore(a - 1); ok {
			return ref, "", true // "Dani says hi, she's left London"
		}
		ant, ok := p.disc.namedPerson(s.Norm(a - 1))
		if !ok || p.isSpeaker(ant.ref) || p.hasPersonBefore(a-1) {
			return ontology.EntityRef{}, "", false
		}
		return ant.ref, ant.turn, true
	case s.Is(a, "has"):
		ref, from, ok := p.personBefore(a)
		if !ok || !leaverOpens(s, from) {
			return ontology.EntityRef{}, "", false
		}
		return ref, "", true
	case a >= 0 && s.Tok(a).Poss && !s.Is(a-1, "my", "your", "his", "her", "our", "their", "ur"):
		sp, ok := nameBefore(s, a+1)
		if !ok || !leaverOpens(s, sp.from) {
			return ontology.EntityRef{}, "", false
		}
		sp = p.known.typeName(s, sp)
		ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		if !personLike(sp.typ) || p.isSpeaker(ref) || p.disc.isSpeaker(sp.name) {
			return ontology.EntityRef{}, "", false
		}
		return ref, "", true
	}
	return ontology.EntityRef{}, "", false
}

// groupName reports whether an organisation's name ends in a group noun
// ("Mild Panic FC", "Night Bus Choir"): leaving it is no job ended.
func groupName(name string) bool {
	f := strings.Fields(ontology.NormaliseName(name))
	return len(f) > 0 && (memberHeads[f[len(f)-1]] || f[len(f)-1] == "fc")
}

// youLiveIn reads "kez you live in bristol", "you live in Leeds now" said
// to the other speaker of a two-party chat, or to a speaker named first in
// a group chat: LIVES_IN. A conditional, generic or past "you" ("when you
// live in London you…", "if you lived in Leeds") or a question reads
// nothing.
func (p *sentCtx) youLiveIn() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.answered {
		return
	}
	you := p.disc.addressee(p.speaker.Name)
	k := f
	if sp, ok := nameAt(s, f); ok && p.disc.isSpeaker(sp.name) && ontology.NormaliseName(sp.name) != ontology.NormaliseName(p.speaker.Name) {
		you = ontology.EntityRef{Name: p.disc.speakerName(sp.name), Type: ontology.EntityPerson}
		k = sp.to
		if s.Is(k, ",") {
			k++
		}
	}
	if you.Name == "" || !s.Is(k, "you", "u") {
		return
	}
	k++
	if s.Is(k, "still") {
		k++
	}
	if !s.Is(k, "live") || !s.Is(k+1, "in") {
		return
	}
	place, end, conf, ok := p.place(k + 2)
	if !ok || conf < confStrong || !plainEnd(s, end) {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: you, to: place, conf: confWeak, validFrom: p.ts})
}

// backTogether reads "marcus and hollie are back together", "me and Sam
// got back together": PARTNER_OF. A band or colleagues back together
// somewhere ("back together in the studio", "for the tour"), a hedge or a
// negation reads nothing.
func (p *sentCtx) backTogether() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "together") || !s.Is(k-1, "back") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		v := k - 2
		if s.Is(v, "getting", "finally", "officially") {
			v--
		}
		if !s.Is(v, "are", "got", "is") || !plainEnd(s, k+1) {
			continue
		}
		a, b, ok := p.pairBefore(v)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: a, to: b, conf: confWeak, validFrom: p.ts})
	}
}

// pairBefore reads the pair subject that ends at v and opens the clause:
// "Marcus and Hollie", "me and Sam", "Sam and I".
func (p *sentCtx) pairBefore(v int) (ontology.EntityRef, ontology.EntityRef, bool) {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	one := func(k int) (ontology.EntityRef, int, bool) {
		if s.Is(k, "me", "i") {
			return p.speaker, k + 1, true
		}
		return p.person(k)
	}
	a, k, ok := one(f)
	if !ok || !s.Is(k, "and", "n", "&") {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	b, k, ok := one(k + 1)
	if !ok {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	if k != v || a.Name == "" || b.Name == "" {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	if b.Name == p.speaker.Name {
		a, b = b, a
	}
	return a, b, true
}

// setADate reads "Priya and I have set a date!!", "Sam and Jo have
// finally set a date for the wedding": the two are engaged (PARTNER_OF). A
// date for anything else ("for the launch", "for drinks") or one still to
// set ("need to set a date") reads nothing.
func (p *sentCtx) setADate() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "date") || !s.Is(k-1, "a") || !s.Is(k-2, "set") || p.tieHedged(k) || p.hedgedAt(k-2) {
			continue
		}
		v := k - 3
		for s.Is(v, "finally", "officially", "just", "actually") {
			v--
		}
		if !s.Is(v, "have", "has") && !s.Is(v+1, "set") {
			continue
		}
		if !s.Is(v, "have", "has") {
			v++ // "Priya and I set a date"
		}
		end := k + 1
		if s.Is(end, "for") {
			if !s.Is(end+1, "the") || !s.Is(end+2, "wedding", "big") {
				continue
			}
			end += 3
		}
		if !plainEnd(s, end) {
			continue
		}
		a, b, ok := p.pairBefore(v)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: a, to: b, conf: confWeak, validFrom: p.ts})
	}
}

// openedBranch reads "they've just opened a second shop in Leeds" said of
// the organisation just named, and "Kestrel have opened a new office in
// Leeds": LOCATED_IN. People who opened something ("my parents opened a
// cafe in Leeds"), a stale antecedent, a plan or a question read nothing.
func (p *sentCtx) openedBranch() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	var org antecedent
	k := f
	if s.Is(f, "they") {
		o, ok := p.lastOrganisation()
		if !ok || p.orgStale(o) {
			return
		}
		org, k = o, f+1
	} else {
		ref, end, ok := p.orgOpening()
		if !ok {
			return
		}
		org, k = antecedent{ref: ref}, end
	}
	if s.Is(k, "have", "has") {
		k++
	}
	if s.Is(k, "just", "finally", "recently", "now", "also") {
		k++
	}
	if !s.Is(k, "opened") || p.tieHedged(k) || p.hedgedAt(k) || !s.Is(k+1, "a", "an", "their", "its") {
		return
	}
	j := k + 2
	if s.Is(j, "second", "third", "new", "another", "first", "fourth", "bigger") {
		j++
	}
	if !branchNouns[s.Norm(j)] || !s.Is(j+1, "in") {
		return
	}
	place, end, _, ok := p.place(j + 2)
	if !ok || !plainEnd(s, end) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// myShiftAt reads "my ward at Southmead is short again", "my night shift
// at Tesco": the speaker works there (WORKS_AT). Someone else's ("Amy's
// shift at Tesco", "my mum's ward at Southmead"), an ended one ("my last
// shift at X", "my old ward") or a hedge reads nothing.
func (p *sentCtx) myShiftAt() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "ward", "shift", "shifts", "rota", "unit") || !s.Is(k+1, "at") || p.tieHedged(k) {
			continue
		}
		m := k - 1
		if !s.Is(m, "my") {
			if s.Tok(m).Poss || s.Is(m, "last", "old", "former", "final", "previous") || !s.Tok(m).Word {
				continue
			}
			m--
		}
		if !s.Is(m, "my") {
			continue
		}
		org, _, ok := p.namedOrg(k + 2)
		if !ok || p.disc.typedPerson(org.Name) || !s.Tok(k+2).Cap && !s.Lower {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// speakerName returns the label of the speaker a name in the text stands
// for ("kez" for "Kez").
func (d *discourse) speakerName(name string) string {
	n := ontology.NormaliseName(name)
	for _, s := range d.names {
		if ontology.NormaliseName(s) == n {
			return s
		}
	}
	return name
}

// leaverOpens reports whether the subject at i opens its clause: the
// sentence's first word after the chat leads, after a "ps", or after a
// comma ("Dani says hi, she's left London").
func leaverOpens(s *sentence, i int) bool {
	return i == afterLeads(s) || s.Is(i-1, ",", "ps", "and", "btw") && (i < 2 || !s.Tok(i-2).Poss)
}

// onlyPersonBefore returns the one person named before token i of the
// sentence, not a speaker, when there is exactly one.
func (p *sentCtx) onlyPersonBefore(i int) (ontology.EntityRef, bool) {
	var found ontology.EntityRef
	n := 0
	for _, sp := range p.names {
		if sp.to > i || !personLike(sp.typ) {
			continue
		}
		ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		if p.isSpeaker(ref) || p.disc.isSpeaker(sp.name) || commonSpan(sp) {
			continue
		}
		found, n = ref, n+1
	}
	return found, n == 1
}

// hasPersonBefore reports whether a name of the sentence before token i
// may be a person: "he" or "she" after it is not resolved further back.
func (p *sentCtx) hasPersonBefore(i int) bool {
	for _, sp := range p.names {
		if sp.to <= i && personLike(sp.typ) {
			return true
		}
	}
	return false
}

// plainEnd reports whether a statement read up to token k ends there:
// the sentence ends, punctuation or "and" follows, or a chat's tail
// ("now", "again", "lol", "apparently"). "in the studio", "for the tour"
// or "this weekend" after it make it another statement.
func plainEnd(s *sentence, k int) bool {
	if k >= len(s.Toks) {
		return true
	}
	if !s.Toks[k].Word {
		return s.Toks[k].Norm != "&" && s.Toks[k].Norm != "@"
	}
	return plainTails[s.Norm(k)]
}

// plainTails may follow a statement without changing it.
var plainTails = map[string]bool{"now": true, "again": true, "lol": true, "apparently": true, "and": true, "tho": true,
	"though": true, "omg": true, "btw": true, "haha": true, "finally": true, "officially": true}
