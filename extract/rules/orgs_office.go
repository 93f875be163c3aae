package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// h14-blind8: what a chat says of the organisation in focus ("the dublin
// office", "lisbon's basically HQ now"), who moves with the speaker ("me
// n callum, moving in on the 1st"), whom one got engaged to ("im engaged"
// / "to who" / "to dev obviously"), and a job said as a department ("she
// does sound at Rookery Studios").

// withMeRE finds the other of a pair subject with the speaker: "kit n i",
// "me and callum", "Kit & I".
var withMeRE = regexp.MustCompile(`(?i)(?:^|[\s,.!])(?:me\s+(?:n|and|&)\s+(\p{L}+)|(\p{L}+)\s+(?:n|and|&)\s+i)\b`)

// officeOf reads "the dublin office", "lisbon office just has the nicer
// coffee", "dublin is HQ on paper", "lisbon's basically HQ now" of the
// organisation the last turns named: LOCATED_IN.
func (p *sentCtx) officeOf() {
	s := p.s
	for j := 1; j < len(s.Toks); j++ {
		if !s.Is(j, "office", "offices", "hq", "headquarters") || s.Tok(j).Poss {
			continue
		}
		for k := j - 1; k >= 0 && k >= j-5; k-- {
			if !s.Toks[k].Word || s.Norm(k-1) == "from" {
				continue
			}
			place, end, conf, ok := p.place(k)
			if !ok || conf < confStrong || !p.officeAfter(end, j) || p.otherOwner(k) || !p.officeHead(j) ||
				hedgedBefore(s, k) || s.Is(j+1, "for") { // "if dublin is HQ", "HQ for the hen do"
				continue
			}
			org, ok := p.disc.organisation()
			if !ok || p.otherWorkSince(org) {
				return
			}
			defer p.citeFrom(org.turn)()
			p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
			return
		}
	}
}

// otherWorkRE finds a workplace spoken of: "i work at a bank now", "my
// dad's firm", "started at the council".
var otherWorkRE = regexp.MustCompile(`(?i)\b(?:work|works|working|worked|job|started|firm|company|employer)\b`)

// ownOfficeRE finds the speakers' own office spoken of: "we HAVE an office
// in berlin", "does this mean we finally get a real office": a firm's
// office said after it is the speakers' own firm's as often as the
// organisation named before.
var ownOfficeRE = regexp.MustCompile(`(?i)\bwe\b[^.?!]{0,30}\boffices?\b`)

// otherWorkSince reports whether a turn since the organisation org was
// named spoke of a workplace without naming it: "the dublin office" may
// then be that one's.
func (p *sentCtx) otherWorkSince(org antecedent) bool {
	for _, t := range p.disc.turnsSince(org.turn) {
		if (otherWorkRE.MatchString(t) || ownOfficeRE.MatchString(t)) && !namesOrg(t, org.ref.Name) {
			return true
		}
	}
	return false
}

// namesOrg reports whether text names the organisation name, in full or
// by the first word of a longer name that is no common word ("marlow as
// in the big london firm?" speaks of Marlow Partners).
func namesOrg(text, name string) bool {
	low, n := strings.ToLower(text), strings.ToLower(name)
	if strings.Contains(low, n) {
		return true
	}
	first, _, more := strings.Cut(n, " ")
	if !more || len(first) < 4 || commonWords[first] || functionWords[first] {
		return false
	}
	for _, w := range strings.Fields(low) {
		if strings.Trim(w, ".,!?:;()\"'") == first {
			return true
		}
	}
	return false
}

// otherOwner reports whether the place at k is preceded by an owner
// other than the speaker's own side: "their dublin office", "Google's
// dublin office" (only "the", "our" or nothing leave the organisation in
// focus).
func (p *sentCtx) otherOwner(k int) bool {
	s := p.s
	return s.Is(k-1, "their", "his", "her", "your", "ur", "my", "whose", "its") || k > 0 && s.Tok(k-1).Poss
}

// officeHead reports whether the office word at j heads its phrase: "the
// dublin office is tiny", not "the dublin office party" (an event) or
// "the dublin office manager".
func (p *sentCtx) officeHead(j int) bool {
	s := p.s
	if !s.Is(j, "office", "offices") || j+1 >= len(s.Toks) || !s.Toks[j+1].Word {
		return true
	}
	return officeVerbs[s.Norm(j+1)] || npStops[s.Norm(j+1)]
}

// officeVerbs may follow "the dublin office" as its verb.
var officeVerbs = lang.Words(`is was has have had are were just still does do did got gets closed opened moved
	shut lol tho though now`)

// officeAfter reports whether the words from end (after a place) to j
// (an office or HQ word) say the place is the office or the HQ: "dublin
// office", "dublin is HQ", "lisbon's basically the HQ".
func (p *sentCtx) officeAfter(end, j int) bool {
	s := p.s
	if end == j {
		return s.Is(j, "office", "offices")
	}
	if !s.Is(j, "hq", "headquarters") {
		return false
	}
	k := end
	if s.Is(k, "is") {
		k++
	} else if !s.Tok(end - 1).Poss {
		return false
	}
	if s.Is(k, "basically", "still", "now", "officially", "technically") {
		k++
	}
	if s.Is(k, "the") {
		k++
	}
	return k == j
}

// movesWithMe returns the person who moves with the speaker of a move at
// k: "me n callum, moving in…" in the sentence, or "kit n i are moving
// out" in the speaker's previous turn before "we got a place in Easton".
func (p *sentCtx) movesWithMe(k int) (ontology.EntityRef, string, bool) {
	text, turn := p.text[:p.s.Toks[k].Start], ""
	if afterLeads(p.s) >= 0 && p.s.Is(afterLeads(p.s), "we") {
		last, ok := p.lastTurnOfSpeaker()
		if !ok || p.disc.index-last.index > 1 {
			return ontology.EntityRef{}, "", false
		}
		text, turn = last.full, last.turn
	}
	m := withMeRE.FindStringSubmatch(text)
	if m == nil {
		return ontology.EntityRef{}, "", false
	}
	name := m[1] + m[2]
	if pronounish[strings.ToLower(name)] || functionWords[strings.ToLower(name)] || englishWords[strings.ToLower(name)] && !p.disc.typedPerson(name) {
		return ontology.EntityRef{}, "", false
	}
	if ref, ok := p.disc.expand(name); ok && ref.Type == ontology.EntityPerson {
		return ref, turn, true
	}
	return ontology.EntityRef{Name: titleCase(name), Type: ontology.EntityPerson}, turn, true
}

// engagedTo reads "im engaged 💍" / "to who 😂" / "to dev obviously u
// clown": the speaker's answer names whom they got engaged or married to.
func (c *turnCtx) engagedTo(t ontology.Turn) {
	if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(t.Text)), "to ") {
		return
	}
	last, ok := c.known.lastBy[t.Speaker]
	if !ok || c.disc.index-last.index > 2 || c.speaker.Name == "" || !announcedUnion(last.full) {
		return
	}
	sents := c.sentencesOf(t.Text)
	if len(sents) == 0 || sents[0].Question {
		return
	}
	s := &sents[0]
	f := s.FirstWord()
	if f < 0 || !s.Is(f, "to") || f+1 >= len(s.Toks) {
		return
	}
	n := s.Toks[f+1]
	if !n.Word || n.Poss || pronounish[n.Norm] || functionWords[n.Norm] || !n.Cap && englishWords[n.Norm] {
		return
	}
	if !s.Is(f+2, "obviously", "ofc", "lol", "haha", "duh", "who", "of") && f+2 < len(s.Toks) && s.Toks[f+2].Word {
		return
	}
	c.readAs(t, "I got engaged to "+titleCase(n.Text)+".", last.turn)
}

// unionRE finds the speaker's own engagement or wedding: "im engaged",
// "we got married", "just got engaged!!", with no one named after it.
var unionRE = regexp.MustCompile(`(?i)(?:^|[.!]\s*|\b(?:i'?m|i am|we'?re|we are|i|we)\s+)(?:just\s+|finally\s+|officially\s+)?(?:got\s+)?(?:engaged|married)\b`)

// announcedUnion reports an engagement or a wedding of the speaker's
// announced with no one named: "im engaged 💍", "we got married!!".
func announcedUnion(text string) bool {
	loc := unionRE.FindStringIndex(text)
	if loc == nil {
		return false
	}
	rest := strings.ToLower(text[loc[1]:])
	for _, w := range strings.Fields(strings.ToLower(text[:loc[0]])) {
		if w == "if" || w == "when" || w == "unless" || w == "would" || w == "might" || w == "wish" {
			return false // "if we got married"
		}
	}
	for _, prep := range []string{" in ", " with ", " on ", " for ", " by ", " at ", " about "} {
		if strings.HasPrefix(rest, prep) {
			return false // "im engaged in a war with my landlord"
		}
	}
	return !strings.Contains(rest, " to ") && !strings.Contains(text, "?")
}

// departments are the parts of a workplace one "does": "she does sound at
// Rookery Studios", "I do admin at Brightwater".
var departments8 = lang.Words(`sound lighting admin marketing accounts hr it design pr sales security reception
	payroll comms finance research engineering support ops operations recruitment catering`)

// doesAt reads "she does sound at Rookery Studios", "I do admin at
// Brightwater": WORKS_AT. "she does yoga at X" is not read.
func (p *sentCtx) doesAt() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "does", "do") || !departments8[s.Norm(k+1)] || !s.Is(k+2, "at", "for") || p.tieHedged(k) || s.Is(k-1, "not") {
			continue
		}
		var who ontology.EntityRef
		switch n := s.Norm(k - 1); {
		case n == "i" && s.Norm(k) == "do":
			who = p.speaker
		case (n == "she" || n == "he") && s.Norm(k) == "does":
			a, ok := p.pronoun(k-1, n)
			if !ok {
				continue
			}
			defer p.citeFrom(a.turn)()
			who = a.ref
		default:
			continue
		}
		org, end, ok := p.namedOrg(k + 3)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",") {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// lastTurnOfSpeaker returns the speaker's previous turn (lastBy is keyed
// by the label as sent, the speaker's name is trimmed).
func (p *sentCtx) lastTurnOfSpeaker() (prevTurn, bool) {
	if last, ok := p.known.lastBy[p.speaker.Name]; ok {
		return last, true
	}
	for label, last := range p.known.lastBy {
		if strings.TrimSpace(label) == p.speaker.Name {
			return last, true
		}
	}
	return prevTurn{}, false
}
