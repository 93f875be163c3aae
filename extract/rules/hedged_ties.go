package rules

import (
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

// guessSentence reports whether s hedges: a guessing adverb anywhere in
// it, "i think" and the like anywhere but before "so" ("i think so"
// answers, it hedges nothing of its own), or "not sure" / "no idea".
func guessSentence(s *sentence) bool {
	for k, t := range s.Toks {
		switch {
		case !t.Word:
		case guessAdverbs[t.Norm]:
			return true
		case t.Norm == "i" && guessVerbs[s.Norm(k+1)] && !s.Is(k+2, "so"):
			return true
		case t.Norm == "not" && s.Is(k+1, "sure"), t.Norm == "no" && s.Is(k+1, "idea"):
			return true
		}
	}
	return false
}

// dropHedgedTies removes the current jobs and leads the sentence added
// (relations from index rel on) when it hedges (guessSentence); one the
// sentence ends is kept.
func (c *turnCtx) dropHedgedTies(s *sentence, rel int) {
	if len(c.out.Relations) <= rel || !guessSentence(s) {
		return
	}
	c.dropRelationsFrom(rel, func(r ontology.Relation) bool { return hedgedTieTypes[r.Type] && r.ValidTo == nil })
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
