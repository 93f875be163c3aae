package rules

import "github.com/loci-memory/loci/lang"

// subjectAux are the auxiliaries and copulas that, right after a word
// opening its clause, make it a subject: a given name there is the
// person's ("dario is moving to medellín", "ayla was my boss").
var subjectAux = lang.Words(`is was has had will would can could did does should might isnt wasnt hasnt
	didnt doesnt cant wont couldnt wouldnt`)

// askAux open a question whose subject follows them ("did gail finally
// say yes", "is nisha coming").
var askAux = lang.Words(`did does is was has will can could would didnt doesnt isnt hasnt`)

// toPersonVerbs, before "to", make the word after it someone something is
// given, sold or said to ("sold it to bea").
var toPersonVerbs = lang.Words(`sold sell sells selling gave give gives giving handed lent sent send sends
	introduced married engaged said say says told mention mentioned`)

// givenNameSlot reports whether the lower-case word at i stands where a
// person's name fits, for a name of the large list (givenName), which is
// too large to make a word a name wherever it stands:
//   - the subject of its clause, before a verb, an auxiliary or "'s"
//     that is "is" or "has" ("dario is moving to medellín", "mick's
//     retired"), or before "and i" ("wout and i signed for a flat"), or
//     opening the sentence before "from" ("dario from our course");
//   - the subject of a question after its auxiliary, a verb or adverb
//     next ("did gail finally say yes");
//   - the whole of a clause after "and", "that's" or "this is" ("And
//     pieter??", "thats bernie!!");
//   - after "me and" or "me n" ("me and hattie started it");
//   - after "with" or after "to" of a verb of giving or opening the
//     sentence, ending the phrase ("to bea from the flower market").
//
// A word after a royal title, a kin word or a common word was left out
// before (lowerNameAt, givenName).
func givenNameSlot(s *sentence, i int) bool {
	t := s.Toks[i]
	prev := s.Norm(i - 1)
	next := s.Tok(i + 1)
	opening := i == s.FirstWord() || clauseOpeners[prev] || prev == "," || subjectOpener(s, i) || timeConjunctions[prev] || afterTopic(s, i)
	v := verbAfterAdverbs(s, i+1)
	_, third := thirdSingular[s.Norm(v)]
	phraseEnd := !next.Word || functionWords[next.Norm] && !s.Is(i+1, "of", "'s")
	switch {
	case t.Poss:
		return false // "nisha's place", and "hemi's still doing his shifts" reads as a possessive
	case opening && (subjectAux[s.Norm(v)] || third || nameSlotVerbs[s.Norm(v)] || frameSubjectVerbs[s.Norm(v)] || personVerb(s, i, v)):
		return true
	case opening && s.Is(i+1, "and", "n", "&") && s.Is(i+2, "i", "me"):
		return true
	case i == s.FirstWord() && s.Is(i+1, "from") && s.Is(i+2, "our", "my", "the", "work", "uni", "school"):
		return true
	case askAux[prev] && clauseOpening(s, i-1) && !t.Poss && next.Word && !functionWords[next.Norm]:
		return true
	case clauseEndsAt(s, i+1) && !t.Poss && (s.Is(i-1, "and") && i-1 == s.FirstWord() ||
		s.Is(i-1, "thats", "that's") && clauseOpening(s, i-1) || s.Seq(i-2, "this", "is") && clauseOpening(s, i-2)):
		return true
	case s.Seq(i-2, "me", "and") || s.Seq(i-2, "me", "n"):
		return !t.Poss && phraseEnd
	case prev == "with" || prev == "to" && (toPersonVerbs[s.Norm(i-2)] || s.Is(i-2, "it", "them", "him", "her") && toPersonVerbs[s.Norm(i-3)]):
		return !t.Poss && phraseEnd
	}
	return false
}
