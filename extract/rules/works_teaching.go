package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Teaching, lecturing and coaching by subject at a named place
// (h14-roles33): "I'm teaching phys ed at Collège Beaubien", "teaching
// year 4 at Clapton Primary", "she lectures in law at Leeds Beckett
// University", "he coaches at Heaton Tennis Club": WORKS_AT, the teacher,
// the lecturer or the coach as role. The older reading (work, base
// "teach") takes a subject only before a confirmed school; this one takes
// what is taught (a subject, a year, a class: lower-case words and
// numbers, "in" before a subject) before "at" and an organisation. Whom
// one teaches ("teaching my son at home", "coaching the kids at the
// park"), a place ("teaching english in Rome", "at Leeds"), a hope or a
// plan ("want to teach at X", "might coach at X"), a negation and a
// question read nothing; "taught" and "used to teach" end it.

// teachVerbs are the verbs of teaching and their role.
var teachVerbs = map[string]string{
	"teach": "teacher", "teaches": "teacher", "teaching": "teacher", "taught": "teacher",
	"lecture": "lecturer", "lectures": "lecturer", "lecturing": "lecturer", "lectured": "lecturer",
	"coach": "coach", "coaches": "coach", "coaching": "coach", "coached": "coach",
}

// teachVerbWords are teachVerbs' keys, for the reading's need.
var teachVerbWords = func() map[string]bool {
	m := map[string]bool{}
	for w := range teachVerbs {
		m[w] = true
	}
	return m
}()

// teachObjectStops, in what is taught, make it whom one teaches or a
// thing of one's own: "my son", "the kids", "her class".
var teachObjectStops = lang.Words(`my his her their our your the a an some kids children students pupils them him us me
	people everyone anyone online privately remotely from home`)

// teachesAt reads teaching by subject at a named organisation (this file's
// comment).
func (p *sentCtx) teachesAt() {
	s := p.s
	for v := 0; v+2 < len(s.Toks); v++ {
		role, ok := teachVerbs[s.Norm(v)]
		if !ok || s.Tok(v).Cap && v != afterLeads(s) {
			continue
		}
		at := -1
		for k := v + 1; k < len(s.Toks) && k <= v+5; k++ {
			if s.Is(k, "at") {
				at = k
				break
			}
			t := s.Toks[k]
			if !t.Word || t.Cap && !s.Is(k-1, "in") || teachObjectStops[t.Norm] || t.Poss {
				break
			}
		}
		if at < 0 {
			continue
		}
		org, ok := p.teachingPlace(at + 1)
		if !ok {
			continue
		}
		if s.Is(v-1, "to") && !s.Seq(v-2, "used", "to") || s.Is(v-1, "will", "gonna", "could", "would", "might", "may", "should", "can") ||
			p.hedgedAt(v) || p.tieHedged(v) || p.negatedBefore(v) || p.reachedBy(v, "if", "when", "unless", "would", "might", "could", "want", "wants", "hope", "hoping") {
			continue
		}
		r := rel{typ: ontology.RelWorksAt, to: org, role: role, conf: confWeak, validFrom: p.ts}
		v0 := v
		if s.Seq(v-2, "used", "to") || s.Is(v, "taught", "lectured", "coached") {
			r.validFrom, r.validUntil = nil, p.ts
			if s.Seq(v-2, "used", "to") {
				v0 = v - 2
			}
		}
		var cite string
		if v0 == afterLeads(s) && !s.Tok(v0).Cap || v0 == afterLeads(s) && v0 == 0 {
			if p.speaker.Name == "" || s.Is(v0, "teaches", "lectures", "coaches") {
				continue // "teaches maths at Hillcroft Academy": she does, her "she" left out
			}
			r.from = p.speaker // "teaching phys ed at collège beaubien": the speaker's
		} else if r.from, cite, ok = p.verbSubject(v0); !ok {
			continue
		}
		if !p.relatedInTurn(r) {
			p.relationCitingAll(r, cite)
		}
		return
	}
}

// teachingPlace reads the organisation one teaches at, at k: a name typed
// an organisation, or one of two words or more read as a concept ("Collège
// Beaubien"); a place ("at Leeds"), a person's ("at Sam's") or a
// description ("at a language school") is none.
func (p *sentCtx) teachingPlace(k int) (ontology.EntityRef, bool) {
	s := p.s
	j := optional(s, k, "the")
	if p.typedLower(j) {
		return p.lowerTeachingPlace(j)
	}
	sp, ok := p.typed(j)
	if !ok || s.Tok(sp.to-1).Poss && sp.to-sp.from == 1 || p.disc.typedPerson(sp.name) {
		return ontology.EntityRef{}, false
	}
	switch {
	case sp.typ == ontology.EntityOrganization && !weakCue(sp), p.orgConfirmed(sp):
	case sp.typ == ontology.EntityConcept && sp.to-sp.from >= 2 && !inGazetteer(ontology.NormaliseName(sp.name)):
	default:
		return ontology.EntityRef{}, false
	}
	if !p.phraseEnds(sp.to, len(s.Toks)) && !orgPhraseEndsAt(s, sp.to) && !s.Is(sp.to, "til", "till", "until", "so", "but") {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, true
}

// lowerTeachingPlace reads a school's name typed in lower case at j after
// "teaching … at": one to four plain words up to the phrase's end, one of
// them out of the word list ("millgate", "collège beaubien") or a saint's
// ("st aldhelm's"). Everyday words ("at home", "at the local school") are
// none.
func (p *sentCtx) lowerTeachingPlace(j int) (ontology.EntityRef, bool) {
	s := p.s
	words, unknown := []string{}, false
	k := j
	for ; k < len(s.Toks) && len(words) < 5; k++ {
		if len(words) > 0 && (orgPhraseEndsAt(s, k) || s.Is(k, "til", "till", "until", "so", "but", "that")) {
			break
		}
		if !plainWord(s, k) || p.typedUpper(k) || functionWords[s.Norm(k)] && !s.Is(k, "st") || pronounish[s.Norm(k)] || timeWord(s.Norm(k)) {
			return ontology.EntityRef{}, false
		}
		unknown = unknown || unknownWord(s, k) || s.Is(k-1, "st") && s.Tok(k).Poss
		w := titleCase(s.Toks[k].Text)
		if s.Tok(k).Poss && !strings.HasSuffix(w, "'s") {
			w += "'s" // "st aldhelm's"
		}
		words = append(words, w)
		if s.Tok(k).Poss {
			k++
			break
		}
	}
	if !unknown || len(words) == 0 || len(words) > 4 || k < len(s.Toks) && !orgPhraseEndsAt(s, k) && !s.Is(k, "til", "till", "until", "so", "but", "that") {
		return ontology.EntityRef{}, false
	}
	name := strings.Join(words, " ")
	if p.disc.typedPerson(name) || inGazetteer(ontology.NormaliseName(name)) || p.disc.isSpeaker(name) {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, true
}
