package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// makeVerbs tell what an organisation (or person) makes or sells.
var makeVerbs = lang.Words(`makes sells produces manufactures builds designs creates bakes brews`)

// makeVetoes are objects of "makes" that are not products ("makes sense",
// "makes time").
var makeVetoes = lang.Words(`sense time progress mistakes friends sure fun noise plans money peace love
	changes decisions choices memories use things stuff room way difference point effort excuses jokes
	people everyone everybody someone somebody anyone fun`)

// thirdPerson reads statements about named third parties: "Dana founded
// Acme", "Acme makes rocket engines", "Dana is Sam's cousin".
func (p *sentCtx) thirdPerson() {
	s := p.s
	for v := 1; v < len(s.Toks); v++ {
		n := s.Toks[v].Norm
		switch {
		case foundVerbs[n] || n == "co-founded":
			p.theyFounded(v)
		case makeVerbs[n] || s.Is(v-1, "they", "it") && s.Is(v, "make", "sell", "build", "produce"):
			p.theyMake(v)
		case n == "is" && v+1 < len(s.Toks) && s.Norm(v+1) != "my":
			p.isTheirs(v)
			p.isAIn(v)
		case basedWords[n]:
			p.basedIn(v)
		case n == "have" || n == "has":
			p.hasSiteIn(v)
		}
	}
}

// subjectBefore reads and types the name just before the verb at v.
func (p *sentCtx) subjectBefore(v int) (span, bool) {
	sp, ok := nameBefore(p.s, v)
	if !ok || p.s.Toks[sp.to-1].Poss || vocative(p.s, sp.from, sp.to) {
		return span{}, false
	}
	return p.known.typeName(p.s, sp), true
}

// theyFounded reads "X founded Y" for a named X: CREATED X → Y.
func (p *sentCtx) theyFounded(v int) {
	subj, ok := p.subjectBefore(v)
	if !ok {
		return
	}
	conf := confStrong
	switch {
	case subj.typ == ontology.EntityPerson || subj.typ == ontology.EntityOrganization:
	case subj.typ == ontology.EntityConcept && subj.to-subj.from >= 2:
		subj.typ, conf = ontology.EntityPerson, confWeak
	default:
		return
	}
	bare := foundVerbs[p.s.Norm(v)] || p.s.Norm(v) == "co-founded"
	if p.s.Norm(v+1) == "it" && bare {
		if a, ok := p.disc.organisation(); ok {
			if a.turn != p.ids[0] {
				p.cite = []string{a.turn}
				defer func() { p.cite = nil }()
			}
			p.created(ontology.EntityRef{Name: subj.name, Type: subj.typ}, a.ref, " founded ", conf)
		}
		return
	}
	obj, ok := p.typed(v + 1)
	if !ok || p.s.Toks[obj.to-1].Poss ||
		!(obj.typ == ontology.EntityOrganization || bare && obj.typ == ontology.EntityConcept && !obj.confirmed) {
		return
	}
	maker := ontology.EntityRef{Name: subj.name, Type: subj.typ}
	thing := ontology.EntityRef{Name: obj.name, Type: ontology.EntityOrganization}
	p.created(maker, thing, " "+p.s.Norm(v)+" ", conf)
}

// theyMake reads "X makes/sells Z" for a named X: MAKES X → Z.
func (p *sentCtx) theyMake(v int) {
	subj, ok := p.subjectBefore(v)
	if !ok && p.s.Is(v-1, "they", "it") && p.s.Is(v, "make", "makes", "sell", "sells", "build", "builds", "produce", "produces") {
		// "They make floating solar panels": the organisation just named.
		org, cite, found := p.orgSubject(v)
		if !found {
			return
		}
		defer p.citeFrom(cite)()
		subj, ok = span{name: org.Name, typ: ontology.EntityOrganization, confirmed: true}, true
	}
	if !ok {
		return
	}
	conf := confWeak
	switch subj.typ {
	case ontology.EntityOrganization:
		conf = confStrong
	case ontology.EntityPerson:
	case ontology.EntityConcept:
		subj.typ = ontology.EntityOrganization
	default:
		return
	}
	s := p.s
	k := v + 1
	if s.Is(k, "out", "up", "off", "over", "back", "through", "away") {
		return // a phrasal verb, no product: "they sell out every time", "makes up for it"
	}
	if s.Is(k, "a", "an", "the") {
		k++
	}
	for s.Is(k, "total", "perfect", "complete", "no", "zero", "much", "more", "good", "great", "such", "so") {
		if makeVetoes[s.Norm(k+1)] || s.Is(k+1, "a", "an") {
			return // "makes total sense", "makes no difference", "makes such a difference"
		}
		k++
	}
	if k >= len(s.Toks) || makeVetoes[s.Norm(k)] || quantifiers[s.Norm(k)] || functionWords[s.Norm(k)] ||
		adverbs[s.Norm(k)] || !s.Toks[k].Word {
		return
	}
	product, _, ok := p.phrase(k, len(s.Toks), 4)
	if !ok {
		return
	}
	maker := ontology.EntityRef{Name: subj.name, Type: subj.typ}
	p.relation(rel{typ: ontology.RelMakes, from: maker, to: ontology.EntityRef{Name: product, Type: ontology.EntityConcept}, conf: conf, validFrom: p.ts})
	p.fact(maker, stmt(maker.Name+" "+s.Norm(v)+" "+product), conf, p.ts, nil)
}

// isTheirs reads "X is Y's [adjectives] <role>" with "is" at v.
func (p *sentCtx) isTheirs(v int) {
	s := p.s
	owner, ok := nameAt(s, v+1)
	if !ok || !s.Toks[owner.to-1].Poss {
		return
	}
	k := p.skipAdjectives(owner.to)
	if k < 0 {
		return
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || s.Toks[k].Poss || !p.phraseEnds(k+1, len(s.Toks)) {
		return
	}
	people := p.namesBefore(v, false)
	owner = p.known.typeName(s, owner)
	if len(people) == 0 || owner.typ != ontology.EntityPerson && owner.typ != ontology.EntityConcept {
		return
	}
	from := ontology.EntityRef{Name: owner.name, Type: ontology.EntityPerson}
	p.relRole(from, info.kind, roleName(info, p.bestBefore(owner.to, k)), people[0], confStrong)
}

// isAIn reads "Grano is a café in Whitby", "Nomad is a startup in
// Lisbon", and "Grano is in Whitby" for a name already read as an
// organisation, with "is" at v: LOCATED_IN. People are not read ("Ana is
// in Whitby" says where she is now).
func (p *sentCtx) isAIn(v int) {
	s := p.s
	subj, ok := p.subjectBefore(v)
	if !ok || p.hedgedAt(v) {
		return
	}
	k := v + 1
	described := s.Is(k, "a", "an") // "a café in Whitby" says Whitby is a place
	switch {
	case described:
		j := k + 1
		for n := 0; n < 3 && j < len(s.Toks) && !introNouns[s.Norm(j)] && s.Toks[j].Word && !s.Toks[j].Cap && !npStops[s.Norm(j)]; n++ {
			j++ // "a tiny family-run café"
		}
		if !introNouns[s.Norm(j)] || s.Norm(j+1) != "in" || subj.typ != ontology.EntityConcept && subj.typ != ontology.EntityOrganization {
			return
		}
		k = j + 1
	case s.Norm(k) == "in" && subj.typ == ontology.EntityOrganization && subj.confirmed:
	default:
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if !ok || !described && !p.placeConfirmed(k+1) || !p.phraseEnds(chatTail(s, end), len(s.Toks)) {
		return
	}
	org := ontology.EntityRef{Name: subj.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// hedgedAt reports whether the statement whose verb is at v is hedged
// before or after it.
func (p *sentCtx) hedgedAt(v int) bool { return hedgedBefore(p.s, v) || hedgedAfter(p.s, v) }
