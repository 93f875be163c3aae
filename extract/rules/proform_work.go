package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of work said with "there" for the organisation the chat just
// named (issue 14, h14-itthere28), resolved by orgThere (proFormOrg): "her
// brother danny does the piercings there", "i do shifts behind the bar
// there", "kirsty heads up sales there now" ("his manager there is
// Henrik" is myRole's, patterns_my.go). "she does yoga there", "i do my shopping there", a
// hedge, a past, a negation, a question, or a place or a second business
// named in the window read nothing.

// workThereNouns are the work one "does" at a workplace: "does shifts",
// "does the piercings", "does the books", besides the departments one does
// (departments8).
var workThereNouns = lang.Words(`shifts shift nights lates earlies doubles piercings piercing tattoos tattooing hair
	nails cellar books bookkeeping deliveries cleaning door kitchen bar weekends saturdays sundays`)

// workThereWhere says where in a workplace the work is done, between the
// work and "there": "i do shifts behind the bar there", "she does admin on
// reception there".
var workThereWhere = lang.Words(`behind on in at`)

// headUpVerbs head a department: "heads up sales there", "runs marketing
// there".
var headUpVerbs = lang.Words(`heads runs manages leads`)

// workThere reads "danny does the piercings there", "i do shifts behind
// the bar there", "she heads up sales there now": WORKS_AT the
// organisation "there" stands for, "head of sales" the role of one who
// heads a department.
func (p *sentCtx) workThere() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "there") || !p.phraseEnds(k+1, len(s.Toks)) && !s.Is(k+1, "now", "too", "on", "actually", "apparently",
			"lol", ",", "and", "btw", "tho", "these", "part-time", "full-time", "so") {
			continue
		}
		v, role, ok := p.workThereVerb(k)
		if !ok || p.tieHedged(v) || p.hedgedAt(v) || s.Is(v-1, "not", "never", "n't", "dont", "doesnt", "don't", "doesn't") ||
			p.reachedBy(v, "used", "if", "would", "might", "could", "should", "want", "wants", "hoping", "when") {
			continue
		}
		if tie, ok := p.tieThere(p.workThereSubject(v)); ok {
			p.relateThere(tie, ontology.RelWorksAt, role)
			return
		}
	}
}

// workThereVerb finds, before the "there" at k, the verb of the work done
// there: "does the piercings", "do shifts behind the bar", "heads up
// sales" (role "head of sales").
func (p *sentCtx) workThereVerb(k int) (v int, role string, ok bool) {
	s := p.s
	j := k - 1
	for q := k - 1; q >= k-3 && q > 0; q-- {
		if workThereWhere[s.Norm(q)] {
			j = q - 1 // "shifts behind the bar there"
			break
		}
	}
	n := s.Norm(j)
	switch {
	case departments8[n] && headUpVerbs[s.Norm(j-1)]:
		return j - 1, "head of " + n, true
	case departments8[n] && s.Is(j-1, "up") && s.Is(j-2, "heads"):
		return j - 2, "head of " + n, true
	case workThereNouns[n] || departments8[n]:
		v = j - 1
		if s.Is(v, "the") {
			v--
		}
		return v, "", s.Is(v, "does", "do", "doing")
	}
	return 0, "", false
}

// workThereSubject reads who does the work at the verb v: the speaker for
// "i do" and "i'm doing", "he"/"she" resolved, or a person named
// ("danny does").
func (p *sentCtx) workThereSubject(v int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch {
	case s.Is(v, "do") && s.Is(v-1, "i"), s.Is(v, "doing") && s.Is(v-1, "'m", "am", "im") && s.Is(v-2, "i") || s.Is(v, "doing") && s.Is(v-1, "im"):
		return p.speaker, "", p.speaker.Name != ""
	case s.Is(v, "do", "doing"):
		return ontology.EntityRef{}, "", false
	}
	who, cite, ok := p.memberSubjectBefore(v)
	if !ok || who.Type != ontology.EntityPerson {
		return ontology.EntityRef{}, "", false
	}
	return who, cite, true
}
