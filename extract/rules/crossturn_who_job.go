package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind15Turn runs h14-blind15's readings of a whole turn against the
// question just before it.
func (c *turnCtx) blind15Turn(t ontology.Turn, asked *askedTurn) {
	c.whoIsJobAnswer(t, asked)
}

// notTheJobNow, before the job noun of an answer, make it a past or
// another's: "our old rep", "my ex boss".
var notTheJobNow = lang.Words(`old former ex last previous late`)

// whoIsJobAnswer reads another speaker's answer to "who's colm" that
// names a job at an organisation, "our rep at Dalesmill!! you've met him",
// "my accountant at Halden", as "colm is our rep at Dalesmill." (WORKS_AT
// by the patterns of "X is our rep at Y"). A social tie ("my boss at
// Halden") is whoIsAnswer's; a past ("our old rep at"), someone else's
// ("my dad's mate at Tesco"), a question or a hedge ("our rep at
// Dalesmill? i think"), an unnamed place ("my mate at uni") or a visit
// ("our waiter at Nando's last night") reads nothing.
func (c *turnCtx) whoIsJobAnswer(t ontology.Turn, asked *askedTurn) {
	if !strings.Contains(t.Text, " at ") {
		return // cheap: no job "at" an organisation
	}
	who, turn := c.askedWhoIs(t, asked)
	if who == "" {
		return
	}
	sents := c.sentencesOf(t.Text)
	if len(sents) == 0 || sents[0].Question || laughs(t.Text) || lang.EndsInQuestion(t.Text) && len(sents) == 1 {
		return
	}
	s := &sents[0]
	k := s.FirstWord()
	for k >= 0 && k < len(s.Toks) && (greetingWords[s.Norm(k)] || !s.Toks[k].Word) {
		k++
	}
	if !s.Is(k, "my", "our") {
		return
	}
	j := k + 1
	if notTheJobNow[s.Norm(j)] {
		return
	}
	at := -1
	for n := j; n < j+3 && n < len(s.Toks); n++ {
		if s.Tok(n).Poss || !s.Toks[n].Word || s.Toks[n].Cap {
			return
		}
		if s.Is(n, "at") {
			at = n
			break
		}
	}
	if at <= j {
		return
	}
	if _, ok := roleWords[s.Norm(j)]; ok {
		return // "my boss at Halden": whoIsAnswer's
	}
	end := at + 1
	for end < len(s.Toks) && (s.Toks[end].Word && s.Toks[end].Cap || s.Is(end, "&", "and") && s.Tok(end+1).Cap) {
		end++
	}
	if end == at+1 || !s.Toks[at+1].Cap || s.Toks[end-1].Poss {
		return
	}
	for n := end; n < len(s.Toks); n++ {
		if s.Toks[n].Word || s.Toks[n].Norm == "?" {
			return // "our waiter at Nando's last night", "our rep at X?"
		}
	}
	c.readAs(t, who+" is "+t.Text[s.Toks[k].Start:s.Toks[end-1].End]+".", turn)
}

// askedWhoIs returns whom another speaker's turn just before asked about
// with "who's X", and that turn: the name whoIsQuestion read, or a
// lower-case word no English word list holds ("who's colm").
func (c *turnCtx) askedWhoIs(t ontology.Turn, asked *askedTurn) (string, string) {
	if c.speaker.Name == "" {
		return "", ""
	}
	if asked != nil && asked.whoIs != "" && asked.speaker != t.Speaker {
		return asked.whoIs, asked.turn
	}
	d := c.disc
	prev, text, ok := d.otherTurnBefore(t.Speaker, true)
	if !ok || !strings.Contains(strings.ToLower(text), "who") {
		return "", ""
	}
	sents := c.sentencesOf(d.texts[prev])
	if len(sents) != 1 {
		return "", ""
	}
	s := &sents[0]
	w := s.FirstWord()
	switch {
	case s.Is(w, "whos"):
		w++
	case s.Is(w, "who") && s.Is(w+1, "is", "'s"):
		w += 2
	default:
		return "", ""
	}
	x := s.Tok(w)
	if !x.Word || x.Cap || x.Poss || len(x.Norm) < 3 || englishWords[x.Norm] || strings.HasSuffix(x.Norm, "ing") || npStops[x.Norm] || chatLeads[x.Norm] {
		return "", ""
	}
	for n := w + 1; n < len(s.Toks); n++ {
		if s.Toks[n].Word {
			return "", "" // "who's colm seeing"
		}
	}
	return titleCase(x.Text), prev
}
