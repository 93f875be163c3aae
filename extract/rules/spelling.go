package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
)

// chatSpellings are chat spellings of words the patterns read, written
// out: contractions without their apostrophe ("im", "hes", "doesnt"),
// letter-and-digit words ("b4", "2gether") and short forms ("u", "rly",
// "yday"). Only words that mean nothing else in a chat are listed ("ill",
// "were", "its", "well" and "ur" are left as they are).
var chatSpellings = map[string]string{
	"im": "i'm", "ive": "i've", "hes": "he's", "shes": "she's", "theyre": "they're", "theyve": "they've",
	"youre": "you're", "youve": "you've", "weve": "we've", "dont": "don't", "doesnt": "doesn't",
	"didnt": "didn't", "cant": "can't", "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't",
	"isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't",
	"hasnt": "hasn't", "hadnt": "hadn't", "wont": "won't", "thats": "that's", "whats": "what's",
	"wheres": "where's", "u": "you", "b4": "before", "yday": "yesterday", "2day": "today", "tmrw": "tomorrow",
	"tmr": "tomorrow", "2gether": "together", "rly": "really", "srsly": "seriously", "abt": "about",
	"ppl": "people", "bday": "birthday", "luv": "love", "luvs": "loves", "luvd": "loved", "jus": "just",
	"cuz": "because", "coz": "because", "tho": "though", "thru": "through",
	// common misspellings of the adverbs clauses step over ("I absolutley love karaoke nights")
	"absolutley": "absolutely", "absolutly": "absolutely", "definately": "definitely", "definitly": "definitely",
	"realy": "really", "totaly": "totally",
}

// gDropped are the -ing words the patterns read ("living", "starting",
// "reading"), written out when a chat drops their g ("livin", "startin"):
// only these, since many words end in "in" ("cousin", "dublin", "kevin").
var gDropped = lang.Words(`living moving working starting dating running managing leading playing coming going
	doing writing reading watching exploring chairing heading marrying calling joining leaving quitting teaching
	studying training singing hanging pursuing telling seeing getting staying renting interning volunteering
	captaining directing coaching hiking climbing bouldering cooking baking gaming painting drawing swimming
	cycling dancing knitting gardening fishing camping surfing skiing shopping travelling traveling drumming
	looking thinking planning hoping trying taking making helping organising organizing founding opening
	selling buying adopting raising visiting relocating settling commuting flying sailing rowing running
	learning loving enjoying listening transferring posting mentoring fitting sharing bringing installing fixing`)

// itsContraction are the words after which "its" is "it's": "its called
// Foldline", "its been ages"; the possessive "its" comes before a noun.
var itsContraction = lang.Words(`called been a an the not so going gonna my our his her just really in at on
	about like only still got`)

// joinSpellings are one-letter words that stand for a word only between
// two words: "me n my bf", "we r moving".
var joinSpellings = map[string]string{"n": "and", "r": "are"}

// chatSpelling writes a turn's chat spellings out, so that "ive been in
// brixton 8 yrs", "hes at tfl now" and "me n my bf femi r moving" read as
// their spelled-out forms do. Words are matched whole and in lower case
// ("Im" and "IM" too, as the first person); everything else is kept.
func chatSpelling(text string) string {
	var b strings.Builder
	rs := []rune(text)
	changed := false
	short := len(strings.Fields(text)) <= shortTurnWords
	asking := asksInChat(text)
	for i := 0; i < len(rs); {
		if !isWordRune(rs[i]) {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j := i
		for j < len(rs) && isWordRune(rs[j]) {
			j++
		}
		w := string(rs[i:j])
		lw := strings.ToLower(w)
		out, ok := chatSpellings[lw]
		if ok && lw != w && !strings.HasPrefix(lw, "i") {
			ok = false // "Hes", "U" may be names or initials; "Im", "Ive" are the first person
		}
		if !ok {
			out, ok = stretched(lw) // "yesss", "nooo", "omggg"
		}
		if !ok && w == lw && i >= 2 && j+1 < len(rs) && rs[i-1] == ' ' && rs[j] == ' ' &&
			(isWordRune(rs[i-2]) && !apostrophe(rs, i-2) || rs[i-2] == ',') && isWordRune(rs[j+1]) {
			out, ok = joinSpellings[w] // "me n my bf", "reading, n exploring"
			if ok && w == "n" && fixedNPhrase(rs, i, j) {
				ok = false // "mac n cheese" is one dish
			}
		}
		if !ok && w == lw && (clauseOpensAt(b.String()) || lw == "were" && opensAfterOpener(b.String())) {
			if k, so := okSoOpening(lw, rs, j); so && strings.TrimSpace(b.String()) == "" {
				// "ok so yes, Ikeja GRA", "ok so callum lol": the turn's
				// opening "ok so" only leads into what it says.
				i = k
				changed = true
				continue
			}
			out, ok = openingSpelling(lw, rs, j)
		}
		if !ok && w == lw {
			out, ok = respelled(lw, rs, j)
			if ok && lw == "w" {
				j++ // the slash of "w/"
			}
		}
		if !ok && isFiller(lw) && asking && endsTurn(rs, j) {
			// "who is rolo lmao", "where?? lol": a question is no answer
			// a laugh could mark as a joke; the laugh ending it goes.
			i = j
			changed = true
			continue
		}
		if !ok && isFiller(lw) && short && endsTurn(rs, j) && i > 0 && rs[i-1] == ' ' && i >= 2 && (isWordRune(rs[i-2]) || lang.IsPictograph(rs[i-2])) {
			// The laugh ending a short turn stays, as a sentence of its
			// own: "languages. lol", "Miso and Tofu 🐱🐱 haha" end the
			// statement before it.
			b.WriteString(". " + w)
			i = j
			changed = true
			continue
		}
		if !ok && isFiller(lw) && !(short && endsTurn(rs, j)) {
			// "still at Monzo lol. I head", "lol he's so calm": a filler is
			// no word of the statement; it goes with the space after it. The
			// last word of a short turn stays: a laugh after a bare answer
			// may mark a joke ("the Ministry of Magic lol").
			if j < len(rs) && rs[j] == ' ' {
				j++
			}
			i = j
			changed = true
			continue
		}
		if ok {
			b.WriteString(out)
			changed = true
		} else {
			b.WriteString(w)
		}
		i = j
	}
	if !changed {
		return text
	}
	return b.String()
}

// askWords open a question typed without its question mark: "who is
// rolo", "where u based".
var askWords = lang.Words(`who whos who's what whats what's where wheres where's when how hows how's why which`)

// asksInChat reports whether a turn asks something: it has a question
// mark, or its first word other than a filler is a question word.
func asksInChat(text string) bool {
	if strings.ContainsAny(text, "?？") {
		return true
	}
	for _, f := range strings.Fields(strings.ToLower(text)) {
		f = strings.Trim(f, ".,!:;")
		if f != "" && !isFiller(f) {
			return askWords[strings.ReplaceAll(f, "’", "'")]
		}
	}
	return false
}

// okSoOpening reports whether the word ending at rune j, lw, opens "ok so"
// or "okay so" with a word after it, and returns where that word starts.
func okSoOpening(lw string, rs []rune, j int) (int, bool) {
	if lw != "ok" && lw != "okay" || nextWord(rs, j) != "so" {
		return 0, false
	}
	k := j
	for k < len(rs) && rs[k] == ' ' {
		k++
	}
	k += len("so")
	for k < len(rs) && (rs[k] == ' ' || rs[k] == ',') {
		k++
	}
	if k >= len(rs) || !isWordRune(rs[k]) {
		return 0, false
	}
	return k, true
}

// isWordRune reports whether r belongs to a word.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// apostrophe reports whether the word ending at rune i is the tail of a
// contraction or possessive ("Tom's n"), after which a letter is no join.
func apostrophe(rs []rune, i int) bool {
	for i >= 0 && isWordRune(rs[i]) {
		i--
	}
	return i >= 0 && (rs[i] == '\'' || rs[i] == '’')
}

// stretched returns the interjection a word stretched for emphasis stands
// for ("yesss" → "yes", "nooo" → "no", "sooo" → "so"): a letter written
// three times or more, once or twice, makes a greeting word or "so".
func stretched(w string) (string, bool) {
	rs := []rune(w)
	var one, two []rune
	long := false
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j] == rs[i] {
			j++
		}
		long = long || j-i >= 3
		one = append(one, rs[i])
		two = append(two, rs[i:min(j, i+2)]...)
		i = j
	}
	if !long {
		return "", false
	}
	for _, c := range []string{string(one), string(two)} {
		if greetingWords[c] || c == "so" || c == "no" {
			return c, true
		}
	}
	return "", false
}

// respelled writes out the chat spellings that depend on what follows the
// word ending at rune j: "w/" is "with", "its called" is "it's called",
// and a g-dropped -ing word of gDropped ("startin") gets its g back.
func respelled(lw string, rs []rune, j int) (string, bool) {
	switch {
	case lw == "w":
		if j < len(rs) && rs[j] == '/' {
			if j+1 < len(rs) && isWordRune(rs[j+1]) {
				return "with ", true // "w/friends"
			}
			return "with", true
		}
	case lw == "ur":
		// "ur uncle pete", "ur boss", "ur dog": "your" before a
		// relationship word or a pet ("ur" alone may be "you're").
		if next := nextWord(rs, j); isRoleWord(next) || honorificWords[next] || petSpecies[next] {
			return "your", true
		}
	case lw == "me":
		// "me mam", "leaving me mams in southwick", "me sister jade works
		// there": dialect "my" before a relationship word that something
		// follows ("tell me mum" may call her)
		if next := nextWord(rs, j); j < len(rs) && rs[j] == ' ' && (isRoleWord(next) || isRoleWord(strings.TrimSuffix(next, "s"))) &&
			wordAfterNext(rs, j) {
			return "my", true
		}
	case lw == "its":
		if j < len(rs) && rs[j] == ' ' && itsContraction[nextWord(rs, j)] {
			return "it's", true
		}
	case strings.HasSuffix(lw, "in") && gDropped[lw+"g"]:
		return lw + "g", true
	}
	return "", false
}

// shortTurnWords is the most words a turn may have for a laugh ending it
// to be kept: a bare answer and its laugh.
const shortTurnWords = 6

// fillers are chat laughter and exclamations that carry no statement.
var fillers = lang.Words(`lol lolol lool lmao lmfao rofl omg omfg ikr xd`)

// isFiller reports whether w (lower case) is a filler: one of fillers, or
// laughter ("haha", "hahaha", "hehe", "lolll").
func isFiller(w string) bool {
	if fillers[w] {
		return true
	}
	for _, unit := range []string{"ha", "he"} {
		if len(w) >= 4 && strings.Count(w, unit)*2 == len(w) || len(w) >= 5 && strings.Count(w[:len(w)-1], unit)*2 == len(w)-1 && w[len(w)-1] == 'h' {
			return true
		}
	}
	return len(w) > 4 && strings.HasPrefix(w, "lol") && strings.Trim(w[3:], "l") == ""
}

// lastSaying returns the last of a turn's sentences that says more than
// a laugh: "AND oonagh's gone. lmao" ends on "AND oonagh's gone.".
func lastSaying(sents []sentence) *sentence {
	for i := len(sents) - 1; i > 0; i-- {
		for k, t := range sents[i].Toks {
			if t.Word && !isFiller(sents[i].Norm(k)) {
				return &sents[i]
			}
		}
	}
	return &sents[0]
}

// endsTurn reports whether no word follows rune j of rs.
func endsTurn(rs []rune, j int) bool {
	for ; j < len(rs); j++ {
		if isWordRune(rs[j]) {
			return false
		}
	}
	return true
}

// wordAfterNext reports whether another word follows the word after rune
// j, after a space: "me mams in", not "tell me mum" nor "me mum, she".
func wordAfterNext(rs []rune, j int) bool {
	k := j
	for k < len(rs) && rs[k] == ' ' {
		k++
	}
	for k < len(rs) && isWordRune(rs[k]) {
		k++
	}
	return k+1 < len(rs) && rs[k] == ' ' && isWordRune(rs[k+1])
}

// nextWord returns, in lower case, the word after the spaces at rune j of
// rs ("" when none follows).
func nextWord(rs []rune, j int) string {
	k := j
	for k < len(rs) && rs[k] == ' ' {
		k++
	}
	e := k
	for e < len(rs) && isWordRune(rs[e]) {
		e++
	}
	return strings.ToLower(string(rs[k:e]))
}
