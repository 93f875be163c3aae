package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// runEvents are the last words of named things one runs as a runner, not
// as their head: "I've run the London Marathon since 2015".
var runEvents = lang.Words(`marathon race half parkrun 5k 10k ultra mile miles relay course route trail fun run`)

// ranForWords may follow "for" after what was run to say for how long: "for
// nine years", "for ages", "for over a decade".
var ranForWords = lang.Words(`years ages decades donkeys over nearly almost about a an`)

// runSince reads who has run a named organisation for a while, in the
// perfect: "Jaz and Keziah have run Friday Fuel since Easter", "I have run
// the Larder since 2015", "Ana's been running Harbour Youth for six
// years": LEADS, for each person of the subject ("X and I" is the speaker
// too). A race run ("the London Marathon"), a person or a place, a
// subject that is no name ("we", "the council"), a run with no length
// ("I've run Harbour Youth"), a hedge and a question read nothing.
func (p *sentCtx) runSince() {
	s := p.s
	for v := 2; v+2 < len(s.Toks); v++ {
		aux := v - 1
		switch {
		case s.Is(v, "run") && s.Is(aux, "have", "'ve", "has", "'s"):
		case s.Is(v, "running") && s.Is(v-1, "been") && s.Is(v-2, "have", "'ve", "has", "'s"):
			aux = v - 2
		default:
			continue
		}
		if p.tieHedged(v) || p.hedgedAt(v) {
			continue
		}
		org, end, ok := p.runOrgAt(v + 1)
		if !ok || !runLength(s, end) {
			continue
		}
		for _, who := range p.runSubjects(aux) {
			p.relation(rel{typ: ontology.RelLeads, from: who, to: org, conf: confWeak, validFrom: p.ts})
		}
	}
}

// runOrgAt reads the organisation run at k: a capitalised name, after
// "the" or not, that is no person, place, race or possessive; a weekday
// may open it ("Friday Fuel", a youth night).
func (p *sentCtx) runOrgAt(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Is(k, "the") {
		k++
	}
	if _, day := lang.Weekdays[s.Norm(k)]; day && s.Tok(k).Cap {
		if sp, ok := nameAt(s, k+1); ok && sp.from == k+1 && !s.Tok(sp.to-1).Poss && !runEvents[strings.ToLower(lastWord(sp.name))] {
			return ontology.EntityRef{Name: joinText(s, k, sp.to), Type: ontology.EntityOrganization}, sp.to, true // "Friday Fuel"
		}
	}
	sp, ok := p.typed(k)
	if !ok || sp.from > k+1 || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss ||
		p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) || runEvents[strings.ToLower(lastWord(sp.name))] ||
		p.timeAt(sp.from) != nil && !strings.Contains(sp.name, " ") {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
}

// runLength reports whether the words at k say how long the running has
// lasted: "since Easter", "since 2015", "for nine years", "for ages".
func runLength(s *sentence, k int) bool {
	n := s.Norm(k + 1)
	switch {
	case s.Is(k, "since"):
		return k+1 < len(s.Toks) && s.Toks[k+1].Word
	case s.Is(k, "for"):
		return ranForWords[n] || countWords[n] || n != "" && n[0] >= '0' && n[0] <= '9'
	}
	return false
}

// runSubjects returns who the clause whose auxiliary stands at aux is
// about: "I", a name, or names joined by "and", with "and I" the speaker.
func (p *sentCtx) runSubjects(aux int) []ontology.EntityRef {
	s := p.s
	if s.Is(aux-1, "i") && !s.Is(aux-2, "and") {
		return []ontology.EntityRef{p.speaker}
	}
	f := afterLeads(s)
	if f < 0 || f >= aux {
		return nil
	}
	people, end := p.personList(f)
	switch {
	case len(people) > 0 && end == aux:
	case len(people) > 0 && s.Is(end, "i") && end+1 == aux:
		people = append(people, p.speaker)
	default:
		return nil
	}
	var out []ontology.EntityRef
	for _, x := range people {
		if x.Name != "" && !p.disc.typedAs(x.Name, ontology.EntityOrganization) {
			out = append(out, x)
		}
	}
	return out
}
