package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// More of h14-blind8's sentence readings (blind8.go): a favourite said as
// "my go-to", a notice handed in, who runs "it", and a tally of years.

// goToWords say a place or a thing is the speaker's usual choice.
var goToWords = lang.Words(`go-to goto fav fave favourite favorite`)

// myGoTo reads "koji is my go-to forever", "Koji's my fave": LIKES the
// named place or thing. "Koji is my go-to guy for plumbing" (a person
// relied on) or a speaker is not read.
func (p *sentCtx) myGoTo() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	sp, ok := p.typed(f)
	if !ok || sp.typ == ontology.EntityPerson || s.Tok(sp.to-1).Poss && !s.Is(sp.to, "my") {
		return
	}
	k := sp.to
	if s.Is(k, "is", "'s") {
		k++
	} else if !s.Tok(sp.to - 1).Poss {
		return
	}
	if !s.Is(k, "my") {
		return
	}
	k++
	switch {
	case goToWords[s.Norm(k)]:
		k++
	case s.Is(k, "go") && s.Is(k+1, "-") && s.Is(k+2, "to"):
		k += 3
	default:
		return
	}
	if !p.phraseEnds(k, len(s.Toks)) && !s.Is(k, "forever", "lol", "tbh", "now", "honestly") {
		return
	}
	ref := ontology.EntityRef{Name: sp.name, Type: sp.typ}
	if p.isSpeaker(ref) {
		return
	}
	p.liking(p.speaker, interest{value: sp.name, typ: sp.typ, sub: "favourites"}, " loves ", confWeak)
}

// handedInNotice reads "handed in my notice at chainring", "I handed my
// notice in at Chainring today": WORKS_AT, ended.
func (p *sentCtx) handedInNotice() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "handed", "gave", "put") || !firstPersonVerb(s, k) || p.tieHedged(k) {
			continue
		}
		j := k + 1
		if s.Is(j, "in") {
			j++
		}
		if !s.Is(j, "my") || !s.Is(j+1, "notice") {
			continue
		}
		j += 2
		if s.Is(j, "in") {
			j++
		}
		if !s.Is(j, "at", "to") {
			continue
		}
		org, end, ok := p.namedOrg(j + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && p.timeAt(end) == nil {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validUntil: p.ts})
	}
}

// whoRunsIt reads "guy who runs it is called Declan Firth", "the woman
// who started it is Maeve": LEADS or CREATED the organisation "it" stands
// for (lastOrganisation).
func (p *sentCtx) whoRunsIt() {
	s := p.s
	for k := 1; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "who", "that") || !s.Is(k-1, "guy", "woman", "man", "bloke", "lady", "person", "one", "girl", "dude") {
			continue
		}
		v := k + 1
		typ, role := ontology.RelLeads, ""
		switch {
		case s.Is(v, "runs", "leads", "heads", "manages"):
		case s.Is(v, "founded", "started"):
			typ, role = ontology.RelCreated, "founder"
		case s.Is(v, "set") && s.Is(v+1, "up"):
			typ, role = ontology.RelCreated, "founder"
			v++
		default:
			continue
		}
		j := v + 1
		if !s.Is(j, "it", "them") || !s.Is(j+1, "is", "'s") {
			continue
		}
		j += 2
		if s.Is(j, "called", "named") {
			j++
		}
		person, end, ok := p.personAfter(j)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",") {
			continue
		}
		org, ok := p.lastOrganisation()
		if !ok || p.orgStale(org) || p.topicSince(org) {
			continue
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: typ, from: person, to: org.ref, role: role, conf: confWeak, validFrom: p.ts})
		return
	}
}

// countWords are the numbers a chat writes in words before "years".
var countWords = lang.Words(`two three four five six seven eight nine ten eleven twelve fifteen twenty`)

// yearsAt reads a chat's subjectless tally of time somewhere: "3 yrs at
// Tallyo and this is my 4th reorg" (WORKS_AT), "two years at fernlight on
// friday" (an anniversary), "6 yrs in bristol n ive never had a working
// boiler" (LIVES_IN), the speaker's. Days or weeks (a visit), a past
// ("ago", "before", "was"), a wish or a question are not read.
func (p *sentCtx) yearsAt() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f+1, "yrs", "years", "year", "months") {
		return
	}
	n := s.Norm(f)
	if strings.Contains(p.text[:min(s.Start, len(p.text))], "?") {
		return // "my brother? 6 yrs in bristol now": the tally answers the question
	}
	if !(n != "" && strings.Trim(n, "0123456789") == "" || countWords[n]) || p.answered || p.hedgedAt(0) ||
		p.has(0, len(s.Toks), "ago", "before", "was", "were", "used", "would", "could", "wish", "until", "til", "till") {
		return
	}
	k := f + 2
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
	anniversary := r.typ == ontology.RelWorksAt && onADay(s, end) // "two years at fernlight on friday"
	if !anniversary && (!p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "n", "now", "lol", "already", "tho") || s.Is(end, "for", "to", "on")) {
		return
	}
	p.relation(r)
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

// orgClasses are the description classes of organisations
// (descriptionClass): not places, not groups of people one plays in.
var orgClasses = lang.Words(`company clinic school cafe restaurant bakery bar shop gym museum library charity`)

// describedAsOrg reports whether an apposition at k describes an
// organisation: "the climate startup", "a tiny bakery", "the bar on
// stokes croft" after "Fernleaf," or "the Lantern Tap,".
func describedAsOrg(s *sentence, k int) bool {
	if !s.Is(k, "the", "a", "an", "this") {
		return false
	}
	for j := k + 1; j < len(s.Toks) && j <= k+3; j++ {
		t := s.Toks[j]
		if !t.Word || t.Cap {
			return false
		}
		if orgClasses[descriptionClass[t.Norm]] {
			return !s.Is(j+1, "of", "'s") // "the company of wolves", "the startup's founder"
		}
	}
	return false
}

// underManager reads whom the speaker works under: "yep. under Hakim from
// jan", "I'm working under Hakim now": KNOWS, manager. Not a possessive
// ("under Hakim's desk"), someone else's team, or a plan.
func (p *sentCtx) underManager() {
	s := p.s
	for k := 0; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "under") || p.tieHedged(k) {
			continue
		}
		mine := afterLeads(s) == k || s.Is(k-1, "working", "work", "'m", "am", "im") && firstPersonVerb(s, k-1)
		if !mine {
			continue
		}
		person, end, ok := p.personAfter(k + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && p.timeAt(end) == nil && !s.Is(end, "now", "from", ",") ||
			p.has(end, len(s.Toks), "would", "could", "might", "'d") { // "… from jan would be a nightmare"
			continue
		}
		p.relRole(p.speaker, kindColleague, "manager", person, confWeak)
	}
}

// careerVerbsList, before "after leaving X", make the leaving a job left:
// "he started it after leaving siemens", "she joined us after leaving
// Monzo" (not "I went home after leaving Tesco").
var careerVerbsList = []string{"started", "founded", "joined", "launched", "co-founded", "moved", "retrained", "set"}

// afterLeaving reads "he started it after leaving siemens": the clause's
// subject (the speaker, a name, or he/she resolved) worked there before.
func (p *sentCtx) afterLeaving() {
	s := p.s
	for k := 2; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "leaving", "quitting") || !s.Is(k-1, "after", "since") || !p.has(0, k-1, careerVerbsList...) {
			continue
		}
		career := false
		for v := 0; v < k-1; v++ {
			career = career || slices.Contains(careerVerbsList, s.Norm(v)) && careerObject(s, v)
		}
		if !career {
			continue // "i started running after leaving Tesco"
		}
		org, end, ok := p.namedOrg(k + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "in", "last") {
			continue
		}
		if sp, typed := p.typed(k + 1); !typed || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		f := afterLeads(s)
		var who ontology.EntityRef
		switch n := s.Norm(f); {
		case n == "i":
			who = p.speaker
		case n == "he" || n == "she":
			a, ok := p.pronoun(f, n)
			if !ok {
				continue
			}
			defer p.citeFrom(a.turn)()
			who = a.ref
		default:
			ref, _, ok := p.personAfter(f)
			if !ok {
				continue
			}
			who = ref
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
		return
	}
}

// stayingIn reads "im staying in dublin", said of home: LIVES_IN. A stay
// with a time or a purpose ("staying in Dublin for the weekend",
// "staying in a hotel") is not read.
func (p *sentCtx) stayingIn() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "staying") || !s.Is(k+1, "in") || !imBefore(s, k) || p.hedgedAt(k) {
			continue
		}
		place, end, conf, ok := p.place(k + 2)
		if !ok || conf < confStrong || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "tho", "lol", "though") || p.has(0, len(s.Toks), visitWords...) {
			continue
		}
		if s.Is(end, "for", "until", "till", "tonight", "this", "next", "over", "with", "at") || s.Is(end, ",") && s.Is(end+1, "at", "with", "for", "until") {
			continue
		}
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
	}
}
