package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// askedTurn is the last sentence of the previous turn when it asks where
// or who: "where does she work now?", "who's he marrying?".
type askedTurn struct {
	speaker, turn string
	q             question // a where/who question (its subj "" when none)
	polar         string   // the statement a yes makes of a yes/no question (crossturn.go)
	noun          string   // the statement a name completes: "my manager is" (crossturn.go)
	who           string   // the predicate a name answering "who runs X?" is the subject of (crossturn_who.go)
	before        prevTurn // the turn before the question (crossturn.go: echoes)
	where         bool     // a bare "where??" (crossturn.go)
	about         string   // the person a "how's X?" asks about (crossturn.go)
	aboutOther    bool     // "how's the hubby doing?": someone else's news, unnamed (crossturn_answers.go)
	whoIs         string   // the person a "who's X?" asks about (crossturn_whois.go)
}

// question is a where/who question read into a statement waiting for its
// object: subject, verb phrase and the preposition an answer takes.
type question struct {
	subj, verb, prep string
	noun             string // a which-question's group noun: "which band is Danny in?"
	// vocative is the person a you-question is put to ("@nadia where are
	// you working now?"), and third its verb phrase said of them: another
	// speaker may answer for them ("she's at Kestrel Foods").
	vocative, third string
	forOther        bool // asked of vocative, answered by another: only "she's …" speaks for them
	gender          byte // the subject's gender when known, for a pronoun answering
	job             bool // "what does X do?": the answer is a job ("nurse at St Luke's")
	// refer marks a subject that only refers ("it", "the hospice"): the
	// answer reads it as the organisation it resolves to (crossturn_where_it.go).
	refer bool
}

// askedGroups are the nouns of a which-question an answer is named after:
// "what band is Danny in now?" / "The Velvet Foxes" reads "Danny is in the
// band The Velvet Foxes".
var askedGroups = lang.Words(`band company firm team club choir startup agency studio orchestra charity group
	business`)

// maxAnswerWords bounds the words of an answer fragment: "at the clinic",
// "Zofia", "walthamstow!!"; a longer bound reads joking answers ("NASA lol
// jk he's between jobs") as said (docs/benchmarks.md, "the extractor's
// tunables re-chosen on the grown dev half").
const maxAnswerWords = 5

// readQuestion reads a where/who question ("where does Ana work now?",
// "where r they based again", "who's he marrying?", "where is she from?")
// into a statement missing its object. Others give ok false.
func readQuestion(s *sentence) (question, bool) {
	w := questionStart(s) // "omg who's he marrying?", "so where do u live"
	vocative := ""
	if v := vocativeAt(s, w); v > w {
		vocative, w = s.Toks[w].Text, v
	}
	if q, ok := whatDoQuestion(s, w, vocative); ok {
		return q, true // "what does Hamid do again?"
	}
	noun := ""
	if w >= 0 && s.Is(w, "which", "what") {
		// "which uni did Tomasz go to?", "what band is Danny in now?"
		j := w + 1
		for j < len(s.Toks) && j < w+3 && s.Toks[j].Word && !s.Is(j, questionAux...) {
			j++
		}
		if j == w+1 || !s.Is(j, questionAux...) {
			return question{}, false
		}
		noun, w = s.Norm(j-1), j-1
	}
	if w < 0 || noun == "" && !s.Is(w, "where", "who") {
		return question{}, false
	}
	wh, aux, k := s.Norm(w), s.Norm(w+1), w+2
	if !s.Is(w+1, questionAux...) {
		// "where u working now?", "where u based", "where she from": "are"
		// left out before a pronoun and an -ing verb, "based" or "from".
		if !s.Is(w+1, "you", "u", "he", "she", "they") || !strings.HasSuffix(s.Norm(w+2), "ing") && !s.Is(w+2, "based", "from") {
			return question{}, false
		}
		aux, k = "is", w+1
	}
	if noun != "" {
		wh = "which"
	}
	subj, you := "", false
	switch n := s.Norm(k); {
	case n == "you" || n == "u":
		subj, you = "I", true
		k++
	case n == "he" || n == "she" || n == "they":
		subj = n
		k++
	case wh == "where" && s.Is(w+1, "is", "'s") && s.Is(k, "that", "this") && s.Is(k+1, "one") && !s.Tok(k+2).Word:
		// "ooh where's that one": the organisation just named, as "it"
		subj = "it"
		k += 2
	case wh == "where" && s.Is(w+1, "is", "'s") && (n == "it" || s.Is(k, "the", "this", "that") && plainNounAt(s, k+1)):
		// "where is it?", "where's the hospice?": an organisation the
		// conversation named, resolved when answered (crossturn_where_it.go)
		subj = "it"
		if n != "it" {
			subj = "the " + s.Norm(k+1)
			k++
		}
		k++
	default:
		at := k
		k = possessedName(s, k) // "where does ur sister Bea work now?"
		for lim := w + 5 + k - at; k < len(s.Toks) && k < lim && s.Toks[k].Word && (s.Toks[k].Cap || s.Toks[k].Norm == "@"); {
			subj = strings.TrimSpace(subj + " " + s.Toks[k].Text)
			k++
		}
	}
	if subj == "" || k < len(s.Toks) && !s.Toks[k].Word && s.Norm(k) != "?" {
		return question{}, false // "where is Pinewood Clinic?" reads on: no verb, an organisation's base
	}
	var rest []string
	for ; k < len(s.Toks) && s.Toks[k].Word; k++ {
		if s.Seq(k, "in", "the", "end") {
			k += 2 // "where did Freya move to in the end"
			continue
		}
		if you && vocative == "" && len(rest) > 0 && s.Toks[k].Cap && !s.Tok(k+1).Word {
			vocative = s.Toks[k].Text // "Where are you working now Marcus?": put to Marcus
			continue
		}
		if !answerFillers[s.Norm(k)] {
			rest = append(rest, s.Norm(k))
		}
	}
	if k < len(s.Toks) && s.Norm(k) != "?" || len(rest) > 3 {
		return question{}, false
	}
	if q, ok := hqQuestion(wh, aux, subj, rest); ok {
		return q, true // "where is Quillon HQ?"
	}
	if subj == "it" || strings.HasPrefix(subj, "the ") {
		if len(rest) > 1 || len(rest) == 1 && rest[0] != "based" {
			return question{}, false // "where is it happening?"
		}
		return question{subj: subj, verb: "is based", prep: "in", refer: true}, true
	}
	if len(rest) == 0 {
		// "where is Pinewood Clinic exactly?": where an organisation is
		// based ("where is Tom?" asks where he is now, not his home).
		f := strings.Fields(strings.ToLower(subj))
		if wh != "where" || !s.Is(w+1, "is", "are", "'s", "r", "was", "were") || you {
			return question{}, false
		}
		if len(f) < 2 || !orgCues[f[len(f)-1]] || s.Is(w+1, "'s", "r") {
			// "where's Thornbury Hall?", "where r they": an organisation
			// the conversation named, resolved when answered
			// (crossturn_where_it.go); a person asked after is no answer.
			if s.Is(w+1, "was", "were") || subj == "he" || subj == "she" {
				return question{}, false
			}
			return question{subj: subj, verb: "is based", prep: "in", refer: true}, true
		}
		rest = []string{"based"}
	}
	q := question{subj: subj}
	q.verb = questionVerb(aux, subj, you, rest)
	if you && vocative != "" {
		q.vocative, q.third = vocative, questionVerb(aux, vocative, false, rest)
	}
	if wh == "where" && len(rest) == 2 && rest[1] == "up" {
		q.prep = "in" // "where did you grow up?"
	}
	if wh == "where" && len(rest) == 1 && rest[0] != "from" && rest[0] != "in" {
		q.prep = wherePreps[rest[0]]
		if q.prep == "" {
			return question{}, false
		}
	}
	if askedGroups[noun] {
		q.noun = noun // "the band The Velvet Foxes"
	}
	return q, true
}

// questionVerb is the verb phrase of a question's statement for its
// subject: "does … work" → "works", "did … move" → "moved", "are you
// working" → "am working".
func questionVerb(aux, subj string, you bool, rest []string) string {
	verb := rest[0]
	switch aux {
	case "does", "do":
		verb = thirdPerson(verb, subj)
	case "did":
		verb = pastTense(verb)
	default:
		be := "is"
		if you {
			be = "am"
		} else if subj == "they" || aux == "are" || aux == "r" {
			be = "are" // "where are Lumen based?": a firm spoken of in the plural, no one's home
		}
		if aux == "was" || aux == "were" {
			be = map[bool]string{true: "were", false: "was"}[subj == "they"]
		}
		verb = be + " " + verb
	}
	return strings.Join(append([]string{verb}, rest[1:]...), " ")
}

// questionAux may follow where/who ("where does", "who's", "where r").
var questionAux = []string{"does", "do", "did", "is", "are", "r", "was", "were"}

// answerFillers are left out of a question's verb phrase: "where does she
// work now?", "where r they based again".
var answerFillers = lang.Words(`now again these days nowadays then exactly tho though originally rn currently`)

// wherePreps give the preposition an answer to "where … <verb>?" takes.
var wherePreps = map[string]string{
	"work": "at", "works": "at", "working": "at", "worked": "at", "study": "at", "studying": "at", "studied": "at",
	"live": "in", "lives": "in", "living": "in", "lived": "in", "based": "in", "staying": "in",
	"move": "to", "moved": "to", "moving": "to", "relocating": "to", "relocated": "to",
}

// thirdPerson inflects a base verb for a singular third-person subject
// ("work" → "works"); other subjects keep it.
func thirdPerson(verb, subj string) string {
	if subj == "I" || subj == "they" {
		return verb
	}
	switch {
	case strings.HasSuffix(verb, "y") && !strings.HasSuffix(verb, "ay") && !strings.HasSuffix(verb, "ey"):
		return verb[:len(verb)-1] + "ies"
	case strings.HasSuffix(verb, "s") || strings.HasSuffix(verb, "sh") || strings.HasSuffix(verb, "ch") || verb == "go":
		return verb + "es"
	}
	return verb + "s"
}

// pastTense gives the past of a base verb ("move" → "moved").
func pastTense(verb string) string {
	if p, ok := irregularPast[verb]; ok {
		return p
	}
	switch {
	case strings.HasSuffix(verb, "e"):
		return verb + "d"
	case strings.HasSuffix(verb, "y") && !strings.HasSuffix(verb, "ay") && !strings.HasSuffix(verb, "ey"):
		return verb[:len(verb)-1] + "ied"
	}
	return verb + "ed"
}

// irregularPast are the irregular verbs a where/who question asks with.
var irregularPast = map[string]string{"go": "went", "get": "got", "meet": "met", "leave": "left", "grow": "grew",
	"come": "came", "end": "ended", "find": "found", "buy": "bought", "run": "ran", "begin": "began"}

// answerText returns the statement a short answer completes: the answer's
// first sentence up to a comma or a "but", at most maxAnswerWords words, neither a
// question nor hedged ("no idea", "maybe Arup?"). It returns "" otherwise.
func (q question) answerText(text string) string {
	if q.refer {
		return "" // "where's the party?": nothing until its subject resolves to an organisation
	}
	sents := lang.SplitSentences(lang.Tokenize(text))
	if len(sents) == 0 || sents[0].Question {
		return ""
	}
	s := &sents[0]
	end, words := len(s.Toks), 0
	for k, t := range s.Toks {
		if t.Norm == "," || t.Norm == "but" && words > 0 {
			end = k // "Dundee originally but she's been in Glasgow since uni"
			break
		}
		if !t.Word {
			continue
		}
		words++
		if answerHedges[t.Norm] || words > maxAnswerWords {
			return ""
		}
	}
	from := 0
	for from < end && (!s.Toks[from].Word || greetingWords[s.Toks[from].Norm] || s.Toks[from].Norm == "ya") {
		if s.Toks[from].Norm == "@" {
			// "@mira.k Vantage Labs": the one asking, addressed
			for from++; from < end && s.Toks[from].Start == s.Toks[from-1].End; from++ {
			}
			continue
		}
		from++
	}
	if from >= end {
		return ""
	}
	prep := q.prep
	k, said := q.answerSubject(s, from, end) // "she's at Kestrel Foods"
	if !said && (q.forOther || s.Is(from, answerPronouns...)) {
		return ""
	}
	for k < end && (adverbs[s.Toks[k].Norm] || shiftWords[s.Toks[k].Norm] && s.Is(k+1, "at", "for")) {
		k++ // "still at Arup", "still nights at Dunmore Logistics"
	}
	if k >= end {
		return ""
	}
	if prepositions[s.Toks[k].Norm] {
		prep = ""
	}
	frag := strings.TrimSpace(text[s.Toks[k].Start:s.Toks[end-1].End])
	if name := lowerAnswerName(s, k, end); name != "" {
		frag = name
	}
	verb := q.verb
	if q.job {
		var be bool
		if frag, be = jobAnswer(s, k, frag); !be {
			verb = ""
		}
	}
	if q.noun != "" && prep == "" || q.noun != "" && q.prep == "" {
		frag = "the " + q.noun + " " + strings.TrimPrefix(strings.TrimPrefix(frag, "the "), "The ")
	}
	return strings.Join(strings.Fields(q.subj+" "+verb+" "+prep+" "+frag), " ") + "."
}

// lowerAnswerName returns the answer fragment s.Toks[k:end] title-cased
// when it is one to three lower-case words that can only be a name (no
// common word, place or given name: orgWord), after an optional
// preposition: "brightwater" answering "where are you working now?" reads
// "Brightwater". It returns "" otherwise.
func lowerAnswerName(s *sentence, k, end int) string {
	lead := ""
	if k < end && prepositions[s.Norm(k)] {
		lead = s.Toks[k].Text + " "
		k++
	}
	if end-k < 1 || end-k > 3 || lowerStyle(s) == false {
		return ""
	}
	var words []string
	for i := k; i < end; i++ {
		if s.Toks[i].Cap || !orgWord(s, i) {
			return ""
		}
		words = append(words, s.Toks[i].Text)
	}
	return lead + titleCase(strings.Join(words, " "))
}

// answerHedges make an answer say nothing: "no idea", "maybe Arup", "not
// sure".
var answerHedges = lang.Words(`no not idk dunno maybe probably perhaps think guess sure might unsure either
	or nobody noone none`)

// answer reads turn t as the answer to the question the previous turn
// asked, when it is short and another speaker's: "where does she work
// now?" / "at the clinic" is read as "she works now at the clinic", and
// "who's he marrying?" / "Zofia" as "he is marrying Zofia". The relations
// found (and their ends' mentions) cite the question's turn too.
func (c *turnCtx) answer(t ontology.Turn, asked *askedTurn) {
	if asked == nil || asked.q.subj == "" || asked.speaker == t.Speaker || c.speaker.Name == "" || c.disc == nil {
		return
	}
	q := asked.q.forAnswerer(t.Speaker)
	q.gender = c.disc.genderOf(q.subj)
	cites := []string{asked.turn}
	if q.refer {
		org, ok := c.disc.whereItRefers(q.subj, asked.turn)
		if !ok {
			return
		}
		q.subj, q.refer = org.ref.Name, false
		cites = append(cites, org.turn)
	}
	text := q.answerText(t.Text)
	if text == "" || laughs(t.Text) {
		return
	}
	c.answered = true
	c.answeredOwn = q.subj == "I" // "where u based" / "Rotterdam! originally from Porto tho": the rest is the speaker's too
	if asked.q.refer {
		located := func(r ontology.Relation) bool { return r.Type == ontology.RelLocatedIn } // an organisation's place, no home
		c.readKeeping(t, text, located, cites...)
		return
	}
	c.readAs(t, text, cites...)
}

// answerHolds reports whether the sentence being read belongs to a short
// answer, whose subjectless fragments are the question's subject's: not
// the speaker's when the question asked about someone else ("is he still
// at Barclays?" / "yeah still at Barclays"). After the answer to a
// question of the speaker's own life, the turn's next sentences are the
// speaker's ("where u based" / "Rotterdam! originally from Porto tho").
func (p *sentCtx) answerHolds() bool {
	return p.answered && !(p.answeredOwn && p.s.Start > 0)
}

// readAs reads text, a statement built from turn t and another turn
// (cites), as if t said it, and keeps its relations, citing those turns, and
// their ends' mentions. The statement is read, not said: the discourse
// keeps only what the turn itself mentions, so its pronouns resolve as
// without it.
func (c *turnCtx) readAs(t ontology.Turn, text string, cites ...string) {
	c.readKeeping(t, text, nil, cites...)
}

// readKeeping is readAs keeping only the relations keep accepts (all when
// keep is nil), and the entities those relations end at.
func (c *turnCtx) readKeeping(t ontology.Turn, text string, keep func(r ontology.Relation) bool, cites ...string) {
	a := newTurnCtx(ontology.Turn{ID: t.ID, Speaker: t.Speaker, Text: text, Timestamp: t.Timestamp}, c.known)
	a.built = true
	if t.Text != text {
		a.builtFrom = t.Text // "also i've moved!! … me and zara got a flat in heeley" read as "Zara got a flat in heeley"
	}
	saved := slices.Clone(c.disc.mentions)
	sentences := c.sentencesOf(text)
	for i := range sentences {
		c.known.recase(&sentences[i])
		a.process(&sentences[i])
	}
	c.disc.mentions = saved
	x := a.finish()
	kept := map[string]bool{}
	for _, r := range x.Relations {
		if keep != nil && !keep(r) {
			continue
		}
		kept[refKey(r.From)], kept[refKey(r.To)] = true, true
		for _, cite := range cites {
			if cite != "" && !slices.Contains(r.SourceTurnIDs, cite) {
				r.SourceTurnIDs = append(slices.Clone(r.SourceTurnIDs), cite)
			}
		}
		if !full(len(c.out.Relations)) {
			c.out.Relations = append(c.out.Relations, r)
		}
	}
	for _, e := range x.Entities {
		if keep != nil && !kept[refKey(e.EntityRef)] {
			continue
		}
		if e.TypeCue == "speaker" {
			c.selfUsed = true
			continue
		}
		if !full(len(c.out.Entities) + 1) {
			c.out.Entities = append(c.out.Entities, e)
		}
		if e.Type == ontology.EntityAnimal {
			c.disc.note(e.EntityRef, t.ID, "", false) // "hows pudding coping" / "Our Pudding is not impressed": a pet for later pronouns
		}
	}
}
