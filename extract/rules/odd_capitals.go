package rules

import "strings"

// Odd capitals and answers said to someone by name (h14-blind26): some writers, often an older relative in a
// family chat, capitalise words for weight rather than for names: "Sana is
// Engaged to a boy called Bilal. He is a Mechanical Engineer at Chenab
// Textiles", "I am very Proud of You". A capitalised participle or job
// title read as a name stands between a pronoun and its person and hides
// the job from the readings of occupations, which take no capitals.

// lowerOddCapitals clears the capital of the words such a writer
// capitalises in a sentence that is not all title case: a participle of
// state after a verb of being ("is Engaged", "got Married") and the words
// of a job title after "a" or "an" ("a Mechanical Engineer"). Each word
// must be in the word lists and no given name; a known entity's name is
// never one of them (recaseKnown ran first).
func lowerOddCapitals(s *sentence) {
	for i := 1; i < len(s.Toks); i++ {
		if !s.Toks[i].Cap || !oddCapitalWord(s, i) {
			continue
		}
		if s.Is(i-1, "is", "are", "was", "were", "am", "got", "get", "getting", "been", "be") && !s.Tok(i+1).Cap &&
			len(s.Norm(i)) > 4 && strings.HasSuffix(s.Norm(i), "ed") {
			s.Toks[i].Cap = false // "Sana is Engaged to"
			continue
		}
		if !s.Is(i-1, "a", "an") {
			continue
		}
		j := i
		for j < len(s.Toks) && j < i+3 && s.Toks[j].Cap && oddCapitalWord(s, j) {
			j++
		}
		if head := s.Norm(j - 1); jobTitles[head] || occupations[head] {
			for k := i; k < j; k++ {
				s.Toks[k].Cap = false // "a Mechanical Engineer at"
			}
			i = j - 1
		}
	}
}

// oddCapitalWord reports whether the capitalised word at i is a common
// word that names no one: in the word lists, no given name, no place, no
// word a name is made of alone.
func oddCapitalWord(s *sentence, i int) bool {
	w := s.Norm(i)
	return s.Toks[i].Word && !s.Tok(i).Poss && (englishWords[w] || inVocab(w)) && !firstName(w) && !wordNames[w] && !inGazetteer(w)
}

// answerVocative reports whether the one-word name sp is said to the one
// answered, after the "no" or "yes" that opens the sentence and before no
// verb of its own: "No Adil that was his Brother Kamran", "yes Zara, her
// shop is in Lekki". The name is then the addressee, never the "his" or
// "her" that follows (a label spelt otherwise, "Adill", must not make it
// one).
func answerVocative(s *sentence, sp span) bool {
	return sp.to-sp.from == 1 && sp.from > 0 && sentenceStartAt(s, sp.from-1) &&
		(answerWords[s.Norm(sp.from-1)] || s.Is(sp.from-1, "no", "nah", "nope")) && !verbFollows(s, sp.to)
}
