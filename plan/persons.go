package plan

import (
	"strings"
	"unicode"
)

// firstPerson are the words by which a speaker names themselves ("we" and
// "our" included: the speaker is part of what they say of "us").
var firstPerson = words("i", "i'm", "im", "i've", "ive", "i'd", "i'll", "me", "my", "mine", "myself",
	"we", "we're", "we've", "we'd", "we'll", "us", "our", "ours", "ourselves")

// secondPerson are the words by which a speaker names the one they talk
// to, chat spellings included.
var secondPerson = words("you", "you're", "youre", "you've", "you'd", "you'll", "your", "yours", "yourself",
	"u", "ur", "ya")

func words(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// tokens splits text into its words, apostrophes kept inside them (curly
// ones made straight), each with whether it was written in capitals.
func tokens(text string) (out []string, caps []bool) {
	text = strings.ReplaceAll(text, "’", "'")
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		w = strings.Trim(w, "'")
		if w == "" {
			continue
		}
		out = append(out, strings.ToLower(w))
		caps = append(caps, len(w) > 1 && strings.ToUpper(w) == w)
	}
	return out, caps
}

// hasWord reports whether text holds one of set's words; a word in
// capitals does not count ("US" is a country, "U" a letter grade) unless
// it is "I" or the whole text shouts.
func hasWord(text string, set map[string]bool) bool {
	ws, caps := tokens(text)
	shout := strings.ToUpper(text) == text
	for i, w := range ws {
		if set[w] && (!caps[i] || shout) {
			return true
		}
	}
	return false
}

// FirstPerson reports whether a turn's speaker speaks of themselves in it
// ("I", "my", "we"…): the speaker then takes part in the turn's
// co-mentions.
func FirstPerson(text string) bool { return hasWord(text, firstPerson) }

// SecondPerson reports whether a turn speaks to someone ("you", "your",
// "u"…): its addressee then takes part in the turn's co-mentions.
func SecondPerson(text string) bool { return hasWord(text, secondPerson) }

// whWords open a question; auxiliaries open one when a pronoun follows
// ("did u get it"). Chats often leave the question mark out.
var (
	whWords = words("who", "who's", "whos", "what", "what's", "whats", "where", "where's", "wheres", "when",
		"why", "how", "how's", "hows", "which", "whose")
	auxWords  = words("do", "does", "did", "are", "is", "was", "were", "can", "could", "will", "would", "have", "has", "should")
	subjWords = words("you", "u", "he", "she", "they", "it", "we", "i", "ya")
)

// IsQuestion reports whether a turn asks something: its last sentence ends
// in a question mark (emoji and closing marks after it aside), or opens
// with a question word or with an auxiliary and a pronoun.
func IsQuestion(text string) bool {
	t := strings.TrimRightFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsSymbol(r) || r == ')' || r == '"' || r == '\'' || r == '!' || r == '\u200d' || r == '\ufe0f'
	})
	if strings.HasSuffix(t, "?") {
		return true
	}
	if i := strings.LastIndexAny(t, ".!?"); i >= 0 {
		t = t[i+1:]
	}
	ws, _ := tokens(t)
	return len(ws) > 0 && (whWords[ws[0]] || len(ws) > 1 && auxWords[ws[0]] && subjWords[ws[1]])
}

// Addressee is the speaker "you" names in a turn of speaker: in a
// two-party conversation (speakers holds every speaker's label) the other
// one; in a group, the speaker of the turn just before (prev), when that
// is someone else, since a reply speaks to who was just heard; "" when
// neither says.
func Addressee(speakers []string, speaker, prev string) string {
	if len(speakers) == 2 {
		for i, s := range speakers {
			if s == speaker {
				return speakers[1-i]
			}
		}
	}
	if prev != "" && prev != speaker {
		return prev
	}
	return ""
}
