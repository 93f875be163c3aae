package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// leadAskVerbs ask who leads, now or next: "who's going to run X",
// "who's managing X".
var leadAskVerbs = lang.Words(`run manage lead captain coach running managing leading captaining coaching`)

// eventWords make "run the London Marathon" a race, not a team led.
var eventWords = lang.Words(`marathon race half 10k 5k parkrun relay fun bar raffle quiz stall do party meeting`)

// whoWillLead reads "who's going to run Larch Ward then" / "Me, for now"
// and "who's managing the Govan Dynamo these days" / "Tam took over in
// june": the one the answer names leads it (LEADS, read as "X runs Y.",
// citing the question). A race or a stall run, "not me", "me?", the
// asker's own answer or a hedged answer ("Marguerite might") reads
// nothing.
func (c *turnCtx) whoWillLead(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.speaker.Name == "" || prev.speaker == t.Speaker ||
		!strings.Contains(strings.ToLower(prev.full), "who") {
		return
	}
	org, ok := leadAsked(prev.full)
	if !ok {
		return
	}
	s, f := c.known.firstSentence(t.Text)
	if s.Question {
		return
	}
	var who ontology.EntityRef
	switch {
	case f < 0:
		return
	case s.Is(f, "me") && (f+1 >= len(s.Toks) || !s.Tok(f+1).Word):
		who = c.speaker
	case s.Tok(f).Cap && lettersOnly(s.Norm(f)) && !functionWords[s.Norm(f)] && !commonWords[s.Norm(f)]:
		e := f + 1
		for e < len(s.Toks) && e-f < 3 && s.Tok(e).Cap && s.Tok(e).Word {
			e++
		}
		if e < len(s.Toks) && s.Tok(e).Word && !(s.Is(e, "took") && s.Is(e+1, "over")) && !s.Is(e, "is", "now") {
			return
		}
		who = ontology.EntityRef{Name: t.Text[s.Tok(f).Start:s.Tok(e-1).End], Type: ontology.EntityPerson}
		if c.disc.typedAs(who.Name, ontology.EntityPlace) || c.disc.typedAs(who.Name, ontology.EntityOrganization) {
			return
		}
	default:
		return
	}
	saved := c.cite
	c.cite = union(clone(c.cite), []string{prev.turn})
	c.relation(rel{typ: ontology.RelLeads, from: who, to: ontology.EntityRef{Name: org, Type: ontology.EntityOrganization},
		conf: confWeak, validFrom: c.ts})
	c.cite = saved
}

// leadAsked returns the organisation of "who's going to run X" or "who's
// managing X" in text: capitalised words after the verb (and "the").
func leadAsked(text string) (string, bool) {
	for _, s := range lang.SplitSentences(lang.Tokenize(text)) {
		w := s.FirstWord()
		for w >= 0 && w < len(s.Toks) && !s.Is(w, "who", "whos") {
			w++
		}
		if w >= len(s.Toks) {
			continue
		}
		k := w + 1
		if s.Is(k, "is", "will") {
			k++
		}
		if s.Is(k, "going") && s.Is(k+1, "to") || s.Is(k, "gonna") {
			k += 1 + btoi(s.Is(k, "going"))
		}
		if !leadAskVerbs[s.Norm(k)] || k == w+1 && !s.Is(w, "whos") {
			continue
		}
		k++
		if s.Is(k, "the") {
			k++
		}
		e := k
		for e < len(s.Toks) && s.Tok(e).Cap && s.Tok(e).Word && !eventWords[s.Norm(e)] {
			e++
		}
		if e == k || e < len(s.Toks) && eventWords[s.Norm(e)] || e-k > 4 {
			continue
		}
		return text[s.Tok(k).Start:s.Tok(e-1).End], true
	}
	return "", false
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// heardFromAsked returns where the name of "has anyone heard from
// Priyanka", "have you heard anything from X" starts, the question opening
// at w; 0 when the sentence asks no such thing.
func heardFromAsked(s *sentence, w int) int {
	if !s.Is(w, "has", "have") || !s.Is(w+1, "anyone", "anybody", "you", "u", "ye") || !s.Is(w+2, "heard") {
		return 0
	}
	k := w + 3
	if s.Is(k, "anything") {
		k++
	}
	if !s.Is(k, "from") {
		return 0
	}
	return k + 1
}
