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
		j := k + 1
		switch {
		case s.Is(j, ","):
			j++
		case s.Is(j, "called", "named"):
			j++
		default:
			continue
		}
		sp, ok := p.nameStartingAt(j)
		if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || firstName(ontology.NormaliseName(sp.name)) ||
			p.knownPerson(sp.name) || !plainEnd(s, sp.to) {
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
	switch {
	case s.Is(k, "you") && s.Is(k+1, "are"):
		k += 2
	case s.Is(k, "ur", "youre"):
		k++
	default:
		return
	}
	if !s.Is(k, "my") {
		return
	}
	k++
	best := false
	for s.Is(k, "little", "big", "older", "younger", "baby", "twin", "best", "favourite", "fav", "fave", "only", "oldest", "eldest") {
		best = best || s.Is(k, "best")
		k++
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || s.Tok(k).Poss || !plainEnd(s, k+1) {
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
		lead := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) })
		if ontology.NormaliseName(name) == w || len(lead) > 0 && lead[0] == w {
			found, n = name, n+1
		}
	}
	return found, n == 1
}
