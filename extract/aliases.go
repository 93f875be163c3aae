package extract

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

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

	introduction = regexp.MustCompile(`(?i)(?:^|[.!?]\s+|^(?:hi|hey|hello)[,!]?\s+)(?:i'?m|i am|i’m|this is|it'?s|it’s|my name is|my name's|call me)\s+(\p{Lu}[\p{L}'’-]{1,24})(?:\s*[,.!?:;)…]|\s+here\b|\s*$)`)
	nameHere     = regexp.MustCompile(`^\s*(?:(?:hi|hey|hello)[,!]?\s+)?(\p{Lu}[\p{L}'’-]{1,24})\s+here\b`)
)

// notNames are words that follow greetings or open turns but address
// nobody in particular, or are too common to be an alias.
var notNames = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`there all everyone everybody guys guy girls girl gals man dude bro bruh sis
		babe baby honey hun hon sweetie sweetheart darling dear love luv buddy bud pal mate friend friends fam
		folks team yall y'all you u ya again so much lot tons both boss chief sir maam ma'am madam miss mister
		mom mum mama mommy dad papa daddy grandma grandpa granny nana son daughter kid kids child children
		lol haha hahaha omg wow ok okay yes yeah yep no nope sure thanks thank well oh ah hmm hm um uh
		just really very too and but or the a an my your our his her their its this that what how why when
		where who which i me we us he she they it is are was were be been am do does did have has had
		good great nice cool awesome amazing fine bad sorry hello hi hey bye morning night evening afternoon
		today tomorrow yesterday tonight everyone's again! back birthday guys! all! congrats congratulations
		god gosh jesus lord dear! man! anyway btw tbh idk imo fyi also still now then here`) {
		m[w] = true
	}
	return m
}()

// LearnAliases returns the aliases the turns use for the conversation's
// speakers (labels, including the batch's), one item per use.
func LearnAliases(turns []ontology.Turn, speakers []string) []ontology.LearnedAlias {
	var out []ontology.LearnedAlias
	group := len(speakers) > 2
	add := func(speaker, alias, how, turnID string) {
		alias = strings.Trim(alias, "'’-")
		if len([]rune(alias)) < 2 || notNames[strings.ToLower(alias)] {
			return
		}
		if group && how == ontology.AliasVocative && handleOfAnother(speakers, speaker, alias) {
			return // "congrats jules" may react to another message than jules_b's
		}
		if namesLabel(speaker, alias) {
			return // the label or its first name teaches nothing
		}
		// An alias that is another speaker's label or its first name
		// names that speaker, not this one.
		for _, sp := range speakers {
			if !strings.EqualFold(sp, speaker) && namesLabel(sp, alias) {
				return
			}
		}
		out = append(out, ontology.LearnedAlias{Speaker: speaker, Alias: alias, How: how, TurnID: turnID})
	}
	for i, t := range turns {
		text := strings.TrimSpace(t.Text)
		if text == "" || t.Speaker == "" {
			continue
		}
		for _, re := range []*regexp.Regexp{introduction, nameHere} {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				add(t.Speaker, m[1], ontology.AliasIntroduction, t.ID)
			}
		}
		vocatives := []*regexp.Regexp{vocativeGreeting, vocativeOpening, vocativeClosing}
		addressee := otherSpeaker(speakers, t.Speaker)
		if addressee == "" {
			addressee, vocatives = reactedTo(turns[:i], t.Speaker), []*regexp.Regexp{vocativeReaction}
		}
		if addressee == "" {
			continue
		}
		seen := map[string]bool{}
		for _, re := range vocatives {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				name := m[1]
				if re != vocativeOpening && re != vocativeClosing && !unicode.IsUpper([]rune(name)[0]) && !lowercaseChat(text) {
					continue // "thanks man" in a capitalised chat: not a name
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
