package rules

import (
	"github.com/loci-memory/loci/ontology"
)

// Answers given for someone else, and questions about someone named with
// a possessive: "@nadia where are you working now?" / Joe: "she's at
// Kestrel Foods"; "where does ur sister Bea work now?" / "Sefton Council".

// vocativeAt returns the index of "where"/"who" when the question at w is
// put to someone by name first ("@nadia where are you working now",
// "Kit, where do u live again"), else w.
func vocativeAt(s *sentence, w int) int {
	if w < 0 || w >= len(s.Toks) || !s.Toks[w].Word || !s.Toks[w].Cap && (w == 0 || s.Toks[w-1].Norm != "@") {
		return w
	}
	k := w + 1
	if s.Norm(k) == "," {
		k++
	}
	if !s.Is(k, "where", "who") {
		return w
	}
	if s.Is(k+1, questionAux...) && s.Is(k+2, "you", "u") || s.Is(k+1, "you", "u") {
		return k
	}
	return w
}

// possessedName returns the index of the name a possessive subject leads
// to ("your new flatmate Oisín": Oisín), or k when the subject at k is not
// one: a possessor (as before a pet's species), one to three lower-case words, then a capitalised word.
// The role itself ("ur sister Bea") is read by the ordinary patterns.
func possessedName(s *sentence, k int) int {
	if !s.Is(k, possessors...) {
		return k
	}
	j := k + 1
	for j < len(s.Toks) && j < k+4 && s.Toks[j].Word && !s.Toks[j].Cap && !s.Is(j, questionAux...) {
		j++
	}
	if j == k+1 || j >= len(s.Toks) || !s.Toks[j].Word || !s.Toks[j].Cap {
		return k
	}
	return j
}

// forAnswerer is the question as the speaker of an answer reads it: a
// you-question put to someone by name and answered by another speaker is
// about the one asked, and only an answer with a pronoun subject ("she's
// at Kestrel Foods") speaks for them; a bare name from a third person
// could be their own. ok is false when the answer cannot be read.
func (q question) forAnswerer(speaker string) (question, bool) {
	if q.vocative == "" || ontology.NormaliseName(q.vocative) == ontology.NormaliseName(speaker) {
		return q, true
	}
	return question{subj: q.vocative, verb: q.third, prep: q.prep, noun: q.noun, forOther: true}, true
}

// answerSubject returns the index after a pronoun subject that the
// answer's fragment starts with when it stands for the question's subject
// ("she's at Kestrel Foods", "I'm at Arup now"), with ok; from and false
// when there is none.
func (q question) answerSubject(s *sentence, from, end int) (int, bool) {
	var pron []string
	switch q.subj {
	case "":
		return from, false
	case "I":
		pron = []string{"i", "im"}
	default:
		pron = []string{"he", "she", "they"}
	}
	if !s.Is(from, pron...) {
		return from, false
	}
	if g := pronounGender[s.Norm(from)]; g != genderUnknown {
		want := q.gender
		if w := pronounGender[q.subj]; w != genderUnknown {
			want = w
		}
		if want != genderUnknown && want != g {
			return from, false // "where does Nadia work?" / "he's at Arup": someone else
		}
	}
	k := from + 1
	if s.Is(k, "is", "are", "am", "was", "were", "s", "m", "re") {
		k++
	} else if s.Norm(from) != "im" {
		return from, false
	}
	if s.Is(k, "been") {
		k++
	}
	if k >= end || whereaboutsNow(s, k, end) {
		return from, false
	}
	return k, true
}

// answerPronouns are the subjects that, unread, make an answer say nothing
// of the question's subject.
var answerPronouns = []string{"he", "she", "they", "i", "im"}

// whereaboutsNow reports whether s.Toks[k:end] says where someone is at
// the moment rather than where they work or live: "she's at Tesco rn",
// "he's in Leeds for the weekend".
func whereaboutsNow(s *sentence, k, end int) bool {
	for i := k; i < end; i++ {
		if s.Is(i, "rn", "today", "tonight", "visiting", "atm") || s.Seq(i, "right", "now") || s.Is(i, "this", "the") &&
			s.Is(i+1, "week", "weekend", "morning", "afternoon", "evening") {
			return true
		}
	}
	return false
}
