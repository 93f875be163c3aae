package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Friendships, likings and moves in everyday storytelling (issue 14,
// h14-blind5): "ended up becoming good friends with Yusuf", "can't stop
// listening to Mitski", "we swapped Manchester for the Peak District",
// "cant beleive kwame moved to leeds".

func init() {
	// misspellings of words the patterns read ("cant beleive kwame moved",
	// "obssesed with fortnite")
	for k, v := range map[string]string{"beleive": "believe", "belive": "believe", "obssesed": "obsessed",
		"obsesed": "obsessed", "obssessed": "obsessed", "freinds": "friends", "freind": "friend"} {
		chatSpellings[k] = v
	}
}

// factiveLead reports whether the word at k, before a lower-case name,
// opens a clause that states what follows: "can't believe kwame moved to
// leeds", "apparently kofi is…", "guess what, ama got…".
func factiveLead(s *sentence, k int) bool {
	return s.Is(k, "believe", "apparently", "omg", "btw", "guess", "heard", "hear", "news", "update") && !s.Question
}

// becomingFriends reads "ended up becoming good friends with Yusuf", "we
// became mates with Tom", "Tom became friends with Jo": FRIEND_OF, of the
// name before the verb, else of the speaker when the sentence is theirs.
func (p *sentCtx) becomingFriends() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for v := 0; v+2 < len(s.Toks); v++ {
		if !s.Is(v, "became", "become", "becoming", "becomes") {
			continue
		}
		k := v + 1
		for n := 0; n < 3 && pairAdverbs[s.Norm(k)]; n++ {
			k++
		}
		if !s.Is(k, "friends", "mates") || s.Norm(k+1) != "with" || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		speaks := p.speakerVerb(v) || s.Seq(v-2, "ended", "up") && p.speakerVerb(v-2)
		p.ofSubject(v, speaks, func(who ontology.EntityRef) {
			people, _ := p.personList(k + 2)
			for _, x := range people {
				p.relRole(who, kindFriend, "friend", x, confWeak)
			}
		})
	}
}

// negatedBefore reports whether a negation or a modal stands in the four
// words before k.
func (p *sentCtx) negatedBefore(k int) bool {
	s := p.s
	for j := k - 1; j >= 0 && j >= k-4; j-- {
		if s.Is(j, "not", "never") || modalWords[s.Norm(j)] || s.Is(j, "would", "might") {
			return true
		}
	}
	return false
}

// hookedVerbs are what one cannot stop doing with a thing one likes.
var hookedVerbs = lang.Words(`listening watching playing reading eating rewatching bingeing binging`)

// cantStop reads "can't stop listening to Mitski", "I cannot stop playing
// Balatro", "can't get enough of sourdough baking": LIKES, of the speaker. The "not" of "can't" is no negation of
// the liking.
func (p *sentCtx) cantStop() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for k := 1; k+2 < len(s.Toks); k++ {
		enough := s.Norm(k) == "get" && s.Seq(k+1, "enough", "of")
		if !(s.Norm(k) == "stop" && hookedVerbs[s.Norm(k+1)] || enough) || s.Norm(k-1) != "not" && s.Norm(k-1) != "cannot" {
			continue
		}
		c := k - 1
		if s.Norm(c) == "not" {
			c--
		}
		if !s.Is(c, "can", "cannot") || !p.speakerVerb(c) || hedgedBefore(s, c) || hedgedAfter(s, k) {
			continue
		}
		at := k + 2
		if s.Norm(at) == "to" {
			at++
		}
		if s.Norm(k) == "get" {
			at = k + 3 // "can't get enough of sourdough baking"
		}
		for _, in := range p.interests(at, clauseEnd(s, at)) {
			if p.dottedOn(in.end) {
				break // "Fontaines D.C.": the name goes on past the sentence's cut
			}
			p.liking(p.speaker, in, " likes ", confWeak)
		}
	}
}

// swapped reads "we swapped Manchester for the Peak District", "Ana
// traded London for Lisbon": MOVED_FROM the first place, MOVED_TO the
// second, of the name before the verb, else of the speaker.
func (p *sentCtx) swapped() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for v := 0; v+3 < len(s.Toks); v++ {
		if !s.Is(v, "swapped", "traded", "swapping", "trading", "exchanged", "ditched") || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		p.ofSubject(v, p.speakerVerb(v), func(who ontology.EntityRef) { p.placeForPlace(v+1, who) })
	}
}

// dottedOn reports whether the phrase ending before token k stops at a
// dot that a letter follows right after ("D.C.", "St.Ives"): a name the
// sentence split cut short.
func (p *sentCtx) dottedOn(k int) bool {
	s := p.s
	if k <= 0 || k > len(s.Toks) {
		return false
	}
	end := s.Toks[k-1].End
	t := p.text
	return end+1 < len(t) && t[end] == '.' && (t[end+1] >= 'A' && t[end+1] <= 'Z' || t[end+1] >= 'a' && t[end+1] <= 'z')
}

// otherSubject reads the subject before the verb at v when it is someone
// other than the speaker: a person's name ("Tom became friends with Jo"),
// or "he"/"she" resolved ("she swapped Leeds for York"), with the turn a
// pronoun's antecedent was named in.
func (p *sentCtx) otherSubject(v int) (ontology.EntityRef, string) {
	s := p.s
	if sp, ok := p.subjectBefore(v); ok && personLike(sp.typ) {
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, ""
	}
	j := v - 1
	for j > 0 && adverbs[s.Norm(j)] {
		j--
	}
	if n := s.Norm(j); (n == "he" || n == "she") && clauseStart(s, j) {
		if a, ok := p.pronoun(j, n); ok {
			return a.ref, a.turn
		}
	}
	return ontology.EntityRef{}, ""
}

// ofSubject states, with state, what the verb at v says of its subject:
// someone other than the speaker before it (otherSubject), with the turn
// a pronoun's antecedent was named in cited, else the speaker when speaks
// (the verb is the speaker's). Nothing is stated when there is neither.
func (p *sentCtx) ofSubject(v int, speaks bool, state func(who ontology.EntityRef)) {
	who, cite := p.otherSubject(v)
	if who.Name == "" && speaks {
		who = p.speaker
	}
	if who.Name == "" {
		return
	}
	restore := p.citeFrom(cite)
	state(who)
	restore()
}
