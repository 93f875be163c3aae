package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// The speaker's studies named by the course and the school (h14-thing37):
// "dario from our course at maastricht uni", "on my catering course at
// Lboro College", "since we finished at Maastricht Uni", "did events
// management at Leeds Beckett"; and a pastime that is "my whole
// personality".

// schoolCourseNouns name what one takes at a school ("my course", "our
// masters"); "class" and "year" are a teacher's as often and are none.
var schoolCourseNouns = lang.Words(`course degree degrees masters phd diploma doctorate programme program
	pgce mba msc bsc llm`)

// degreeOnly are the schoolCourseNouns only a school gives: "my course
// at Google" may be a training, "my degree at Leeds Beckett" is studies.
var degreeOnly = lang.Words(`degree degrees masters phd diploma doctorate pgce mba msc bsc llm`)

// thing37Readings are h14-thing37's readings, in order (runReadings skips
// a question).
var thing37Readings = []sentenceReading{
	{schoolCourseNouns, (*sentCtx).myCourseAt},                      // "dario from our course at maastricht uni"
	{lang.Words(`finished graduated`), (*sentCtx).finishedAtSchool}, // "since we finished at maastricht uni"
	{lang.Words(`did`), (*sentCtx).didSubjectAt},                    // "did events management at leeds beckett"
	{myLifeNouns, (*sentCtx).isMyWholePersonality},                  // "bouldering is my whole personality now"
}

// schoolAt reads at k a school ("Maastricht Uni", "Lboro College"): an
// organisation whose name says it teaches, more than the school word
// ("university of salford" read as "University" is none), that ends its
// phrase.
func (p *sentCtx) schoolAt(k int) (ontology.EntityRef, bool) {
	org, end, ok := p.org(k)
	if !ok || !schoolName(org.Name) || schoolWords[strings.ToLower(org.Name)] || !orgPhraseEndsAt(p.s, end) {
		return ontology.EntityRef{}, false
	}
	return org, true
}

// myCourseAt reads "my/our [catering] course at <school>": ATTENDED for
// the speaker, and for the one named just before "from our course" ("dario
// from our course at maastricht uni"). Someone else's course ("my son's
// course at X"), a hedged one ("maybe my masters at UCL"), a school that
// is no school by its name ("my course at Google") reads nothing.
func (p *sentCtx) myCourseAt() {
	s := p.s
	if p.speaker.Name == "" {
		return
	}
	for k := range wordsIn(s, lang.Words(`my our`)) {
		j := k + 1
		for m := 0; m < 3 && !schoolCourseNouns[s.Norm(j)] && jobModifier(s, j); m++ {
			j++ // "my catering course", "our social work degree"
		}
		if !schoolCourseNouns[s.Norm(j)] || !s.Is(j+1, "at") || p.tieHedged(k) || p.hedgedAt(k) || p.reachedBy(k, "if") {
			continue
		}
		// "my masters at UCL was hard": a degree is taken at a school
		// whatever its name; a course only at one named a school
		school, end, ok := p.org(j + 2)
		if !ok || s.Tok(end-1).Poss || s.Is(end, "of") || schoolWords[strings.ToLower(school.Name)] || !schoolName(school.Name) && !degreeOnly[s.Norm(j)] {
			continue
		}
		p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: school, conf: confWeak, validFrom: p.ts})
		if s.Is(k, "our") && s.Is(k-1, "from") {
			for i := k - 4; i < k-1; i++ {
				if who, end, ok := p.person(i); ok && end == k-1 && who.Name != p.speaker.Name {
					p.relation(rel{typ: ontology.RelAttended, from: who, to: school, conf: confWeak, validFrom: p.ts})
					break
				}
			}
		}
		return
	}
}

// finishedAtSchool reads "we finished at Maastricht Uni", "since i
// graduated at Leeds College": ATTENDED for the speaker. A job finished
// ("i finished at Tesco"), someone else's ("she finished at X"), a time
// ("finished at 5") or a hedge reads nothing.
func (p *sentCtx) finishedAtSchool() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`finished graduated`)) {
		k := v - 1
		for s.Is(k, "just", "finally", "only", "both") {
			k--
		}
		if !s.Is(k, "i", "we") || !s.Is(v+1, "at") || p.speaker.Name == "" || p.negatedBefore(k) || p.hedgedAt(v) || p.reachedBy(v, "if") {
			continue
		}
		if school, ok := p.schoolAt(v + 2); ok {
			p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: school, conf: confWeak, validFrom: p.ts})
			return
		}
	}
}

// notSubjects are what one "did at" a school without studying it: work
// there, a talk, a shift.
var notSubjects = lang.Words(`shifts shift nights days work stuff talk talks gig gigs job jobs cover supply
	placement bits time thing things nothing everything something`)

// didSubjectAt reads "did events management at leeds beckett", "I did law
// at Leeds Uni": the speaker studied at the school (ATTENDED). An article
// or possessive before the thing done ("did a talk at X", "did my
// nails"), work done there ("did admin at X", "did shifts at X"), a school
// that is no school by its name, someone else's, a hedge reads nothing.
func (p *sentCtx) didSubjectAt() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`did`)) {
		subjectless := v == afterLeads(s) || s.Is(v-1, ",")
		if !subjectless && !s.Is(v-1, "i", "we") || p.speaker.Name == "" || p.negatedBefore(v) || p.hedgedAt(v) || p.reachedBy(v, "if") {
			continue
		}
		j := v + 1
		for j < len(s.Toks) && j-v <= 3 && !s.Is(j, "at") && jobModifier(s, j) && !departments8[s.Norm(j)] && !notSubjects[s.Norm(j)] && !schoolCourseNouns[s.Norm(j)] {
			j++
		}
		if j == v+1 || !s.Is(j, "at") {
			continue
		}
		if school, ok := p.schoolAt(j + 1); ok {
			p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: school, conf: confWeak, validFrom: p.ts})
			return
		}
	}
}

// myLifeNouns end "X is my whole personality", "X is my life now".
var myLifeNouns = lang.Words(`personality life obsession passion`)

// isMyWholePersonality reads "bouldering is my whole personality now",
// "running is my life", "baking is my new obsession": the speaker likes
// the pastime (LIKES). The pastime is an activity opening the clause
// ("bouldering", "wild swimming"); "work is my life", "this is my life
// now", "he is my whole life", a hedge ("maybe running is my thing"),
// a negation ("running is not my life") read nothing.
func (p *sentCtx) isMyWholePersonality() {
	s := p.s
	if p.speaker.Name == "" {
		return
	}
	for k := range wordsIn(s, myLifeNouns) {
		m := k - 1
		for s.Is(m, "whole", "entire", "new", "actual", "literal", "only") {
			m--
		}
		if !s.Is(m, "my") || !s.Is(m-1, "is", "'s") || !plainEnd(s, k+1) && !s.Is(k+1, "these", "lately", "rn") {
			continue
		}
		v := m - 1
		f := v - 1
		for f > 0 && v-f < 3 && s.Tok(f-1).Word && !s.Is(f-1, "and", "but", "so", "now") && !clauseOpening(s, f) {
			f--
		}
		if !clauseOpening(s, f) && !(f > 0 && s.Is(f-1, ",")) || p.hedgedAt(v) || p.negatedBefore(v) || sarcastic(p.text, s) ||
			p.has(0, v, "maybe", "perhaps", "might", "if", "probably", "prob", "wish") {
			continue
		}
		in, ok := p.interest(f, v)
		if !ok || in.end != v || !lang.IsGerund(strings.ToLower(lastWord(in.value))) {
			continue // "work is my life", "Tom is my whole life"
		}
		in.value, in.typ = strings.ToLower(in.value), ontology.EntityActivity
		p.liking(p.speaker, in, " loves ", confWeak)
		return
	}
}
