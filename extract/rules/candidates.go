package rules

import (
	"context"
	"sort"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Candidate is one sentence as the rules read it, for a later stage that
// types relations the patterns did not find (extract/simrel): its words,
// the typed entities in it (names, the speaker for I/my/we, a resolved
// he/she) and what the rules saw of its mood. The rules extractor stays
// free of models; it only hands over what it read.
type Candidate struct {
	Turn     string         // the turn's id
	Text     string         // the sentence as read (chat spellings expanded)
	Ends     []CandidateEnd // typed entities, in reading order
	Question bool           // ended with a question mark
	Hedges   []int          // byte offsets in Text of modal, plan, hedge and negation words
	Endings  []int          // byte offsets of ending words ("left", "quit", "no longer", "used to")
	Time     *time.Time     // the turn's time in UTC, nil when unknown
}

// CandidateEnd is a typed entity of a candidate sentence and the bytes of
// Text that name it (a possessive "'s" included, Poss set). Self marks the speaker (I/my/we, or the speaker's name);
// Pronoun marks he/she resolved through the discourse, whose turn Cite
// holds. A pronoun or first-person word is left as written when the
// sentence is reworded; a name is replaced.
type CandidateEnd struct {
	Ref        ontology.EntityRef
	From, To   int // byte range of Text
	Poss       bool
	Self       bool
	Pronoun    bool
	Possessive bool // my, our, his, her: a determiner more often than a subject
	Speaker    bool // a speaker of the conversation other than the turn's
	Cite       string
}

// ExtractCandidates is Extract that also returns the batch's sentences as
// Candidates (context turns excluded).
func (x *Extractor) ExtractCandidates(ctx context.Context, req ontology.ExtractRequest) (ontology.Extraction, []Candidate, ontology.ExtractUsage, error) {
	var cands []Candidate
	got, usage, err := x.extract(ctx, req, &cands)
	return got, cands, usage, err
}

// firstPerson are the words that make the speaker an end of a candidate.
var firstPerson = map[string]bool{"i": true, "me": true, "my": true, "we": true, "our": true, "us": true, "im": true, "mine": true}

// thirdPerson are the pronouns resolved to a person for a candidate.
var thirdPersonPronouns = map[string]bool{"he": true, "she": true, "his": true, "her": true, "him": true}

// possessives are the pronouns marked Possessive.
// Object pronouns ("me", "us") rank with them: not the subject.
var possessives = map[string]bool{"my": true, "our": true, "his": true, "her": true, "mine": true, "me": true, "us": true}

// namedPersonBefore reports whether a name typed Person ends before token i.
func namedPersonBefore(names []span, i int) bool {
	for _, n := range names {
		if n.to <= i && n.typ == ontology.EntityPerson {
			return true
		}
	}
	return false
}

// endingWords mark a relation stated as over.
var endingWords = map[string]bool{"left": true, "quit": true, "leaving": true, "anymore": true, "former": true,
	"ex": true, "formerly": true, "closed": true, "fired": true, "retired": true, "lost": true}

// noteCandidate records sentence p for the candidate stage, when asked to.
func (p *sentCtx) noteCandidate() {
	if p.known.cands == nil || p.built || p.s.End-p.s.Start > maxPatternBytes {
		return
	}
	s := p.s
	c := Candidate{Turn: p.ids[0], Text: p.text[s.Start:s.End], Question: s.Question, Time: copyTime(p.ts)}
	end := func(ref ontology.EntityRef, from, to int) CandidateEnd {
		return CandidateEnd{Ref: ref, From: s.Toks[from].Start - s.Start, To: s.Toks[to-1].End - s.Start, Poss: s.Toks[to-1].Poss}
	}
	for i, t := range s.Toks {
		n := t.Norm
		switch {
		case modalWords[n] || hedgeWords[n] || trailingHedges[n] || n == "not" || n == "never" ||
			(s.Norm(i+1) == "to" && (n == "going" || n == "want" || n == "planning" || n == "hoping" || lang.PlanVerbs[n])):
			c.Hedges = append(c.Hedges, t.Start-s.Start)
		case endingWords[n] || n == "used" && s.Norm(i+1) == "to" || n == "no" && s.Norm(i+1) == "longer":
			c.Endings = append(c.Endings, t.Start-s.Start)
		}
	}
	typeOf := map[string]ontology.EntityType{}
	for _, m := range p.pending {
		typeOf[m.ref.Name] = m.ref.Type
	}
	for i, t := range s.Toks {
		if firstPerson[t.Norm] && p.speaker.Name != "" {
			e := end(p.speaker, i, i+1)
			e.Self, e.Possessive = true, possessives[t.Norm]
			c.Ends = append(c.Ends, e)
		}
		if thirdPersonPronouns[t.Norm] && !namedPersonBefore(p.names, i) {
			// "Josh is sound, he's a mechanic": a person named earlier in
			// the sentence is who he is, which the discourse does not know yet
			if a, ok := p.discPerson(i, t.Norm); ok && a.ref.Type == ontology.EntityPerson {
				e := end(a.ref, i, i+1)
				e.Pronoun, e.Possessive, e.Cite = true, possessives[t.Norm], a.turn
				c.Ends = append(c.Ends, e)
			}
		}
	}
	for _, n := range p.names {
		ref := ontology.EntityRef{Name: n.name, Type: n.typ}
		if t, ok := typeOf[n.name]; ok {
			ref.Type = t
		}
		if n.from < 0 || n.to > len(s.Toks) || n.from >= n.to {
			continue
		}
		e := end(ref, n.from, n.to)
		if p.isSpeaker(ontology.EntityRef{Name: n.name, Type: ontology.EntityPerson}) {
			e.Ref, e.Self = p.speaker, true
		} else if p.known.speakers[ontology.NormaliseName(n.name)] || p.known.speakerShortForm(ontology.NormaliseName(n.name)) {
			e.Speaker = true // another speaker, often addressed by name ("I love it, Nate!", "shes my daughter too tam")
		}
		c.Ends = append(c.Ends, e)
	}
	sort.SliceStable(c.Ends, func(i, j int) bool { return c.Ends[i].From < c.Ends[j].From })
	*p.known.cands = append(*p.known.cands, c)
}
