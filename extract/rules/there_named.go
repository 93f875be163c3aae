package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

// thereNamed reads "she got a job at a startup there, Fernweh Labs", "my
// aunt Rosa has a bakery there, Rosa's Loaves", "a cafe there called The
// Hive": the organisation named after a description and "there" is in the
// place "there" stands for (LOCATED_IN); one a named person has ("Rosa has
// a bakery there, X") is theirs (OWNS). A person named after the comma
// ("a bakery there, Rosa says"), a visit's "there" (a conference, a
// festival) or a question reads nothing.
func (p *sentCtx) thereNamed() {
	s := p.s
	if visitText(p.text[s.Start:s.End]) {
		return
	}
	for k := 2; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "there") || !orgClasses[descriptionClass[s.Norm(k-1)]] && !orgClasses[s.Norm(k-1)] {
			continue
		}
		d := k - 2
		for n := 0; n < 2 && !s.Is(d, "a", "an") && s.Tok(d).Word && !s.Tok(d).Cap; n++ {
			d-- // "a lovely little bakery there"
		}
		if !s.Is(d, "a", "an") {
			continue
		}
		if !s.Is(k+1, ",", "called", "named") {
			continue
		}
		j := k + 2
		sp, ok := p.nameStartingAt(j)
		if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || firstName(ontology.NormaliseName(sp.name)) ||
			p.disc.typedPerson(sp.name) || !plainEnd(s, sp.to) {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		place, cite, ok := p.thereOf(d, org)
		if !ok {
			continue
		}
		done := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
		if s.Is(d-1, "has", "have", "owns") && !p.tieHedged(d-1) {
			if who, ok := p.nameEndingAt(d - 1); ok && personLike(who.typ) && !p.disc.isSpeaker(who.name) {
				p.relation(rel{typ: ontology.RelOwns, from: ontology.EntityRef{Name: who.name, Type: ontology.EntityPerson}, to: org, conf: confWeak, validFrom: p.ts})
			}
		}
		done()
		return
	}
}

// vocativeYouAreMy reads "car you're my favourite sister btw", "Kez ur my
// best friend" in a group chat: the speaker named first is the one spoken
// to (youAreMy reads a two-party chat's "you're my little brother").
// "you're like my sister", "you're not my boss", a name that is no
// speaker's or a question reads nothing.
func (p *sentCtx) vocativeYouAreMy() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.disc.addressee(p.speaker.Name).Name != "" {
		return
	}
	label, ok := p.disc.speakerCalled(s.Tok(f).Text)
	if !ok || ontology.NormaliseName(label) == ontology.NormaliseName(p.speaker.Name) {
		return
	}
	k := f + 1
	if s.Is(k, ",") {
		k++
	}
	info, best, ok := p.youAreMyRole(k)
	if !ok {
		return
	}
	you := ontology.EntityRef{Name: label, Type: ontology.EntityPerson}
	p.relRole(p.speaker, info.kind, roleName(info, best), you, confWeak)
}

// nameStartingAt returns the sentence's name that starts at token from
// ("Rosa's Loaves"), typed, else the name typed() reads there.
func (p *sentCtx) nameStartingAt(from int) (span, bool) {
	s := p.s
	if s.Tok(from).Poss && s.Tok(from).Cap && s.Tok(from+1).Cap && s.Tok(from+1).Word {
		end := from + 2
		for end < len(s.Toks) && s.Toks[end].Cap && s.Toks[end].Word && !s.Toks[end-1].Poss {
			end++
		}
		name := p.text[s.Toks[from].Start:s.Toks[end-1].End]
		return span{from: from, to: end, name: name, typ: ontology.EntityOrganization}, true // "Rosa's Loaves"
	}
	for _, n := range p.names {
		if n.from == from {
			return p.known.typeName(p.s, n), true
		}
	}
	return p.typed(from)
}

// speakerCalled returns the label of the one speaker a word of the text
// calls by name: the label itself ("Kez") or the letters it opens with
// ("car" for "car🍼", "rhi" for "rhi.climbs").
func (d *discourse) speakerCalled(word string) (string, bool) {
	w := ontology.NormaliseName(word)
	if w == "" || strings.Contains(w, " ") {
		return "", false
	}
	found, n := "", 0
	for _, name := range d.names {
		if ontology.NormaliseName(name) == w || labelLead(name) == w {
			found, n = name, n+1
		}
	}
	return found, n == 1
}

// labelLead is the first run of letters of a speaker's label, lower
// case: "car" for "car🍼", "rhi" for "rhi.climbs", "" when it has none.
func labelLead(name string) string {
	lead := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) })
	if len(lead) == 0 {
		return ""
	}
	return lead[0]
}

// officeThere reads "my firm Pell & Grange has an office there", "Halden
// have a branch there too" right after a place was named: LOCATED_IN the
// place "there" stands for, the last one named in the sentence or in the
// turns just before, when no organisation was named since. A plan, a
// question or a negation ("has no office there") reads nothing.
func (p *sentCtx) officeThere() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "there") || !branchNouns[s.Norm(k-1)] {
			continue
		}
		j := k - 2
		if s.Is(j, "second", "new", "big", "small", "huge", "little", "another") {
			j--
		}
		if !s.Is(j, "a", "an") {
			continue
		}
		v := j - 1
		if s.Is(v, "got") {
			v--
		}
		if !s.Is(v, "has", "have") || p.tieHedged(v) || p.hedgedAt(v) {
			continue
		}
		sp, ok := p.nameEndingAt(v)
		if !ok {
			continue
		}
		mine := s.Is(sp.from-1, "firm", "company", "employer") && s.Is(sp.from-2, "my")
		if sp.typ != ontology.EntityOrganization && !(mine && sp.typ == ontology.EntityConcept) || !(sp.from == afterLeads(s) || mine) {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		place, cite, ok := p.thereOf(sp.from, org)
		if !ok {
			continue
		}
		defer p.citeFrom(cite)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// thereOf resolves "there" said after an organisation named at before:
// the last place of the sentence before it, else the last mention within
// two turns when it is a place and no other organisation or thing was
// named after it.
func (p *sentCtx) thereOf(before int, org ontology.EntityRef) (ontology.EntityRef, string, bool) {
	for i := len(p.names) - 1; i >= 0; i-- {
		n := p.names[i]
		if n.to > before {
			continue
		}
		if n.typ == ontology.EntityPlace {
			return ontology.EntityRef{Name: n.name, Type: ontology.EntityPlace}, "", true
		}
		if n.typ == ontology.EntityPerson || n.typ == ontology.EntityConcept && firstName(ontology.NormaliseName(n.name)) {
			continue // "my aunt Rosa has a bakery there"
		}
		if ontology.NormaliseName(n.name) != ontology.NormaliseName(org.Name) {
			return ontology.EntityRef{}, "", false
		}
	}
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= 2; i-- {
		m := d.mentions[i]
		if d.isSpeaker(m.ref.Name) || m.norm == ontology.NormaliseName(org.Name) || m.ref.Type == ontology.EntityPerson ||
			m.ref.Type == ontology.EntityConcept && firstName(m.norm) {
			continue // people stand for no "there"
		}
		if !p.placeLike(m) || placeLeftIn(d.texts[m.turn], m.norm) || askedWhereSince(d, m.turn) || visitText(d.texts[m.turn]) {
			return ontology.EntityRef{}, "", false // "she's left London" / "WHERE": not London
		}
		return ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityPlace}, m.turn, true
	}
	return ontology.EntityRef{}, "", false
}

// nameEndingAt returns the sentence's name that ends right before token
// end ("Pell & Grange" before "has"), typed.
func (p *sentCtx) nameEndingAt(end int) (span, bool) {
	for _, n := range p.names {
		if n.to == end {
			return p.known.typeName(p.s, n), true
		}
	}
	sp, ok := nameBefore(p.s, end)
	if !ok {
		return span{}, false
	}
	return p.known.typeName(p.s, sp), true
}

// placeLeftIn reports whether text names the place norm as one left, come
// from or visited ("she's finally left London").
func placeLeftIn(text, norm string) bool {
	words := strings.Fields(strings.ToLower(text))
	for j, w := range words {
		if strings.Trim(w, ".,!?") == norm && j > 0 && leftWords[strings.Trim(words[j-1], ".,!?")] {
			return true
		}
	}
	return false
}

// askedWhereSince reports whether a turn since turn asked "where": the
// answer, not the place before it, is what "there" means next.
func askedWhereSince(d *discourse, turn string) bool {
	for _, t := range d.turnsSince(turn) {
		if strings.Contains(strings.ToLower(t), "where") {
			return true
		}
	}
	return false
}

// youAreMyRole reads "you're my little brother", "ur my best friend" from
// token k: the relationship word's role and whether it was "best". "you're
// like my sister", "my brother from another mother", "sister in crime",
// "my brother's favourite" read nothing.
func (p *sentCtx) youAreMyRole(k int) (roleInfo, bool, bool) {
	s := p.s
	switch {
	case s.Is(k, "you") && s.Is(k+1, "'re", "are"):
		k += 2
	case s.Is(k, "ur", "youre"):
		k++
	default:
		return roleInfo{}, false, false
	}
	if !s.Is(k, "my") {
		return roleInfo{}, false, false
	}
	k++
	best := false
	for s.Is(k, "little", "big", "older", "younger", "baby", "twin", "best", "favourite", "fav", "fave", "only", "oldest", "eldest") {
		best = best || s.Is(k, "best")
		k++
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || s.Tok(k).Poss || !p.phraseEnds(k+1, len(s.Toks)) && !s.Is(k+1, ",", ".", "!") && !plainEnd(s, k+1) ||
		s.Is(k+1, "from", "in", "of") {
		return roleInfo{}, false, false
	}
	return info, best, true
}
