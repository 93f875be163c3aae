package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// The speaker's studies said without "I" (h14-elided26): "nursing degree
// at ntu, starting september", "masters at UCL from september!!", "doing
// a PGCE at Leeds Trinity".

// degreeNames name a course of study besides studyNouns ("a PGCE", "my
// MSc"): what one takes at a school is ATTENDED whatever it is called.
var degreeNames = lang.Words(`pgce mba msc bsc llm master's`)

// courseNoun reports whether the word at k names a course: "training"
// is as often a gym's or a job's ("training at Anytime Fitness").
func courseNoun(s *sentence, k int) bool {
	n := s.Norm(k)
	return studyNouns[n] && n != "training" || degreeNames[n]
}

// studyFragment reads a sentence that opens on the speaker's course and
// its school: "nursing degree at ntu, starting september", "masters at
// UCL from september!!", "doing a PGCE at Leeds Trinity": ATTENDED. A
// reply about someone else ("what's Priya doing now?" / "masters at
// UCL"), a hedge ("maybe a masters at UCL"), a question or a sentence
// that goes on ("a masters at UCL costs a fortune") reads nothing.
func (p *sentCtx) studyFragment() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || s.Question || p.speaker.Name == "" || p.answersOther() || p.askedOfOther() || p.replyAboutOther() {
		return
	}
	if s.Is(f, "doing", "starting", "started") {
		f++
	}
	if s.Is(f, "a", "an", "my") {
		f++
	}
	for m := 0; m < 2 && !courseNoun(s, f) && jobModifier(s, f); m++ {
		f++ // "nursing degree", "social work masters"
	}
	if !courseNoun(s, f) || !s.Is(f+1, "at") || hedgedAfter(s, f) {
		return
	}
	org, end, ok := p.org(f + 2)
	if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".", "!", "from", "starting", "in", "now", "this", "next") {
		return
	}
	p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}
