package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Reading "is at X" of an employer nothing else types when the rest of the
// sentence says it is a job: "she's at Brackwell now, started last month",
// "Priya's at Fernhill, doing sales", "he's still at Orbis as a junior
// dev". Without such a cue "is at" is as often a visit ("she's at Tesco
// getting milk", "at Glastonbury") and reads nothing.

// atJobStarts are the words after "started" that date a start ("started
// last month", "started in may"), not an activity ("started drinking").
var atJobStarts = lang.Words(`last this in on yesterday monday tuesday wednesday thursday friday saturday sunday
	mon tues wed thurs fri there back`)

// atJobSkips may stand between the name and its cue: "now", "still", a comma.
var atJobSkips = lang.Words(`now still too also , - – nowadays`)

// atJobAsWords open a post after "as": "as a cashier", "as their designer",
// "as head chef".
var atJobAsWords = lang.Words(`a an their head senior junior assistant lead deputy chief trainee`)

// atJobTeams name a part of a workplace after "on the": "on the sports
// desk", "on the art team".
var atJobTeams = lang.Words(`desk team ward line tills rota floor`)

// atWithJobCue reads "he's at X" / "Priya's at X" / "Priya is still at X"
// of a name typed as an organisation or by nothing, when a job cue follows
// it in the sentence (jobCueAfter): WORKS_AT for the one named, or for the
// person "he" or "she" means when named in this turn or the one before.
// A place, a person, a hedge or a visit cue reads nothing.
func (p *sentCtx) atWithJobCue() {
	s := p.s
	for k, t := range s.Toks {
		if t.Norm != "at" || k < 1 || k+1 >= len(s.Toks) || p.hedgedAt(k) || p.tieHedged(k) {
			continue
		}
		b := k
		if s.Is(b-1, "still") {
			b--
		}
		sp, ok := p.typed(k + 1)
		if !ok || !s.Tok(k+1).Cap || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept ||
			p.disc.typedPerson(sp.name) || firstName(ontology.NormaliseName(sp.name)) || s.Tok(sp.to-1).Poss || !jobCueAfter(s, sp.to) {
			continue
		}
		who, cite, ok := p.atSubject(b)
		if !ok {
			return
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
		restore()
		return
	}
}

// atSubject returns who "is at" before b: the person "he" or "she" at the
// sentence's start means, named in this turn or the one before, or a name
// with "is" or "'s" ("Priya is", "Priya's"). The speaker is not read.
func (p *sentCtx) atSubject(b int) (ontology.EntityRef, string, bool) {
	s := p.s
	f := afterLeads(s)
	switch {
	case s.Is(b-1, "hes", "shes") && b-1 == f:
		return p.recentPronoun(b-1, s.Norm(b - 1)[:len(s.Norm(b-1))-1])
	case s.Is(b-1, "'s", "is") && s.Is(b-2, "he", "she") && b-2 == f:
		return p.recentPronoun(b-2, s.Norm(b-2))
	case s.Is(b-1, "is"):
		return p.managerBefore(b - 1)
	case s.Tok(b-1).Poss && s.Tok(b-1).Cap:
		return p.managerBefore(b)
	}
	return ontology.EntityRef{}, "", false
}

// recentPronoun resolves the "he" or "she" at i to a person named in this
// turn or the one before.
func (p *sentCtx) recentPronoun(i int, n string) (ontology.EntityRef, string, bool) {
	a, ok := p.pronoun(i, n)
	if !ok || !p.recentTurn(a.turn, 1) || p.isSpeaker(a.ref) {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, a.turn, true
}

// jobCueAfter reports whether the words from i say a job: "doing sales",
// "working nights", "started last month", "as a cashier", "on the sports
// desk", past "now", "still" or a comma. An errand ("doing the big shop")
// is none.
func jobCueAfter(s *sentence, i int) bool {
	for n := 0; n < 3 && atJobSkips[s.Norm(i)]; n++ {
		i++
	}
	switch {
	case s.Is(i, "doing", "working"):
		return !s.Is(i+1, "the", "a", "an", "his", "her", "some", "shopping", "nothing", "fine", "ok", "okay", "well", "great", "alright")
	case s.Is(i, "started", "starting"):
		return atJobStarts[s.Norm(i+1)]
	case s.Is(i, "as"):
		return atJobAsWords[s.Norm(i+1)] || jobTitles[s.Norm(i+1)]
	case s.Is(i, "on") && s.Is(i+1, "the"):
		return atJobTeams[s.Norm(i+3)]
	}
	return false
}
