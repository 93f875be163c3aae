package rules

import (
	"cmp"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// branchVerbs17 say who runs a branch of an organisation: "she runs the
// Loughborough shop", "Leon manages their Derby branch", "is handling".
var branchVerbs17 = lang.Words(`runs manages heads handles running managing heading handling`)

// branchParts17 are the parts of a firm a town names: "the Leeds branch",
// "their Derby shop".
var branchParts17 = lang.Words(`branch shop store office site depot outlet salon studio unit warehouse`)

// branchDets17 open the branch: "the", "our", "their".
var branchDets17 = lang.Words(`the our their`)

// branchRunBy reads who runs a firm's branch in a town: "she runs the
// Loughborough shop now", "my cousin Leon manages their Derby branch",
// "Loughborough's being run by Ellie": LEADS the one organisation the
// recent turns name, and LOCATED_IN the town. A race or a route ("runs the
// Loughborough half marathon", "runs past the shop"), an unnamed runner
// ("my mum runs"), "used to", a hypothetical, a question, two
// organisations to choose from, or "run into the ground" read nothing.
func (p *sentCtx) branchRunBy() {
	s := p.s
	for v := range wordsIn(s, branchVerbs17) {
		who, ok := p.branchRunner(v)
		if !ok {
			continue
		}
		place, ok := p.branchPlace(v + 1)
		if !ok {
			continue
		}
		p.leadsBranch(who, place, v)
		return
	}
	// "Loughborough's being run by Ellie", "the Derby branch is run by Leon"
	for v := range wordsIn(s, lang.Words(`run managed`)) {
		if !s.Is(v+1, "by") || !s.Is(v-1, "being", "is", "'s") {
			continue
		}
		who, _, ok := p.person(v + 2)
		if !ok {
			continue
		}
		k := v - 1
		if s.Is(k, "being") {
			k--
		}
		if !s.Is(k, "is", "'s") && !s.Tok(k).Poss {
			continue
		}
		end := k
		if s.Tok(k).Poss {
			end = k + 1
		}
		if branchParts17[s.Norm(end-1)] {
			end--
		}
		var place ontology.EntityRef
		found := false
		for i := max(0, end-4); i < end; i++ {
			if pl, e, _, ok := p.place(i); ok && e == end {
				place, found = pl, true
				break
			}
		}
		if !found {
			continue
		}
		p.leadsBranch(antecedent{ref: who}, place, v)
		return
	}
}

// branchRunner is the named person or the pronoun that runs, right
// before the verb at v ("Leon manages", "she runs", "Vikram is handling").
func (p *sentCtx) branchRunner(v int) (antecedent, bool) {
	s := p.s
	k := v - 1
	if s.Is(k, "is", "'s") && s.Norm(v) != "runs" && s.Norm(v) != "manages" && s.Norm(v) != "heads" && s.Norm(v) != "handles" {
		k--
	} else if len(s.Norm(v)) > 3 && s.Norm(v)[len(s.Norm(v))-3:] == "ing" {
		return antecedent{}, false
	}
	for s.Is(k, "now", "still", "also", "actually", "basically") {
		k--
	}
	if s.Is(k, "he", "she") {
		return p.pronoun(k, s.Norm(k))
	}
	for i := max(0, k-2); i <= k; i++ {
		if ref, end, ok := p.person(i); ok && end == k+1 {
			return antecedent{ref: ref}, true
		}
	}
	return antecedent{}, false
}

// branchPlace reads "the Loughborough shop", "their Derby branch" at k,
// ending the phrase: the town.
func (p *sentCtx) branchPlace(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !branchDets17[s.Norm(k)] {
		return ontology.EntityRef{}, false
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || !branchParts17[s.Norm(end)] || !p.phraseEnds(p.skipTimeAndAdverbs(end+1), len(s.Toks)) && !s.Is(end+1, ",", "since", "and", "now") {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// leadsBranch emits who LEADS the one organisation of the recent turns
// and its LOCATED_IN the town, unless the sentence is a hypothetical, a
// past ("used to") or sarcastic.
func (p *sentCtx) leadsBranch(who antecedent, place ontology.EntityRef, v int) {
	s := p.s
	if p.hedgedAt(v) || p.negatedBefore(v) || p.reachedBy(v, hypotheticalWords...) || p.has(0, len(s.Toks), "used", "was", "were") ||
		sarcastic(p.text, s) {
		return
	}
	org, ok := p.onlyOrganisation()
	if !ok {
		return
	}
	defer p.citeFrom(org.turn)()
	if who.turn != "" && who.turn != org.turn {
		defer p.citeFrom(who.turn)()
	}
	p.relation(rel{typ: ontology.RelLeads, from: who.ref, to: org.ref, conf: confWeak, validFrom: p.ts})
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// onlyOrganisation is the organisation the recent turns name when they
// name exactly one: with two, "their Derby branch" could be either's. A
// name no cue typed counts as one.
func (p *sentCtx) onlyOrganisation() (antecedent, bool) {
	d := p.disc
	var latest *mention
	names := map[string]bool{}
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		m := &d.mentions[i]
		if m.ref.Type != ontology.EntityOrganization && m.ref.Type != ontology.EntityConcept || d.speakers[m.norm] {
			continue // a name no cue typed ("Corner Cuts is doing great") may be the firm too
		}
		if m.ref.Type == ontology.EntityConcept && (d.typedAs(m.ref.Name, ontology.EntityPlace) || d.typedAs(m.ref.Name, ontology.EntityPerson)) {
			continue // "The Nest on Tankerton Road": the street's untyped mention before a reading typed it a place
		}
		names[m.norm] = true
		latest = cmp.Or(latest, m)
	}
	if len(names) != 1 {
		return antecedent{}, false
	}
	ref := ontology.EntityRef{Name: latest.ref.Name, Type: ontology.EntityOrganization}
	return antecedent{ref: ref, turn: latest.turn}, true
}

// branchTriggers are the words branchRunBy needs one of.
var branchTriggers = lang.Words(`runs manages heads handles running managing heading handling run managed`)
