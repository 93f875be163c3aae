package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// blind13Turn runs h14-blind13's readings of a whole turn against the
// turn before it.
func (c *turnCtx) blind13Turn(t ontology.Turn, prev *prevTurn) {
	if c.speaker.Name == "" || c.disc == nil {
		return
	}
	c.headOfficeAnswer(t, prev)
	c.wereColleagues(t, prev)
}

// headOfficeHeads end the question "where is X's head office", "where
// are X based".
var headOfficeHeads = lang.Words(`hq headquarters based`)

// unsureAnswer marks an answer given without knowing: "york i think",
// "no idea", "maybe leeds".
var unsureAnswer = lang.Words(`think maybe idk dunno sure idea probably guess reckon prob moving moved was used`)

// headOfficeAnswer reads another speaker's short answer to "where even
// is oatlands head office" / "where are Tidewell based": "york. some
// converted mill by the river" reads as "Oatlands is based in York"
// (LOCATED_IN, citing the question). An owner that is no name ("ur head
// office"), a past or a move ("where was it", "moving to"), an unsure or
// asking answer ("york? or leeds", "no idea") and the asker's own answer
// read nothing.
func (c *turnCtx) headOfficeAnswer(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker {
		return
	}
	low := strings.ToLower(prev.last)
	if !prev.question && !strings.HasPrefix(low, "where") { // "where even is oatlands head office", no "?"
		return
	}
	if !strings.Contains(low, "where") {
		return
	}
	name := ""
	if strings.Contains(low, "head office") || strings.Contains(low, "hq") || strings.Contains(low, "headquarters") ||
		strings.Contains(low, "based") {
		name = c.disc.headOfficeAsked(prev.last)
	} else if prev.question {
		name = c.disc.whereIsOrgAsked(prev.last) // "Where is this Irwell Health?" (chat_turns.go)
	}
	if name == "" {
		return
	}
	answers := c.sentencesOf(t.Text)
	if len(answers) == 0 || afterLeads(&answers[0]) < 0 {
		return
	}
	s := &answers[0]
	f := afterLeads(s)
	if s.Is(f, "in") {
		f++
	}
	if f >= len(s.Toks) || !s.Toks[f].Word || !s.Toks[f].Cap && !inGazetteer(s.Norm(f)) && !unknownWord(s, f) { // "shymkent." (names3)
		return
	}
	e := f + 1
	for e < len(s.Toks) && s.Toks[e].Word && s.Toks[e].Cap && e < f+3 {
		e++
	}
	tail := e
	if s.Is(e, ",") && answerVocatives[s.Norm(e+1)] {
		tail = e + 2 // "Salford, Daddy.": the asker addressed after the answer
	}
	for k := tail; k < len(s.Toks); k++ {
		if s.Toks[k].Word || s.Is(k, "?") {
			return // "york i think", "york? or leeds"
		}
	}
	for _, w := range strings.Fields(strings.ToLower(t.Text)) {
		if unsureAnswer[strings.Trim(w, ".,!?")] {
			return
		}
	}
	place := strings.TrimSpace(t.Text[s.Toks[f].Start:s.Toks[e-1].End])
	located := func(r ontology.Relation) bool { return r.Type == ontology.RelLocatedIn } // not "lives" for an unknown name
	c.readKeeping(t, titleCase(name)+" is based in "+titleCase(place)+".", located, prev.turn)
}

// headOfficeAsked returns the organisation a question asks the head
// office of: "where even is oatlands head office" → "oatlands", "where
// are Tidewell based" → "Tidewell"; "" when the owner is no name ("ur",
// "the", "their") or the question asks of a past or a move.
func (d *discourse) headOfficeAsked(q string) string {
	sents := d.sentencesOf(q)
	if len(sents) == 0 {
		return ""
	}
	s := &sents[len(sents)-1]
	w := -1
	for k := range s.Toks {
		if s.Is(k, "where") {
			w = k
			break
		}
	}
	if w < 0 {
		return ""
	}
	k := w + 1
	if s.Is(k, "even") {
		k++
	}
	if !s.Is(k, "is", "'s", "are") {
		return ""
	}
	k++
	if s.Is(k, "even", "actually") {
		k++
	}
	n := k
	for k < len(s.Toks) && k < n+3 && s.Toks[k].Word && !headOfficeHeads[s.Norm(k)] && !s.Is(k, "head") {
		k++
	}
	if s.Is(n, "they", "it") && (k == n+1 || k == n+2 && s.Is(n+1, "even", "actually", "all")) && (headOfficeHeads[s.Norm(k)] || s.Is(k, "head")) && onlyTagsAfter(s, k+1) {
		if org, ok := d.focusOrg(); ok {
			return org.ref.Name // "swiftstaff again" / "where are they even based"
		}
		return ""
	}
	if k == n || pronounish[s.Norm(n)] || functionWords[s.Norm(n)] || s.Is(n, "ur", "the", "a", "ya") {
		return ""
	}
	h := k
	if s.Is(h, "head") && s.Is(h+1, "office") {
		h++
	} else if !headOfficeHeads[s.Norm(h)] {
		return ""
	}
	for j := h + 1; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !s.Is(j, "now", "again", "even", "lol") {
			return "" // "where's oatlands head office moving to"
		}
	}
	return strings.TrimSuffix(strings.TrimSpace(q[s.Toks[n].Start:s.Toks[k-1].End]), "'s")
}

// tiesWeAre are the plural ties "we're …" may name between the speaker
// and the one who spoke just before: "WE'RE COLLEAGUES", "we're
// neighbours now".
var tiesWeAre = lang.Words(`colleagues coworkers co-workers workmates neighbours neighbors flatmates housemates roommates teammates classmates`)

// wereColleagues reads "WE'RE COLLEAGUES" or "omg we're neighbours now"
// said right after another speaker's turn: KNOWS between the two, with
// the tie's role. A question, a past ("we were"), a negation, a wish
// ("we'd be", "if we're"), a likeness ("we're like colleagues"), others
// named ("me and Tom, we're colleagues") or a tie with others ("we're
// colleagues with half of Leeds") read nothing.
func (c *turnCtx) wereColleagues(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || strings.TrimSpace(prev.speaker) == "" || !weAreTieText(t.Text) {
		return
	}
	for _, s := range c.sentencesOf(t.Text) {
		if s.Question {
			continue
		}
		f := afterLeads(&s)
		if f < 0 || !s.Is(f, "we") || !s.Is(f+1, "'re", "are") {
			continue
		}
		k := f + 2
		if s.Is(k, "now", "officially", "literally", "actually") {
			k++
		}
		info, ok := roleWords[s.Norm(k)]
		if !ok || !tiesWeAre[s.Norm(k)] || !plainEnd(&s, k+1) && !s.Is(k+1, "now", "again", "lol", "!") {
			continue
		}
		for j := 0; j < k; j++ {
			if s.Toks[j].Word && s.Toks[j].Cap && !chatLeads[s.Norm(j)] && !s.Is(j, "we", "omg") {
				return // "me and Tom, we're colleagues"
			}
		}
		other := ontology.EntityRef{Name: strings.TrimSpace(prev.speaker), Type: ontology.EntityPerson}
		c.cite = []string{prev.turn}
		c.relation(rel{typ: ontology.RelKnows, from: c.speaker, to: other, role: info.role, conf: confWeak, validFrom: t.Timestamp})
		c.cite = nil
		return
	}
}

// weAreTieText reports, before any tokenising, whether text may say "we're
// <tie>": it holds "we" and a plural tie word.
func weAreTieText(text string) bool {
	low := strings.ToLower(text)
	if !strings.Contains(low, "we") {
		return false
	}
	for _, w := range strings.FieldsFunc(low, func(r rune) bool { return r == ' ' || r == '!' || r == '.' || r == ',' }) {
		if tiesWeAre[w] {
			return true
		}
	}
	return false
}

// onlyTagsAfter reports whether nothing but "now", "again", "even" or
// "lol" follows token k ("where are they based now").
func onlyTagsAfter(s *sentence, k int) bool {
	for j := k; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !s.Is(j, "now", "again", "even", "lol", "exactly", "actually") {
			return false
		}
	}
	return true
}

// focusOrg returns the organisation the talk is about: the latest one
// named within the window, kept in focus by the last turn that names it
// again, in any case ("Two agency on from Swiftstaff, Kemi and a new lad
// called Tomasz" / "swiftstaff again"), when no person was named after
// that turn's naming of it.
func (d *discourse) focusOrg() (antecedent, bool) {
	o := -1
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		if m := d.mentions[i]; (m.ref.Type == ontology.EntityOrganization || m.ref.Type == ontology.EntityConcept) && !d.speakers[m.norm] {
			o = i
			break
		}
	}
	if o < 0 {
		return antecedent{}, false
	}
	om := d.mentions[o]
	focus := om.turn
	name := strings.ToLower(om.ref.Name)
	after := false
	for _, id := range d.order {
		if id == om.turn {
			after = true
		}
		if after && id != d.order[len(d.order)-1] && strings.Contains(strings.ToLower(d.texts[id]), name) {
			focus = id
		}
	}
	if om.ref.Type == ontology.EntityConcept && focus == om.turn {
		return antecedent{}, false // an untyped name is the topic only when named again
	}
	om.ref.Type = ontology.EntityOrganization
	fm := om
	fm.turn = focus
	seen := false
	var later []mention
	for _, id := range d.order {
		if id == focus {
			seen = true
		}
		if !seen {
			continue
		}
		for _, m := range d.mentions[o:] {
			if m.turn == id {
				later = append(later, m)
			}
		}
	}
	if d.namedAfter(fm, later, func(m mention) bool { return m.ref.Type != ontology.EntityPerson }) {
		return antecedent{}, false
	}
	return antecedent{ref: om.ref, turn: om.turn}, true
}
