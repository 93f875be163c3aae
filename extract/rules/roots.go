package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Where people come from, in storytelling (issue 14, h14-blind5): "grew up
// just outside Cork", "spent my whole childhood in Tromsø", "when we were
// kids in Ibadan", "born in Gdynia but raised in Kraków", "Babajide's a
// Lagos boy": COMES_FROM.

func init() {
	implicitVerbs["grew"] = true // "grew up outside Cork, moved to Dublin at 18"
}

// grewUpNear reads "grew up outside|near|around X", "grew up just outside
// X" (grewUp reads "grew up in X").
func (p *sentCtx) grewUpNear(cl clause) {
	s := p.s
	if !cl.plain() || s.Norm(cl.verb) != "grew" || s.Norm(cl.verb+1) != "up" {
		return
	}
	k := cl.verb + 2
	if s.Is(k, "just", "right") {
		k++
	}
	if !s.Is(k, "outside", "near", "around", "round") {
		return
	}
	p.hometown(k+1, said(" grew up near "))
}

// childhoodWords name a stretch of growing up spent somewhere.
var childhoodWords = lang.Words(`childhood youth teens boyhood girlhood`)

// childhoodIn reads "I spent my (whole) childhood in X", "spent my teens
// in X", and "when I was a kid in X" / "when we were kids in X" / "as a
// kid in X": the speaker comes from X ("we" is annotated for the speaker).
func (p *sentCtx) childhoodIn() {
	if p.s.Question || p.speaker.Name == "" {
		return
	}
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		at := p.childhoodPlaceAt(k)
		if at < 0 || s.Norm(at) != "in" || s.Norm(k) == "spent" && p.hedgedAt(k) {
			continue // "when I was a kid in X" is hedged by its "when" only in the future
		}
		if s.Norm(k) == "spent" && !p.speakerSpent(k) {
			continue
		}
		saved := p.subj
		p.subj = ontology.EntityRef{}
		p.hometown(at+1, said(" grew up in "))
		p.subj = saved
	}
}

// childhoodPlaceAt returns the index of the word after "spent my
// (whole) childhood" or "when I was a kid" that starts at k (where its
// "in" should stand), or -1 when none starts there.
func (p *sentCtx) childhoodPlaceAt(k int) int {
	s := p.s
	switch {
	case s.Norm(k) == "spent" && s.Norm(k+1) == "my":
		j := k + 2
		for s.Is(j, "whole", "entire", "early", "teenage") {
			j++
		}
		if s.Seq(j, "school", "years") {
			return j + 2
		}
		if childhoodWords[s.Norm(j)] {
			return j + 1
		}
	case s.Is(k, "kid", "kids", "child", "children", "little", "young") && p.childhoodLead(k):
		return k + 1
	}
	return -1
}

// childhoodLead reports whether the word at k ends "when I was (a) kid",
// "when we were kids", "as a kid", said of the speaker.
func (p *sentCtx) childhoodLead(k int) bool {
	s := p.s
	j := k - 1
	if s.Is(j, "a", "little") {
		j--
	}
	if s.Is(j, "as") {
		return j == 0 || !s.Toks[j-1].Word || s.Is(j-1, "back", "and", "but", "so")
	}
	if !(s.Norm(j) == "was" && s.Norm(j-1) == "i" || s.Norm(j) == "were" && s.Norm(j-1) == "we") {
		return false
	}
	return s.Is(j-2, "when", "while")
}

// speakerSpent reports whether "spent" at k is the speaker's: a sentence
// opening on it, or after "I" (with adverbs).
func (p *sentCtx) speakerSpent(k int) bool {
	s := p.s
	j := k - 1
	for j >= 0 && (adverbs[s.Norm(j)] || s.Is(j, "have", "had")) {
		j--
	}
	return j < 0 || s.Norm(j) == "i" || !s.Toks[j].Word || implicitLead[s.Norm(j)]
}

// raisedToo reads "… born in Gdynia but raised in Kraków": once the
// sentence holds a COMES_FROM, "raised in Y" or "brought up in Y" after
// "but" or "and" is the same person's.
func (p *sentCtx) raisedToo() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		at := -1
		switch {
		case s.Norm(k) == "raised" && s.Norm(k+1) == "in":
			at = k + 2
		case s.Seq(k, "brought", "up", "in"):
			at = k + 3
		}
		if at < 0 || !s.Is(k-1, "but", "and", "then") {
			continue
		}
		var who ontology.EntityRef
		for _, r := range p.out.Relations {
			if r.Type == ontology.RelComesFrom {
				who = r.From
			}
		}
		if who.Name == "" {
			return
		}
		place, _, conf, ok := p.place(at)
		if !ok {
			return
		}
		p.relation(rel{typ: ontology.RelComesFrom, from: who, to: place, conf: min(conf, confWeak), validFrom: p.ts})
	}
}

// nativeWords, after a place, say someone comes from it: "a Lagos boy",
// "a Yorkshire lass", "a Glasgow native".
var nativeWords = lang.Words(`boy girl lad lass native`)

// placeNative reads "Babajide's a Lagos boy (originally)", "I'm a
// Yorkshire lass": COMES_FROM the place.
func (p *sentCtx) placeNative(cl clause) {
	s := p.s
	if !cl.be || !cl.plain() || !s.Is(cl.verb, "a", "an") {
		return
	}
	k := cl.verb + 1
	if s.Is(k, "proper", "real", "true", "born") {
		k++
	}
	place, end, conf, ok := p.place(k)
	if !ok || !nativeWords[s.Norm(end)] || s.Tok(end+1).Word && !s.Is(end+1, "originally", "really", "through", "at", "and", "tbh", "lol") {
		return
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.self(), to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// chainVerbs may open a clause that shares the subject of the clause
// before it: "grew up outside Cork, moved to Dublin at 18", "I quit
// Pret and started at Greggs".
var chainVerbs = lang.Words(`moved relocated started joined quit left graduated married adopted founded grew`)

// chainedClauses reads a clause that drops its subject after a comma,
// "and" or "then", in a sentence about the speaker alone (its subject is
// "I" or dropped, and no other subject stands before): it is the
// speaker's too.
func (p *sentCtx) chainedClauses() {
	s := p.s
	if s.Question || p.speaker.Name == "" || p.answered {
		return
	}
	mine, negated := false, -1
	if f := implicitStart(s); f >= 0 {
		cl, ok := implicitClause(s, f)
		mine = ok && (cl.plain() || negatedOnly(cl))
		if mine && cl.neg {
			negated = f // "not at Brightwell anymore, at Nova now"
		}
	}
	for k := 0; k < len(s.Toks); k++ {
		n := s.Norm(k)
		switch {
		case n == "i" && (s.Toks[k].Text == "I" || s.Toks[k].Text == "i"):
			cl := parseClause(s, k)
			if !cl.plain() && !negatedOnly(cl) || relativeSubject(s, k, p.inTime) || hearsayVerbs[s.Norm(cl.verb)] {
				return // "I might quit Pret and …", "if I quit Pret and …", "I heard Tom quit Pret and …"
			}
			mine, negated = true, -1
			if cl.neg {
				negated = cl.verb // "I don't live in Leeds anymore, moved to York in may"
			}
			continue
		case otherSubjects[n]:
			return
		case nameStart(s, k) || lowerStyle(s) && firstName(n):
			if sp, ok := nameAt(s, k); ok && verbAfterName(s, sp.to) {
				return // "I know Dana grew up in Leeds, moved to York": Dana's clause
			} else if !ok && verbAfterName(s, k+1) {
				return
			}
		}
		if k == 0 || !mine || negated >= 0 && !negationClosed(s, negated, k) {
			continue // "i don't smoke and drink": the negation reaches on
		}
		if negated >= 0 && n == "at" && s.Is(k-1, ",") {
			if cl, ok := implicitClause(s, k); ok {
				p.stillAt(cl) // "not at Brightwell anymore, at Nova Agency now"
			}
			continue
		}
		if !chainVerbs[n] || !s.Is(k-1, ",", "and", "then") {
			continue
		}
		cl, ok := implicitClause(s, k)
		if !ok {
			continue
		}
		p.selfPatterns(cl)
	}
}

// negatedOnly reports whether a clause is negated and nothing else makes
// it tentative: a clause chained after it with a comma is its own ("I'm
// not at Brightwell anymore, at Nova now", "i don't live in Leeds
// anymore, moved to York").
func negatedOnly(cl clause) bool { return cl.neg && !cl.modal && !cl.hedged && !cl.usedTo }

// negationClosed reports whether the negation of the clause whose verb is
// at v ends before k: punctuation, an emoji or "but" between them. Joined
// by "and" or "or" alone the negation reaches on ("i don't smoke or
// drink").
func negationClosed(s *sentence, v, k int) bool {
	for j := v + 1; j < k; j++ {
		if t := s.Toks[j]; !t.Word && t.Norm != "'" || t.Norm == "but" {
			return true
		}
	}
	return false
}

// otherSubjects are subjects other than the speaker.
var otherSubjects = lang.Words(`he she they we you it his her their`)

// hearsayVerbs report or perceive another's doing: after "I heard", "I
// think", "I saw", the clauses that follow are someone else's.
var hearsayVerbs = lang.Words(`heard hear think thought know knew saw see told tell said say guess reckon
	believe bet hope heard noticed read`)

// verbAfterName reports whether a verb follows a name ending at k: a past
// or third-person verb, or an auxiliary ("Tom quit", "Dana grew up",
// "Jo has moved").
func verbAfterName(s *sentence, k int) bool {
	n := s.Norm(k)
	_, third := thirdSingular[n]
	return third || lang.IsPastVerb(s, k) || thirdVerbs[n] && n != "be" || s.Is(k, "is", "was", "has", "had", "quit", "just", "also")
}
