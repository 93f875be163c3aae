package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// h14-works23's readings of a job said the way chats tell it: gone to
// work for an employer, years with one, at one "too" or "in Leeds now".

// goneToWork reads "Josh has gone to work for Hartley and Sons", "I've
// gone to work at my uncle's firm, Tarn Joinery": WORKS_AT, current, from
// a clause whose verb "gone" has "to work" after it. "went to work" is
// not read: it is as often the day's commute.
func (p *sentCtx) goneToWork(cl clause) {
	s := p.s
	w := cl.verb + 2 // "work"
	if !cl.have || s.Norm(cl.verb) != "gone" || !s.Seq(cl.verb+1, "to", "work") {
		return
	}
	if !cl.plain() || s.Question || !s.Is(w+1, "for", "at") {
		return // "gone to work on the house", "gone to work early"
	}
	if sp, ok := p.typed(w + 2); ok && s.Tok(sp.to-1).Poss {
		return // "gone to work for Kayleigh's dad": the employer is a person
	}
	employer, title, _ := p.employerAndTitle(w+1, cl.end)
	if employer == nil {
		return
	}
	p.employment(cl, employer, title, true, "")
}

// beenWith reads "Ferg's been with Oatlands Coffee since 2016", "I've been
// with Deloitte for six years": WORKS_AT, current, with "been with" at
// cl.verb and a time after it. The name must be an organisation by a
// strong cue or an earlier turn: "been with Tom for years" is a partner,
// and an untyped name may be one.
func (p *sentCtx) beenWith(cl clause) {
	s := p.s
	if !cl.been || !cl.plain() || s.Question || s.Norm(cl.verb) != "with" {
		return
	}
	sp, ok := p.typed(cl.verb + 1)
	if !ok || !p.orgConfirmed(sp) || p.venue(sp) {
		return
	}
	end := sp.to
	switch e := yearsAfter(s, end); {
	case s.Is(end, "since"):
	case e > end && p.phraseEnds(p.skipTimeAndAdverbs(e), cl.end):
	default:
		return // "been with Oatlands on the rota", "been with Arup to a meeting"
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.self(), to: org, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
}

// lastingBeside says, for "she's at X" with X an organisation by a strong
// cue or an earlier turn (no venue), whether the words after X at end
// tell a job rather than where she is at the moment: "too", "also", "as
// well" ("my brother Sami's at Kettlebird too"), or "in <place>" before
// a lasting word ("she's at Channel 4 in Leeds now"). It returns where
// those words end (before the lasting word), or -1.
func (p *sentCtx) lastingBeside(at, end int) int {
	s := p.s
	sp, ok := p.typed(at)
	if !ok || !p.orgConfirmed(sp) || p.venue(sp) || sp.to != end {
		return -1
	}
	switch {
	case s.Is(end, "too", "also"):
		return end + 1
	case s.Seq(end, "as", "well"):
		return end + 2
	case s.Is(end, "in"):
		place, pe, _, ok := p.place(end + 1)
		if ok && place.Type == ontology.EntityPlace && lastingAfter(s, pe) != lastingNone {
			return pe // the lasting word after the place is read next
		}
	}
	return -1
}

// notAtAnymore reads "I'm not at Dunmore Logistics anymore", "also not at
// dunmore any more", "she's no longer at Arup": WORKS_AT ended at the
// turn's time, with the negated "be" read into cl and "at" at cl.verb.
// The name must be an organisation by a strong cue or an earlier turn,
// and no venue: "not at the pub anymore" says where one is.
func (p *sentCtx) notAtAnymore(cl clause) {
	s := p.s
	if !cl.neg || cl.modal || cl.hedged || s.Question || p.ts == nil || s.Norm(cl.verb) != "at" {
		return
	}
	sp, ok := p.typed(cl.verb + 1)
	if !ok || !p.orgConfirmed(sp) && !multiWordCap(s, sp) || p.venue(sp) || s.Tok(sp.to-1).Poss {
		return
	}
	end := sp.to
	switch {
	case s.Is(end, "anymore"):
		end++
	case s.Seq(end, "any", "more"), s.Seq(end, "no", "more"):
		end += 2
	case p.has(cl.subj, cl.verb, "longer"):
	default:
		return // "not at Arup today", "not at Arup, at home"
	}
	if !p.phraseEnds(end, cl.end) && !s.Is(end, "tho", "though", "lol") {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.self(), to: org, conf: confWeak, validUntil: p.ts})
}

// stillWithOrg reads "still w/ Accenture unfortunately", "she's still with
// Zenith Bank": WORKS_AT, current, with "with" at cl.verb after a lasting
// adverb. The name must be an organisation by a strong cue or an earlier
// turn, and no venue: "still with Tom" is a partner (patterns_partner.go)
// and an untyped name may be one.
func (p *sentCtx) stillWithOrg(cl clause) {
	s := p.s
	if cl.neg || cl.modal || cl.hedged || s.Question || s.Norm(cl.verb) != "with" {
		return
	}
	sp, ok := p.typed(cl.verb + 1)
	if !ok || !p.orgConfirmed(sp) || p.venue(sp) || s.Tok(sp.to-1).Poss {
		return
	}
	if end := p.skipTimeAndAdverbs(sp.to); !p.phraseEnds(end, cl.end) && !s.Is(end, "tho", "though", "lol", "unfortunately", "sadly") {
		return // "still with Accenture people at the pub"
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.self(), to: org, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
}

// works23Readings are the sentence readings of this file (sentence.go).
var works23Readings = []sentenceReading{
	{lang.Words(`after`), (*sentCtx).afterYearsAtQuit},
}

// quitVerbs23 end a job told after its years: "after ten years at
// Unilever, Rob finally quit".
var quitVerbs23 = lang.Words(`quit left retired resigned`)

// afterYearsAtQuit reads "after ten years at Unilever, Rob finally quit",
// "after 6 yrs at Carrow I've left": WORKS_AT ended at the turn's time,
// for the person (a name, "I", or a pronoun) who quit. The employer must
// be an organisation by a strong cue or an earlier turn, or a name of two
// capitalised words; a quit with an
// object ("quit smoking"), a hedge or a plan reads nothing.
func (p *sentCtx) afterYearsAtQuit() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "after") || p.ts == nil || p.hedgedAt(f) {
		return
	}
	at := yearsAfter(s, f+1)
	if at == f+1 || !s.Is(at, "at", "with") {
		return
	}
	sp, ok := p.typed(at + 1)
	if !ok || !p.orgConfirmed(sp) && !multiWordCap(s, sp) || p.venue(sp) || s.Tok(sp.to-1).Poss {
		return
	}
	k := sp.to
	if s.Is(k, ",") {
		k++
	} else if !s.Is(k, "i", "he", "she") {
		return // "after ten years at Unilever Rob …" reads the name on
	}
	var who ontology.EntityRef
	switch {
	case s.Is(k, "i"):
		who, k = p.speaker, k+1
	case s.Is(k, "he", "she"):
		a, ok := p.pronoun(k, s.Norm(k))
		if !ok {
			return
		}
		defer p.citeFrom(a.turn)()
		who, k = a.ref, k+1
	default:
		ref, end, ok := p.person(k)
		if !ok || s.Tok(end-1).Poss {
			return
		}
		who, k = ref, end
	}
	for s.Is(k, "finally", "just", "has", "have", "is", "'s", "'ve", "eventually", "actually") {
		k++
	}
	if !quitVerbs23[s.Norm(k)] || !p.phraseEnds(p.skipTimeAndAdverbs(k+1), len(s.Toks)) {
		return // "Rob finally quit smoking", "Rob left for lunch"
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
}
