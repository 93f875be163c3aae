package extract

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/antzucaro/matchr"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// NameLexicon says which words can name a person: the rules extractor's
// word lists and gazetteers (rules.Lexicon). The app gives the ingestor
// one (Ingestor.WithNameLexicon) whatever extractors it runs.
type NameLexicon interface {
	// NotAPersonName reports whether word is never a person's name on its
	// own: a common word, a place, an organisation, a nationality.
	NotAPersonName(word string) bool
	// IsGivenName reports whether word is a given name.
	IsGivenName(word string) bool
}

// firstNames is the lexicon without one: lang's common first names.
type firstNames struct{}

func (firstNames) NotAPersonName(string) bool   { return false }
func (firstNames) IsGivenName(word string) bool { return lang.IsFirstName(word) }

// Speaker aliases are learned from how a conversation names its speakers:
// others address them ("Hey Rosa!", "thanks, Ro", "Rosa, did you…") and they
// introduce themselves ("I'm Rosa", "Rosa here", "my name is Rosa"). Labels
// in real messaging are handles and misspellings while questions use names,
// so these are what lets a question that says "Rosa" find "rosa_m92".
//
// Precision matters more than recall: a wrong alias scopes a question to
// the wrong person. So a vocative is read only next to a greeting or
// punctuation that marks direct address, and never for words that address
// anyone ("guys", "man", "mom"). In a two-party conversation the addressee
// is the other speaker. In a group chat a vocative may call anyone in, so
// only a reaction ("congrats Jules", "sorry mari", "thanks Ro") is read,
// and its addressee is the one whose message it reacts to: the last other
// speaker, within the few messages before it.
//
// A name opening a turn ("Rosa, did you…", "Benji!") is read only when it
// is a given name or the addressee's handle, and not when it answers a
// question, echoes a name just said ("Graz!" after "she lives in Graz") or
// is spoken about ("Donal! He's my landlord"). `go run
// ./extract/rules/cmd/graphgold-dev -aliases` measures what is learned on
// the dev chats and LoCoMo.

var (
	// greeting + name, ending at punctuation or the end of the turn.
	vocativeGreeting = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:hey|hi|hiya|hello|heya|yo|thanks|thank you|thx|ty|bye|goodbye|morning|good morning|good night|night|congrats|congratulations|aww|omg|love you|miss you|happy birthday|welcome back|sorry)[,!]?\s+([\p{L}][\p{L}'’-]{1,24})(?:\s*[,.!?:;)…]|\s*$)`)
	// A capitalised name opening the turn, followed by a comma or "!".
	vocativeOpening = regexp.MustCompile(`^\s*(\p{Lu}[\p{L}'’-]{1,24})\s*[,!]\s`)
	// A capitalised name closing a sentence after a comma: "…, Rosa!"
	vocativeClosing = regexp.MustCompile(`,\s*(\p{Lu}[\p{L}'’-]{1,24})\s*[.!?…]+\s*$`)

	// A reaction to the message before it, then a name: what a group chat
	// answers someone's news with.
	vocativeReaction = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:thanks|thank you|thx|ty|congrats|congratulations|aww|sorry|love you|miss you|happy birthday|welcome back|well done|good luck)[,!]?\s+([\p{L}][\p{L}'’-]{1,24})(?:\s*[,.!?:;)…]|\s*$)`)

	// Introductions name the speaker. The words that introduce are read in
	// any case, the name only capitalised: "im engaged", "its true" name
	// nobody.
	introduction = regexp.MustCompile(`(?:^|[.!?]\s+|^(?i:hi|hey|hello)[,!]?\s+)(?i:i'?m|i am|i’m|my name is|my name's|call me)\s+(\p{Lu}[\p{L}'’-]{1,24})(?:\s*[,.!?:;)…]|\s+here\b|\s*$)`)
	// "it's Rosa", "this is Rosa" introduce only opening the turn: later in
	// it they present a photo, a pet or an answer ("This is Susie.").
	introductionOpening = regexp.MustCompile(`^\s*(?:(?i:hi|hey|hello)[,!]?\s+)?(?i:it'?s|it’s|this is)\s+(\p{Lu}[\p{L}'’-]{1,24})(?:\s*[,.!?:;)…]|\s+here\b|\s*$)`)
	// A chat typed without capitals introduces with "my name is", "call me".
	introductionLower = regexp.MustCompile(`(?i)(?:^|[.!?]\s+)(?:my name is|my name's|call me)\s+(\p{L}[\p{L}'’-]{1,24})(?:\s*[,.!?:;)…]|\s*$)`)
	nameHere          = regexp.MustCompile(`^\s*(?:(?:hi|hey|hello)[,!]?\s+)?(\p{Lu}[\p{L}'’-]{1,24})\s+here\b`)
	// A letter's sign-off names its writer: "With fondest love, Ros."
	signOff = regexp.MustCompile(`(?:^|[^\p{L}])(?i:love|regards|wishes|best|xx+|x|xoxo|sincerely|warmly),\s*(\p{Lu}[\p{L}'’-]{1,24})\s*[.!…]*\s*$`)
	// After a bare name opening the turn, a sentence that starts with a
	// third person speaks about that name: "Donal! He's my landlord".
	thirdPersonNext = regexp.MustCompile(`^\s*[,.!?…]*\s*(?i:and\s+|but\s+)?(?i:he|she|they|he's|she's|they're|hes|shes|theyre|his|her|their|him|them)\b`)
)

// notNames are words that follow greetings or open turns but address
// nobody in particular, or are too common to be an alias.
var notNames = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`there all everyone everybody guys guy girls girl gals man dude bro bruh sis
		babe baby honey hun hon sweetie sweetheart darling dear love luv buddy bud pal mate friend friends fam
		folks team yall y'all you u ya again so much lot tons both boss chief sir maam ma'am madam miss mister
		mom mum mama mommy mummy mam mammy dad papa daddy grandma grandpa granny nana son daughter kid kids child children
		lol haha hahaha omg wow ok okay yes yeah yep no nope sure thanks thank well oh ah hmm hm um uh
		just really very too and but or the a an my your our his her their its this that what how why when
		where who which i me we us he she they it is are was were be been am do does did have has had
		good great nice cool awesome amazing fine bad sorry hello hi hey bye morning night evening afternoon
		today tomorrow yesterday tonight everyone's again! back birthday guys! all! congrats congratulations
		god gosh jesus lord dear! man! anyway btw tbh idk imo fyi also still now then here i'm i’m im`) {
		m[w] = true
	}
	return m
}()

// LearnAliases returns the aliases the turns use for the conversation's
// speakers (labels, including the batch's), one item per use.
//
// A word is never an alias when names says it is no person's name
// ("Definitely", "Graz", "Revolut"; nil names knows only lang's first
// names), when it names another speaker (its
// label, a part of a handle, a misspelling of either, or an alias this
// batch learned for that speaker), or when a vocative only echoes a name
// the messages just before it said: "Revolut!" answering "he is working
// for Revolut", "congrats migo" after "my brother migo passed".
func LearnAliases(turns []ontology.Turn, speakers []string, names NameLexicon) []ontology.LearnedAlias {
	if names == nil {
		names = firstNames{}
	}
	var out []ontology.LearnedAlias
	group := len(speakers) > 2
	calls := map[string]string{} // alias learned → its speaker
	add := func(speaker, alias, how, turnID string) {
		alias = strings.Trim(alias, "'’-")
		if len([]rune(alias)) < 2 || notNames[strings.ToLower(alias)] || names.NotAPersonName(alias) {
			return
		}
		if group && how == ontology.AliasVocative && handleOfAnother(speakers, speaker, alias) {
			return // "congrats jules" may react to another message than jules_b's
		}
		if namesLabel(speaker, alias) {
			return // the label or its first name teaches nothing
		}
		// An alias that is another speaker's label, its first name or a
		// misspelling of a part of it, or that the batch learned for
		// another speaker, names that speaker, not this one.
		for _, sp := range speakers {
			if !strings.EqualFold(sp, speaker) && (namesLabel(sp, alias) || misspeltLabel(sp, alias)) {
				return
			}
		}
		k := strings.ToLower(alias)
		if other, ok := calls[k]; ok && other != speaker {
			return
		}
		calls[k] = speaker
		out = append(out, ontology.LearnedAlias{Speaker: speaker, Alias: alias, How: how, TurnID: turnID})
	}
	for i, t := range turns {
		text := strings.TrimSpace(t.Text)
		if text == "" || t.Speaker == "" {
			continue
		}
		intros := []*regexp.Regexp{introduction, nameHere, signOff}
		if lowercaseChat(text) {
			intros = append(intros, introductionLower)
		}
		if shouted(text) {
			intros = nil // "IM EXCITED"
		}
		for _, re := range intros {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				add(t.Speaker, m[1], ontology.AliasIntroduction, t.ID)
			}
		}
		if m := introductionOpening.FindStringSubmatchIndex(text); m != nil && !thirdPersonNext.MatchString(text[m[3]:]) {
			add(t.Speaker, text[m[2]:m[3]], ontology.AliasIntroduction, t.ID)
		}
		vocatives := []*regexp.Regexp{vocativeGreeting, vocativeOpening, vocativeClosing}
		addressee := otherSpeaker(speakers, t.Speaker)
		if addressee == "" {
			addressee, vocatives = reactedTo(turns[:i], t.Speaker), []*regexp.Regexp{vocativeReaction}
			if addressee != "" && namesAnotherSpeaker(text, speakers, t.Speaker, addressee) {
				continue // "welcome zain's mum 😂 sorry, nadia" reacts to the one it names
			}
		}
		if addressee == "" {
			continue
		}
		seen := map[string]bool{}
		for _, re := range vocatives {
			for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
				name := text[m[2]:m[3]]
				if re != vocativeOpening && re != vocativeClosing && !unicode.IsUpper([]rune(name)[0]) && !lowercaseChat(text) {
					continue // "thanks man" in a capitalised chat: not a name
				}
				if re == vocativeClosing && signOff.MatchString(text) {
					continue // "love, Ros." signs, it does not address
				}
				if re == vocativeOpening && (!names.IsGivenName(name) && !handleOf(addressee, name) ||
					answers(turns[:i], t.Speaker) || thirdPersonNext.MatchString(text[m[3]:])) {
					// A word opening a turn is an interjection ("Agreed, John!")
					// unless it is a given name or the addressee's handle, and
					// then it still answers ("Which band?" "Röyksopp!") or
					// speaks about someone ("Donal! He's my landlord").
					continue
				}
				if echoes(turns[:i], t.Speaker, name) {
					continue
				}
				if k := strings.ToLower(name); !seen[k] {
					seen[k] = true
					add(addressee, name, ontology.AliasVocative, t.ID)
				}
			}
		}
	}
	return out
}

// shouted reports whether text is written in capitals only.
func shouted(text string) bool {
	return strings.IndexFunc(text, unicode.IsLower) < 0 && strings.IndexFunc(text, unicode.IsUpper) >= 0
}

// handleOf reports whether name is the start of a part of label of three
// letters or more ("Kez" for "kez_92", "Benji" for "@benji").
func handleOf(label, name string) bool {
	n := strings.ToLower(name)
	for _, p := range strings.FieldsFunc(strings.ToLower(label), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(n)) >= 3 && strings.HasPrefix(p, n) {
			return true
		}
	}
	return false
}

// echoWindow is how many messages back a vocative may echo a name.
const echoWindow = 3

// echoes reports whether name, or a misspelling of it, is a word of one of
// the echoWindow messages before, sent by another speaker than from: then
// "Graz!" or "congrats migo" answers a mention, it does not address.
func echoes(before []ontology.Turn, from, name string) bool {
	for k := len(before) - 1; k >= 0 && k >= len(before)-echoWindow; k-- {
		if strings.EqualFold(before[k].Speaker, from) {
			continue
		}
		for _, w := range strings.FieldsFunc(before[k].Text, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
			if strings.EqualFold(w, name) || misspelt(w, name) {
				return true
			}
		}
	}
	return false
}

// answers reports whether the message before, sent by another speaker
// than from, asks a question: a name opening the reply answers it
// ("Which band?" "Röyksopp!").
func answers(before []ontology.Turn, from string) bool {
	if len(before) == 0 {
		return false
	}
	last := before[len(before)-1]
	return !strings.EqualFold(last.Speaker, from) && strings.Contains(last.Text, "?")
}

// namesAnotherSpeaker reports whether text names, by its whole label, a
// speaker other than from and addressee.
func namesAnotherSpeaker(text string, speakers []string, from, addressee string) bool {
	low := strings.ToLower(text)
	for _, sp := range speakers {
		if strings.EqualFold(sp, from) || strings.EqualFold(sp, addressee) || len([]rune(sp)) < 3 {
			continue
		}
		if lang.ContainsWord(low, strings.ToLower(sp)) {
			return true
		}
	}
	return false
}

// misspeltLabel reports whether alias misspells a part of label of five
// letters or more ("siobahn" for "Siobhan", "capivarra" for "capivara_").
func misspeltLabel(label, alias string) bool {
	for _, p := range strings.FieldsFunc(label, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if misspelt(p, alias) {
			return true
		}
	}
	return false
}

// misspelt reports whether a and b, of five letters or more, differ by one
// edit (a swap of two adjacent letters counting as one).
func misspelt(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	if a == b || min(len([]rune(a)), len([]rune(b))) < 5 {
		return false
	}
	return matchr.OSA(a, b) == 1
}

// UntypedAliases drops the aliases that name an entity the batch's
// extraction typed as no person (a place, an organisation, a pet, a work,
// an activity) and never as a person: "Graz" of "she lives in Graz" is
// nobody's alias. Concepts, the type of last resort, drop nothing.
func UntypedAliases(aliases []ontology.LearnedAlias, entities []ontology.EntityMention) []ontology.LearnedAlias {
	typed, person := map[string]bool{}, map[string]bool{}
	for _, e := range entities {
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			k := ontology.NormaliseName(n)
			switch e.Type {
			case ontology.EntityPerson:
				person[k] = true
			case ontology.EntityConcept:
			default:
				typed[k] = true
			}
		}
	}
	out := aliases[:0:0]
	for _, a := range aliases {
		if k := ontology.NormaliseName(a.Alias); !typed[k] || person[k] {
			out = append(out, a)
		}
	}
	return out
}

// reactionWindow is how many messages back a group chat's reaction may
// reach for the message it reacts to.
const reactionWindow = 3

// reactedTo is the speaker of the last message before a reaction by from
// that another speaker sent, among the reactionWindow messages before it;
// "" when there is none.
func reactedTo(before []ontology.Turn, from string) string {
	for k := len(before) - 1; k >= 0 && k >= len(before)-reactionWindow; k-- {
		if sp := before[k].Speaker; sp != "" && !strings.EqualFold(sp, from) {
			return sp
		}
	}
	return ""
}

// handleOfAnother reports whether alias could be a name inside the label
// of a speaker other than speaker: a part of it ("jules" in "jules_b",
// "ben" in "@ben.okafor") or the start of one ("mari" in "marika_x").
func handleOfAnother(speakers []string, speaker, alias string) bool {
	a := strings.ToLower(alias)
	for _, sp := range speakers {
		if strings.EqualFold(sp, speaker) {
			continue
		}
		parts := strings.FieldsFunc(strings.ToLower(sp), func(r rune) bool { return !unicode.IsLetter(r) })
		for _, p := range parts {
			if len([]rune(p)) >= 3 && (strings.HasPrefix(p, a) || strings.HasPrefix(a, p)) {
				return true
			}
		}
	}
	return false
}

// otherSpeaker is the one speaker other than from in a two-party
// conversation, "" otherwise.
func otherSpeaker(speakers []string, from string) string {
	other := ""
	for _, s := range speakers {
		if strings.EqualFold(s, from) {
			continue
		}
		if other != "" && !strings.EqualFold(other, s) {
			return ""
		}
		other = s
	}
	return other
}

// lowercaseChat reports whether text is written without capitals, as many
// people type: then a lowercase word after a greeting may be a name.
func lowercaseChat(text string) bool {
	return strings.IndexFunc(text, unicode.IsUpper) < 0
}

// namesLabel reports whether word is label or the first word of a
// multi-word label, in any case.
func namesLabel(label, word string) bool {
	label = strings.TrimSpace(label)
	if strings.EqualFold(label, word) {
		return true
	}
	first, _, multi := strings.Cut(label, " ")
	return multi && strings.EqualFold(first, word)
}
