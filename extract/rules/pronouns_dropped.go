package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Subjects dropped after a comma, "and" or "but" (issue 14, h14-pron24):
// chat states a second fact of the same person without repeating them —
// "he moved to Leeds, works at Halden Bank now", "Tom quit Barclays,
// started at Halden Bank in june", "Tom left Barclays and joined Halden
// Bank", "moved to Leeds, working at Halden Bank now" (the speaker). The
// clause is read again with the first clause's subject. A clause with a
// subject of its own ("Ana works at…"), a first clause hedged, asked,
// planned or denied ("if he moves…", "he might…", "she didn't…"), or a
// verb the lists below do not hold reads nothing new.

// commaSubject reads the first subjectless clause of s after its first
// clause, with that clause's subject.
func (c *turnCtx) commaSubject(t ontology.Turn, s *sentence) {
	if s.Question || c.disc == nil || s.End-s.Start > maxPatternBytes {
		return
	}
	f := afterLeads(s)
	for f >= 0 && f+1 < len(s.Toks) && (greetingWords[s.Norm(f)] || !s.Toks[f].Word) {
		f++ // "good, she moved to leeds, started at …"
	}
	if f < 0 {
		return
	}
	subj, v := c.firstSubject(s, f)
	if subj == "" {
		return
	}
	for k := v + 1; k < len(s.Toks); k++ {
		n := s.Norm(k)
		if !s.Toks[k].Word && n != "," || commaStops[n] || modalWords[n] || hedgeWords[n] || n == "not" || n == "never" {
			return // "…. she", "if", "might", "not": another sentence, or no statement
		}
		if n != "," && n != "and" && n != "but" || s.Is(k+1, "and", "but") {
			continue
		}
		j := k + 1
		for s.Is(j, "now", "also", "still", "currently", "just", "then", "finally") {
			j++
		}
		who, cite := subj, ""
		if v == f && subj == "I" && elidedVerbs[s.Norm(j)] {
			// "moved to Leeds, works at Halden Bank now": a third person's
			// verb, so both are said of the person last named, as a burst says
			a, ok := c.disc.namedPerson("")
			if !ok || a.ref.Name == "" || c.disc.isSpeaker(a.ref.Name) {
				return
			}
			who, cite = a.ref.Name, a.turn
		}
		be, ok := commaRest(s, j, who)
		if !ok || who == "I" && v == f && c.answered {
			continue // "how's Tom?" / "moved to Leeds, working at …": his, read elsewhere
		}
		keep := func(r ontology.Relation) bool {
			// the subject's own relations: not where a firm the clause
			// names is, which the whole sentence reads with its other firms
			mine := ontology.NormaliseName(r.From.Name) == ontology.NormaliseName(t.Speaker)
			return r.From.Type == ontology.EntityPerson && mine == (who == "I")
		}
		c.readKeeping(t, strings.Join(strings.Fields(who+" "+be+" "+c.text[s.Toks[j].Start:s.End]), " "), keep, cite)
		return
	}
}

// commaStops end the first clause's reach: a new subject or a clause that
// is no statement of it.
var commaStops = lang.Words(`i he she they we you u it who which that because cos cause so or if unless
	when whether though although`)

// firstSubject returns the subject of the clause s opens with at f, as
// the second clause is read with it ("he", "Tom", "I"), and the index of
// its verb; "" when the sentence opens on no subject a statement of the
// speaker or of a person can take.
func (c *turnCtx) firstSubject(s *sentence, f int) (string, int) {
	switch {
	case s.Is(f, "he", "she"):
		return s.Norm(f), c.verbAfter(s, f+1)
	case s.Is(f, "i") && s.Toks[f].Text != "i" || s.Toks[f].Text == "I" || s.Toks[f].Text == "i":
		return "I", c.verbAfter(s, f+1)
	case implicitVerbs[s.Norm(f)] && !strings.HasSuffix(s.Norm(f), "ing"):
		return "I", f // "moved to Leeds, working at …": the speaker's, or with "works" the one last named
	}
	sp, ok := nameAt(s, f)
	if !ok || s.Toks[sp.to-1].Poss || c.disc.isSpeaker(sp.name) {
		return "", -1
	}
	sp = c.known.typeName(s, sp)
	if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
		return "", -1
	}
	if v := c.verbAfter(s, sp.to); v >= 0 {
		return sp.name, v
	}
	return "", -1
}

// verbAfter returns the index of a statement's verb at k, after adverbs
// and an auxiliary ("'s", "has"), or -1.
func (c *turnCtx) verbAfter(s *sentence, k int) int {
	for s.Is(k, "just", "finally", "also", "recently", "has", "have", "had", "is", "'s", "am", "'m") {
		k++
	}
	n := s.Norm(k)
	if implicitVerbs[n] && !strings.HasSuffix(n, "ing") || elidedVerbs[n] || lang.IsPastEd(s, k) {
		return k
	}
	return -1
}

// commaRest reports whether the clause at j, without a subject, reads with
// subj, and the "be" it then needs: a verb in the third person for a third
// person ("works at"), a past verb of the moves and jobs ("started at",
// "joined", "moved to"), or a participle of them ("working at": "I am
// working at", "he is working at").
func commaRest(s *sentence, j int, subj string) (string, bool) {
	n := s.Norm(j)
	switch {
	case elidedVerbs[n] && subj != "I":
		return "", true
	case implicitVerbs[n] && strings.HasSuffix(n, "ing"):
		if subj == "I" {
			return "am", true
		}
		return "is", true
	case implicitVerbs[n] && n != "got" && n != "born":
		return "", true
	}
	return "", false
}
