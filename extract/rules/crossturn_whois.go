package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Questions that ask who someone is ("who's Amy?", "who is Marco??") and
// the tie another speaker answers with ("my flatmate lol", "our new
// drummer"): the answer says what the named person is to the answerer.

// whoIsQuestion returns the name a "who's X?" or "is that X (in the
// photo)?" question asks about, or "".
func whoIsQuestion(text string, s *sentence) string {
	w := questionStart(s)
	that := w >= 0 && s.Is(w, "is") && s.Is(w+1, "that", "this") // "is that Eun-ji in the photo?"
	if w < 0 || !that && (s.Norm(w) != "who" || !s.Is(w+1, "is")) {
		return ""
	}
	sp, ok := nameAt(s, w+2)
	if !ok || s.Toks[sp.to-1].Poss {
		return ""
	}
	if that && inPicture(s, sp.to) {
		return strings.TrimSpace(text[s.Toks[sp.from].Start:s.Toks[sp.to-1].End])
	}
	if sp.to < len(s.Toks) && s.Toks[sp.to].Word && !s.Is(sp.to, "again", "then", "lol") {
		return "" // "who is Amy seeing?": another question
	}
	return strings.TrimSpace(text[s.Toks[sp.from].Start:s.Toks[sp.to-1].End])
}

// inPicture reports whether "in the photo" (picture, pic, video,
// selfie), the place a "is that X?" points at, opens s at k.
func inPicture(s *sentence, k int) bool {
	return s.Is(k, "in", "on") && s.Is(k+1, "the", "this", "that", "your", "ur", "ya") &&
		s.Is(k+2, "photo", "pic", "picture", "video", "selfie", "pics", "photos") && (k+3 >= len(s.Toks) || !s.Toks[k+3].Word)
}

// whoIsAnswer reads turn t, another speaker's short answer to "who's X?"
// that starts with a tie of theirs ("my flatmate lol", "our drummer"), as
// "X is my flatmate".
func (c *turnCtx) whoIsAnswer(t ontology.Turn, asked *askedTurn) {
	if asked == nil || asked.whoIs == "" || asked.speaker == t.Speaker || c.speaker.Name == "" {
		return
	}
	sents := c.sentencesOf(t.Text)
	for len(sents) > 1 && onlyGreeting(&sents[0]) {
		sents = sents[1:] // "yes! my cousin"
	}
	if len(sents) == 0 || sents[0].Question || laughs(t.Text) {
		return
	}
	s := &sents[0]
	k := s.FirstWord()
	for k >= 0 && k < len(s.Toks) && (greetingWords[s.Norm(k)] || !s.Toks[k].Word) {
		k++
	}
	if s.Is(k, "he", "she") && s.Norm(k+1) == "is" {
		return // "she's my boss" is read as it stands
	}
	if !s.Is(k, "my", "our") {
		return
	}
	j := k + 1
	for j < len(s.Toks) && roleAdjectives[s.Norm(j)] {
		j++
	}
	if info, ok := roleWords[s.Norm(j)]; !ok || info.plural || roleVetoes[s.Norm(j-1)] && j-1 > k {
		return
	}
	if j+1 < len(s.Toks) && s.Toks[j+1].Word && !s.Is(j+1, "lol", "haha", "lmao", "obviously", "obvs", "tbh", "why") {
		return // "my boss's wife": more than the tie
	}
	c.readAs(t, asked.whoIs+" is "+t.Text[s.Toks[k].Start:s.Toks[j].End]+".", asked.turn)
}

// onlyGreeting reports whether s holds nothing but greeting words and
// punctuation ("yes!", "omg yes!!").
func onlyGreeting(s *sentence) bool {
	for k := range s.Toks {
		if s.Toks[k].Word && !greetingWords[s.Norm(k)] {
			return false
		}
	}
	return true
}
