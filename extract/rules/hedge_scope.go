package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
)

// Issue 14 (h14-hedge26): chat runs clauses together with commas, "and",
// "so", "lol", emoji or nothing at all, so a hedge must reach its own
// clause and not the plain one beside it: "I work at Google, maybe we can
// meet there" states the job; "maybe i'll move to leeds, work at X there"
// states neither the move nor the job. hedgeReaches decides that reach for
// every reading that asks whether a hedge found in the sentence bears on a
// word of it: hedgedAfter and hedgedBefore (with them parseClause), the
// guesses dropHedgedTies drops, the negations after a frame, the readings
// that block on a modal or a condition before their verb (reachedBy), and
// the endings of a pet or a job (endings.go).

// hedgeReaches reports whether the hedge at h (a hedge word, or the first
// word of "i think", "not sure", "no idea", "fingers crossed") bears on
// the word at k of s.
//
// Forward (h before k) a hedge reaches until a boundary that opens a new
// finite clause (clauseBoundary): "maybe i'll move to leeds, work at X"
// reaches the job, "maybe we can meet, I work at X" does not; "if",
// "unless", "when" and "once" that open their clause reach one boundary
// further, into their consequent ("If I get the job, I'll move to York"),
// and so does a disclaimer ("could be wrong but Jo runs X").
//
// Backward (h after k) a hedge reaches only when it trails its clause
// (hedgeTrails: "she works at Ocado i think", "moving in June if the
// flat works out") and no boundary stands between; one that opens its own
// predicate ("…, maybe we can meet", "…, probably gonna hate it", "…, i
// think she likes it") hedges that predicate alone.
func hedgeReaches(s *sentence, h, k int) bool {
	if h == k {
		return true
	}
	if h < k {
		crossed := 0
		for b := h + 1; b < k; b++ {
			if clauseBoundary(s, b) {
				crossed++
				if disclaimerEnd(s, h) > h && crossed == 1 {
					continue // "could be wrong but Jo runs X": a disclaimer bears on what it introduces
				}
				if crossed > 1 || !s.Is(h, "if", "unless", "when", "once") || !conditionLeads(s, h) || consequentIn(s, h, b) || secondSubject(s, h, b) {
					return false // "if you need anything let me know, I work at X": its consequent came first
				}
			}
		}
		return true
	}
	if !hedgeTrails(s, h) {
		return false
	}
	for b := k + 1; b < h; b++ {
		if clauseBoundary(s, b) {
			return false
		}
	}
	return true
}

// clauseFillers may stand between two clauses of a chat line without
// punctuation: "i live in bristol lol might move to bath".
var clauseFillers = lang.Words(`lol lmao haha hahaha ha tbh ngl btw honestly anyway anyways`)

// scopeLinks join two clauses: "we live in Hull but we might move".
var scopeLinks = lang.Words(`and but so then because cuz cos coz though although plus`)

// clauseBoundary reports whether the token at b (punctuation, an emoji,
// a filler or a linking word) ends one clause and the words after it open
// a new finite one: a subject ("I", "she", "my mum", "Jo works"), or a
// hedge that opens its own clause ("maybe we", "i think she").
func clauseBoundary(s *sentence, b int) bool {
	t := s.Tok(b)
	if t.Word && !clauseFillers[t.Norm] && !scopeLinks[t.Norm] {
		return false
	}
	if !t.Word && (t.Norm == "'" || t.Norm == "&" || t.Norm == "/") || t.Norm == "and" && pairedSubject(s, b) {
		return false
	}
	k := b + 1
	for k < len(s.Toks) && (clauseFillers[s.Norm(k)] || scopeLinks[s.Norm(k)] || !s.Toks[k].Word) {
		k++
	}
	if k >= len(s.Toks) {
		return false
	}
	if s.Is(k, "if", "unless") {
		return false // "3 years at Tallyo next week, if they keep me": a condition, no clause of its own
	}
	if e := hedgePhraseEnd(s, k); e > k {
		if e >= len(s.Toks) || !s.Toks[e].Word || clauseFillers[s.Norm(e)] || s.Is(e, "tho", "though") {
			return false // "…, I think": the hedge trails the clause before
		}
		if s.Is(k, "not", "no", "idk") && s.Is(e, "how", "what", "when", "where", "why", "who", "if", "whether", "about") {
			return true // "…, not sure how long I'll stay", "idk about the party, …"
		}
		if ellipsis(s, e) {
			return false // "…, or maybe she did": the hedge takes up the clause before
		}
		k = e // "…, maybe we can meet", "…, i think she likes it"
	}
	return finiteSubject(s, k)
}

// pairedSubject reports whether the "and" at b joins two subjects rather
// than two clauses: one word opening the sentence or a clause, a hedge's
// or a possessive's ("Jo and I", "if Jo and I move", "my sister and I").
func pairedSubject(s *sentence, b int) bool {
	a := b - 2
	return b >= 1 && s.Toks[b-1].Word && (a < 0 || !s.Toks[a].Word || hedgeWords[s.Norm(a)] || trailingHedges[s.Norm(a)] ||
		scopeDeterminers[s.Norm(a)] || scopeLinks[s.Norm(a)])
}

// scopeSubjects open a finite clause.
var scopeSubjects = lang.Words(`i im we you u he she they it that there this`)

// scopeDeterminers open a subject noun phrase: "my mum might visit".
var scopeDeterminers = lang.Words(`my our his her their the`)

// finiteSubject reports whether a finite clause's subject starts at k: a
// subject pronoun, a possessive or "the" with a verb within three words
// ("my mum might visit", "the flat is ok"), or a capitalised name with a
// verb after it ("Jo works there").
func finiteSubject(s *sentence, k int) bool {
	n := s.Norm(k)
	switch {
	case scopeSubjects[n]:
		return n != "that" && n != "this" || s.Is(k+1, "is", "was", "will", "would")
	case scopeDeterminers[n]:
		for j := k + 1; j <= k+3 && j < len(s.Toks) && s.Toks[j].Word; j++ {
			if scopeVerb(s, j) {
				return true
			}
		}
	case s.Tok(k).Cap && k > 0:
		return scopeVerb(s, k+1)
	}
	return false
}

// scopeVerb reports whether the word at j reads as a finite verb or
// auxiliary: a modal, a form of "be" or "have", a verb in the third
// person ("works", "runs") or in the past ("died", "moved").
func scopeVerb(s *sentence, j int) bool {
	n := s.Norm(j)
	if modalWords[n] || s.Is(j, "is", "are", "was", "were", "am", "has", "have", "had", "does", "did", "do") {
		return true
	}
	_, third := thirdSingular[n]
	return third || lang.IsPastVerb(s, j)
}

// hedgePhraseEnd returns where the hedge that starts at h ends: after
// "i think", "not sure", "no idea" and "fingers crossed" two words, after
// a hedge word one; h itself when none starts there.
func hedgePhraseEnd(s *sentence, h int) int {
	if e := disclaimerEnd(s, h); e > h {
		return e
	}
	switch n := s.Norm(h); {
	case n == "i" && (guessVerbs[s.Norm(h+1)] || s.Is(h+1, "hope")):
		return h + 2
	case n == "not" && s.Is(h+1, "sure"), n == "no" && s.Is(h+1, "idea"), n == "fingers" && s.Is(h+1, "crossed"):
		return h + 2
	case trailingHedges[n] || guessAdverbs[n]:
		return h + 1
	}
	return h
}

// hedgeTrails reports whether the hedge at h bears on what comes before
// it: it ends the sentence or its clause ("she works at Ocado I think",
// "moving to Leeds maybe, not sure"), or qualifies it with a phrase of no
// verb ("maybe in June"). A hedge followed by a predicate of its own does
// not ("maybe we can meet", "probably gonna hate it", "prob visiting him",
// "hopefully the flat is ok", "not sure how long I'll stay"); "if" and
// "unless" trail unless a consequent follows them ("if you need anything
// let me know", "if i get it, i'll move").
func hedgeTrails(s *sentence, h int) bool {
	if s.Is(h, "if", "unless") {
		return !consequentAfter(s, h)
	}
	e := hedgePhraseEnd(s, h)
	if e >= len(s.Toks) || !s.Toks[e].Word || clauseFillers[s.Norm(e)] || s.Is(e, "tho", "though", "yet", "now", "so") {
		return true
	}
	if ellipsis(s, e) {
		return true // "she works at Ocado, or maybe she did", "…, i think she said"
	}
	if s.Is(h, "not", "no", "idk") || s.Is(h, "i") && !s.Is(h+1, "hope") {
		// "not sure how long I'll stay", "idk about the party": a
		// question or topic of its own; "i think she likes it"
		return false
	}
	n := s.Norm(e)
	if scopeSubjects[n] || modalWords[n] || scopeDeterminers[n] || s.Is(e, "going", "gonna", "wanna", "gotta") {
		return false
	}
	if _, third := thirdSingular[n]; third || baseVerbs[n] || strings.HasSuffix(n, "ing") && len(n) > 4 || lang.IsPastEd(s, e) {
		return false // "prob visiting him", "probably moved on"
	}
	if strings.HasSuffix(n, "s") && s.Is(e+1, "a", "an", "the", "my", "her", "his", "their", "it", "them", "him", "up", "out") {
		return false // "maybe opens a second one": a verb with its object
	}
	return true
}

// consequentWords, after an "if" clause, open the clause it conditions:
// "if you need anything let me know", "if so then …".
var consequentWords = lang.Words(`then lmk`)

// consequentAfter reports whether the "if" at h has its consequent after
// it: a boundary before a new clause, "then", a subject with a modal ("i'd
// move", "we'll see") or "let me know".
func consequentAfter(s *sentence, h int) bool {
	if consequentIn(s, h, len(s.Toks)) {
		return true
	}
	for k := h + 2; k < len(s.Toks); k++ {
		if clauseBoundary(s, k) {
			return true
		}
	}
	return false
}

// consequentIn reports whether a consequent of the "if" at h opens before
// end without a boundary: "then", "let me know", "give me a shout", "hit
// me up", "that's why", or a subject with a modal ("if i get it i'd move").
func consequentIn(s *sentence, h, end int) bool {
	for k := h + 2; k < end; k++ {
		switch {
		case consequentWords[s.Norm(k)], s.Seq(k, "let", "me", "know"), s.Seq(k, "give", "me", "a"), s.Seq(k, "hit", "me", "up"),
			s.Seq(k, "that", "is", "why"), s.Seq(k, "thats", "why"): // "so if you get a letter that's why"
			return true
		case scopeSubjects[s.Norm(k)] && modalWords[s.Norm(k+1)] && !s.Is(k+1, "can"):
			return true
		}
	}
	return false
}

// secondSubject reports whether a subject with a finite verb stands
// between the condition at h (past its own subject) and the boundary at
// b: the consequent came before the boundary ("if you hear shouting it's
// me, our dog Max died").
func secondSubject(s *sentence, h, b int) bool {
	for k := h + 2; k < b; k++ {
		if scopeSubjects[s.Norm(k)] && s.Toks[k-1].Word && scopeVerb(s, k+1) {
			return true
		}
	}
	return false
}

// conditionLeadIns may stand before a condition that opens its sentence
// or clause: "but if it works out, …", "ok so if i get it, …".
var conditionLeadIns = lang.Words(`and but so then even only like well ok okay oh yeah lol though`)

// conditionLeads reports whether the "if" at h opens its sentence or a
// clause (after punctuation or lead-ins alone), so that its consequent
// follows it: "If I get the job, I'll move"; "my mum keeps asking if im
// settled so im telling everyone …" asks, it conditions nothing after.
func conditionLeads(s *sentence, h int) bool {
	k := h - 1
	for k >= 0 && conditionLeadIns[s.Norm(k)] {
		k--
	}
	return k < 0 || !s.Toks[k].Word
}

// conditionBefore reports whether an "if" or "unless", or a "when" or
// "once" not in the past, before i reaches it (hedgeReaches): the word is
// in the condition or in its consequent ("if it works out, i start at
// Kestrel in june"). An invitation ("if u fancy it") conditions nothing.
func conditionBefore(s *sentence, i int) bool {
	for h := 0; h < i; h++ {
		condition := s.Is(h, "if", "unless") && !invitationIf(s, h) || s.Is(h, "when", "once") && futureWhen(s, h) && futureNear(s, h, i)
		if condition && hedgeReaches(s, h, i) {
			return true
		}
	}
	return false
}

// futureNear reports whether a future stands between the "when" at h and
// a few words past i: a modal, "going to" or "gonna", or "am" / "is" /
// "are" with a verb in -ing ("when i finish uni, i'm joining Kestrel").
// Without one a present "when" is a habit, whose consequent holds ("When
// things get tough, I try to remember why I'm so passionate about
// basketball").
func futureNear(s *sentence, h, i int) bool {
	for k := h + 1; k < len(s.Toks) && k <= i+3; k++ {
		if modalWords[s.Norm(k)] || s.Is(k, "going", "gonna") ||
			s.Is(k, "am", "is", "are") && strings.HasSuffix(s.Norm(k+1), "ing") {
			return true
		}
	}
	return false
}

// futureWhen reports whether the "when" or "once" at h opens a clause
// not in the past, which conditions its consequent like "if" ("when i
// finish uni, i'm joining Kestrel"); a past one dates it ("when we moved
// to Leeds, I joined Kestrel").
func futureWhen(s *sentence, h int) bool {
	v := h + 2
	if s.Is(h+1, "my", "our", "his", "her", "their", "the") {
		v++
	}
	for s.Tok(v).Word && adverbs[s.Norm(v)] {
		v++
	}
	return v < len(s.Toks) && s.Toks[v].Word && !lang.IsPastVerb(s, v) && !s.Is(v, "was", "were", "had", "used", "did")
}

// ellipsisVerbs, after a subject that ends a clause, take up the
// predicate before them or report it: "maybe she does", "i think he said".
var ellipsisVerbs = lang.Words(`do does did is was are were am will would can could might has have had said says told mentioned`)

// ellipsis reports whether a clause of a subject and an auxiliary alone,
// or a verb of saying, starts at k and ends there ("…, or maybe I will",
// "…, i think she said", "…, i think she does tho"): it restates or
// sources the clause before, so a hedge opening it bears on that clause.
func ellipsis(s *sentence, k int) bool {
	if !scopeSubjects[s.Norm(k)] || !ellipsisVerbs[s.Norm(k+1)] {
		return false
	}
	e := k + 2
	for s.Is(e, "not", "so", "tho", "though", "me") || adverbs[s.Norm(e)] {
		e++ // "maybe I will soon", "i think she told me"
	}
	return e >= len(s.Toks) || !s.Toks[e].Word || clauseFillers[s.Norm(e)]
}

// reachedBy reports whether one of ws before v reaches it (hedgeReaches):
// the readings that block on a modal, a condition or a negation anywhere
// before their verb ask this, so that "I might be late, my sister runs
// the Red Lion" keeps the lead and "if it works out, Jo runs X from june"
// does not.
func (p *sentCtx) reachedBy(v int, ws ...string) bool {
	for h := 0; h < v && h < len(p.s.Toks); h++ {
		if p.s.Is(h, ws...) && hedgeReaches(p.s, h, v) {
			return true
		}
	}
	return false
}

// disclaimerEnd returns where a disclaimer that starts at h ends ("could
// be wrong", "might be mistaken", "correct me if i'm wrong", "don't quote
// me", "iirc", "afaik"), h when none starts there. A disclaimer is a guess
// about the clause it introduces or trails: "could be wrong but Jo runs
// Crumb Bakery", "Jo works at Ocado, don't quote me".
func disclaimerEnd(s *sentence, h int) int {
	switch {
	case s.Is(h, "iirc", "afaik", "afaict"):
		return h + 1
	case s.Is(h, "could", "might", "may") && s.Is(h+1, "be") && s.Is(h+2, "wrong", "mistaken"):
		return h + 3
	case s.Seq(h, "correct", "me", "if"):
		for k := h + 3; k < len(s.Toks) && k < h+7; k++ {
			if s.Is(k, "wrong") {
				return k + 1
			}
		}
	case s.Is(h, "dont", "do") && s.Seq(h+1, "quote", "me"):
		return h + 3
	case s.Is(h, "do") && s.Seq(h+1, "not", "quote", "me"):
		return h + 4
	}
	return h
}
