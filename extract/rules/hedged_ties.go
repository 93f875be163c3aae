package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Issue 14 (h14-fp25): "i think Marcus runs it", "she probably works
// there now", "he's the manager i guess" guess at a job or a lead. Each
// reading of work and leads checks hedges its own way, and the paths that
// reach the subject through a pronoun or an organisation named before
// ("it", "there") checked none; a wrong WORKS_AT or LEADS costs more than
// a missed one. So a sentence that hedges keeps none of the jobs and
// leads it drew, whichever reading drew them.

// hedgedTieTypes are the relations a hedged sentence does not state.
var hedgedTieTypes = map[ontology.RelationType]bool{ontology.RelLeads: true, ontology.RelWorksAt: true}

// guessAdverbs make the sentence they stand in a guess. "apparently"
// is not one: chats pass on news with it ("Kev has retired apparently,
// his son Dean runs it now") and the dev half's gold takes such news.
var guessAdverbs = lang.Words(`probably prob probs supposedly allegedly maybe perhaps possibly presumably`)

// guessVerbs after "i" make the sentence a guess ("i think", "i reckon").
var guessVerbs = lang.Words(`think guess reckon believe assume suppose presume`)

// guessSentence reports whether s hedges anywhere (guessAt).
func guessSentence(s *sentence) bool { return guessAt(s, -1) }

// guessAt reports whether a guess in s bears on its word at k
// (hedgeReaches), or, for k < 0, whether s holds one at all.
func guessAt(s *sentence, k int) bool {
	for h := range s.Toks {
		if guessWord(s, h) && (k < 0 || hedgeReaches(s, h, k)) {
			return true
		}
	}
	return false
}

// guessBefore reports whether a guess before i reaches it: "i think Jo
// lives in Leeds", "not sure but i think she moved".
func guessBefore(s *sentence, i int) bool {
	for h := 0; h < i; h++ {
		if guessWord(s, h) && hedgeReaches(s, h, i) {
			return true
		}
	}
	return false
}

// guessWord reports whether a guess starts at h: a guessing adverb, "i
// think" and the like but before "so" ("i think so" answers, it hedges
// nothing of its own), or "not sure" / "no idea".
func guessWord(s *sentence, h int) bool {
	n := s.Norm(h)
	switch {
	case !s.Tok(h).Word:
		return false
	case guessAdverbs[n] || disclaimerEnd(s, h) > h:
		return true // "probably", "could be wrong but …"
	case n == "i" && guessVerbs[s.Norm(h+1)] && !s.Is(h+2, "so"):
		return true
	}
	return n == "not" && s.Is(h+1, "sure") || n == "no" && s.Is(h+1, "idea")
}

// dropHedgedTies removes the current jobs and leads the sentence added
// (relations from index rel on) that a guess bears on: one whose
// organisation or person the sentence names is hedged when a guess
// reaches that name ("Jo works at Ocado, i think she likes it" keeps the
// job); one reached through "it" or "there" when the sentence guesses
// anywhere ("i think Marcus runs it"). One the sentence ends is kept.
func (c *turnCtx) dropHedgedTies(s *sentence, rel int) {
	if len(c.out.Relations) <= rel || !guessSentence(s) {
		return
	}
	c.dropRelationsFrom(rel, func(r ontology.Relation) bool {
		if !hedgedTieTypes[r.Type] || r.ValidTo != nil {
			return false
		}
		at := namedAt(s, r.To.Name)
		if at < 0 {
			at = namedAt(s, r.From.Name)
		}
		return guessAt(s, at)
	})
}

// namedAt returns where the words of name first stand in s (case aside),
// -1 when they do not.
func namedAt(s *sentence, name string) int {
	words := strings.Fields(strings.ToLower(name))
	if len(words) == 0 {
		return -1
	}
	for k := range s.Toks {
		if s.Seq(k, words...) {
			return k
		}
	}
	return -1
}

// dropRelationsFrom removes the relations from index rel on for which
// drop holds, keeping the others in order.
func (c *turnCtx) dropRelationsFrom(rel int, drop func(ontology.Relation) bool) {
	kept := c.out.Relations[:rel]
	for _, r := range c.out.Relations[rel:] {
		if !drop(r) {
			kept = append(kept, r)
		}
	}
	c.out.Relations = kept
}

// quoteVerbs, right before an opening quote, report someone's words.
var quoteVerbs = lang.Words(`said says say texted wrote writes goes went like asked asks told tells replied yelled shouted`)

// othersQuote reports whether s quotes someone other than its speaker:
// a double quote opened right after a verb of saying (or "said to me")
// whose subject is no "i" ("Jess said \"i work at Copper Kettle\"").
func othersQuote(s *sentence) bool {
	for k, t := range s.Toks {
		if t.Norm != `"` {
			continue
		}
		v := k - 1
		if s.Is(v, ",", ":") {
			v--
		}
		if s.Is(v, "me") {
			v-- // "she told me"
		}
		if !quoteVerbs[s.Norm(v)] {
			continue
		}
		subj := v - 1
		if s.Is(subj, "was", "is", "'s", "just") {
			subj-- // "she was like", "she's like"
		}
		return subj >= 0 && !s.Is(subj, "i", "'m", "me")
	}
	return false
}

// dropQuotedSelf removes the speaker's relations the sentence added
// (from index rel on) when it quotes someone else: the "i" in the quote
// is theirs, as a joke or a story, not the speaker's.
func (c *turnCtx) dropQuotedSelf(s *sentence, rel int) {
	if len(c.out.Relations) <= rel || c.speaker.Name == "" || !othersQuote(s) {
		return
	}
	c.dropRelationsFrom(rel, func(r ontology.Relation) bool { return c.isSpeaker(r.From) })
}

// dropHomeOfMove drops, of the relations a sentence read from rel on, a
// current LIVES_IN that repeats its own MOVED_TO: "we moved into our own
// place in molo last week" states the move, and the guideline stores
// MOVED_TO only (the planner keeps where one moved as the home).
func (c *turnCtx) dropHomeOfMove(rel int) {
	moved := map[[2]string]bool{}
	for _, r := range c.out.Relations[min(rel, len(c.out.Relations)):] {
		if r.Type == ontology.RelMovedTo {
			moved[[2]string{r.From.Name, r.To.Name}] = true
		}
	}
	if len(moved) == 0 {
		return
	}
	c.dropRelationsFrom(rel, func(r ontology.Relation) bool {
		return r.Type == ontology.RelLivesIn && r.ValidTo == nil && moved[[2]string{r.From.Name, r.To.Name}]
	})
}
