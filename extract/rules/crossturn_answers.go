package rules

import (
	"strings"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Cross-turn reading, continued: questions answered by a name or a place,
// continuations of a burst, "guess who" and news asked of someone
// (crossturn.go holds yes/no questions and their confirmations).

// nounQuestion reads "who's your manager?", "what's your dog called?",
// "what's the name of Jo's rabbit?" into the statement an answer
// completes: "my manager is", "my dog is called", "Jo's rabbit is called".
func nounQuestion(text string, s *sentence) (string, bool) {
	w := questionStart(s)
	if w < 0 || !s.Is(w, "who", "what", "whats", "whos") {
		return "", false
	}
	wh := strings.TrimSuffix(s.Norm(w), "s")
	k := w + 1
	if s.Norm(w) == "whats" || s.Norm(w) == "whos" {
		// one token: "whats ur fave band"
	} else if s.Is(k, "is", "was") {
		k++
	} else {
		return "", false
	}
	named := false
	if wh == "what" && s.Is(k, "the") && s.Is(k+1, "name") && s.Is(k+2, "of") {
		named, k = true, k+3
	}
	// The possessed noun: "your manager", "ur boss", "Jo's rabbit" (the
	// apostrophe-s is gone from the tokens), "your cat's name".
	start := k
	switch {
	case s.Is(k, "your", "ur"):
		k++
	case k < len(s.Toks) && s.Toks[k].Cap && s.Toks[k].Word:
		k++
		if !strings.Contains(text[s.Toks[k-1].Start:min(len(text), s.Toks[k-1].End+2)], "'") &&
			!strings.Contains(text[s.Toks[k-1].Start:min(len(text), s.Toks[k-1].End+2)], "’") {
			return "", false
		}
	default:
		return "", false
	}
	if k >= len(s.Toks) || !s.Toks[k].Word || !askedNouns[s.Norm(k)] {
		return "", false
	}
	noun := k
	k++
	if wh == "what" && !named {
		switch {
		case s.Is(k, "called"), s.Is(k, "name"):
			k++
		default:
			return "", false
		}
	}
	if s.Is(k, "there") {
		k++ // "who's ur boss there": the role is asked all the same
	}
	for k < len(s.Toks) && s.Toks[k].Word && answerFillers[s.Norm(k)] {
		k++
	}
	if k < len(s.Toks) && s.Toks[k].Word {
		return "", false
	}
	np := "my " + s.Toks[noun].Text
	if !s.Is(start, "your", "ur") {
		np = s.Toks[start].Text + "'s " + s.Toks[noun].Text
	}
	if wh == "what" {
		if !petWords[s.Norm(noun)] {
			return "", false
		}
		return np + " is called", true
	}
	if petWords[s.Norm(noun)] {
		return "", false
	}
	return np + " is", true
}

// askedNouns are what a who/what question asks the name of.
var askedNouns = lang.Words(`manager boss supervisor flatmate roommate housemate colleague coworker mentor coach
	teacher neighbour neighbor partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée bf gf
	dog cat puppy kitten rabbit bunny horse pony hamster parrot tortoise turtle budgie snake lizard fish
	guinea pig ferret`)

// petWords are the animals of askedNouns.
var petWords = lang.Words(`dog cat puppy kitten rabbit bunny horse pony hamster parrot tortoise turtle budgie
	snake lizard fish pig ferret`)

// nounAnswer reads turn t, another speaker's short answer, as completing
// the previous turn's noun question: "who's your manager?" / "Marguerite,
// she's lovely" → "my manager is Marguerite".
func (c *turnCtx) nounAnswer(t ontology.Turn, asked *askedTurn) {
	if asked == nil || asked.noun == "" || asked.speaker == t.Speaker || c.speaker.Name == "" || c.disc == nil {
		return
	}
	frag := question{}.answerText(t.Text)
	if frag == "" || laughs(t.Text) {
		return
	}
	if name, ok := describedThenNamed(t.Text); ok {
		frag = name // "the founder, Jonas Brandt."
	}
	c.readAs(t, asked.noun+" "+frag, asked.turn)
}

// burstGap bounds the time between two messages of one burst.
const burstGap = 15 * time.Minute

// prevTurn is the previous turn of the batch, for continuations.
type prevTurn struct {
	speaker, turn, last string // its speaker, id and last sentence's text
	full                string // its whole text
	question            bool
	at                  *time.Time
	index               int // its place in the discourse
}

// maxContinuationGap is how many turns a continuation may follow its
// speaker's message by: the others may put a reaction or a question in
// between ("i joined a choir!!" / "no way which one" / "Headingley
// Community Choir").
const maxContinuationGap = 3

// continuation reads turn t, when it only continues the same speaker's
// previous message, joined to that message's last sentence, citing it:
// "got the job!!" / "at Norvik" reads "got the job at Norvik"; "joined a
// choir" / "Harbour Singers" reads "joined a choir, Harbour Singers". A
// continuation opens on a preposition, or is a name alone after a
// sentence ending in "a <noun>".
func (c *turnCtx) continuation(t ontology.Turn, p prevTurn) {
	if p.question || p.speaker != t.Speaker || p.last == "" || c.disc == nil || c.disc.index-p.index > maxContinuationGap {
		return
	}
	if p.at != nil && t.Timestamp != nil && t.Timestamp.Sub(*p.at) > burstGap || c.answered {
		return
	}
	s, f := c.known.firstSentence(t.Text)
	if f < 0 || s.Question {
		return
	}
	first := strings.TrimSpace(t.Text[s.Toks[f].Start:s.End])
	prev := strings.TrimRight(p.last, " .!?…")
	if nameOnly(s, f) && c.known.askedWhoJustBefore(t.Speaker) {
		return // "i adopted two cats" / "who's helping you move them in?" / "Marta and Jonas": the names answer the question
	}
	switch {
	case continuationPreps[s.Norm(f)]:
		c.readAs(t, prev+" "+first+".", p.turn)
	case nameOnly(s, f) && endsOnIndefinite(prev) && !greetingWords[s.Norm(f)]: // not "Thanks Sam!"
		c.readAs(t, prev+", "+first+".", p.turn)
	case nameOnly(s, f) && endsOnPossessedRole(prev) && !greetingWords[s.Norm(f)]: // "so my brother" / "Callum"
		c.readAs(t, prev+" "+strings.TrimRight(first, " .!…")+".", p.turn)
	case (gotJob(prev) || openVerb(prev)) && !greetingWords[s.Norm(f)]: // "got the job!!" / "Fernhill Bank, starting the 3rd"
		if name, ok := employerLead(t.Text, s, f); ok {
			c.readAs(t, prev+map[bool]string{true: " at ", false: " "}[gotJob(prev)]+name+".", p.turn)
		}
	}
}

// askedWhoJustBefore reports whether the turn just before, by another
// speaker, asked "who…?": a bare name then answers it and does not finish
// the speaker's own earlier message.
func (k *known) askedWhoJustBefore(speaker string) bool {
	q := k.prev
	if q == nil || !q.question || q.speaker == speaker {
		return false
	}
	w := strings.Fields(strings.ToLower(q.full))
	return len(w) > 0 && whoWords[strings.Trim(w[0], "?!.,")]
}

// whoWords open a question that asks for a person.
var whoWords = lang.Words(`who whos who's who’s whose whom`)

// firstSentence returns text's first sentence, recased, and the index of
// its first word (-1 when it has none).
func (k *known) firstSentence(text string) (*sentence, int) {
	sents := k.disc.sentencesOf(text)
	if len(sents) == 0 {
		return &sentence{}, -1
	}
	s := &sents[0]
	k.recase(s)
	return s, s.FirstWord()
}

// continuationPreps open a message that finishes the one before.
var continuationPreps = lang.Words(`at to in into for with from by`)

// nameOnly reports whether the sentence from f is a name alone: up to
// five words, each capitalised or "the", "of", "and", "&".
func nameOnly(s *sentence, f int) bool {
	words, caps := 0, 0
	for k := f; k < len(s.Toks); k++ {
		if !s.Toks[k].Word {
			if s.Norm(k) == "," {
				return false
			}
			continue
		}
		words++
		switch {
		case s.Toks[k].Cap:
			caps++
		case s.Is(k, "the", "of", "and", "&"):
		default:
			return false
		}
	}
	return caps > 0 && words <= 5
}

// endsOnIndefinite reports whether a sentence ends on "a/an [adjective]
// noun" ("joined a choir", "got a puppy", "adopted two cats").
func endsOnIndefinite(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	for i := len(f) - 1; i >= 0 && i >= len(f)-3; i-- {
		switch f[i] {
		case "a", "an", "two", "three", "new":
			return i < len(f)-1
		}
	}
	return false
}

// bareWhere reports a question that is "where" alone ("where??", "where
// to?", "where abouts"), asking where what was just said happens.
func bareWhere(s *sentence) bool {
	words := 0
	for k := range s.Toks {
		if !s.Toks[k].Word {
			continue
		}
		words++
		if words == 1 && !s.Is(k, "where", "whereabouts") || words > 1 && !s.Is(k, "to", "at", "abouts", "exactly", "tho", "though") {
			return false
		}
	}
	return words > 0 && words <= 2
}

// whereAnswer reads turn t, the answer to a bare "where??", into the
// answerer's own last statement: "me n my bf femi r moving in 2gether" /
// "where??" / "walthamstow!!" reads "me n my bf femi r moving to
// walthamstow in 2gether", citing the three turns. The statement needs a
// verb that says where (wherePreps: moving, living, working, based).
func (c *turnCtx) whereAnswer(t ontology.Turn, asked *askedTurn) {
	if asked == nil || !asked.where || asked.speaker == t.Speaker || c.disc == nil || laughs(t.Text) {
		return
	}
	p, ok := c.known.lastBy[t.Speaker]
	if !ok || p.question || c.disc.index-p.index > maxContinuationGap {
		return
	}
	frag := strings.TrimSuffix(question{}.answerText(t.Text), ".")
	if frag == "" {
		return
	}
	sents := c.sentencesOf(p.last)
	if len(sents) == 0 {
		return
	}
	s := &sents[0]
	for k := range s.Toks {
		prep, ok := wherePreps[s.Norm(k)]
		if !ok || !s.Toks[k].Word {
			continue
		}
		f := strings.Fields(frag)
		if prepositions[strings.ToLower(f[0])] || f[0] == "to" {
			prep = ""
		}
		statement := strings.TrimSpace(p.last[:s.Toks[k].End]) + " " + strings.TrimSpace(prep+" "+frag) + " " +
			strings.TrimSpace(p.last[s.Toks[k].End:])
		c.answered = true
		c.readAs(t, strings.Join(strings.Fields(statement), " ")+".", asked.turn, p.turn)
		return
	}
}

// guessTurn is a "guess who got into Oxford" waiting for the name its
// speaker gives next.
type guessTurn struct {
	speaker, turn, vp string
	index             int
}

// guessWho returns the verb phrase of a sentence opening "guess who"
// ("guess who got into the nursing program at X" → "got into the nursing
// program at X"), or "".
func guessWho(text string, s *sentence) string {
	w := questionStart(s)
	for k := w + 1; w >= 0 && !s.Is(w, "guess") && k+1 < len(s.Toks); k++ {
		if s.Is(k, "guess") && s.Is(k-1, "so", "and", ",", "but") {
			w = k // "hakim's on leave so guess who's the new lead of Ledger"
		}
	}
	if w < 0 || !s.Is(w, "guess") || !s.Is(w+1, "who") || w+3 >= len(s.Toks) || !s.Toks[w+2].Word {
		return ""
	}
	return strings.TrimSpace(text[s.Toks[w+2].Start:s.End])
}

// guessed reads turn t, when its speaker names who they asked to guess
// ("Ana!!", or "yes" to another's guess "Ana??"), as the statement:
// "guess who got into the nursing program at X" / "Ana??" / "Ana!!"
// reads "Ana got into the nursing program at X", citing the turns.
func (c *turnCtx) guessed(t ontology.Turn, g *guessTurn, prev *prevTurn) {
	if g == nil || g.speaker != t.Speaker || g.turn == t.ID || c.disc == nil || c.disc.index-g.index > maxContinuationGap {
		return
	}
	s, f := c.known.firstSentence(t.Text)
	if f < 0 {
		return
	}
	name, cites := "", []string{g.turn}
	switch {
	case s.Is(f, "me") && (len(s.Toks)-f <= 2 || !s.Toks[f+1].Word):
		name = "I" // "me!!", "me 🙃 interim but still"
	case nameOnly(s, f) && !s.Question:
		name = strings.TrimSpace(t.Text[s.Toks[f].Start:s.End])
	case prev != nil && prev.speaker != t.Speaker && affirms(t.Text):
		// "Ana??" / "yes!": the other's guess, confirmed.
		ps := c.sentencesOf(prev.full)
		if len(ps) != 1 {
			return
		}
		c.known.recase(&ps[0])
		if pf := ps[0].FirstWord(); pf >= 0 && nameOnly(&ps[0], pf) {
			name, cites = strings.TrimSpace(prev.full[ps[0].Toks[pf].Start:ps[0].End]), append(cites, prev.turn)
		}
	}
	if name == "" {
		return
	}
	c.known.guess = nil
	if rest, ok := strings.CutPrefix(g.vp, "'s "); ok && name == "I" {
		c.readAs(t, "I'm "+rest+".", cites...) // "guess who's the new lead" / "me"
		return
	}
	c.readAs(t, name+" "+g.vp+".", cites...)
}

// askedAbout returns the person a question asks the news of: "how's
// Carla doing?", "what's new with Hana?", "any news from Pieter", "what's
// Dev up to these days?". A speaker of the chat ("how's it going Sam?") is
// none.
func (k *known) askedAbout(text string, s *sentence) string {
	w := questionStart(s)
	if w < 0 {
		return ""
	}
	at := newsAskedAt(s, w)
	switch {
	case at >= 0:
	case s.Is(w, "any") && s.Is(w+1, "news", "update", "updates") && s.Is(w+2, "from", "on", "about", "with"):
		at = w + 3
	case s.Is(w, "what", "whats") && s.Is(w+1, "is"):
		at = w + 2 // "what's Dev up to?": the name must be followed by "up to"
	case s.Is(w, "where", "wheres") && s.Is(w+1, "is") && wordsInAny(s, lang.Words(`now days lately`)):
		at = w + 2 // "where's Dani now?", not "where's Dani? we're starting"
	case heardFromAsked(s, w) > 0: // "has anyone heard from Priyanka" (blind18)
		at = heardFromAsked(s, w)
	}
	if at < 0 {
		return ""
	}
	j := at
	for j < len(s.Toks) && j < at+3 && s.Toks[j].Word && s.Toks[j].Cap {
		j++
	}
	lower := j == at && lowerNameWord(s, at)
	if lower {
		j++ // "where's dani now?", "how's jonno doing?"
	}
	if j == at {
		return ""
	}
	if s.Is(w, "what", "whats") && s.Is(w+1, "is") && !s.Is(w+2, "new") && !(s.Is(j, "up") && s.Is(j+1, "to")) {
		return ""
	}
	for ; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !newsFillers[s.Norm(j)] {
			return ""
		}
	}
	name := strings.TrimSpace(text[s.Toks[at].Start:s.Toks[at].End])
	for i := at + 1; i < len(s.Toks) && s.Toks[i].Cap && s.Toks[i].Word; i++ {
		name = strings.TrimSpace(text[s.Toks[at].Start:s.Toks[i].End])
	}
	if lower {
		name = titleCase(name)
	}
	if k.speakers[ontology.NormaliseName(name)] {
		return ""
	}
	return name
}

// newsAskedAt returns where the one asked about stands in a question
// opening at w on "how's", "how is" or "what's new with", or -1.
func newsAskedAt(s *sentence, w int) int {
	switch {
	case s.Is(w, "how", "hows") && s.Is(w+1, "is", "was"):
		return w + 2
	case s.Is(w, "hows"):
		return w + 1
	case s.Is(w, "what", "whats") && s.Is(w+1, "is") && s.Is(w+2, "new") && s.Is(w+3, "with"):
		return w + 4
	case s.Is(w, "whats") && s.Is(w+1, "new") && s.Is(w+2, "with"):
		return w + 3
	}
	return -1
}

// askedAboutOther reports whether a question asks the news of someone
// it does not name: "hows the hubby doing", "how's your mum?", "how is ur
// sister getting on", or of a name that is a common word typed in lower
// case ("hows rich doing"). A subjectless answer is that person's, not the
// speaker's ("still at calder print, still hating it"). "how's work?" and
// "how's the new job" ask the addressee's own news.
func askedAboutOther(s *sentence) bool {
	w := questionStart(s)
	if w < 0 {
		return false
	}
	j := newsAskedAt(s, w)
	if j < 0 {
		return false
	}
	switch {
	case s.Is(j, "the", "your", "ur", "yr", "yer", "ya", "his", "her", "their") && isRoleWord(s.Norm(j+1)):
		j += 2
	case wordNames[s.Norm(j)] && !s.Toks[j].Cap:
		j++
	default:
		return false
	}
	for ; j < len(s.Toks); j++ {
		if s.Toks[j].Word && !newsFillers[s.Norm(j)] {
			return false
		}
	}
	return true
}

// newsFillers may close a question asking someone's news: "how's Carla
// doing these days?".
var newsFillers = lang.Words(`doing getting on up to these days lately now then going`)

// newsAnswer reads turn t, another speaker's answer to "how's X?", whose
// sentences drop their subject ("moved to Osaka for work", "still at
// Arup"), as said of X, not of the speaker, citing the question's turn.
func (c *turnCtx) newsAnswer(t ontology.Turn, asked *askedTurn) {
	if asked != nil && asked.aboutOther && asked.speaker != t.Speaker {
		c.answered = true // "hows the hubby doing" / "still at calder print": his, not the speaker's
		return
	}
	if asked == nil || asked.about == "" || asked.speaker == t.Speaker || c.disc == nil {
		return
	}
	c.answered = true // "moved to Osaka for work" is Hana's, not the speaker's
	sents := c.sentencesOf(t.Text)
	for i := range sents {
		if i > 1 {
			break
		}
		s := &sents[i]
		if s.Question || affirms(t.Text[s.Start:s.End]) && len(s.Toks) <= 2 {
			continue
		}
		f := implicitStart(s)
		if f < 0 {
			continue
		}
		v, from := s.Norm(f), f
		for from > 0 && adverbs[s.Norm(from-1)] {
			from-- // "still at Arup"
		}
		rest := strings.TrimSpace(t.Text[s.Toks[from].Start:s.End])
		switch {
		case v == "at" || v == "with" || v == "back":
			rest = "is " + rest // "still at Arup", "still with Zenith Bank", "back in Leeds now"
		case strings.HasSuffix(v, "ing"):
			rest = "is " + rest
		}
		c.readAs(t, asked.about+" "+rest+".", asked.turn)
	}
}
