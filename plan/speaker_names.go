package plan

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

// Real messaging labels speakers by handles ("@bouldr_kat", "mo.runs",
// "kofi_b", "Steph (admin)", "Debz 🌻") while the text names them ("Kat",
// "Mo", "Kofi", "Steph", "Deb"), and a label may change its spelling
// between sessions ("Priyaa", then "priya"). These functions read the
// name parts a label carries and decide when a name in the text, or a new
// label, is a known speaker. They only ever pick a speaker that is the
// one candidate in the conversation: never two people merged on a guess.

// labelParts are the lower-case name parts of a speaker label: the label
// without a leading "@", a bracketed role ("(admin)", "[mod]"), emoji and
// symbols, split at dots, underscores, hyphens, digits, spaces and
// camel-case humps ("@bouldr_kat": bouldr, kat; "KatNap": kat, nap;
// "craigR": craig, r; "Tomasz (locum)": tomasz).
func labelParts(label string) []string {
	s := strings.Map(undecorated, stripBracketed(strings.TrimPrefix(strings.TrimSpace(label), "@")))
	s = possessor.ReplaceAllString(s, " ")
	s = strings.NewReplacer("'", "", "’", "").Replace(s)
	s = camelHump.ReplaceAllString(s, "$1 $2")
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) })
}

var (
	// possessor is a name with a possessive "'s": someone else ("Zain's Mum").
	possessor = regexp.MustCompile(`\pL+['’][sS]\b`)
	// camelHump is where a lower-case letter meets a capital ("KatNap").
	camelHump = regexp.MustCompile(`(\p{Ll})(\p{Lu})`)
)

// stripBracketed drops bracketed parts: a role beside the name
// ("Steph (admin)", "Tomasz (locum)", "ro [mod]").
func stripBracketed(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		default:
			if depth == 0 {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// oneDoubled reports whether long is short with one letter doubled
// ("oskarr" and "oskar", "priyaa" and "priya", "treeen" and "treen").
func oneDoubled(long, short string) bool {
	l, s := []rune(long), []rune(short)
	if len(l) != len(s)+1 || len(s) < 3 {
		return false
	}
	for i := 0; i+1 < len(l); i++ {
		if l[i] == l[i+1] && string(l[:i])+string(l[i+1:]) == short {
			return true
		}
	}
	return false
}

// shortFormOf reports whether short is a short form of long: a prefix of
// at least three letters, three letters shorter ("Tom" of "Tomasz", "Dec"
// of "Declan", "Mel" of "Melissa"), or two in a handle (handle: "Kez" of
// "kezza_b"). A name a letter or two longer is as often another name as
// a nickname ("Kat" and "Kate", "Eric" and "Erica", "Ria" and "Riaan"):
// one letter counts only after four letters and when it is no vowel or
// "h" ending ("Dean" and "Deano", not "Sara" and "Sarah").
func shortFormOf(short, long string, handle bool) bool {
	s, l := []rune(short), []rune(long)
	if len(s) < 3 || len(s) >= len(l) || !strings.HasPrefix(long, short) {
		return false
	}
	switch len(l) - len(s) {
	case 1:
		return len(s) >= 4 && !strings.ContainsRune("aehiy", l[len(l)-1])
	case 2:
		return handle
	}
	return true
}

// isHandle reports whether a label is a handle rather than a name: it
// carries an "@", a dot, an underscore or a digit ("@bouldr_kat",
// "mo.runs", "kofi_b", "sam92").
func isHandle(label string) bool {
	return strings.ContainsAny(label, "@._0123456789")
}

// namesSpeaker reports whether a name (its normalised words) names the
// speaker labelled label: one word that is the label's first part, that
// part with one letter doubled or undoubled, a short form of it or a name
// it is a short form of, or another part of three letters or more ("Ian" for
// "mossy_ian", "Sam" for "Big Sam"); or several words the label's parts
// start, one of them whole ("Sam Oduya" for "@sam.o", "Jide Okafor" for
// "j.okafor", "Keeley Moss" for "keeley.moss").
func namesSpeaker(words []string, label string) bool {
	parts := labelParts(label)
	if len(parts) == 0 || len(words) == 0 {
		return false
	}
	if len(words) == 1 {
		n, p := words[0], parts[0]
		h := isHandle(label)
		if n == p || oneDoubled(n, p) || oneDoubled(p, n) || (shortFormOf(n, p, h) || shortFormOf(p, n, h)) {
			return true
		}
		for _, q := range parts[1:] {
			if len([]rune(q)) >= 3 && n == q {
				return true
			}
		}
		return false
	}
	if len(parts) != len(words) {
		return false
	}
	whole := false
	for i, p := range parts {
		if !strings.HasPrefix(words[i], p) {
			return false
		}
		if p == words[i] && len([]rune(p)) >= 3 {
			whole = true
		}
	}
	return whole
}

// speakerNamed returns the one speaker entity that a person's name, found
// neither as a speaker's label nor as a known name, names by the label's
// parts (namesSpeaker), or nil when none or several do. A speaker already
// known by another full name is not named by a second one ("Sam Oduya"
// known, "Sam Okafor" is someone else).
func (r *resolver) speakerNamed(ref ontology.EntityRef, words []string) *entity {
	if ref.Type != ontology.EntityPerson {
		return nil // a concept named like a label's part ("car" for "car🍼") is a thing
	}
	var found *entity
	for _, e := range r.entities {
		if e.speaker == "" || !namesSpeaker(words, e.speaker) {
			continue
		}
		if len(words) > 1 && slices.ContainsFunc(e.aliases, func(a string) bool {
			k := ontology.NormaliseName(a)
			return a != e.speaker && len(strings.Fields(k)) > 1 && k != strings.Join(words, " ")
		}) {
			continue
		}
		if found != nil && found != e {
			return nil
		}
		found = e
	}
	return found
}

// sameLabel reports whether two labels of one conversation are one
// speaker's, spelt differently in different sessions: the same but for
// case ("Priya", "priya") or one doubled letter ("Priyaa", "priya").
func sameLabel(a, b string) bool {
	ka, kb := ontology.NormaliseName(a), ontology.NormaliseName(b)
	if ka == "" || kb == "" {
		return false
	}
	return ka == kb || oneDoubled(ka, kb) || oneDoubled(kb, ka)
}

// knownSpeaker returns, for a label new to the conversation, the stored
// speaker it respells (sameLabel), or else the one stored person named
// exactly like it whom the text named before the label spoke ("Dani",
// then "dani" speaks): nil when none or several fit, or when the other
// label speaks in this batch too (two labels at once are two people).
func (r *resolver) knownSpeaker(label string) *entity {
	var found *entity
	n := 0
	for _, e := range r.entities {
		if e.speaker != "" && e.speaker != label && sameLabel(e.speaker, label) && !slices.Contains(r.batchSpeakers, e.speaker) {
			found = e
			n++
		}
	}
	if n == 1 {
		return found
	}
	if n > 1 {
		return nil
	}
	key := ontology.NormaliseName(label)
	plain := ontology.NormaliseName(strings.Map(undecorated, label))
	for _, e := range r.entities {
		if e.speaker == "" && e.typ == ontology.EntityPerson && e.key != "" && (e.key == key || e.key == plain) {
			found = e
			n++
		}
	}
	if n == 1 {
		return found
	}
	return nil
}
