package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Turn-level readings of h14-blind8: what a chat says of an activity
// across sentences or turns, and a place asked as a bare fragment.

// blind8Turn reads turn t with the previous turn (nil at the start).
func (c *turnCtx) blind8Turn(t ontology.Turn, prev *prevTurn) {
	if c.speaker.Name == "" {
		return
	}
	if c.disc.speakerOf == nil {
		c.disc.speakerOf = map[string]string{}
	}
	c.disc.speakerOf[t.ID] = c.speaker.Name
	c.likedActivity(t, prev)
	c.inPlaceFragment(t, prev)
	c.whosePet(t, prev)
	c.engagedTo(t)
	c.thanksSis(t)
	c.whoIsLower(t, prev)
}

// takeUpVerbs say one does or has taken up an activity: the object is
// what a later "im obsessed" or "i love it" is about.
var takeUpVerbs = lang.Words(`doing into`)

// activityAt reads the short activity phrase at k ("wild swimming",
// "pottery", "the sourdough"): up to three plain words, "the" dropped,
// ending at a stop word or punctuation. A possessive or a pronoun ("my
// taxes", "it") is none.
func activityAt(s *sentence, k int) string {
	if s.Is(k, "the", "some") {
		k++
	}
	var ws []string
	for j := k; j < len(s.Toks) && len(ws) < 4; j++ {
		t := s.Toks[j]
		if !t.Word || npStops[t.Norm] || functionWords[t.Norm] || pronounish[t.Norm] || t.Cap && j == k && !s.Lower {
			break
		}
		ws = append(ws, t.Text)
		if t.Poss {
			return ""
		}
	}
	if len(ws) == 0 || len(ws) > 3 || s.Is(k, "my", "your", "his", "her", "our", "their", "ur") {
		return ""
	}
	return strings.Join(ws, " ")
}

// ownActivity returns the activity a statement of the speaker's says they
// do or took up ("ive been doing wild swimming", "also ive taken up
// pottery??"), with the index after the verb phrase, or "".
func ownActivity(s *sentence) (string, int) {
	for k := 0; k < len(s.Toks); k++ {
		v := -1
		switch {
		case takeUpVerbs[s.Norm(k)]:
			v = k + 1
		case s.Is(k, "taken", "took", "picked") && s.Norm(k+1) == "up":
			v = k + 2
		default:
			continue
		}
		for j := 0; j < k; j++ {
			if s.Toks[j].Word && !selfLead[s.Norm(j)] {
				return "", -1
			}
		}
		if a := activityAt(s, v); a != "" {
			return a, v
		}
	}
	return "", -1
}

// selfLead may stand before the speaker's own verb: "also ive been so into".
var selfLead = lang.Words(`i im have been am also so really just lately recently finally still honestly tbh lol
	ok and but`)

// lovesIt reports whether s, from k on, says the speaker loves what was
// just named, with no object of its own: "im obsessed", "Obsessed.", "i
// love it more than people", "loving it".
func lovesIt(s *sentence, k int) bool {
	for j := k; j < len(s.Toks); j++ {
		switch {
		case s.Is(j, "obsessed", "hooked", "addicted"):
			return !s.Is(j+1, "with", "w", "over", "about", "by", "to") && !s.Is(j-1, "not", "never")
		case s.Is(j, "love", "loving", "adore") && s.Norm(j+1) == "it":
			return !s.Is(j+2, "when", "if", "because") && !s.Is(j-1, "not", "don't", "dont", "never", "would", "'d")
		}
	}
	return false
}

// likedActivity reads "ive been doing wild swimming at portobello every
// morning, im obsessed", "ive taken up pottery?? i love it more than
// people", and "u still doing the sourdough" / "Obsessed.": LIKES the
// activity. A love with an object ("obsessed with knitting"), a
// question or a hedge is not read.
func (c *turnCtx) likedActivity(t ontology.Turn, prev *prevTurn) {
	if !lovesItCue(t.Text) || pastOrGone(t.Text) {
		return // the common case, decided without tokenizing; "gave it up. was obsessed for a bit"
	}
	sents := c.sentencesOf(t.Text)
	activity, cite := "", ""
	for i := range sents {
		s := &sents[i]
		c.known.recase(s)
		if s.Question || lang.EndsInQuestion(t.Text[s.Start:s.End]) && i == len(sents)-1 {
			if a, _ := ownActivity(s); a != "" {
				activity = a // "ive taken up pottery??": a statement said with surprise
			}
			continue
		}
		from := 0
		if a, v := ownActivity(s); a != "" {
			activity, from = a, v
		}
		if activity == "" && i == 0 && prev != nil && prev.speaker != t.Speaker {
			activity, cite = c.disc.askedActivity(prev.full, prev.question), prev.turn
		}
		if activity != "" && lovesIt(s, from) && !hedgedAfter(s, 0) && !sarcastic(t.Text, s) && !othersLove(s) {
			c.readAs(t, "I love "+activity+".", cite)
			return
		}
	}
}

// othersLove reports whether a sentence says someone else loves it: "my
// mum is, she's obsessed", "dan is, hes obsessed".
func othersLove(s *sentence) bool {
	for j := range s.Toks {
		if s.Is(j, "he", "she", "they", "hes", "shes", "theyre") || s.Is(j, "is") && j > 0 && !s.Is(j-1, "it", "this", "that") {
			return true
		}
	}
	return false
}

// lovesItCue reports whether text holds a word lovesIt reads.
func lovesItCue(text string) bool {
	return holdsAny(text, "obsessed", "hooked", "addicted", "love it", "loving it", "adore it")
}

// askedActivity reads the activity a question asks the one spoken to
// about: "are you still into climbing?", and without its question mark
// when it opens on "u"/"you" ("u still doing the sourdough").
func (d *discourse) askedActivity(text string, question bool) string {
	sents := d.sentencesOf(text)
	if len(sents) == 0 {
		return ""
	}
	s := &sents[len(sents)-1]
	for k := 0; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "u", "you") {
			continue
		}
		if !question && k != s.FirstWord() {
			return ""
		}
		j := k + 1
		if s.Is(j, "still", "ever") {
			j++
		}
		if takeUpVerbs[s.Norm(j)] {
			return activityAt(s, j+1)
		}
		return ""
	}
	return ""
}

// inPlaceFragment reads "The craft brewery? In Cork?" / "ya": a bare
// "in X?" asked of the organisation just named, confirmed, places it
// there (read as "they're in Cork", theyAreInAfter).
func (c *turnCtx) inPlaceFragment(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || !prev.question {
		return
	}
	if last := strings.ToLower(strings.TrimSpace(prev.last)); !strings.HasPrefix(last, "in ") || !affirms(t.Text) ||
		visitText(t.Text) || strings.Contains(strings.ToLower(t.Text), " for ") {
		return // "ya in Cork for the interview": a stay
	}
	sents := c.sentencesOf(prev.last)
	if len(sents) != 1 || !fragmentsOnly(prev.full[:max(0, strings.LastIndex(prev.full, prev.last))]) {
		return
	}
	s := &sents[0]
	f := s.FirstWord()
	if f < 0 || !s.Is(f, "in") || len(s.Toks)-f > 5 {
		return
	}
	for j := f + 1; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !s.Toks[j].Cap {
			return // "in the office?": no name
		}
	}
	c.readAs(t, "they're "+strings.TrimSpace(prev.last[s.Toks[f].Start:s.Toks[len(s.Toks)-1].End])+".", prev.turn)
}

// fragmentsOnly reports whether text, said before "In Cork?", is at most
// short noun fragments that name what is asked about ("The craft
// brewery?", "ok so the craft brewery lol?"): a question of its own ("meet for lunch tomorrow?") makes
// "In Cork?" about that instead.
func fragmentsOnly(text string) bool {
	for _, s := range lang.SplitSentences(lang.Tokenize(text)) {
		f := afterLeads(&s)
		if f < 0 {
			continue
		}
		words := 0
		for _, t := range s.Toks[f:] {
			if t.Word && !chatLeads[t.Norm] && t.Norm != "lmao" {
				words++
			}
		}
		if words > 4 || !s.Is(f, "the", "a", "an", "that", "this") && !s.Toks[f].Cap {
			return false
		}
	}
	return true
}

// whosePet reads "whose cat is pickle even" / "MINE." and "is pixel your
// cat or your roommate's?" / "mine!!": the one who answers owns the pet
// ("Pickle is my cat"). "not mine", "mine's the tabby", a question about
// "that" or one with no other owner offered are not read.
func (c *turnCtx) whosePet(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(t.Text)), "mine") ||
		!strings.Contains(strings.ToLower(prev.full), "whose") && !strings.Contains(strings.ToLower(prev.full), " or ") {
		return
	}
	ans := c.sentencesOf(t.Text)
	if len(ans) == 0 {
		return
	}
	a := &ans[0]
	f := a.FirstWord()
	if f < 0 || !a.Is(f, "mine") || a.Tok(f).Poss || a.Question || f+1 < len(a.Toks) && (a.Toks[f+1].Word && !a.Is(f+1, "lol", "haha", "obviously", "ofc", "duh", "x")) {
		return // "mine to walk today", "mine? no idea"
	}
	if pastOrGone(t.Text) {
		return // "mine. was. he died in may"
	}
	for _, q := range c.sentencesOf(prev.full) {
		for k := 0; k+3 < len(q.Toks); k++ {
			at, species := k+3, q.Norm(k+1)
			if q.Is(k, "is") && q.Is(k+2, "your", "ur") && petSpecies[q.Norm(k+3)] && q.Is(k+4, "or") && q.Question {
				at, species = k+1, q.Norm(k+3) // "is pixel your cat or your roommate's?" / "mine!!"
			} else if !q.Is(k, "whose") || !petSpecies[q.Norm(k+1)] || !q.Is(k+2, "is") {
				continue
			}
			name := q.Toks[at]
			if !name.Word || pronounish[name.Norm] || functionWords[name.Norm] || name.Poss ||
				englishWords[name.Norm] && (strings.HasSuffix(name.Norm, "ing") || strings.HasSuffix(name.Norm, "ed")) {
				return // "whose dog is barking"
			}
			c.readAs(t, titleCase(name.Text)+" is my "+singularSpecies(species)+".", prev.turn)
			return
		}
	}
}

// describedThenNamed reads an answer that describes someone before
// naming them: "the founder, Jonas Brandt." gives "Jonas Brandt". The
// name must end the sentence.
func describedThenNamed(text string) (string, bool) {
	sents := lang.SplitSentences(lang.Tokenize(text))
	if len(sents) == 0 {
		return "", false
	}
	s := &sents[0]
	f := s.FirstWord()
	if f < 0 || !s.Is(f, "the", "my", "our") {
		return "", false
	}
	k := f + 1
	for k < len(s.Toks) && k <= f+3 && s.Toks[k].Word && !s.Toks[k].Cap {
		k++
	}
	if k == f+1 || !s.Is(k, ",") {
		return "", false
	}
	k++
	from := k
	for k < len(s.Toks) && k < from+3 && s.Toks[k].Word && s.Toks[k].Cap {
		k++
	}
	if k == from || k < len(s.Toks) && s.Toks[k].Word {
		return "", false
	}
	return strings.TrimSpace(text[s.Toks[from].Start:s.Toks[k-1].End]), true
}

// thanksSisRE finds a sister addressed in thanks or love: "cheers sis",
// "thanks sis!!", "love u sis", "night sis x". ("bro" is said to friends
// as often as to brothers: not read.)
var thanksSisRE = regexp.MustCompile(`(?i)^\W*(?:cheers|thanks|thank\s+(?:you|u)|ta|love\s+(?:you|u|ya)|miss\s+(?:you|u|ya)|night|morning)\s*,?\s+(?:sis|sister|sissy)\b`)

// thanksSis reads "cheers sis" in a two-party chat: the one spoken to is
// the speaker's sister.
func (c *turnCtx) thanksSis(t ontology.Turn) {
	loc := thanksSisRE.FindStringIndex(t.Text)
	if loc == nil || !thanksOnly(t.Text[loc[1]:]) {
		return
	}
	you := c.disc.addressee(t.Speaker)
	if you.Name == "" {
		return
	}
	c.relation(rel{typ: ontology.RelFamilyOf, from: c.speaker, to: you, role: "sister", conf: confWeak, validFrom: c.ts})
}

// thanksTail are the words that may follow "cheers sis" in its sentence.
var thanksTail = lang.Words(`x xx xxx lol haha love u you ya ily ur the best legend babe ❤️`)

// thanksOnly reports whether what follows "cheers sis" up to the end of
// its sentence only adds warmth ("!!", " x", ", ur the best"): "cheers
// sis, not that ur my sister lol" or "thanks sister act 2 fan" say it of
// no sister.
func thanksOnly(rest string) bool {
	if i := strings.IndexAny(rest, ".!?\n"); i >= 0 {
		rest = rest[:i]
	}
	for _, w := range strings.Fields(strings.ToLower(rest)) {
		w = strings.Trim(w, ",;:-~()")
		if w != "" && isLetterWord(w) && !thanksTail[w] {
			return false
		}
	}
	return true
}

// askedLowerName returns the one word a question of the previous turn asks
// about: "wait who's kit", "whos jonno??", "jonno?" (a word no list
// knows as a common one), or "".
func (d *discourse) askedLowerName(text string, question bool) string {
	sents := d.sentencesOf(text)
	if len(sents) == 0 {
		return ""
	}
	s := &sents[len(sents)-1]
	f := afterLeads(s)
	if s.Is(f, "wait", "sorry", "um", "hang") {
		f++
	}
	k := f
	switch {
	case s.Is(k, "whos"):
		k++
	case s.Is(k, "who") && s.Is(k+1, "is"):
		k += 2
	}
	if k < 0 || k >= len(s.Toks) || !s.Toks[k].Word || s.Toks[k].Poss {
		return ""
	}
	w := s.Toks[k]
	for j := k + 1; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !s.Is(j, "again", "lol") {
			return ""
		}
	}
	if pronounish[w.Norm] || functionWords[w.Norm] || !isLetterWord(w.Text) || k == f && (englishWords[w.Norm] || !question) {
		return "" // "what?", "really?": no name asked
	}
	return w.Text
}

// whoIsLower reads the answer to a question about a name typed in lower
// case or alone ("wait who's kit" / "kit = my girlfriend", "jonno?" /
// "our old drummer"), as "Kit is my girlfriend", "Jonno is our old
// drummer" (whoIsAnswer reads the capitalised "who's X?").
func (c *turnCtx) whoIsLower(t ontology.Turn, prev *prevTurn) {
	if prev == nil || prev.speaker == t.Speaker || !prev.question && !strings.Contains(strings.ToLower(prev.last), "who") {
		return
	}
	name := c.disc.askedLowerName(prev.last, prev.question)
	if name == "" || c.disc.isSpeaker(name) {
		return
	}
	sents := c.sentencesOf(t.Text)
	if len(sents) == 0 || sents[0].Question {
		return
	}
	s := &sents[0]
	k := afterLeads(s)
	if k >= 0 && strings.EqualFold(s.Toks[k].Text, name) && s.Is(k+1, "is", "=") {
		k += 2 // "kit = my girlfriend"
	}
	if k < 0 || !s.Is(k, "my", "our") {
		return
	}
	j := k + 1
	for j < len(s.Toks) && s.Toks[j].Word && !s.Toks[j].Cap && j < k+4 {
		j++
	}
	c.readAs(t, titleCase(name)+" is "+strings.TrimSpace(t.Text[s.Toks[k].Start:s.Toks[j-1].End])+".", prev.turn)
}
