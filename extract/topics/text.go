package topics

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/lang"
)

// token is one content word of a text: its stem (the key terms are counted
// by), its lower-cased surface form (what labels show), and whether
// anything that stops a phrase (a stop word, punctuation, a speaker's
// name) came between it and the previous content word, so that the two
// cannot form a two-word label such as "home study".
type token struct {
	stem, surface string
	brk           bool
	id            int32 // term id in the corpus vocabulary, once known
}

// names are the words of the speakers' names, which are no content: in
// full in any case ("maria"), and as capitalised prefixes of at least
// three letters, which catch nicknames ("Mel" for Melanie) but not common
// words ("car" in "my car").
type names struct{ full, prefix map[string]bool }

func newNames() names { return names{full: map[string]bool{}, prefix: map[string]bool{}} }

// add records the words of a speaker's name.
func (n names) add(speaker string) {
	for _, w := range strings.FieldsFunc(speaker, func(r rune) bool { return !isWordRune(r) && !isApostrophe(r) }) {
		w = normaliseWord(w)
		n.full[w] = true
		for k := 3; k < len(w); k++ {
			n.prefix[w[:k]] = true
		}
	}
}

// has reports whether the word written as orig, normalised to w, is a
// speaker's name or nickname.
func (n names) has(orig, w string) bool {
	if n.full[w] {
		return true
	}
	r, _ := utf8.DecodeRuneInString(orig)
	return unicode.IsUpper(r) && n.prefix[w]
}

// tokenize returns the content words of text: letters and digits, lower
// cased, without stop words, contractions, pure numbers, words shorter
// than three bytes (unless they mix letters and digits, like "5k") and
// speakers' names.
func tokenize(text string, skip names) []token {
	var out []token
	brk := true
	i := 0
	for i < len(text) {
		r, w := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			// Spaces and hyphens keep a phrase together ("home study",
			// "home-study"); other punctuation ends it.
			if !unicode.IsSpace(r) && r != '-' {
				brk = true
			}
			i += w
			continue
		}
		j := i
		for j < len(text) {
			r2, w2 := utf8.DecodeRuneInString(text[j:])
			if !isWordRune(r2) && !isApostrophe(r2) {
				break
			}
			j += w2
		}
		word := normaliseWord(text[i:j])
		orig := text[i:j]
		i = j
		if !isContent(word) || skip.has(orig, word) {
			brk = true
			continue
		}
		out = append(out, token{stem: stem(word), surface: word, brk: brk})
		brk = false
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isApostrophe(r rune) bool { return r == '\'' || r == '’' }

// normaliseWord lower-cases w, folds curly apostrophes and removes a
// possessive ending ("Maria's" → "maria", "parents'" → "parents").
func normaliseWord(w string) string {
	w = strings.ToLower(strings.ReplaceAll(w, "’", "'"))
	w = strings.TrimRight(w, "'")
	w = strings.TrimSuffix(w, "'s")
	return w
}

// isContent reports whether a normalised word can carry a topic.
func isContent(w string) bool {
	if w == "" || strings.Contains(w, "'") || stopWords[w] {
		return false
	}
	letters, digits := 0, 0
	for _, r := range w {
		if unicode.IsDigit(r) {
			digits++
		} else {
			letters++
		}
	}
	switch {
	case letters == 0:
		return false // a number: dates and counts are not themes
	case digits > 0:
		return true // "5k", "mp3"
	default:
		return len(w) >= 3
	}
}

// stem folds the commonest English inflections so that "miles" and "mile",
// "running" and "run", "trained" and "training" count as one term. It is
// deliberately light (no derivational suffixes): over-stemming merges
// unrelated words, which costs more than a missed match.
func stem(w string) string {
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	switch {
	case strings.HasSuffix(w, "ing") && len(w) > 5 && stemmable(w[:len(w)-3]):
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) > 5 && stemmable(w[:len(w)-2]):
		w = undouble(w[:len(w)-2])
	}
	return w
}

// stemmable reports whether a stem left by removing a suffix is plausible:
// three letters or more with a vowel ("spring" keeps its "ing").
func stemmable(s string) bool {
	return len(s) >= 3 && strings.ContainsAny(s, "aeiouy")
}

// undouble removes the doubled final consonant a suffix left behind
// ("runn" → "run", "swimm" → "swim"), but not in "fall" or "pass".
func undouble(s string) string {
	n := len(s)
	if n >= 2 && s[n-1] == s[n-2] && !strings.ContainsRune("aeiouylsz", rune(s[n-1])) {
		return s[:n-1]
	}
	return s
}

// span is a byte range [start, end) of a text.
type span struct{ start, end int }

// sentences splits text into sentences, returned as byte ranges whose
// text is the verbatim sentence without surrounding spaces. A sentence
// ends at '.', '!', '?' or '…' followed by a space or the end (closing
// quotes and brackets stay with it), and at every line break. A full stop
// after an abbreviation ("Dr.", "e.g.") or an initial ("J.") ends nothing.
func sentences(text string) []span {
	var out []span
	start := 0
	emit := func(end int) {
		s, e := start, end
		for s < e && isSpaceByte(text[s]) {
			s++
		}
		for e > s && isSpaceByte(text[e-1]) {
			e--
		}
		if e > s {
			out = append(out, span{s, e})
		}
		start = end
	}
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			emit(i)
			i += w
			start = i
			continue
		case r == '.' || r == '!' || r == '?' || r == '…':
			j := i + w
			for j < len(text) {
				r2, w2 := utf8.DecodeRuneInString(text[j:])
				if !strings.ContainsRune(".!?…\"')]”’»", r2) {
					break
				}
				j += w2
			}
			if j < len(text) && !isSpaceByte(text[j]) {
				i = j // "3.5", "e.g.x", "wait...what"
				continue
			}
			if r == '.' && j == i+w && abbreviation(text[start:i]) {
				i = j
				continue
			}
			emit(j)
			i = j
			continue
		}
		i += w
	}
	emit(len(text))
	return out
}

func isSpaceByte(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// abbreviation reports whether the word that ends before reaches a full
// stop that does not end the sentence.
func abbreviation(before string) bool {
	k := strings.LastIndexAny(before, " \t\n(\"")
	word := strings.ToLower(before[k+1:])
	if word == "" {
		return false
	}
	if utf8.RuneCountInString(word) == 1 && unicode.IsLetter([]rune(word)[0]) {
		return true // an initial: "J. R. R. Tolkien"
	}
	if strings.Contains(word, ".") {
		return true // "e.g", "u.s"
	}
	return abbreviations[word]
}

var abbreviations = lang.Words("mr mrs ms dr prof st vs etc jr sr approx mt no ave inc ltd co dept est fig")

// voice tells whom a sentence is about: +1 when it speaks in the first
// person ("I", "my", "we"), -1 when it speaks only to the listener ("your
// painting is lovely"), 0 otherwise. Statements about oneself are what a
// summary of someone's theme needs; remarks to the other are mostly
// reactions.
func voice(s string) int {
	second := false
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) && !isApostrophe(r) }) {
		w = strings.ReplaceAll(strings.ToLower(w), "’", "'")
		if i := strings.IndexByte(w, '\''); i > 0 {
			w = w[:i] // "i'm" → "i", "you're" → "you"
		}
		switch w {
		case "i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves":
			return 1
		case "you", "your", "yours", "yourself", "yourselves":
			second = true
		}
	}
	if second {
		return -1
	}
	return 0
}

// stopWords are the English stop words of every lang list plus the words
// of chat that appear in every theme of a conversation and so never
// distinguish one: fillers, reactions, time words ("awesome", "haha",
// "week"). Words are matched after lower-casing and possessive removal,
// before stemming.
var stopWords = lang.Union(lang.SearchStopWords, lang.ContentStopWords, lang.NameStopWords, lang.Words(`
above after again against ago almost along already although always among another anybody anyone anything anyway anyways anywhere around away
back became because become before below besides best better between beyond both
cannot
done down during
each either else enough especially even ever every everybody everyone everything everywhere
few further
get gets getting give given gives go goes going gone got gotten
having here herself himself however
indeed instead itself
keep kept kind kinda know knew known
last least less let lets like likely little lot lots
made make makes making may maybe might mine must myself
near nearly need needs neither never new next nobody none nothing now
off often oh ok okay once one only others otherwise ours ourselves out over own
per perhaps please pretty put
quite
rather re really right
said same say says see seem seemed seems seen several shall since somebody someone something sometimes somewhat somewhere soon still sure
take takes taking tell theirs themselves thing things think thinking though thought through thus together too took toward towards
under until up upon use used
via
want wanted wants way ways well went whatever whenever whether while whoever whole within without
yours yourself yourselves
yes yeah yep yup nope nah hey hi hello bye goodbye hmm hm um uh ah aw aww wow whoa lol haha hahaha lmao omg
thanks thank thx welcome sorry congrats congratulations cheers
awesome amazing great good nice cool fun wonderful fantastic incredible lovely beautiful glad happy proud excited exciting super totally absolutely definitely certainly honestly seriously literally actually basically probably
feel feels felt feeling hope hoping love loved loves sounds sound
day days today tonight yesterday tomorrow week weeks weekend month months year years time times morning evening night lately recently
talk talked talking chat chatting catch caught
appreciate appreciated appreciates inspiring inspired inspire inspires inspiration means mean meant share shared shares sharing special joy stoked thrilled grateful thankful lucky blessed brave kind sweet cute touching touched heartwarming wish wishes wished supportive
help helps helped helping helpful use using understand understanding understood try tried tries trying start started starting starts enjoy enjoyed enjoying enjoys
big huge small bit whole moment moments experience experiences life people world mind heart care stay safe important hard easy tough interesting true crazy exactly agree idea ideas stuff cause
wait hear heard hearing look looks looked looking check checked checking real
bring brings brought bringing find finds found finding come comes came coming gonna wanna gotta ton tons
`))
