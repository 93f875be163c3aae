package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

// Answers given for someone else, and questions about someone named with
// a possessive: "@nadia where are you working now?" / Joe: "she's at
// Kestrel Foods"; "where does ur sister Bea work now?" / "Sefton Council".

// vocativeAt returns the index of "where", "who" or "what" when the question at w is
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
	if !s.Is(k, "where", "who", "what") {
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
// could be their own.
func (q question) forAnswerer(speaker string) question {
	if q.vocative == "" || calledBy(q.vocative, speaker) {
		return q
	}
	return question{subj: q.vocative, verb: q.third, prep: q.prep, noun: q.noun, forOther: true, job: q.job}
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

// whatDoQuestion reads "what does Hamid do (again / for work)?" and "what
// do you do for a living?" into a statement a job completes: "Hamid is"
// + "a nurse at St Luke's". Other questions give ok false.
func whatDoQuestion(s *sentence, w int, vocative string) (question, bool) {
	if w < 0 || !s.Is(w, "what") || !s.Is(w+1, "does", "do") {
		return question{}, false
	}
	k, subj, you := w+2, "", false
	switch {
	case s.Is(k, "you", "u"):
		subj, you, k = "I", true, k+1
	case s.Is(k, "he", "she", "they"):
		subj, k = s.Norm(k), k+1
	default:
		k = possessedName(s, k)
		for at := k; k < len(s.Toks) && k < at+3 && s.Toks[k].Word && s.Toks[k].Cap; k++ {
			subj = strings.TrimSpace(subj + " " + s.Toks[k].Text)
		}
	}
	if subj == "" || !s.Is(k, "do") {
		return question{}, false
	}
	for k++; k < len(s.Toks) && s.Toks[k].Word && answerFillers[s.Norm(k)]; k++ {
	}
	if s.Seq(k, "for", "work") {
		k += 2
	} else if s.Seq(k, "for", "a", "living") {
		k += 3
	}
	if k < len(s.Toks) && s.Norm(k) != "?" {
		return question{}, false // "what does Hamid do at weekends?"
	}
	be := map[bool]string{true: "am", false: "is"}[you]
	if subj == "they" {
		be = "are"
	}
	q := question{subj: subj, verb: be, job: true}
	if you && vocative != "" {
		q.vocative, q.third = vocative, "is"
	}
	return q, true
}

// jobAnswer is the fragment of an answer to "what does X do?" as the
// statement's complement: "nurse at St Luke's" reads "a nurse at St
// Luke's". An answer opening with a verb ("works at Arup") is its own
// predicate: verb is false, and the statement drops its "is".
func jobAnswer(s *sentence, k int, frag string) (string, bool) {
	if s.Is(k, "a", "an", "the") {
		return frag, true
	}
	if _, third := thirdSingular[s.Norm(k)]; third {
		return frag, false
	}
	return "a " + frag, true
}

// hqQuestion reads "where is Quillon HQ?" / "where's Quillon's
// headquarters?" into "Quillon's HQ is in …", which says where an
// organisation is based (LOCATED_IN), not where a person lives.
func hqQuestion(wh, aux, subj string, rest []string) (question, bool) {
	if wh != "where" || aux != "is" && aux != "was" {
		return question{}, false
	}
	hq := func(w string) bool { w = strings.ToLower(w); return w == "hq" || w == "headquarters" }
	f := strings.Fields(subj)
	switch {
	case len(rest) == 0 && len(f) >= 2 && hq(f[len(f)-1]):
		f = f[:len(f)-1]
	case len(rest) == 1 && hq(rest[0]) && len(f) >= 1:
	default:
		return question{}, false
	}
	name := strings.TrimSuffix(strings.TrimSuffix(strings.Join(f, " "), "'s"), "’s")
	return question{subj: name + "'s HQ", verb: "is", prep: "in"}, true
}

// calledBy reports whether the name a question is put to calls speaker:
// the same name, or the first word of a handle ("Marcus" calls marcus_r,
// "Sofi" calls @sofi.m).
func calledBy(name, speaker string) bool {
	n, sp := ontology.NormaliseName(name), ontology.NormaliseName(speaker)
	if n == sp {
		return true
	}
	stem := strings.FieldsFunc(strings.TrimPrefix(sp, "@"), func(r rune) bool { return !unicode.IsLetter(r) })
	return len(stem) > 0 && len(n) >= 3 && stem[0] == n
}
