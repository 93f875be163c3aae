package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// A place said with a particle of direction (issue 14, h14-miss39):
// "they're based up in Plymouth", "who runs Oyelaran & Sons out in Burton
// Latimer", "their office is out in oranmore", "the one over in
// caversham". The particle says how far the place lies from the speaker,
// nothing of the tie: the statement is the one without it ("based in
// Plymouth"), which every reading of a home or a base already reads.
//
// The particle is dropped only where it cannot belong to a phrasal verb
// ("grew up in Leeds", "ended up in York", "moving out in May"): after a
// form of "be", a verb of being based or living, a noun of a site, or a
// name, and before a place: a capitalised name that is no month or
// weekday, or a place of the gazetteer typed in lower case.

// particleInRE finds a word, a particle of direction and "in" or "near"
// with the word after: "based up in Plymouth".
var particleInRE = regexp.MustCompile(`(?i)([\p{L}&'’]+)\s+(?:out|up|down|over)(\s+(?:in|near)\s+)([\p{L}][\p{L}'’-]*)(\s+[\p{L}][\p{L}'’-]*)?`)

// particleLeads are the lower-case words after which a particle of
// direction before "in" places what the clause is about: forms of "be",
// verbs of being based or living, and nouns of a site ("the one over in
// caversham", "all the way out in etobicoke"). "they're out in
// Coalville" and "they're based up in Plymouth" keep theirs: theyAreOutIn
// reads them as an organisation's base, resolving "they" more strictly
// than "they're based in" is.
var particleLeads = lang.Words(`is 's was am 'm be been being thats its based located lives live
	living lived stays staying works working one place office offices shop farm unit site branch depot warehouse
	house flat bungalow cottage studio factory plant yard campus base hq headquarters way`)

// directionParticles drops a particle of direction before "in"/"near" and a
// place (see above): "they're based up in Plymouth" reads "they're based
// in Plymouth".
func directionParticles(text string) string {
	low := strings.ToLower(text)
	if !particleBeforePlace(low) {
		return text
	}
	return particleInRE.ReplaceAllStringFunc(text, func(m string) string {
		g := particleInRE.FindStringSubmatch(m)
		if !particleLead(g[1]) || !particlePlace(g[3], g[4]) || theyBasedBefore(low, text, m) {
			return m
		}
		return g[1] + g[2] + g[3] + g[4]
	})
}

// particleBeforePlace reports whether low, a text in lower case, holds a
// particle of direction right before "in" or "near": the cheap test that
// lets the expression run.
func particleBeforePlace(low string) bool {
	for _, p := range []string{"out ", "up ", "down ", "over "} {
		if strings.Contains(low, p+"in ") || strings.Contains(low, p+"near ") {
			return true
		}
	}
	return false
}

// particleLead reports whether the word before the particle lets it go:
// a word of particleLeads (an apostrophe's "it's" too) or a capitalised
// name's last word ("Oyelaran & Sons out in …").
func particleLead(w string) bool {
	n := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
	if particleLeads[n] {
		return true
	}
	if _, rest, ok := strings.Cut(n, "'"); ok && particleLeads["'"+rest] {
		return true // "they're", "it's"
	}
	first := []rune(w)[0]
	return first >= 'A' && first <= 'Z' && !particleVerbs[n]
}

// particleVerbs are the capitalised openers before a particle that make a
// phrasal verb of it ("Grew up in Leeds", "Moving out in May").
var particleVerbs = lang.Words(`grew grow growing grown ended end ending moved moving move moves came come coming went
	go going gone set setting settled woke brought raised signed turned turning showed locked`)

// particlePlace reports whether the words after "in" name a place: a
// capitalised name that is no month or weekday, or one or two lower-case
// words of the gazetteer or the towns.
func particlePlace(w, next string) bool {
	n := strings.ToLower(w)
	if _, month := lang.Months[n]; month {
		return false
	}
	if _, day := lang.Weekdays[n]; day {
		return false
	}
	r := []rune(w)[0]
	if r >= 'A' && r <= 'Z' || r > 0x7f && strings.ToUpper(string(r)) == string(r) {
		return !notNameWord(n)
	}
	two := strings.TrimSpace(n + " " + strings.ToLower(strings.TrimSpace(next)))
	return knownPlace(n) || next != "" && knownPlace(two)
}

// theyBasedBefore reports whether the match m, found in text, is "based"
// right after "they're", "theyre" or "they are" (low is text in lower
// case).
func theyBasedBefore(low, text, m string) bool {
	if !strings.HasPrefix(strings.ToLower(m), "based") {
		return false
	}
	at := strings.Index(text, m)
	if at < 0 {
		return false
	}
	before := strings.TrimSpace(strings.ReplaceAll(low[:at], "’", "'"))
	return strings.HasSuffix(before, "they're") || strings.HasSuffix(before, "theyre") || strings.HasSuffix(before, "they are")
}
