package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A new home found, bought or signed for (issue 14, h14-miss39): "found
// a flat in durbanville", "aylin and i signed for a flat in connewitz",
// "he and Anjali have bought a house in Portishead". Getting a home
// somewhere new is the chat's way of saying one moves there (MOVED_TO), as
// "got the keys to a flat in X" is (homes_keys.go); "got a flat in X"
// alone stays a home (gotAFlatIn), as it may be the one lived in. "me and
// X" gives X the move too (pairSubjects).

// acquiredHomeVerbs say a home was found or bought; "signed" needs its
// "for" ("signed for a flat").
var acquiredHomeVerbs = lang.Words(`found bought signed`)

// acquiredHomeNouns are the homes one finds or buys. A room is none: one
// found in a district of the city one moved to is a room, and the move is
// to the city.
var acquiredHomeNouns = lang.Words(`flat apartment place house home houseshare flatshare cottage bungalow condo`)

// foundAHomeIn reads a home found, bought or signed for in a place, said
// by or of its new tenant or owner: MOVED_TO. A hedge ("hoping we've
// found a flat"), a condition or a near miss, a stay ("a flat for the
// weekend", "an airbnb") or someone else's home ("bought Dan's flat") read
// nothing.
func (p *sentCtx) foundAHomeIn() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !acquiredHomeVerbs[s.Norm(k)] || p.tieHedged(k) || p.reachedBy(k, "if", "almost", "nearly") {
			continue
		}
		j := k + 1
		if s.Is(k, "signed") {
			if !s.Is(j, "for", "on") {
				continue
			}
			j++
		}
		if !keyDeterminers[s.Norm(j)] || pronounSubjectOf(s, k) {
			// "found Dan's flat", "bought flowers in Leeds"; "he and Anjali
			// have bought" is read of Anjali, and pairSubjects gives "he" the move
			continue
		}
		who, cite, ok := p.homeGetter(k) // the speaker, or "Ollie's found a flat …" (homes_said.go)
		if !ok || who != p.speaker && !p.knownPerson(who) {
			continue
		}
		place, ok := p.acquiredHomeIn(j + 1)
		if !ok {
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelMovedTo, from: who, to: place, conf: confWeak, validFrom: p.ts})
		restore()
	}
}

// acquiredHomeIn reads a home and its place at j, after the determiner:
// "(little) flat in Leith", "house in Portishead". A place weakly read or
// a stay after it is none.
func (p *sentCtx) acquiredHomeIn(j int) (ontology.EntityRef, bool) {
	s := p.s
	for n := 0; n < 2 && homeQualifiers[s.Norm(j)]; n++ {
		j++ // "a little flat in", "a new build house in"
	}
	if !acquiredHomeNouns[s.Norm(j)] || !s.Is(j+1, "in") {
		return ontology.EntityRef{}, false
	}
	place, end, conf, ok := p.place(j + 2)
	if !ok || conf < confStrong || p.has(end, len(s.Toks), stayWordsList...) {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// knownPerson reports whether ref, read as the subject of a clause, is a
// person by evidence: a given name of the lists or a name the conversation
// typed a person. A pronoun resolved to an untyped name ("he" to "the
// Academia") is not.
func (p *sentCtx) knownPerson(ref ontology.EntityRef) bool {
	first, _, _ := strings.Cut(strings.ToLower(ref.Name), " ")
	return ref.Type == ontology.EntityPerson && (firstName(first) || p.disc.typedPerson(ref.Name))
}

// pronounSubjectOf reports whether the verb at k has "he", "she" or
// "they" for its subject, perhaps with an auxiliary and adverbs between.
func pronounSubjectOf(s *sentence, k int) bool {
	j := k - 1
	for s.Is(j, "just", "finally", "recently", "also", "now", "have", "has", "'ve", "'s") {
		j--
	}
	return s.Is(j, "he", "she", "they")
}
