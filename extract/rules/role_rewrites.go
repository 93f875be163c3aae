package rules

import (
	"regexp"
	"strings"
)

// Relationship words in other spellings (issue 14, h14-blind5): "my other
// half Tom" (a partner), "my missus Dana", "my fella Ewan" (a boyfriend,
// only after a possessive: "a fella called Ewan" is anyone), and the non-native "my husband
// name is Tobiasz" (for "my husband's name is"). The turn is read with
// the spelling the patterns know.

var (
	otherHalfRE = regexp.MustCompile(`(?i)\b(my|his|her|your|their|our)\s+other\s+half\b`)
	mateRE      = regexp.MustCompile(`(?i)\b(team|work|flat|room|class|house|band|school)\s+(mates?)\b`)
	fellaRE     = regexp.MustCompile(`(?i)\b(my|his|her|your|their|our|ur)\s+(?:fella|feller)\b`)
	setNameUpRE = regexp.MustCompile(`\b([Ss]et)\s+((?:[A-Z][\p{L}'-]*|&)(?:\s+(?:[A-Z][\p{L}'-]*|&)){0,3})\s+up\b`)
	roleNameRE  = regexp.MustCompile(`(?i)\b(my|his|her|your|our)\s+(husband|wife|boyfriend|girlfriend|partner|son|daughter|brother|sister|mother|father|mum|mom|dad|cousin|friend|fiance|fiancé|fiancee|fiancée)\s+name\s+(is|was)\b`)
)

func init() {
	roleWords["other-half"] = roleInfo{role: "partner", kind: kindPartner}
	roleWords["missus"] = roleInfo{role: "wife", kind: kindPartner}
	roleWords["missis"] = roleInfo{role: "wife", kind: kindPartner}
}

// roleRewrites writes "other half" and "team mate" as one word, "my
// fella" as "my boyfriend", "set Soar Valley up" as "set up Soar Valley"
// and "my husband name is" as "my husband's name is".
func roleRewrites(text string) string {
	low := strings.ToLower(text)
	if strings.Contains(low, "other half") {
		text = otherHalfRE.ReplaceAllString(text, "${1} other-half")
	}
	if strings.Contains(low, " fell") {
		text = fellaRE.ReplaceAllString(text, "${1} boyfriend")
	}
	if strings.Contains(low, " mate") {
		text = mateRE.ReplaceAllString(text, "${1}${2}") // "my team mate Dana" is a teammate, not a friend
	}
	if strings.Contains(low, " up") && strings.Contains(low, "set ") {
		text = setNameUpRE.ReplaceAllStringFunc(text, setNameUp)
	}
	if strings.Contains(low, " name is") || strings.Contains(low, " name was") {
		text = roleNameRE.ReplaceAllString(text, "${1} ${2}'s name ${3}")
	}
	return text
}

// nPhrases are fixed phrases written with "n" for "and": one thing each,
// not two ("top 3 comfort foods: ramen, pierogi, mac n cheese").
var nPhrases = map[string]bool{"mac n cheese": true, "rock n roll": true, "fish n chips": true,
	"salt n pepper": true, "bangers n mash": true, "cookies n cream": true, "rhythm n blues": true,
	"r n b": true, "pb n j": true, "mix n match": true, "bread n butter": true, "strawberries n cream": true,
	"mac n chese": true, "shake n bake": true, "drum n bass": true}

// fixedNPhrase reports whether the "n" at rs[i:j] joins a fixed phrase of
// nPhrases with the words around it.
func fixedNPhrase(rs []rune, i, j int) bool {
	a := i - 1
	for a > 0 && rs[a-1] != ' ' && rs[a-1] != ',' {
		a--
	}
	b := j + 1
	for b < len(rs) && isWordRune(rs[b]) {
		b++
	}
	if a < 0 || j+1 > len(rs) {
		return false
	}
	return nPhrases[strings.ToLower(string(rs[a:i-1])+" n "+string(rs[j+1:b]))]
}

// setNameUp writes "set Soar Valley up" as "set up Soar Valley", the
// order the founding readings know. A name that is a pronoun or the
// speaker's "I" ("set I up") is left alone.
func setNameUp(m string) string {
	sub := setNameUpRE.FindStringSubmatch(m)
	if sub == nil || sub[2] == "I" || strings.HasPrefix(sub[2], "I ") {
		return m
	}
	return sub[1] + " up " + sub[2]
}
