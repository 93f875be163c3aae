package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Places the gazetteer has never seen, read from the words around them
// (issue 14, h14-names3). People's towns, suburbs and villages are mostly
// in no gazetteer, so "6 yrs in bydgoszcz", "still in tamale tho",
// "we're back in Arequipa now", "a flat in Shymkent" or "east end of
// bulawayo" must be read from their cue: a stay, a home, a part of a
// town. The name itself is never looked up in a list of places; a word
// the word list holds is left alone in lower case (unknownWord), and a
// first name or an organisation the conversation named keeps its type.
// "left X" and "leaving X" are not a cue: they leave an employer as
// often as a town, and reading them as a town cost the held-out gold half
// a right relation and added a wrong one (docs/benchmarks.md).

// names3StayWords, right before "in", say where someone stays or is:
// "still in tamale tho", "we're back in Arequipa", "she's been in Kisumu
// since uni", "im staying in tamale".
var names3StayWords = lang.Words(`still back stuck staying stayed stay been settled lived living lives live based`)

// names3Homes, after a determiner and before "in", are homes: "a flat in
// Shymkent", "my place in iloilo", "found a room in kralingen".
var names3Homes = lang.Words(`flat house place home apartment flatshare houseshare cottage bungalow houseboat room`)

// names3Owners are the determiners of a home ("a flat", "our house").
var names3Owners = lang.Words(`a the my our his her their your ur new old`)

// names3Durations, after a number, count time spent somewhere: "6 yrs in
// bydgoszcz".
var names3Durations = lang.Words(`yrs years year months month`)

// names3Parts, after a compass word and before "of", name a part of a
// town: "east end of bulawayo", "north side of X".
var names3Parts = lang.Words(`side end bit part edge`)

// names3Compass open a part of a town.
var names3Compass = lang.Words(`east west north south`)

// names3Offices, after "their X" or "our X", make X the town of a firm's
// site: "their bydgoszcz office".
var names3Offices = lang.Words(`office offices branch hq site campus depot warehouse factory plant`)

// names3Locals, after "a <town>", say where someone or a firm is from:
// "a tamale lad", "a bydgoszcz firm".
var names3Locals = lang.Words(`lad lass girl boy native firm company outfit`)

// names3FromBe are the forms of "be" (and chat spellings of "he's",
// "she's", "i'm") before "from" and a home town: "hes from tamale".
var names3FromBe = lang.Words(`hes shes im am are is originally`)

// names3PlaceCue reports whether the name [from, to) stands in a place's
// slot, and names the slot. It reads the words around the name only.
func names3PlaceCue(s *sentence, from, to int) (string, bool) {
	if to == from+1 && to <= len(s.Toks) && s.Toks[from].Poss && s.Is(to, "home") && s.Is(to+1, "now") {
		return "'s home now", true // "tamale's home now"
	}
	if to > len(s.Toks) || s.Toks[to-1].Poss || names3OrgAfter(s, to) || orgDescribedAfter(s, to) {
		return "", false // "still in Pyxa's team", "been in Quorra Design", "from X, they're a charity"
	}
	if names3Unit(s.Norm(to - 1)) {
		return "", false // "i'm still in radiology": a ward or a department
	}
	p, p2 := s.Norm(from-1), s.Norm(from-2)
	switch {
	case p == "in" && names3StayWords[p2]:
		return p2 + " in", true
	case p == "in" && s.Question && (p2 == "ur" || p2 == "are" && s.Is(from-3, "you", "u")):
		return "you're in", true // "sunny ur in tamale??": asked where someone lives
	case p == "in" && p2 == "up" && s.Is(from-3, "grew", "growing", "brought", "raised"):
		return "grew up in", true
	case p == "in" && names3Homes[p2] && names3Owners[s.Norm(from-3)]:
		return p2 + " in", true
	case p == "in" && names3Durations[p2] && names3Number(s, from-3):
		return "years in", true
	case p == "from" && names3FromBe[p2] && !s.Is(to, "to") && names3PersonBe(s, from-2):
		return "from", true // "hes from tamale"; "from X to Y" is a route, "that picture is from X" a maker
	case p == "of" && names3Parts[p2] && names3Compass[s.Norm(from-3)]:
		return s.Norm(from-3) + " " + p2 + " of", true
	case p == "in" && names3OfficeIsIn(s, from-1):
		return "office is in", true // "their office is in kazimierz", "hq's over in bydgoszcz"
	case (p == "their" || p == "our") && names3Offices[s.Norm(to)] && to == from+1:
		return p + " <town> " + s.Norm(to), true
	case p == "from" && s.Is(from-2, "over", "here", "back", "down", "up", "across") && s.Is(from-3, "came", "come", "comes", "moved"):
		return "came over from", true // "6 yrs since we came over from Kisumu"
	case (p == "a" || p == "an") && to == from+1 && names3Locals[s.Norm(to)]:
		return "a <town> " + s.Norm(to), true // "he's a tamale lad", "they're a bydgoszcz firm"
	case from >= 1 && s.Toks[from-1].Poss && s.Toks[from-1].Cap && to == from+1 && names3Offices[s.Norm(to)]:
		return "'s <town> office", true // "Yarrowby Bank's arequipa office"
	case s.Is(to, "originally") && names3Elided(s, from):
		return "<town> originally", true // "Iloilo originally but she's been in Kisumu since uni"
	}
	return "", false
}

// names3OfficeIsIn reports whether "in" at i follows a firm's site said
// to be there: "their office is in", "the hq's over in", "our offices are
// based in".
func names3OfficeIsIn(s *sentence, i int) bool {
	k := i - 1
	for k > 0 && headOfficeAdverbs[s.Norm(k)] {
		k--
	}
	if s.Tok(k).Poss && (names3Offices[s.Norm(k)] || s.Is(k, "headquarters", "base")) {
		return true // "their office's in"
	}
	return s.Is(k, "is", "are", "'s", "'re") && (names3Offices[s.Norm(k-1)] || s.Is(k-1, "headquarters", "base")) && !s.Tok(k-1).Poss
}

// names3OrgAfter reports whether an organisation's noun or a work unit
// follows the name, which makes it part of a firm's name or a team.
func names3OrgAfter(s *sentence, to int) bool {
	n := s.Norm(to)
	return orgCues[n] || workUnit(n) || s.Is(to, "team", "dept", "department", "squad", "crew")
}

// names3Number reports whether the token at i is a count: digits or a
// number word ("6 yrs", "six years").
func names3Number(s *sentence, i int) bool {
	n := s.Norm(i)
	return lang.NumberWords[n] > 0 || isDigits(n)
}

// names3At capitalises, in a lower-case sentence, a word outside the word
// list that stands in a place's slot (names3PlaceCue) and returns how many
// tokens it consumed (0: none).
func (k *known) names3At(s *sentence, i int) int {
	if !unknownWord(s, i) {
		return 0
	}
	if _, org := lookupOrg(s.Norm(i), false); org {
		return 0
	}
	if t := k.entities[s.Norm(i)]; t != "" && t != ontology.EntityPlace {
		return 0
	}
	if !placeWordEnds(s, i+1) && !names3Number(s, i+1) && !names3Offices[s.Norm(i+1)] && !names3Locals[s.Norm(i+1)] && !s.Toks[i].Poss &&
		!s.Is(i+1, "n", "tho", "ya", "yeah", "originally", "after", "for", "since", "on", "runs", "is") {
		return 0
	}
	if _, ok := names3PlaceCue(s, i, i+1); !ok {
		return 0
	}
	capitalise(s, i, i+1)
	return 1
}

// names3Typed types sp a place, confirmed, when it stands in a place's
// slot (names3PlaceCue), and keeps the type for the rest of the
// conversation, so a later "is the pyxa the one on bydgoszcz" reads the
// town as the earlier turn did; typeName's switch calls it after the lists.
func (k *known) names3Typed(s *sentence, sp *span) bool {
	cue, ok := names3PlaceCue(s, sp.from, sp.to)
	if !ok {
		return false
	}
	if n := ontology.NormaliseName(sp.name); n != "" {
		if _, seen := k.entities[n]; !seen {
			k.entities[n] = ontology.EntityPlace
		}
	}
	sp.typ, sp.tconf, sp.cue = ontology.EntityPlace, confName, "slot:"+cue
	return true
}

// names3Unit reports whether w names a department, a ward or a field of
// study, where one is "still in" or "back in" at work: a work unit of the
// lists or a word with a field's ending ("radiology", "paediatrics").
func names3Unit(w string) bool {
	if workUnit(w) {
		return true
	}
	for _, e := range []string{"ology", "iatrics", "istry", "ics", "ing"} {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// names3Elided reports whether the verb at v opens its clause with no
// subject said, the chat's way of speaking of oneself: "Iloilo
// originally", "ikr. X originally".
func names3Elided(s *sentence, v int) bool {
	for j := v - 1; j >= 0; j-- {
		if !s.Toks[j].Word || clauseOpeners[s.Norm(j)] || isFiller(s.Norm(j)) || s.Is(j, "yeah", "yep", "ya", "ikr") {
			continue
		}
		return false
	}
	return true
}

// names3PersonBe reports whether the "be" at b (or a chat spelling of
// "he's", "i'm" there) has a person for its subject: a personal pronoun,
// a capitalised name, or the spelling itself.
func names3PersonBe(s *sentence, b int) bool {
	if s.Is(b, "hes", "shes", "im", "originally") {
		return true
	}
	return s.Is(b-1, "i", "he", "she", "we", "they", "you", "u") || b >= 1 && s.Toks[b-1].Cap && !s.Is(b-1, "that", "this", "it")
}
