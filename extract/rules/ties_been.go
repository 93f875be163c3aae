package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// hasBeenMy reads "mick's been my best mate since school", "Mick has been
// my best friend for years": a named subject's tie told in the perfect, as
// "Mick is my best mate" is (isMyAt; "she's been my mate" is read in
// myPatterns). "Mick has been my best mate's dad", a role no list knows
// ("my rock"), "had been" and a question read nothing.
func (p *sentCtx) hasBeenMy() {
	s := p.s
	for m := 0; m+3 < len(s.Toks); m++ {
		if !s.Is(m+1, "been") || !s.Is(m+2, "my", "our") {
			continue
		}
		switch {
		case s.Toks[m].Poss && s.Toks[m].Cap:
			p.isMyAt(m+1, m+2, false) // "Mick's been my …": the name ends before "been"
		case s.Is(m, "has") && m > 0 && s.Toks[m-1].Cap:
			p.isMyAt(m, m+2, false) // "Mick has been my …"
		}
	}
}

// mateAdjectives may stand between "a" and a friend's word: "a good mate".
var mateAdjectives = lang.Words(`good close old great dear proper`)

// isAMate reads "Jen is a mate", "jen's a good mate", "Jen who owns it is a
// mate, she's letting us have the back room": the speaker's friend
// (FRIEND_OF), as "Jen is a mate of mine" is. Someone else's friend ("a
// mate of Dan's", "a friend of the family", "a good friend to Dan"), a
// mate's relative ("a mate's sister"), a pet ("best dog ever"), a
// question, a hedge and a negation read nothing.
func (p *sentCtx) isAMate() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.speaker.Name == "" {
		return
	}
	for k := f + 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "a", "an") {
			continue
		}
		j := k + 1
		if mateAdjectives[s.Norm(j)] {
			j++
		}
		if !s.Is(j, "mate", "friend", "pal") || s.Tok(j).Poss || !coupleEnds(s, j+1) && !s.Is(j+1, ",", "and", "so", "but") {
			continue
		}
		be := k - 1
		if s.Is(be, "not", "n't", "never") || p.tieHedged(k) || hedgedBefore(s, k) {
			return
		}
		who, ok := p.mateSubject(f, be)
		if !ok {
			return
		}
		p.relRole(p.speaker, kindFriend, "friend", who, confWeak)
		return
	}
}

// mateSubject returns the person the "is" at be says a mate: a name that
// ends at it ("Jen is", "jen's"), or one that opens the sentence before a
// "who" clause ending at it ("Jen who owns it is").
func (p *sentCtx) mateSubject(f, be int) (ontology.EntityRef, bool) {
	s := p.s
	end := be
	switch {
	case s.Is(be, "is", "'s") && !s.Tok(be-1).Poss:
	case s.Tok(be).Poss && s.Toks[be].Cap:
		end = be + 1
	default:
		return ontology.EntityRef{}, false
	}
	sp, ok := p.nameEndingAt(end)
	if !ok {
		for w := f + 1; w < be-1 && w <= f+3; w++ {
			if s.Is(w, "who", "that") {
				sp, ok = p.nameEndingAt(w)
				break
			}
		}
	}
	if !ok || sp.from != f || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || p.disc.isSpeaker(sp.name) {
		return ontology.EntityRef{}, false
	}
	for k := range s.Toks {
		if petSpecies[s.Norm(k)] {
			return ontology.EntityRef{}, false // "Rex is a good mate, best dog ever"
		}
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
}
