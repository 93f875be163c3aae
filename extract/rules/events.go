package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// maxWhatBytes bounds an event's description; longer clauses are not
// plain enough to rewrite.
const maxWhatBytes = 240

// event reads a first-person past-tense clause tied to a past time
// expression ("I went to a pottery class yesterday", "Last week we ran a
// charity race") as an Event, described in the third person.
func (p *sentCtx) event(cl clause) {
	if cl.neg || cl.modal || cl.hedged || cl.usedTo || p.s.Question ||
		cl.be || cl.was || cl.have || cl.had || cl.been {
		return
	}
	h := p.pastTime(cl.subj, cl.end)
	if h == nil || !p.pastVerbAt(cl.verb, h) || !p.hasObject(cl.verb, cl.end, h) {
		return
	}
	conf := confEvent
	if cl.we {
		conf = confLoose
	}
	p.recordEvent(cl.subj, cl.end, h, conf, false)
}

// implicitEvent reads a chat sentence that drops its "I" and opens with a
// past verb ("Twisted my knee last Friday").
func (p *sentCtx) implicitEvent() {
	s := p.s
	f := s.FirstWord()
	if f < 0 || s.Question || !s.Toks[f].Cap || !sentenceStartAt(s, f) {
		return
	}
	end := clauseEnd(s, f)
	h := p.pastTime(f, end)
	if h == nil || h.From <= f && f < h.To || !p.pastVerbAt(f, h) || !p.hasObject(f, end, h) {
		return
	}
	p.recordEvent(f, end, h, confLoose, true)
}

// hasObject reports whether the verb at v is followed, within [v, end)
// and outside the time expression h, by a content word, and not by a
// pronoun whose referent is lost out of context: "I came across
// yesterday" and "I got her last year" say too little to store.
func (p *sentCtx) hasObject(v, end int, h *timeHit) bool {
	s := p.s
	if s.Is(v+1, "it", "them", "her", "him") ||
		s.Is(v+1, "one", "that", "this") && (v+2 >= end || !s.Tok(v+2).Word || v+2 == h.From || npStops[s.Norm(v+2)]) {
		return false
	}
	for k := v + 1; k < end; k++ {
		if k >= h.From && k < h.To {
			continue
		}
		t := s.Toks[k]
		if t.Word && !danglers[t.Norm] && !particles[t.Norm] && !approximators[t.Norm] && !clauseBreakers[t.Norm] {
			return true
		}
	}
	return false
}

// pastVerbAt reports whether the verb at v tells of a past action: a past
// tense that is not a verb of thinking or saying, or a verb spelt alike in
// both tenses ("read") tied to a time before the turn's day.
func (p *sentCtx) pastVerbAt(v int, h *timeHit) bool {
	n := p.s.Norm(v)
	if eventVetoes[n] || n == "happened" {
		return false
	}
	if lang.IsPastVerb(p.s, v) {
		return true
	}
	return lang.AmbiguousPast[n] && (p.day.IsZero() || !h.Span.End.After(p.day))
}

// recordEvent records the clause [from, to) as an event at h, with a
// matching fact. implicit says the clause has no subject word.
func (p *sentCtx) recordEvent(from, to int, h *timeHit, conf float64, implicit bool) {
	what, ok := p.rewrite(from, to, h, implicit)
	if !ok {
		return
	}
	me := p.self()
	participants := []ontology.EntityRef{me}
	var where *ontology.EntityRef
	for _, n := range p.names {
		if n.from < from || n.to > to {
			continue
		}
		ref := ontology.EntityRef{Name: n.name, Type: n.typ}
		switch {
		case n.typ == ontology.EntityPerson && !p.isSpeaker(ref) && len(participants) < 6:
			participants = append(participants, ref)
		case n.typ == ontology.EntityPlace && where == nil:
			where = &ref
		}
	}
	when := h.Span
	p.addEvent(participants, what, &when, where, conf)
	p.fact(me, stmt(what, " ", spanWords(when)), conf, nil, nil)
}

// rewrite renders tokens [from, to) in the third person, without the time
// expression h: "I" and "we" become the speaker's name, "my" and "our"
// their possessive, "I have" "… has". Clauses about "you" (whose referent
// is unknown here) or "myself" are refused, as are fragments under three
// words.
func (p *sentCtx) rewrite(from, to int, h *timeHit, implicit bool) (string, bool) {
	s := p.s
	to = trimClause(s, from, to, h)
	name := p.speaker.Name
	var b strings.Builder
	if implicit {
		b.WriteString(name)
	}
	words := 0
	prev, prevReplaced := -1, false
	for i := from; i < to; i++ {
		if i >= h.From && i < h.To || i == h.From-1 && approximators[s.Norm(i)] {
			continue
		}
		t := s.Toks[i]
		out, replaced, ok := p.thirdPersonWord(i, prev)
		if !ok {
			return "", false
		}
		if out == "" {
			continue
		}
		if implicit && i == from {
			out = lowerFirst(out)
		}
		if b.Len() > 0 && !(prev >= 0 && prev == i-1 && t.Start == s.Toks[prev].End && !replaced && !prevReplaced) {
			if t.Word || t.Norm == "(" || t.Norm == "&" {
				b.WriteByte(' ')
			}
		}
		b.WriteString(out)
		if t.Word {
			words++
		}
		prev, prevReplaced = i, replaced
	}
	what := b.String()
	if implicit {
		words++
	}
	if words < 3 || len(what) > maxWhatBytes {
		return "", false
	}
	return what, true
}

// thirdPersonWord returns the token at i as it reads in the third person,
// whether it was changed, and false when the clause cannot be rewritten.
// prev is the index of the token written before it.
func (p *sentCtx) thirdPersonWord(i, prev int) (string, bool, bool) {
	s := p.s
	t := s.Toks[i]
	name := p.speaker.Name
	afterSubject := prev >= 0 && (s.Norm(prev) == "i" || s.Norm(prev) == "we")
	switch t.Norm {
	case "i", "we", "me", "us":
		return name, true, true
	case "all", "both":
		if afterSubject && s.Norm(prev) == "we" {
			return "", true, true
		}
	case "my", "our", "mine", "ours":
		return possessive(name), true, true
	case "myself", "ourselves", "you", "your", "yours", "yourself", "yourselves", "u", "ya":
		return "", false, false
	case "am", "are":
		if afterSubject {
			return "is", true, true
		}
	case "were":
		if afterSubject {
			return "was", true, true
		}
	case "have":
		if afterSubject {
			return "has", true, true
		}
	}
	return p.text[t.Start:t.End], false, true
}

// trimClause drops trailing punctuation, linking words and the time
// expression from the end of [from, to).
func trimClause(s *sentence, from, to int, h *timeHit) int {
	for to > from {
		t := s.Toks[to-1]
		inTime := to-1 >= h.From && to-1 < h.To
		if inTime || !t.Word || clauseBreakers[t.Norm] || danglers[t.Norm] {
			to--
			continue
		}
		break
	}
	return to
}

// danglers end a clause only when something was cut after them.
var danglers = lang.Words(`then too also to at in on for with from of about around roughly almost nearly
	over like just by into onto`)

// approximators before a time expression go with it ("about a year ago").
var approximators = lang.Words(`about around roughly almost nearly over like maybe some`)

// lowerFirst lower-cases the first letter of w.
func lowerFirst(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToLower(r)) + w[n:]
}
