package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Capitalised names the sentence reader skipped because of where they
// stand (issue 14, h14-caps24). A capital at the start of a sentence says
// nothing, and a name alone after a comma or at the end is usually said
// to someone, so sentenceNames drops both unless a cue confirms them. Real
// chat writes names there all the time:
//   - a sentence that is only a name, the answer or the news itself:
//     "Rotterdam! originally from Porto tho", "Nidd Valley Brass!! joined
//     in jan", "Kumasi, yes", "yeah Tom." after a question;
//   - a name right after a verb opening the sentence: "Left Lagos on
//     Thursday", "Ring Orla.", which nameAt read as one name with the verb;
//   - a name of several words opening a statement: "Brightside Cleaning is
//     officially a thing", "Petal & Stem turns three on saturday";
//   - a name closing a sentence after the kind of thing it names: "a
//     startup there, Fernweh Labs", "a company for medical devices, Arvena
//     Medtech".
//
// Each is read only from the shape of the words: a name outside the word
// lists, or one the lists type; a word of the lists alone ("Congrats!",
// "Honestly.", "Mum!"), a speaker's name and a title-cased greeting ("Happy
// Birthday!") stay unread.

// openingVerb reports whether the capitalised word at i opens the sentence
// as a verb whose object may follow it ("Left Lagos on Thursday", "Ring
// Orla", "Met Tom at the pub"): a past form, or a verb of contact or
// joining, and no given name ("Will Smith", "Grant Shapps"), before a
// word no list holds, a given name or a place.
func openingVerb(s *sentence, i int) bool {
	if i+1 >= len(s.Toks) || !s.Toks[i].Word || s.Toks[i].Poss || !sentenceStartAt(s, i) {
		return false
	}
	n := s.Toks[i].Norm
	if firstName(n) || wordNames[n] || !(englishWords[n] || inVocab(n) || lang.IrregularPast[n]) || !outsideLists(s.Toks[i+1].Norm) {
		return false // "Met Office": the word after it is no name's
	}
	return lang.IrregularPast[n] || personVerbsBefore[n] || orgVerbsBefore[n] || openingVerbs24[n]
}

// openingVerbs24 open a sentence as a request or a past deed whose object
// is a name: "Ring Orla", "Ask Priya", "Visited Leeds", "Missed Tom". A
// word ending in "-ed" alone is none: "Allied Health", "United Utilities".
var openingVerbs24 = lang.Words(`ring call text message ask tell visit meet email phone invite congratulate
	visited missed loved called emailed contacted invited rang phoned left`)

// answerWords may stand before or after a bare name answering a question:
// "yeah Tom.", "Kumasi, yes".
var answerWords = lang.Words(`yes yeah yep yup ya yea ye aye ok okay oh ah`)

// bareName reports whether the name sp is all its sentence says, bar a
// "yes" after it ("Kumasi, yes", "Rotterdam!", "Inkwell Parlour.", an echo
// "Kayleigh?"), or after an answer word when the turn answers another
// speaker's question ("yeah Tom."). After a comma the sentence may go on
// when the name is a thing's ("Buckshaw Village, 2 mins from the
// pitches", "Nettle & Pan, theyre a catering company") or answers ("yep,
// Quay Street Museum, he starts in april"), but not to speak to someone
// ("yeah Kez, I'm coming"). A speaker's name alone is said to them, and a
// word of the lists alone is a remark.
func (k *known) bareName(s *sentence, sp span) bool {
	if s.Question && sp.to-sp.from > 1 || sp.to-sp.from > 1 && s.Toks[sp.from].Norm == "@" {
		return false
	}
	for i := sp.from; i < sp.to; i++ {
		if len(s.Toks[i].Text) > 1 && upperAlready(s.Toks[i].Text) && !sp.confirmed {
			return false // "HALLAM SAID YES": shouted words say nothing of a name
		}
	}
	from := 0
	for from < sp.from && (!s.Toks[from].Word || answerWords[s.Toks[from].Norm]) {
		from++
	}
	if from != sp.from || sp.from > 0 && k.answering == "" {
		return false
	}
	if sp.from > 0 && sp.typ == ontology.EntityPerson {
		return k.yesName(s, sp) // "yeah Tom." answers a question of someone named by a role, else calls to Tom (names_gen.go)
	}
	n := ontology.NormaliseName(sp.name)
	if k.speakers[n] || k.speakers[s.Toks[sp.from].Norm] || commonSpan(sp) || s.Tok(sp.to-1).Poss {
		return false
	}
	if !sp.confirmed && !nameShaped(s, sp) && !(s.Is(sp.to, ",") && (describedAsOrg(s, sp.to+1) || orgDescribedAfter(s, sp.to))) {
		return false // "Crumb Theory, a bakery in Hebden Bridge": described, a name all the same
	}
	for i := sp.to; i < len(s.Toks); i++ {
		if s.Is(i, ",", "-", "–") && i+1 < len(s.Toks) && !s.Question && !s.Is(i+1, "i", "you", "u", "ya", "we", "can", "could", "would", "will", "are", "r", "do", "did", "have") &&
			(sp.typ != ontology.EntityPerson && (sp.to-sp.from > 1 || sp.confirmed) || sp.from > 0) {
			return true
		}
		if s.Toks[i].Word && !answerWords[s.Toks[i].Norm] && !s.Is(i, "tho", "though", "originally") {
			return false
		}
	}
	return !s.Question || sp.to-sp.from == 1 && k.answering == ""
}

// nameShaped reports whether the words of sp look like a name rather than
// a title-cased phrase: its first word outside the word lists ("Kumasi",
// "Brightside Cleaning", "Nidd Valley Brass"), or an ampersand joining its
// words ("Petal & Stem"). "Happy Birthday", "Well Done", "Gorgeous Kez",
// "Honestly" and laughter are no names.
func nameShaped(s *sentence, sp span) bool {
	for i := sp.from + 1; i < sp.to-1; i++ {
		if s.Toks[i].Norm == "&" {
			return true
		}
	}
	t := s.Toks[sp.from]
	return t.Word && t.Cap && len(t.Norm) >= 3 && outsideLists(t.Norm)
}

// outsideLists reports whether the word w is in no word list, chat form,
// filler or laughter: a name's word. Given names and places count as
// outside, since they are names.
func outsideLists(w string) bool {
	if firstName(w) || inGazetteer(w) {
		return true
	}
	if inVocab(w) || englishWords[w] || notLowerName(w) || isFiller(w) || chatForm(w) || !strings.ContainsAny(w, "aeiouéèöüäåøáíóú") {
		return false
	}
	if _, ok := chatSpellings[w]; ok || chatAcronyms[w] {
		return false
	}
	for j := 2; j < len(w); j++ {
		if w[j] == w[j-1] && w[j] == w[j-2] {
			return false // "sooo", "yesss"
		}
	}
	return !(strings.HasSuffix(w, "s") && inVocab(w[:len(w)-1]))
}

// openingStatement reports whether a name of several words opening the
// sentence, shaped like a name (nameShaped), is the subject of a
// statement: a verb follows it ("Brightside Cleaning is officially a
// thing", "Petal & Stem turns three").
func openingStatement(s *sentence, sp span) bool {
	if sp.to-sp.from < 2 || s.Tok(sp.to-1).Poss || !nameShaped(s, sp) {
		return false
	}
	return verbFollows(s, sp.to) || s.Is(sp.to, "are", "were", "have", "turns", "turned", "opened", "closed")
}

// appositionEnd reports whether the name sp closes its sentence after a
// comma and the kind of thing it names, a few words back: "she got a job
// at a startup there, Fernweh Labs", "a company for medical devices,
// Arvena Medtech", "runs a restaurant there, Ifeoma's Kitchen". The name
// is then no one spoken to.
func appositionEnd(s *sentence, sp span) bool {
	c := sp.from - 1
	if !s.Is(c, ",") {
		return false
	}
	for j := c - 1; j >= 0 && j >= c-5; j-- {
		if !s.Toks[j].Word {
			return false
		}
		if introNouns[s.Norm(j)] && s.Is(j-1, "a", "an", "new", "own") { // "love the cafe, Kez" speaks to Kez
			return true
		}
	}
	return false
}

// apposedEnd is appositionEnd for a name that is no one the chat may be
// speaking to: not a speaker's, not typed a person ("such a cute café,
// Anna!" says it to Anna), unless a role or an occupation with its
// determiner stands before the comma ("the founder, Jonas Brandt").
func (k *known) apposedEnd(s *sentence, sp span) bool {
	if k.speakers[ontology.NormaliseName(sp.name)] || sp.to != len(s.Toks) && !s.Is(sp.to, ".", "!") {
		return false
	}
	if s.Is(sp.from-1, ",") && (isRoleWord(s.Norm(sp.from-2)) || occupations[s.Norm(sp.from-2)]) &&
		s.Is(sp.from-3, "the", "my", "our", "his", "her", "their") {
		return true // "the founder, Jonas Brandt", "my landlord, Donal"
	}
	return sp.typ != ontology.EntityPerson && appositionEnd(s, sp) || s.Is(sp.from-1, ",") && introducedPerson(s, sp.from-1)
}

// introducedPerson reports whether the sentence, before the comma at c,
// brings in someone as "a"/"an" and a person noun or an occupation after
// a verb of having, hiring or meeting, so that a name after the comma at
// its end names them ("I've got a lad from the agency starting Monday,
// Kacper."; "we hired a new driver, Tomek."). A question, one speaking to
// "you" or one praising ("such a good lad, Kacper!") is no introduction.
func introducedPerson(s *sentence, c int) bool {
	if s.Question {
		return false
	}
	for i := s.FirstWord(); i < c; i++ {
		if s.Is(i, "you", "u", "your", "ur") {
			return false
		}
	}
	for i := s.FirstWord() + 1; i < c; i++ {
		if !s.Is(i, "a", "an") || !s.Is(i-1, introducingVerbs...) {
			continue
		}
		for j := i + 1; j < c && j <= i+3; j++ {
			if n := s.Norm(j); personNouns[n] && n != "one" && n != "person" || occupations[n] {
				return true
			}
		}
	}
	return false
}

// introducingVerbs bring someone new in before "a"/"an" (introducedPerson).
var introducingVerbs = []string{"got", "have", "has", "had", "hired", "hiring", "met", "taken", "took", "taking", "found"}

// addressWords, before a comma and a name, speak to the one named even when
// a verb follows ("thanks, Mel"); a remark before the comma ("cool, Lena
// went there") leaves the name the subject.
var addressWords = lang.Words(`hey hi hello hiya howdy thanks thank thx ty bye goodbye congrats
	congratulations cheers dear welcome yo sup sorry hugs`)

// namesOwnerFirst reports whether the sentence names something, neither a
// person nor a place, before its first "their" or "its" (ownerFirst).
func (p *sentCtx) namesOwnerFirst() bool {
	_, ok := p.ownerFirst()
	return ok
}

// ownerFirst is the last name of the sentence, neither a person's nor a
// place's, before its first "their" or "its": "Kora Logistics is posting
// me to their Abuja office", "Some architects called Fenwick & Hale, their
// office is on Kelham Island". The sentence's names join the discourse
// only after it, so an organisation named turns before must not stand for
// "their" there.
func (p *sentCtx) ownerFirst() (span, bool) {
	their := -1
	for k := range p.s.Toks {
		if p.s.Is(k, "their", "its") {
			their = k
			break
		}
	}
	var owner span
	found := false
	for _, n := range p.names {
		if n.to <= their && n.typ != ontology.EntityPerson && n.typ != ontology.EntityPlace && !p.known.speakers[ontology.NormaliseName(n.name)] {
			owner, found = n, true
		}
	}
	return owner, found
}

// vocative reports whether the name [from, to) addresses someone ("Hey
// Mel!", "Thanks, Caroline.", "That's great, Mel!", "Jon, look"): a name
// spoken to carries no knowledge.
func vocative(s *sentence, from, to int) bool {
	prev := from - 1
	if prev >= 0 && s.Toks[prev].Norm == "," {
		prev--
		if to == len(s.Toks) {
			return true
		}
	}
	if prev >= 0 && greetingWords[s.Toks[prev].Norm] {
		// "thanks Sam", "yes Sam!" address Sam; "yeah Sam plays in the
		// Deben Strummers", "lol Tom got fired" state something of him
		return !((prev == from-1 || !addressWords[s.Toks[prev].Norm]) && verbFollows(s, to)) // "cool, Lena went there" (names_caps.go)
	}
	if prev > 0 && s.Toks[prev-1].Norm == "good" && s.Is(prev, "morning", "afternoon", "evening", "night") {
		return true
	}
	if sentenceStartAt(s, from) && to < len(s.Toks) && s.Toks[to].Norm == "," && !listAfter(s, to) {
		return true
	}
	if (to == len(s.Toks) || s.Is(to, ",")) && openingRemark(s, from-1) {
		return true // "Honestly Ellie, I tell you everything", "Seriously Tom!"
	}
	return sentenceStartAt(s, from) && to == len(s.Toks)
}

// openingRemark reports whether the token at i opens the sentence as a
// capitalised word no name starts with, a remark or an adverb ("Honestly",
// "Seriously", "Happy"), not a verb whose object follows ("Ring Orla") nor
// a preposition or pronoun ("In Cork?", "To Leeds").
func openingRemark(s *sentence, i int) bool {
	if i < 0 || !s.Toks[i].Word || !s.Toks[i].Cap || s.Toks[i].Poss || !sentenceStartAt(s, i) {
		return false
	}
	n := s.Toks[i].Norm
	return !functionWords[n] && !prepositions[n] && !pronounish[n] && !nameStart(s, i) && !openingVerb(s, i)
}

// answeringWord is the question word of the turn before, when another
// speaker asked it: "where" when its last sentence opens on one asking for
// a home ("where are u based these days?", "where u based trinket" with no
// mark, not "where are you working now?"), "who" ("who's your
// landlord?"), "?" for any other question, "" when it asked nothing.
func answeringWord(before *prevTurn, speaker string) string {
	if before == nil || before.speaker == speaker {
		return ""
	}
	words := strings.Fields(strings.ToLower(before.last))
	has := func(set map[string]bool) bool {
		for _, v := range words {
			if set[strings.Trim(v, ".,!?:;")] {
				return true
			}
		}
		return false
	}
	for _, w := range words {
		w = strings.Trim(w, ".,!?:;'\"")
		switch {
		case answerWords[w] || greetingWords[w] || w == "so" || w == "and" || w == "but":
			continue // "ok so where are you based now?"
		case w == "where" || strings.HasPrefix(w, "where'") || strings.HasPrefix(w, "where’") || w == "wheres":
			if has(answerHomeWords) && (before.question || has(answerYou)) {
				return "where" // "where are u based these days?", "where u based trinket"
			}
		case before.question && (w == "who" || strings.HasPrefix(w, "who'") || strings.HasPrefix(w, "who’") || w == "whos"):
			return "who"
		}
		break
	}
	if !before.question {
		return "" // "who knew", "where we went last summer was lovely"
	}
	return "?" // "where are you working now?" / "Brightwater": no place
}

// answerYou, in a where question written without its mark, say it is put
// to someone: "where u based trinket".
var answerYou = lang.Words(`you u ya ur your`)

// answerHomeWords make a where question ask for a place: a home, an
// origin, a move.
var answerHomeWords = lang.Words(`live lives living lived based from moving move moved moves staying stay
	settled born grow grew raised home`)

// answerType types a bare name answering a where or who question that
// nothing else typed: "where are u based" / "Kumasi" is a place, "who's
// your landlord?" / "Kwabena." a person; a name of several words or one
// described as a firm answers who as often as a person does.
func (k *known) answerType(s *sentence, sp span) span {
	if sp.typ != ontology.EntityConcept || sp.tconf > 0 || s.Is(sp.to, ",") && (describedAsOrg(s, sp.to+1) || orgDescribedAfter(s, sp.to)) {
		return sp // "who's doing the cake?" / "Crumb Theory, a bakery in Hebden Bridge"
	}
	if k.answering == "who" && sp.to-sp.from > 1 {
		return sp // "who's doing the food?" / "Nettle & Pan": a firm as often
	}
	switch k.answering {
	case "where":
		sp.typ, sp.tconf, sp.cue = ontology.EntityPlace, confContext, "answer:where"
	case "who":
		sp.typ, sp.tconf, sp.cue = ontology.EntityPerson, confContext, "answer:who"
	}
	return sp
}

// chatAcronyms are chat abbreviations a sentence may be all of ("Iykyk.",
// "Tysm!"), which no word list holds.
var chatAcronyms = lang.Words(`iykyk istg tysm tyvm ily ilysm hbu wyd wbu ttyl brb omw afaik imho imo tbh tbf
	idk idek lmk smh ikr ngl nvm fyi btw irl jk rn ofc pls plz thx ty np bff`)

// ampersandName reports whether sp joins two words by "&", neither a given
// name, a business's name ("Pryce & Son", "Petal & Stem") even where a
// capital says nothing, after a dash or opening the sentence; "Tom & Mel"
// are two people.
func ampersandName(s *sentence, sp span) bool {
	for i := sp.from + 1; i < sp.to-1; i++ {
		if s.Toks[i].Norm == "&" {
			return !firstName(s.Toks[sp.from].Norm) && !firstName(s.Toks[i+1].Norm) && !s.Tok(sp.to-1).Poss
		}
	}
	return false
}

// ampersandFirm reports whether sp is a firm's name of two words joined by
// "&" ("Rye & Shine", "Hall & Pryor"): neither word a given name of the
// larger list, a pronoun or a kin or role word ("Tom & Jess", "Me & Kev",
// "Mum & Dad" are people), nor both places ("Leeds & Bradford").
func ampersandFirm(s *sentence, sp span) bool {
	if sp.to-sp.from != 3 || !s.Is(sp.from+1, "&") || !ampersandName(s, sp) {
		return false
	}
	a, b := s.Norm(sp.from), s.Norm(sp.from+2)
	for _, w := range []string{a, b} {
		if givenName(w) || pronounish[w] || functionWords[w] || kinWord(w) || isRoleWord(w) {
			return false
		}
	}
	return !(knownPlace(a) && knownPlace(b))
}
