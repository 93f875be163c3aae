package rules

import "github.com/loci-memory/loci/ontology"

// boughtBy reads one organisation bought by another: "Holloway bought
// Fernwick", "Fernwick was acquired by Holloway", "fernwick's officially a
// Holloway company now": PART_OF. A plan ("might buy"), a try ("tried to
// buy"), a thing bought ("bought Fernwick's van", "bought pizza"), a
// buyer who is a person and a nationality ("a Danish company") read
// nothing.
func (p *sentCtx) boughtBy() {
	s := p.s
	a, k, ok := p.openingEmployer(false)
	if !ok {
		return
	}
	poss := s.Tok(k - 1).Poss
	for s.Is(k, "have", "'ve", "has", "just", "finally", "officially", "now", "actually", "basically") {
		k++
	}
	if p.tieHedged(k) || p.hedgedAt(k) {
		return
	}
	switch {
	case s.Is(k, "bought", "acquired"):
		b, end, ok := p.knownOrgAt(k + 1)
		if !ok || !plainEnd(s, end) && !s.Is(end, "for", "last", "in", "this", ",", "lol") {
			return
		}
		p.relation(rel{typ: ontology.RelPartOf, from: b, to: a, conf: confWeak, validFrom: p.ts})
	case s.Is(k, "was", "got", "been") && s.Is(k+1, "bought", "acquired") && s.Is(k+2, "by"):
		b, end, ok := p.knownOrgAt(k + 3)
		if !ok || !plainEnd(s, end) && !s.Is(end, "for", "last", "in", "this", ",", "lol") {
			return
		}
		p.relation(rel{typ: ontology.RelPartOf, from: a, to: b, conf: confWeak, validFrom: p.ts})
	case poss || s.Is(k, "is"):
		j := k
		if s.Is(j, "is") {
			j++
		}
		for s.Is(j, "officially", "now", "basically", "technically") {
			j++
		}
		if !s.Is(j, "a", "an") {
			return
		}
		b, end, ok := p.knownOrgAt(j + 1)
		if !ok || !s.Is(end, "company", "subsidiary", "brand") || !plainEnd(s, end+1) && !s.Is(end+1, "now") {
			return
		}
		p.relation(rel{typ: ontology.RelPartOf, from: a, to: b, conf: confWeak, validFrom: p.ts})
	}
}

// knownOrgAt reads at k an organisation's name, not a possessive nor a
// person's: "Holloway", or in a lower-case sentence a word no list knows
// that the chat named before ("fernwick"; not "pizza").
func (p *sentCtx) knownOrgAt(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if k < len(s.Toks) && !s.Toks[k].Cap && s.Toks[k].Word {
		if !s.Lower || !lowerOrgWord(s.Norm(k)) || s.Tok(k).Poss || p.disc.typedPerson(s.Tok(k).Text) ||
			!p.disc.typedAs(s.Tok(k).Text, ontology.EntityOrganization) && !p.disc.namedBefore(s.Norm(k)) {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: s.Tok(k).Text, Type: ontology.EntityOrganization}, k + 1, true
	}
	org, end, ok := p.namedOrg(k)
	if !ok || s.Tok(end-1).Poss || p.disc.typedPerson(org.Name) || firstName(ontology.NormaliseName(org.Name)) {
		return ontology.EntityRef{}, 0, false
	}
	return org, end, true
}

// openingEmployer reads the organisation opening the sentence, after chat
// leads and "good news," or "finally": "Garrick's Hardware took me on",
// "good news, Fennimore kept me on", "holloway bought fernwick" (a lower
// case name only when the chat typed it an organisation before). With
// shop set, a possessive name before the verb is the shop's own name
// ("harlow's finally made me shift lead": Harlow's). It returns the name
// and the index after it.
func (p *sentCtx) openingEmployer(shop bool) (ontology.EntityRef, int, bool) {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return ontology.EntityRef{}, 0, false
	}
	if s.Seq(f, "good", "news") && s.Is(f+2, ",", ":", "!") {
		f += 3
	}
	if s.Is(f, "finally", "guess") && f+1 < len(s.Toks) && s.Toks[f+1].Word {
		f++
	}
	if f >= len(s.Toks) || !s.Toks[f].Word {
		return ontology.EntityRef{}, 0, false
	}
	t := s.Tok(f)
	if t.Poss && shop {
		if f+1 < len(s.Toks) && s.Toks[f+1].Cap && s.Toks[f+1].Word {
			if sp, ok := p.typed(f + 1); ok && sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityPlace {
				return ontology.EntityRef{Name: t.Text + "'s " + sp.name, Type: ontology.EntityOrganization}, sp.to, true
			}
			return ontology.EntityRef{}, 0, false
		}
		if !t.Cap && !lowerOrgWord(t.Norm) || firstName(t.Norm) || p.disc.typedPerson(t.Text) {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: t.Text + "'s", Type: ontology.EntityOrganization}, f + 1, true
	}
	if name, end, ok := lowerAmpersandName(s, f); ok {
		if s.Tok(end).Word && !s.Is(end, employerVerbs...) {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, end, true
	}
	if n := lowerOrgSpan(s, f); !t.Cap && n > 1 && s.Is(f+n, employerVerbs...) {
		return ontology.EntityRef{Name: titleCase(joinText(s, f, f+n)), Type: ontology.EntityOrganization}, f + n, true // "st oswins took me on"
	}
	if !t.Cap {
		if !lowerOrgWord(t.Norm) || p.disc.typedPerson(t.Text) || s.Toks[f+1].Word && !t.Poss && !s.Is(f+1, employerVerbs...) {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: t.Text, Type: ontology.EntityOrganization}, f + 1, true
	}
	org, end, ok := p.namedOrg(f)
	if !ok || p.disc.typedPerson(org.Name) || firstName(ontology.NormaliseName(org.Name)) {
		return ontology.EntityRef{}, 0, false
	}
	return org, end, true
}

// lowerOrgWord reports whether w, written in lower case, may be an
// organisation's one-word name: no English word, first name, place or
// function word ("fernwick", "vantis"; not "pizza", "tom", "leeds").
func lowerOrgWord(w string) bool {
	return len(w) >= 4 && !englishWords[w] && !functionWords[w] && !firstName(w) && !pronounish[w] && !inGazetteer(w) && !notNameWord(w)
}

// employerVerbs may follow an employer named in lower case at the opening
// of a sentence ("fernwick literally pays me", "wattle & crown took me
// on"): the readings of openingEmployer's callers decide the rest.
var employerVerbs = []string{"literally", "just", "has", "have", "bought", "acquired", "took", "kept", "made", "pays",
	"paid", "officially", "is", "was", "got", "finally"}

// lowerAmpersandName reads, at i, a trading name typed in lower case as two
// words joined by "&" ("wattle & crown", "fold & press"): the ampersand
// joins names, not a person's kin, a pronoun, a given name or a function
// word ("mum & dad", "me & him", "tom & jess"). It returns the name title
// cased, as the business writes it, and the index after it.
func lowerAmpersandName(s *sentence, i int) (string, int, bool) {
	if !s.Is(i+1, "&") || s.Toks[i].Cap || s.Toks[i].Poss {
		return "", 0, false
	}
	for _, k := range []int{i, i + 2} {
		if !plainWord(s, k) || s.Toks[k].Cap {
			return "", 0, false
		}
		w := s.Norm(k)
		if len(w) < 3 || pronounish[w] || functionWords[w] || firstName(w) || notNameWord(w) || roleWords[w].role != "" {
			return "", 0, false
		}
	}
	return titleCase(s.Toks[i].Text + " & " + s.Toks[i+2].Text), i + 3, true
}
