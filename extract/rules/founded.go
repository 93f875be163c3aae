package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// foundVerbs17 found a business: "we set it up", "opened it", "started it".
var foundVerbs17 = lang.Words(`set opened started founded launched`)

// foundedWhen says when a business was founded, after it: "in 2019", "the
// week my daughter was born", "three years ago", "in her flat 2 yrs ago",
// "back in", "in lockdown".
func (p *sentCtx) foundedWhen(k int) bool {
	s := p.s
	for s.Is(k, "together", "up", "ourselves", "myself") {
		k++
	}
	switch {
	case s.Is(k, "back") && s.Is(k+1, "in"), s.Is(k, "the") && s.Is(k+1, "week", "year", "month", "summer", "spring"):
		return true
	case s.Is(k, "in") && len(s.Norm(k+1)) == 4 && (s.Norm(k + 1)[:2] == "19" || s.Norm(k + 1)[:2] == "20"):
		return true
	case s.Is(k, "in", "during") && (s.Is(k+1, "lockdown", "covid") || s.Seq(k+1, "the", "pandemic") || s.Seq(k+1, "the", "first", "lockdown")):
		return true // "he set it up with his wife in lockdown"
	}
	for j := k; j < k+6 && j < len(s.Toks); j++ {
		if s.Is(j, "ago") && s.Is(j-1, "years", "year", "yrs") {
			return true
		}
	}
	return false
}

// foundedIt reads "we set it up together in 2019", "opened it the week my
// daughter was born" said of the one business the recent turns name, and
// "I opened Petal & Stem three years ago": the speaker CREATED it (role
// founder). Said of someone else ("she set up the charity in 2011", "his
// dad Raj opened the shop in 1989", "Dara set it up in her flat 2 yrs
// ago") it is that person's, for "it" or a business noun only
// (founders.go). Opening for the day ("at 6 this morning"), a flat-pack set
// up "in an hour", a hypothetical, a question, or "it" with two firms to
// choose from read nothing.
func (p *sentCtx) foundedIt() {
	s := p.s
	for v := range wordsIn(s, foundVerbs17) {
		if s.Is(v, "set") != s.Is(v+1, "it", "up") && s.Is(v, "set") {
			continue
		}
		who, cite, ok := p.founderBefore(v)
		if !ok || p.hedgedAt(v) || p.negatedBefore(v) || sarcastic(p.text, s) {
			continue
		}
		var org ontology.EntityRef
		end := v + 1
		switch n := foundedNoun(s, v); {
		case s.Is(v+1, "it") || n > 0:
			a, ok := p.foundedOrg(v, n, who)
			if !ok {
				continue
			}
			org, end = a.ref, max(n, v+1)+1
			if s.Is(v, "set") && n == 0 {
				if !s.Is(end, "up") {
					continue
				}
				end++
			}
			defer p.citeFrom(a.turn)()
		default:
			o, e, ok := p.possOrg(v + 1)
			if !ok || s.Tok(e-1).Poss || p.placeNamed(v+1) || s.Is(v, "set") || cite != "" || who != p.speaker {
				continue
			}
			org, end = o, e
		}
		partners, after := p.foundPartners(end)
		if !p.foundedWhen(end) && !p.foundedWhen(after) && !stillRunsIt(s, after) {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelCreated, from: who, to: org, role: "founder", conf: confWeak, validFrom: p.ts}, cite)
		for _, x := range partners {
			p.relationCitingAll(rel{typ: ontology.RelCreated, from: x, to: org, role: "founder", conf: confWeak, validFrom: p.ts}, cite)
		}
		return
	}
}

// coFounderIs reads "Nadia's my co-founder" said of the one business the
// recent turns name: CREATED, for Nadia (role founder). A question, a
// hypothetical or a co-founder of something else ("on the podcast") read
// nothing.
func (p *sentCtx) coFounderIs() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`co-founder cofounder`)) {
		if !s.Is(k-1, "my", "our") || !s.Is(k-2, "is", "'s") && !s.Tok(k-2).Poss {
			continue
		}
		if s.Is(k+1, "on", "for", "of", "at", "in") || p.hedgedAt(k) || p.negatedBefore(k) || sarcastic(p.text, s) {
			continue
		}
		b := k - 2
		if s.Is(b, "is", "'s") {
			b--
		} else {
			b++
		}
		var who ontology.EntityRef
		found := false
		for i := max(0, b-3); i < b; i++ {
			if ref, end, ok := p.person(i); ok && end == b {
				who, found = ref, true
				break
			}
		}
		if !found {
			continue
		}
		a, ok := p.orgThisTurn()
		if !ok {
			a, ok = p.onlyOrganisation()
			ok = ok && !(p.turnsAgo(a.turn) > 2 && p.othersStatement(a.turn)) // the speaker's firm, not one another told of (found23.go)
		}
		if !ok {
			return
		}
		defer p.citeFrom(a.turn)()
		p.relation(rel{typ: ontology.RelCreated, from: who, to: a.ref, role: "founder", conf: confWeak, validFrom: p.ts})
		return
	}
}

// orgThisSentence is the one organisation the sentence names before token
// v ("9 years of Rye & Shine next month, opened it"), which the
// discourse has not noted yet.
func (p *sentCtx) orgThisSentence(v int) (antecedent, bool) {
	var found *span
	for i := range p.names {
		n := &p.names[i]
		if n.to > v {
			break
		}
		if !p.orgNamed(*n) && !p.orgLike17(*n) || p.disc.isSpeaker(n.name) || months17[p.s.Norm(n.from)] {
			continue
		}
		if found != nil && ontology.NormaliseName(found.name) != ontology.NormaliseName(n.name) {
			return antecedent{}, false
		}
		found = n
	}
	if found == nil {
		return antecedent{}, false
	}
	return antecedent{ref: ontology.EntityRef{Name: found.name, Type: ontology.EntityOrganization}}, true
}
