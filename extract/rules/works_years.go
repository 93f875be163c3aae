package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of how long someone has worked somewhere: "3 yrs at X", "i've
// been nursing for the Trust for ten years", "you've been at X for ages",
// "Uncle Martin was at Harker Tyres for twenty six years", "down to three
// days at X now".

// longSince reports whether the words at k say a span of years or a
// start long ago: "for 11 years", "for ages", "since 2019" (not "for an
// hour").
func longSince(s *sentence, k int) bool {
	if s.Is(k, "since") {
		return isDigits(s.Norm(k+1)) && len(s.Norm(k+1)) == 4
	}
	return yearsAfter(s, k) > k
}

// yearsAt reads a chat's subjectless tally of time somewhere: "3 yrs at
// Tallyo and this is my 4th reorg" (WORKS_AT), "two years at fernlight on
// friday" (an anniversary), "6 yrs in bristol n ive never had a working
// boiler" (LIVES_IN), the speaker's. Days or weeks (a visit), a past
// ("ago", "before", "was"), a wish or a question are not read.
func (p *sentCtx) yearsAt() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(countEnd(s, f), "yrs", "years", "year", "months") {
		return
	}
	n := s.Norm(f)
	if strings.Contains(p.text[:min(s.Start, len(p.text))], "?") {
		return // "my brother? 6 yrs in bristol now": the tally answers the question
	}
	k := countEnd(s, f) + 1
	retired := -1 // "before I retired" at this index ends the tally at an employer
	if s.Is(k, "at") {
		retired = beforeRetiring(s)
	}
	if !(n != "" && strings.Trim(n, "0123456789") == "" || countWords[n]) || p.answered || p.hedgedAt(0) ||
		retired < 0 && p.has(0, len(s.Toks), "before") ||
		p.has(0, len(s.Toks), "ago", "was", "were", "used", "would", "could", "wish", "until", "til", "till") {
		return
	}
	end := 0
	var r rel
	switch {
	case s.Is(k, "at"):
		org, e, ok := p.namedOrg(k + 1)
		if !ok {
			return
		}
		r, end = rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts}, e
	case s.Is(k, "in"):
		place, e, conf, ok := p.place(k + 1)
		if !ok || conf < confStrong {
			return
		}
		r, end = rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts}, e
	default:
		return
	}
	if s.Is(end, "and", "n", "&", "but") && s.Is(end+1, thirdPronounSubjects...) || p.aboutSomeoneBefore() {
		return // "mrs pilling. 40 yrs in horsforth and she's off to scarborough": hers
	}
	if retired >= 0 {
		if end != retired {
			return
		}
		r.validFrom, r.validUntil = nil, p.ts // "Forty years at Fenwick & Roe before I retired"
		p.relation(r)
		return
	}
	anniversary := r.typ == ontology.RelWorksAt && onADay(s, end) // "two years at fernlight on friday"
	if !anniversary && (!p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "n", "now", "lol", "already", "tho") || s.Is(end, "for", "to", "on")) {
		return
	}
	p.relation(r)
}

// thirdPronounSubjects open a clause about someone else.
var thirdPronounSubjects = []string{"she", "he", "they", "shes", "hes", "theyre", "theyve", "shed", "hed"}

// aboutSomeoneBefore reports whether the turn's sentence before this one
// was about someone else, so that a subjectless tally after it ("40 yrs
// in horsforth") is theirs: it opens on "she", "he" or "they", or it ends
// on a person named with a title ("got a lovely old dear selling with us,
// mrs pilling").
func (p *sentCtx) aboutSomeoneBefore() bool {
	b := p.sentenceBefore()
	if b == nil {
		return false
	}
	last := len(b.Toks) - 1
	for last >= 0 && !b.Toks[last].Word {
		last--
	}
	f := b.FirstWord()
	return f >= 0 && b.Is(f, thirdPronounSubjects...) ||
		last > 0 && b.Is(last-1, "mrs", "mr", "ms", "miss", "dr") && !b.Toks[last].Poss
}

// onADay reports "on" at k before a day: "on friday", "on the 3rd".
func onADay(s *sentence, k int) bool {
	if !s.Is(k, "on") {
		return false
	}
	if frameTimeWords[s.Norm(k+1)] {
		return true
	}
	d := s.Norm(k + 2)
	return s.Is(k+1, "the") && d != "" && d[0] >= '0' && d[0] <= '9'
}

// notTradeVerbs are -ing verbs after "been" whose "for X" is no employer:
// waiting for a bus, saving for a trip, rooting for a team, playing for
// a club (a membership, read elsewhere).
var notTradeVerbs = lang.Words(`waiting saving rooting cheering looking searching shopping queuing queueing paying voting
	praying hoping asking begging fighting running gunning supporting playing going coming staying living dating
	seeing training studying revising preparing trying applying interviewing campaigning`)

// yearsForOrg reads a trade done for a named employer for years: "i've
// been fitting boilers for Pennant Heating for 11 years", "been driving
// for Fastline since 2019": WORKS_AT. A wait, a saving, a team one roots
// or plays for, hours or days ("for an hour"), someone else and a hedge
// read nothing.
func (p *sentCtx) yearsForOrg() {
	s := p.s
	for k := 2; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "for") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		b := k - 1
		for b > 0 && b >= k-3 && !s.Is(b, "been") {
			b--
		}
		if !s.Is(b, "been") || !s.Is(b-1, "'ve", "ive", "have") || !s.Is(b-2, "i") && !s.Is(b-1, "ive") {
			continue
		}
		v := s.Norm(b + 1)
		if len(v) < 5 || v[len(v)-3:] != "ing" || notTradeVerbs[v] || b+1 == k-1 && !s.Is(k-1, "driving", "working", "cleaning", "cooking", "coding", "writing", "teaching", "delivering") {
			continue
		}
		if k+1 >= len(s.Toks) || !s.Toks[k+1].Cap {
			continue
		}
		org, end, ok := p.namedOrg(k + 1)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss || !longSince(s, end) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// beforeRetiring returns where the sentence's one "before" stands when
// retiring follows it ("before I retired", "before retiring"), or -1.
func beforeRetiring(s *sentence) int {
	at := -1
	for k := range s.Toks {
		if !s.Is(k, "before") {
			continue
		}
		if at >= 0 || !s.Seq(k+1, "i", "retired") && !s.Is(k+1, "retiring") {
			return -1
		}
		at = k
	}
	return at
}

// beenAtLong reads years at a named employer said of the other speaker
// or someone named: "sunil you've been at Northvale Building Society so
// long", "you've been at Halden for years" (in a chat of two), "he's been
// at Copperline since 2016": WORKS_AT. A short while ("for an hour"), a
// question, a place, a possessive ("at Tom's"), a "you" nobody is called
// by in a group chat and a hedge read nothing.
func (p *sentCtx) beenAtLong() {
	s := p.s
	for k := 2; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "been") || !s.Is(k+1, "at") || p.tieHedged(k) || p.hedgedAt(k) || !s.Toks[k+2].Cap && !s.Lower {
			continue
		}
		who, cite, ok := p.beenSubject(k - 1)
		if !ok {
			continue
		}
		org, end, ok := p.orgAnyCase(k + 2)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss || !longSince(s, end) && !s.Seq(end, "so", "long") && !s.Is(end, "forever") {
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
		restore()
		return
	}
}

// beenSubject returns whom "'ve been" or "'s been" ending at h is said
// of: the other speaker for "you've" (called by name first in a group
// chat: "sunil you've been"), the person "he's" or "she's" means, or a
// name ("Ferg has been"). "I've" is read elsewhere.
func (p *sentCtx) beenSubject(h int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch {
	case s.Is(h, "'ve", "have") && s.Is(h-1, "you", "u"):
		if v := h - 2; v >= 0 && s.Toks[v].Word {
			if name, ok := p.disc.speakerCalled(s.Toks[v].Text); ok && v == afterLeads(s) {
				return ontology.EntityRef{Name: name, Type: ontology.EntityPerson}, "", true
			}
			return ontology.EntityRef{}, "", false
		}
		if a := p.disc.addressee(p.speaker.Name); a.Name != "" && h-1 == afterLeads(s) {
			return a, "", true
		}
	case s.Is(h, "youve", "uve") && h == afterLeads(s):
		if a := p.disc.addressee(p.speaker.Name); a.Name != "" {
			return a, "", true
		}
	case s.Is(h, "'s", "has") && s.Is(h-1, "he", "she") && h-1 == afterLeads(s):
		return p.pronounPerson(h - 1)
	case s.Is(h, "has"):
		for f := h - 1; f >= 0 && f >= h-2; f-- {
			if who, end, ok := p.person(f); ok && end == h && f == afterLeads(s) && !p.isSpeaker(who) {
				return who, "", true
			}
		}
	}
	return ontology.EntityRef{}, "", false
}

// orgAnyCase reads an organisation's name at k, capitalised or, in a
// lower-case sentence, words no list knows ("northvale" of "northvale
// building society", the end after the words of its kind).
func (p *sentCtx) orgAnyCase(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Toks[k].Cap || !s.Lower {
		return p.namedOrg(k)
	}
	n := lowerOrgSpan(s, k)
	if n == 0 {
		return ontology.EntityRef{}, 0, false
	}
	name := p.text[s.Toks[k].Start:s.Toks[k+n-1].End]
	end := k + n
	for end < len(s.Toks) && end < k+n+2 && (orgCues[s.Norm(end)] || s.Is(end, "building")) {
		end++
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, end, true
}

// wasAtForYears reads "Uncle Martin was at Harker Tyres for twenty six
// years": WORKS_AT, over. Weeks or days ("at the Royal Exmoor for two
// weeks after his op"), a question, "if", someone unnamed ("My dad was
// at") or a place reads nothing.
func (p *sentCtx) wasAtForYears() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`was`)) {
		if !s.Is(v+1, "at") {
			continue
		}
		org, end, ok := p.org(v + 2)
		if !ok || !s.Is(end, "for") {
			continue
		}
		k := end + 1
		for n := 0; n < 3 && k < len(s.Toks) && (countWords[s.Norm(k)] || numberish(s.Norm(k)) || s.Is(k, "about", "nearly", "over", "almost")); n++ {
			k++
		}
		if !s.Is(k, "years", "yrs") || sarcastic(p.text, s) {
			continue
		}
		if p.subjectRelation(v, rel{typ: ontology.RelWorksAt, to: org, conf: confWeak, validUntil: p.ts}) {
			return
		}
	}
}

// daysAtOrg reads "Down to three days at Lonsdale Street Surgery now",
// "I'm doing four days a week at Harker Tyres": WORKS_AT for the speaker,
// the days a working week. A stay ("Three days at Center Parcs was
// plenty", "spent three days at"), a hedge ("might go down to") or
// someone else's days ("Pat's down to") reads nothing.
func (p *sentCtx) daysAtOrg() {
	s := p.s
	first := afterLeads(s)
	for d := range wordsIn(s, lang.Words(`days`)) {
		n := d - 1
		if !countWords[s.Norm(n)] && !numberish(s.Norm(n)) && !s.Is(n, "three", "four", "five") {
			continue
		}
		k, week := d+1, false
		if s.Is(k, "a") && s.Is(k+1, "week") {
			k, week = k+2, true
		}
		if !s.Is(k, "at") {
			continue
		}
		opens := s.Is(n-1, "to") && s.Is(n-2, "down", "up") && (n-2 == first || imBefore(s, n-2)) ||
			week && s.Is(n-1, "doing", "working") && (n-1 == first || imBefore(s, n-1))
		if !opens || p.hedgedAt(d) || p.negatedBefore(n) {
			continue
		}
		org, end, ok := p.org(k + 1)
		if !ok || !orgPhraseEndsAt(s, end) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}
