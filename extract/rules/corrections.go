package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Corrections and retractions sent right after a message: "Ollie moved to
// York" / "sorry, Leeds not York", "Zainab works at Aldi" / "*Lidl", "Nils
// works at Spotify now" / "wait no, that was his brother, ignore me". The
// message before is held back until the next one is read (see extract), so
// a correction rewrites what it corrects and a retraction withdraws it
// before either is stored: a wrong relation costs more than a missing one.

// heldTurn is a turn whose extraction waits for the next turn of the batch.
type heldTurn struct {
	turn ontology.Turn
	x    ontology.Extraction
}

var (
	// retractRe: the message takes back the one before.
	retractRe = regexp.MustCompile(`(?i)(?:^|\W)(?:ignore (?:me|that|what i said)|scratch that|disregard (?:that|me)|wrong (?:person|guy|girl|chat)|forget (?:i said|what i said) (?:that|it)?)(?:\W|$)`)
	// correctOpenRe: openers of a correction ("sorry,", "oops", "i meant").
	correctOpenRe = regexp.MustCompile(`(?i)^(?:(?:sorry|sry|soz|oops|whoops|correction|my bad|i mean|i meant|no|nope|wait)\b[\s,:!.\-–—]*)+`)
	// meantRe: an opener after which a bare name is the correction.
	meantRe = regexp.MustCompile(`(?i)^(?:sorry[\s,]*)?(?:i mean|i meant|correction)\b`)
	// notRe splits "X not Y" / "X, not Y".
	notRe = regexp.MustCompile(`(?i)^(.+?),?\s+not\s+(.+)$`)
	// starRe: "*Lidl …" or "Lidl* …", the texting mark of a correction.
	starRe = regexp.MustCompile(`^\s*\*\s*(.+)$|^([^*\s][^*]*?\pL)\*(\s[^*]*)?$`)
	// fillerTailRe: what trails a corrected name ("lol", "autocorrect", emoji).
	fillerTailRe = regexp.MustCompile(`(?i)(?:[\s,.!]+(?:lol|lmao|haha+|sorry|soz|oops|autocorrect|typo|my bad|obviously|obvs)\b|[\s,.!]*[^\p{L}\p{N}\s'&.-]+)+$`)
)

// notNameWords may not stand in a corrected name: a clause, not a name.
var notNameWords = map[string]bool{"i": true, "i'm": true, "he": true, "she": true, "they": true, "it": true, "it's": true,
	"he's": true, "she's": true, "that": true, "this": true, "was": true, "is": true, "are": true, "his": true, "her": true,
	"my": true, "me": true, "you": true, "u": true, "we": true, "there": true, "what": true, "who": true, "where": true,
	"sure": true, "yet": true, "really": true, "so": true, "just": true, "ignore": true}

// correction reads a message as the correction of a name: what replaces it
// and, when the message says so ("not York"), what it replaces.
func correction(text string) (newName, old string, ok bool) {
	text = strings.TrimSpace(text)
	if text == "" || strings.HasSuffix(text, "?") {
		return "", "", false
	}
	bare := false // a name alone corrects only with a mark or an opener
	if m := starFilter.findSubmatch(starRe, text); m != nil {
		text, bare = m[1]+m[2]+m[3], true
	} else if meantRe.MatchString(text) {
		bare = true
	}
	text = strings.TrimSpace(correctOpenRe.ReplaceAllString(text, ""))
	if m := notFilter.findSubmatch(notRe, text); m != nil {
		newName, old = correctedName(m[1]), correctedName(m[2])
		return newName, old, newName != "" && old != ""
	}
	if !bare {
		return "", "", false
	}
	newName = correctedName(text)
	return newName, "", newName != ""
}

// correctedName trims fillers from a corrected name and returns it, or "" when
// what is left reads as a clause or is too long for a name.
func correctedName(s string) string {
	s = strings.Trim(fillerTailRe.ReplaceAllString(strings.TrimSpace(s), ""), " ,.!*")
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 4 {
		return ""
	}
	for _, w := range words {
		if notNameWords[strings.ToLower(w)] {
			return ""
		}
	}
	return s
}

// amend applies the turn cur to the held turn before it: a retraction by
// the same speaker withdraws the relations and profile values of both
// messages; a correction renames the endpoint it corrects in the held
// turn's relations, which then cite cur too. Anything else leaves both.
func amend(held *heldTurn, cur ontology.Turn, curX *ontology.Extraction) {
	same := held.turn.Speaker == cur.Speaker
	if same && retractRe.MatchString(cur.Text) || !same && denied(cur.Text) {
		held.x.Relations, held.x.Profile = nil, nil
		curX.Relations, curX.Profile = nil, nil
		return
	}
	newName, old, ok := correction(cur.Text)
	if !ok || (old == "" && !same) {
		return
	}
	if old == "" { // "*Lidl": only one thing can have been meant
		targets := map[string]bool{}
		for _, r := range held.x.Relations {
			targets[ontology.NormaliseName(r.To.Name)] = true
		}
		if len(targets) != 1 {
			return
		}
		old = held.x.Relations[0].To.Name
	}
	renameEndpoint(held, cur.ID, old, newName)
}

// renameEndpoint gives every relation of the held turn whose end is old
// the end newName instead, citing turn, and mentions newName.
func renameEndpoint(held *heldTurn, turn, old, newName string) {
	key := ontology.NormaliseName(old)
	if key == "" || key == ontology.NormaliseName(newName) {
		return
	}
	var typed *ontology.EntityRef
	fix := func(ref *ontology.EntityRef) bool {
		if ontology.NormaliseName(ref.Name) != key {
			return false
		}
		if isLowerWord(newName) && !isLowerWord(ref.Name) {
			newName = titleCase(newName)
		}
		ref.Name = newName
		typed = ref
		return true
	}
	for i := range held.x.Relations {
		r := &held.x.Relations[i]
		if fix(&r.From) || fix(&r.To) {
			r.SourceTurnIDs = union(clone(r.SourceTurnIDs), []string{turn})
		}
	}
	if typed == nil {
		return
	}
	for i := range held.x.Profile {
		if p := &held.x.Profile[i]; ontology.NormaliseName(p.Value) == key {
			p.Value = newName
		}
	}
	held.x.Entities = append(held.x.Entities, ontology.EntityMention{EntityRef: *typed,
		SourceTurnIDs: []string{held.turn.ID, turn}, TypeConfidence: ontology.MinConfidence, TypeCue: "corrected name"})
}

// isLowerWord reports whether s has no upper-case letter.
func isLowerWord(s string) bool { return strings.ToLower(s) == s }
