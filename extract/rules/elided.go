package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// elidedSubject reads a sentence that opens on a third-person verb, its
// subject left out as in a burst of short messages ("Tomás got promoted.
// back weds. reports to Elena now"), as said of the person the
// conversation last named: the sentence is read again with that name as
// its subject, citing the turn that named them. Only -s forms are read
// ("reports", "works", "lives"): "moved to Leeds" without a subject is as
// often the speaker's. The person must be typed a person and the only
// one named in their turn.
func (c *turnCtx) elidedSubject(t ontology.Turn, s *sentence) {
	if s.Question || c.disc == nil || s.End-s.Start > maxPatternBytes {
		return
	}
	f := s.FirstWord()
	for f >= 0 && f+1 < len(s.Toks) && (adverbs[s.Norm(f)] || greetingWords[s.Norm(f)]) {
		f++ // "also works at Arup now", "lol runs the whole place"
	}
	if f < 0 || s.Toks[f].Cap && f > 0 || !elidedVerbs[s.Norm(f)] {
		return
	}
	rest := strings.TrimSpace(c.text[s.Toks[f].Start:s.End])
	if name, ok := c.nameAloneBefore(s); ok {
		c.readAs(t, name+" "+rest) // "wout. plays bass in a band called Lichtkrant"
		return
	}
	a, ok := c.disc.namedPerson("")
	if !ok || c.disc.isSpeaker(a.ref.Name) || a.ref.Name == "" {
		return
	}
	c.readAs(t, a.ref.Name+" "+rest, a.turn)
}

// nameAloneBefore returns the name the turn said alone in the sentence
// right before s ("wout. plays bass in a band called Lichtkrant", "Dario.
// works in fintech now", "kwabena asante. drums for the brass tacks"):
// one word no word list knows, or a given name, with a surname no word
// list knows after it, which the subjectless sentence after it is about.
// A speaker's name, a filler or an everyday word ("lol.", "update.") is
// none.
func (c *turnCtx) nameAloneBefore(s *sentence) (string, bool) {
	var prev *sentence
	ss := c.sentencesOf(c.text)
	for i := range ss {
		if ss[i].End <= s.Start {
			prev = &ss[i]
		}
	}
	if prev == nil {
		return "", false
	}
	var words []int
	for i, t := range prev.Toks {
		if !t.Word || isEmoji(t.Text) {
			continue
		}
		if len(words) == 2 {
			return "", false
		}
		words = append(words, i)
	}
	if len(words) == 0 || prev.Toks[words[len(words)-1]].Poss {
		return "", false
	}
	w := prev.Toks[words[0]].Norm
	if len(words) == 2 {
		// "kwabena asante.": a given name and a surname, the whole name,
		// kept as typed: a name typed in lower case leaves the sentence
		// built with it lower case, as its other names are
		sur := prev.Toks[words[1]].Norm
		if !firstName(w) || wordNames[w] || !unknownNorm(sur) || c.disc.isSpeaker(w) {
			return "", false
		}
		return prev.Toks[words[0]].Text + " " + prev.Toks[words[1]].Text, true
	}
	if !unknownNorm(w) && !firstName(w) || wordNames[w] || c.disc.isSpeaker(w) || isFiller(w) || greetingWords[w] {
		return "", false
	}
	return titleCase(w), true
}

// elidedVerbs are the third-person verbs a subjectless sentence is read
// with: those of thirdSingular but "has" and "goes" (asked as often:
// "has anyone", "goes without saying").
var elidedVerbs = func() map[string]bool {
	m := map[string]bool{"reports": true}
	for v := range thirdSingular {
		m[v] = v != "has" && v != "goes"
	}
	return m
}()

// newsHeadings end the label a speaker puts before their own news: "small
// news:", "work update:", "ok other news:".
var newsHeadings = map[string]bool{"news": true, "update": true, "updates": true}

// newsHeadingEnd returns the index after the colon of a news label that
// opens s ("small news: got a job at Brännö Sport!!"), or 0.
func newsHeadingEnd(s *sentence) int {
	for k := 1; k < len(s.Toks) && k <= 4; k++ {
		if s.Is(k, ":") {
			if newsHeading(s, k) {
				return k + 1
			}
			return 0
		}
	}
	return 0
}

// newsHeading reports whether the colon at k ends a label of the speaker's
// own news that opens the sentence: at most three words, the last of them
// "news" or "update" ("small news: got a job at …", "personal update:").
// What follows it opens a clause as if the label were not there. News of
// another named ("Kofi news:") or asked ("any news:") is no such label.
func newsHeading(s *sentence, k int) bool {
	if !newsHeadings[s.Norm(k-1)] {
		return false
	}
	words := 0
	for j := k - 1; j >= 0; j-- {
		if !s.Toks[j].Word {
			if isEmoji(s.Toks[j].Text) {
				continue
			}
			return false
		}
		if words++; words > 3 || s.Toks[j].Cap && (j > 0 || !englishWords[s.Norm(j)] && !newsHeadings[s.Norm(j)]) || firstName(s.Norm(j)) ||
			s.Is(j, "any", "no", "your", "ur", "his", "her", "their") {
			return false
		}
	}
	return true
}
