package rules

import (
	"strings"
	"unicode"
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
	"ppl": "people", "bday": "birthday",
}

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
			isWordRune(rs[i-2]) && isWordRune(rs[j+1]) && !apostrophe(rs, i-2) {
			out, ok = joinSpellings[w]
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
