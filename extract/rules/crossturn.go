package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Cross-turn reading: what a conversation states over two turns rather
// than in one sentence. Each mechanism builds the statement the two turns
// make together and reads it with the same patterns (turnCtx.readAs), the
// relations citing both turns:
//   - a yes/no question confirmed by another speaker ("is he still at
//     Barclays?" / "yeah") is read as its statement ("he is still at
//     Barclays"), "you" becoming the one who answers;
//   - a who/what question about a possessed noun answered by a name ("who's
//     your manager?" / "Marguerite") reads "my manager is Marguerite";
//   - a message that only continues the speaker's previous one ("got the
//     job!!" / "at Norvik", "joined a choir" / "Harbour Singers") is read
//     joined to it.

// polarQuestion reads a yes/no question into the statement a "yes" makes
// of it: "is he still at Barclays?" → "he is still at Barclays", "does
// Ruben still play with that band" → "Ruben still plays with that band",
// "didn't you go to King's College?" → "I went to King's College", "you're
// at Lumen now right?" → "I'm at Lumen now". "You" is the answerer (the
// statement is read as theirs). Questions with a choice ("… or …"), about
// the asker (I, me, my, we) or too long give ok false.
func polarQuestion(text string, s *sentence) (string, bool) {
	w := questionStart(s) // "oh is he…", "so you're from Galway?", "wait is marga…"
	if w < 0 || s.End-s.Start > 160 {
		return "", false
	}
	w = afterAskWrapper(s, w) // "does anyone know if Marta still runs the Bean Tin?" (crossturn_left_denial.go)
	asker, you := false, false
	for k := w; k < len(s.Toks); k++ {
		switch s.Norm(k) {
		case "or", "we", "our", "us", "if", "would", "could", "should", "will", "can", "might":
			return "", false
		case "i", "me", "my", "mine":
			asker = true
		case "you", "u", "your", "ur", "yours":
			you = true
		}
	}
	if asker && you {
		return "", false // "is he your boss or mine", "am I meeting you there?"
	}
	statement, ok := polarStatement(text, s, w)
	if !ok || !asker {
		return statement, ok
	}
	return askerSays + statement, true
}

// askerSays opens a statement in the words of the one who asked ("oh so
// she's my new manager?" / "yep"): a yes confirms what the asker said.
const askerSays = "\x00asker "

// polarStatement is polarQuestion's statement, from the word at w.
func polarStatement(text string, s *sentence, w int) (string, bool) {
	tag := tagEnd(s)
	if !s.Question && !tag && !polarAux[s.Norm(w)] {
		return "", false
	}
	end := s.End
	if tag {
		j := len(s.Toks) - 1
		if s.Is(j-1, "not", "n't") {
			j-- // "…, aren't they", "he's a glasgow boy isn't he": the statement ends before the auxiliary
			if s.Is(j-1, "are", "is", "was", "were", "do", "does", "did") {
				j--
			}
		}
		for j > w && !s.Toks[j-1].Word {
			j-- // the comma before the tag
		}
		if j <= w {
			return "", false
		}
		end = s.Toks[j-1].End
	}
	aux := s.Norm(w)
	if polarAux[aux] {
		k := w + 1
		if s.Is(k, "not") {
			k++ // "didn't you…", "isn't Aker Solar…"
		}
		subj, next, you := polarSubject(text, s, k)
		if subj == "" || next >= len(s.Toks) || !s.Toks[next].Word {
			return "", false
		}
		rest := youToMe(strings.TrimSpace(text[s.Toks[next].Start:end]))
		verb := ""
		v := next
		for v+1 < len(s.Toks) && adverbs[s.Norm(v)] {
			v++ // "does Ruben still play…": the verb after the adverbs
		}
		adv := strings.TrimSpace(text[s.Toks[next].Start:s.Toks[v].Start])
		switch strings.TrimSuffix(aux, "nt") {
		case "does", "do":
			if you {
				verb = adv + " " + s.Toks[v].Text
			} else {
				verb = adv + " " + thirdPerson(s.Norm(v), subj)
			}
			rest = strings.TrimSpace(text[s.Toks[v].End:end])
		case "did":
			verb = adv + " " + pastTense(s.Norm(v))
			rest = strings.TrimSpace(text[s.Toks[v].End:end])
		case "is", "are", "was", "were", "has", "have":
			verb = beFor(aux, subj, you)
		default:
			return "", false
		}
		return strings.Join(strings.Fields(subj+" "+verb+" "+youToMe(rest)), " ") + ".", true
	}
	// "the one who works at Aardman?": the person named last, read at the
	// answer (theOne).
	if s.Is(w, "the") && s.Is(w+1, "one") && s.Is(w+2, "who", "that") && w+3 < len(s.Toks) && s.Toks[w+3].Word {
		return theOne + strings.Join(strings.Fields(youToMe(strings.TrimSpace(text[s.Toks[w+3].Start:end]))), " ") + ".", true
	}
	// A statement asked back: "he lives in krakow now?", "you're at Lumen
	// now right?".
	subj, next, you := polarSubject(text, s, w)
	if subj == "" || next >= len(s.Toks) || next == w {
		return "", false
	}
	if droppedBe(s, next) {
		// "you still at Halden Bank?", "Tom in Leeds now?": chat drops the
		// "be" the statement needs
		rest := strings.TrimSpace(text[s.Toks[next].Start:end])
		return strings.Join(strings.Fields(subj+" "+beFor("is", subj, you)+" "+youToMe(rest)), " ") + ".", true
	}
	return strings.Join(strings.Fields(youToMe(strings.TrimSpace(text[s.Toks[w].Start:end]))), " ") + ".", true
}

// droppedBe reports whether the words from k, after a question's subject,
// lack the "be" they need: adverbs ("still", "now"), then a preposition or
// a participle ("u still at Arup?", "Marta still running the café?"), not
// a verb ("you still work at Kora abi").
func droppedBe(s *sentence, k int) bool {
	for k < len(s.Toks) && s.Is(k, "still", "now", "currently", "already", "also", "like") {
		k++
	}
	return k < len(s.Toks) && s.Toks[k].Word && (droppedBeNext[s.Norm(k)] || prepositions[s.Norm(k)] && !s.Is(k, "to", "for", "of"))
}

// droppedBeNext are the participles that may follow such a subject.
var droppedBeNext = lang.Words(`running working living based managing leading studying teaching dating seeing
	doing playing singing captaining coaching`)

// theOne opens a statement whose subject is the person the conversation
// named last ("the one who works at Aardman?" / "yes!").
const theOne = "\x00one "

// tagEnd reports a sentence ending on a confirming tag ("…, right",
// "… innit"), which lang reads as a statement.
func tagEnd(s *sentence) bool {
	n := len(s.Toks)
	return n > 0 && (s.Is(n-1, "right", "innit", "yeah", "abi") || n > 2 && s.Is(n-1, "it", "they", "he", "she") && s.Is(n-2, "not", "n't"))
}

// polarOpeners may open a yes/no question before its auxiliary.
var polarOpeners = lang.Words(`so and but wait also btw remind me`)

// questionStart is the first word of s past the greetings, openers and
// punctuation a question may lead with ("oh is he…", "so where do u
// live"), stopping at the last token; -1 when s has no word.
func questionStart(s *sentence) int {
	w := s.FirstWord()
	for w >= 0 && w+1 < len(s.Toks) && (!s.Toks[w].Word || greetingWords[s.Norm(w)] || polarOpeners[s.Norm(w)]) {
		w++
	}
	return w
}

// polarAux open a yes/no question ("doesnt" as chat spells it).
var polarAux = lang.Words(`is are was were does do did has have doesnt didnt isnt arent wasnt`)

// polarSubject reads the subject at k: you/u (the answerer: "I"), he,
// she, they, or a name of up to four capitalised words. It returns the
// subject as the statement says it, the index after it, and whether it was
// "you".
func polarSubject(text string, s *sentence, k int) (string, int, bool) {
	switch s.Norm(k) {
	case "you", "u":
		return "I", k + 1, true
	case "he", "she", "they":
		return s.Norm(k), k + 1, false
	}
	j := k
	for j < len(s.Toks) && j < k+4 && s.Toks[j].Word && s.Toks[j].Cap {
		j++
	}
	if j == k {
		return "", k, false
	}
	return strings.TrimSpace(text[s.Toks[k].Start:s.Toks[j-1].End]), j, false
}

// beFor gives the form of "be" (or "have") a statement takes for its
// subject: "are you" → "am", "was he" → "was", "were you" → "was".
func beFor(aux, subj string, you bool) string {
	aux = strings.TrimSuffix(aux, "nt")
	switch {
	case aux == "has" || aux == "have":
		if you || subj == "they" {
			return "have"
		}
		return "has"
	case aux == "was" || aux == "were":
		if subj == "they" {
			return "were"
		}
		return "was"
	case you:
		return "am"
	case subj == "they":
		return "are"
	}
	return "is"
}

// youToMe turns the asker's "you/your/u/ur" into the answerer's own words:
// "you're at Lumen" → "I'm at Lumen", "your manager" → "my manager".
func youToMe(text string) string {
	f := strings.Fields(text)
	for i, w := range f {
		lw := strings.ToLower(strings.Trim(w, ".,!?"))
		rep := ""
		switch lw {
		case "you", "u":
			rep = "I"
			if i > 0 {
				rep = "me"
			}
		case "you're", "you’re", "youre":
			rep = "I'm"
		case "your", "ur":
			rep = "my"
		case "yours":
			rep = "mine"
		}
		if rep != "" {
			f[i] = rep + strings.TrimLeft(w[len(strings.TrimRight(w, ".,!?")):], "")
		}
	}
	return strings.Join(f, " ")
}

// affirms reports whether an answer says yes, without a hedge: "yeah",
// "yep since jan", "yes!! she's at…", "Sea Holly, yes.", "that's him",
// "ofc". "no", "nah", "yes I think so", "yeah maybe" do not.
func affirms(text string) bool {
	sents := lang.SplitSentences(lang.Tokenize(text))
	if len(sents) == 0 {
		return false
	}
	var words []string
	for i, s := range sents {
		if i > 1 {
			break
		}
		for _, t := range s.Toks {
			if t.Word {
				words = append(words, t.Norm)
			}
		}
	}
	yes := -1
	for i, w := range words {
		if i > 3 {
			break
		}
		if answerHedges[w] || w == "nah" || w == "nope" {
			return false
		}
		if yesWords[w] || w == "that" && i+2 < len(words) && words[i+1] == "is" && thatIsWords[words[i+2]] ||
			w == "thats" && i+1 < len(words) && thatIsWords[words[i+1]] ||
			pronounSubjects[w] && i+1 < len(words) && yesAux[words[i+1]] && (i+2 == len(words) || words[i+2] != "not") ||
			w == "of" && i+1 < len(words) && words[i+1] == "course" {
			yes = i
			break
		}
	}
	if yes < 0 {
		return false
	}
	for _, w := range words[:yes] {
		if yesAux[w] {
			return false // "dan is, he's obsessed": someone else's yes
		}
	}
	for i := yes; i < len(words) && i < yes+6; i++ {
		if answerHedges[words[i]] || yesHedges[words[i]] || words[i] == "but" && i == yes+1 {
			return false
		}
	}
	return true
}

// yesHedges make a yes conditional: "yes if the visa comes through".
var yesHedges = lang.Words(`if unless hopefully assuming fingers once when kinda sorta`)

// yesWords say yes.
var yesWords = lang.Words(`yes yeah yep yup ya ye yea yeh yess yesss yas ofc correct exactly indeed definitely
	absolutely aye mhm yup`)

// pronounSubjects and yesAux answer yes by repeating the question's verb:
// "it is, a small subsidiary", "he does".
var pronounSubjects = lang.Words(`it he she they`)

// yesAux are the verbs of pronounSubjects.
var yesAux = lang.Words(`is does did was are do has have`)

// thatIsWords complete "that's …" into a yes: "that's him", "that's right".
var thatIsWords = lang.Words(`him her them it right correct the one`)

// laughs reports whether a short answer is a name and a laugh ("the
// Ministry of Magic lol"): a joke as often as an answer. One that opens on
// an adverb ("still at Arup lol") laughs at a fact.
func laughs(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 || adverbs[strings.Trim(f[0], ".,!?")] {
		return false
	}
	last := strings.Trim(f[len(f)-1], ".,!?")
	return last == "lol" || last == "lmao" || last == "jk" || strings.HasPrefix(last, "haha") ||
		strings.Contains(last, "😂") || strings.Contains(last, "🤣")
}

// confirm reads turn t, another speaker's "yes", as the statement the
// previous turn's yes/no question makes, citing the question's turn.
func (c *turnCtx) confirm(t ontology.Turn, asked *askedTurn) {
	if asked == nil || asked.polar == "" || asked.speaker == t.Speaker || c.speaker.Name == "" || c.disc == nil {
		return
	}
	if !affirms(t.Text) {
		c.leftDenial(t, asked) // "you still at Halden Bank?" / "nope, left in May" (crossturn_left_denial.go)
		if polarOfOther(asked.polar, t.Speaker) {
			// "does Omar still live in Leicester?" / "no, moved back to Cairo":
			// a subjectless reply is about Omar, not the one answering
			c.answered = true
		}
		return
	}
	statement, cite := asked.polar, []string{asked.turn}
	if rest, ok := strings.CutPrefix(statement, askerSays); ok {
		// The asker's own words, confirmed: read as theirs.
		if c.known.echoes(rest, asked.before, t.Speaker) {
			return
		}
		c.readAs(ontology.Turn{ID: t.ID, Speaker: asked.speaker, Timestamp: t.Timestamp}, rest, cite...)
		return
	}
	if rest, ok := strings.CutPrefix(statement, theOne); ok {
		a, ok := c.disc.namedPerson("")
		if !ok || a.ref.Name == "" {
			return
		}
		statement, cite = a.ref.Name+" "+rest, append(cite, a.turn)
	}
	if c.known.echoes(statement, asked.before, t.Speaker) {
		return
	}
	if f := strings.Fields(statement); len(f) > 1 && kinTitles[strings.ToLower(f[0])] != "" {
		// "uncle tariq retired??" / "Yes Zarah": the uncle is the asker's, whose words they are
		c.answered = true
		c.readAs(ontology.Turn{ID: t.ID, Speaker: asked.speaker, Timestamp: t.Timestamp}, statement, cite...)
		return
	}
	if !strings.HasPrefix(statement, "I ") && !strings.HasPrefix(statement, "I'm ") {
		c.answered = true // "is he still at Barclays?" / "yeah still at Barclays": his, not the answerer's
	}
	c.readAs(t, statement, cite...)
}

// polarOfOther reports whether a yes/no question's statement is about a
// third person: it opens on he, she, they or a name that is not the
// answerer's ("Omar still lives in Leicester"), not on "I" or a vocative
// ("Alex, where me are…").
func polarOfOther(statement, answerer string) bool {
	f := strings.Fields(statement)
	if len(f) < 2 || strings.HasSuffix(f[0], ",") {
		return false
	}
	switch first := f[0]; {
	case first == "he" || first == "she" || first == "they":
		return true
	case first == "I" || first == "I'm" || strings.EqualFold(first, answerer) || strings.HasPrefix(first, "\x00"):
		return false
	default:
		r := []rune(first)
		return r[0] >= 'A' && r[0] <= 'Z'
	}
}

// echoes reports whether a yes/no question only restates, in the asker's
// words, what the one answering it said just before: "he moved back to
// Accra btw" / "wait kofi lives in accra now??" / "yep". The yes then
// confirms the asker's reading (here a home inferred from a move), not a
// statement of the answerer's: every name after the statement's subject
// occurs in that turn.
func (k *known) echoes(statement string, before prevTurn, answerer string) bool {
	if before.speaker != answerer || before.full == "" {
		return false
	}
	said := " " + ontology.NormaliseName(before.full) + " "
	sents := k.disc.sentencesOf(statement)
	names := 0
	for i := range sents {
		s := &sents[i]
		k.recase(s) // "kofi lives in accra now"
		for j := 1; j < len(s.Toks); j++ {
			if !s.Toks[j].Word || !s.Toks[j].Cap || s.Toks[j].Text == "I" {
				continue
			}
			names++
			if !strings.Contains(said, " "+ontology.NormaliseName(s.Toks[j].Text)+" ") {
				return false
			}
		}
	}
	return names > 0
}
