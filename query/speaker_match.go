package query

import (
	"strings"
	"unicode"

	"github.com/antzucaro/matchr"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// How a query's word matched a speaker (ontology.Scope.SpeakerMatch),
// besides the alias kinds of ontology (explicit, vocative, introduction).
const (
	MatchName      = "name"       // the label, or a multi-word label whole
	MatchFirstName = "first_name" // the first word of a multi-word label
	MatchHandle    = "handle"     // the name inside a handle ("rosa" in "rosa_m92")
	MatchFuzzy     = "fuzzy"      // a misspelling: close in letters and in sound
	MatchNickname  = "nickname"   // a nickname of the name, or the name of a nickname ("Maggie", "Margaret")
)

// SpeakerMatch is the speaker a query names, by which word and how.
type SpeakerMatch struct {
	Speaker string
	Alias   string
	How     string
}

// speakerForm is one lower-case form that names a speaker.
type speakerForm struct {
	form, how string
	speaker   string
}

// speakerForms lists every form naming each speaker: the label's own forms
// and the aliases. A form that names two speakers names neither (two
// people called "Sam", or an alias one speaker uses for the other).
func speakerForms(speakers []ontology.Speaker, handles bool) []speakerForm {
	var all []speakerForm
	owners := map[string]map[string]bool{}
	add := func(form, how, speaker string) {
		form = strings.ToLower(strings.TrimSpace(form))
		if len([]rune(form)) < 2 {
			return
		}
		if owners[form] == nil {
			owners[form] = map[string]bool{}
		}
		owners[form][strings.ToLower(speaker)] = true
		all = append(all, speakerForm{form, how, speaker})
	}
	for _, sp := range speakers {
		forms := nameForms(sp.Name)
		for i, f := range forms {
			how := MatchName
			if i > 0 {
				how = MatchFirstName
			}
			add(f, how, sp.Name)
		}
		if handles {
			for _, f := range handleForms(sp.Name) {
				add(f, MatchHandle, sp.Name)
			}
		}
		for _, a := range sp.Aliases {
			add(a.Alias, a.How, sp.Name)
		}
	}
	var out []speakerForm
	seen := map[string]bool{}
	for _, f := range all {
		if len(owners[f.form]) > 1 || seen[f.form+"\x00"+f.speaker] {
			continue
		}
		seen[f.form+"\x00"+f.speaker] = true
		out = append(out, f)
	}
	// Longer forms first, so "rosa martins" is preferred to "rosa".
	sortFormsLongestFirst(out)
	return out
}

func sortFormsLongestFirst(fs []speakerForm) {
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && len(fs[j].form) > len(fs[j-1].form); j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}

// handleForms are the names inside a handle-like label: "rosa_m92" →
// "rosa"; "@Rosa.Martins" → "rosa martins", "rosa"; "DaveR" → "dave". A
// label that is already words gives none (nameForms covers it).
func handleForms(label string) []string {
	label = strings.TrimSpace(label)
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(label)
	handle := false
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r):
			// camelCase boundary: "DaveR" → "Dave", "R"
			if unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]) {
				flush()
				handle = true
			}
			cur = append(cur, r)
		case r == ' ':
			flush()
		default: // digits, _, ., -, @
			flush()
			handle = true
		}
	}
	flush()
	if !handle {
		return nil
	}
	var words []string
	for _, p := range parts {
		if len([]rune(p)) >= 2 {
			words = append(words, p)
		}
	}
	if len(words) == 0 {
		return nil
	}
	out := []string{}
	if len(words) > 1 {
		out = append(out, strings.Join(words, " "))
	}
	return append(out, words[0])
}

// MatchSpeaker returns the one speaker query names, by a form of their
// label or an alias (also with a possessive "s" typed without its
// apostrophe: "olas dog"), or (with fuzzy, when nothing matches exactly) a
// nickname of one of those forms or its full name (nicks: "Maggie" for
// "Margaret", "Will" for "william_k"), then a misspelling of one; the zero
// SpeakerMatch when it names none or more than one. Without fuzzy, handle
// names and nicknames are not matched either.
//
// A misspelling must be close in letters (one edit for names of 4 to 6
// letters, two from 7) and sound alike (a Double Metaphone code in
// common) or differ by one swap of adjacent letters, it must not itself be a common first name ("Rose" is somebody
// else, not a misspelt "Rosa"), and only capitalised words are tried
// unless the whole query is in lower case: "Mark" is not "Mary", "Carol" is
// not "Caroline".
func MatchSpeaker(query string, speakers []ontology.Speaker, fuzzy bool, nicks *lang.Nicknames) SpeakerMatch {
	forms := speakerForms(speakers, fuzzy)
	q := strings.ToLower(query)
	var found SpeakerMatch
	for _, f := range forms {
		form := f.form
		if !containsWord(q, form) {
			if !containsBarePossessive(q, form) {
				continue
			}
			form += "s" // "martas dog": Marta's, apostrophe left out
		}
		if found.Speaker != "" && !strings.EqualFold(found.Speaker, f.speaker) {
			return SpeakerMatch{} // two speakers named: no single scope
		}
		if found.Speaker == "" {
			found = SpeakerMatch{Speaker: f.speaker, Alias: matchedWords(query, form), How: f.how}
		}
	}
	if !fuzzy {
		return found
	}
	// A nickname names a speaker as a form does: "Did Maggie meet Tom?"
	// names two.
	nick := nicknameSpeaker(query, forms, nicks)
	switch {
	case found.Speaker != "" && nick.Speaker != "" && !strings.EqualFold(found.Speaker, nick.Speaker):
		return SpeakerMatch{}
	case found.Speaker != "":
		return found
	case nick.Speaker != "":
		return nick
	}
	return fuzzySpeaker(query, forms)
}

// queryNames are the words of query that may be names: capitalised ones,
// or every word when the whole query is in lower case, with a possessive
// "'s" cut off and at least minLen letters.
func queryNames(query string, minLen int) []string {
	lower := strings.IndexFunc(query, unicode.IsUpper) < 0
	var out []string
	for _, w := range strings.FieldsFunc(query, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		rs := []rune(w)
		if len(rs) >= minLen && (lower || unicode.IsUpper(rs[0])) {
			out = append(out, w)
		}
	}
	return out
}

// nicknameSpeaker is the one speaker a name in query names through
// nicks: one of their one-word forms is that name's nickname or full name.
// A word that is itself a form names its own speaker, not through nicks
// ("Tom" is Tom when both Tom and Thomas speak).
func nicknameSpeaker(query string, forms []speakerForm, nicks *lang.Nicknames) SpeakerMatch {
	if nicks.Len() == 0 {
		return SpeakerMatch{}
	}
	isForm := map[string]bool{}
	for _, f := range forms {
		isForm[f.form] = true
	}
	return nameLike(query, forms, 2, MatchNickname,
		func(lw string) bool { return !isForm[lw] },
		func(w, form string) bool { return nicks.Pair(w, form) })
}

// nameLike is the one speaker that a name of query (queryNames, minLen
// letters or more; a stop word never) names by how: a word that try
// accepts (lower case) is like (like) one of the speaker's one-word forms.
// A name like two speakers' forms, or two names like two speakers, name
// nobody.
func nameLike(query string, forms []speakerForm, minLen int, how string, try func(lw string) bool, like func(w, form string) bool) SpeakerMatch {
	var found SpeakerMatch
	for _, w := range queryNames(query, minLen) {
		if lw := strings.ToLower(w); lang.ContentStopWords[lw] || !try(lw) {
			continue
		}
		for _, f := range forms {
			if strings.Contains(f.form, " ") || !like(w, f.form) {
				continue
			}
			if found.Speaker != "" && !strings.EqualFold(found.Speaker, f.speaker) {
				return SpeakerMatch{}
			}
			found = SpeakerMatch{Speaker: f.speaker, Alias: w, How: how}
		}
	}
	return found
}

// containsBarePossessive reports whether form occurs in q (lower case) as
// a whole word followed by a possessive "s" typed without its apostrophe
// (barePossessive).
func containsBarePossessive(q, form string) bool {
	return anyOccurrence(q, form, func(start, end int) bool {
		_, ok := barePossessive(q, form, end)
		return ok && !wordRuneBefore(q, start)
	})
}

// matchedWords returns the words of query that form (lower case) matched,
// in the query's own spelling.
func matchedWords(query, form string) string {
	if i := strings.Index(strings.ToLower(query), form); i >= 0 && len(strings.ToLower(query)) == len(query) {
		return query[i : i+len(form)]
	}
	return form
}

func fuzzySpeaker(query string, forms []speakerForm) SpeakerMatch {
	// Not a common first name: that is another person, not a misspelling.
	return nameLike(query, forms, 4, MatchFuzzy,
		func(lw string) bool { return !lang.IsFirstName(lw) },
		func(w, form string) bool { return closeName(strings.ToLower(w), form) })
}

// closeName reports whether word is a misspelling of name: within one
// edit (4-6 letters) or two (7 or more), counting a swap of two adjacent
// letters as one edit, and alike in sound (a Double Metaphone code in
// common) unless the one edit is such a swap, the commonest typo, which
// phonetic codes mishear ("Gnia" for "Gina").
func closeName(word, name string) bool {
	n := max(len([]rune(word)), len([]rune(name)))
	if n < 4 || word == name {
		return false
	}
	d := matchr.OSA(word, name)
	if d == 0 || d > 2 || (d == 2 && n < 7) {
		return false
	}
	if d == 1 && matchr.Levenshtein(word, name) == 2 {
		return true // one adjacent swap
	}
	p1, s1 := matchr.DoubleMetaphone(word)
	p2, s2 := matchr.DoubleMetaphone(name)
	for _, a := range []string{p1, s1} {
		for _, b := range []string{p2, s2} {
			if a != "" && a == b {
				return true
			}
		}
	}
	return false
}

// SpeakerWords are the forms that name speakers (labels, their first
// names and handle names, aliases), for leaving names out of a query.
func SpeakerWords(speakers []ontology.Speaker) []string {
	var out []string
	for _, f := range speakerForms(speakers, true) {
		out = append(out, f.form)
	}
	return out
}

// labelsOf returns speakers without their aliases.
func labelsOf(speakers []ontology.Speaker) []ontology.Speaker {
	out := make([]ontology.Speaker, len(speakers))
	for i, sp := range speakers {
		out[i] = ontology.Speaker{Name: sp.Name}
	}
	return out
}
