package rules

import (
	"github.com/loci-memory/loci/ontology"
)

// stillAt reads "I'm still at Roche", "she's now at Google" (WORKS_AT)
// and "I'm still in Zurich" (LIVES_IN): a present "be" whose adverb says
// the state lasts, before "at" an organisation or "in" a known place.
func (p *sentCtx) stillAt(cl clause) {
	s := p.s
	from := cl.subj + 1
	if cl.implicit {
		from = 0 // "still at Cabify": the adverb leads the sentence
	}
	durable := p.has(from, cl.verb, "still", "now", "currently") ||
		cl.been && p.has(cl.verb, cl.end, "for", "since", "years", "months") // "he's been at Siemens for six years", "three years now"
	if cl.hedged || s.Question {
		return
	}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	switch s.Norm(cl.verb) {
	case "at":
		org, end, ok := p.org(cl.verb + 1)
		if !ok {
			return
		}
		if e := yearsAfter(s, end); cl.been && e > end && (!cl.implicit || s.Is(e-1, "years", "months")) {
			// "I've been at Brightwater three years now", "she's been at Arup for 3 yrs";
			// a subjectless "been at Skyscanner 6 yrs" may answer about someone else
			durable, end = true, e
		}
		if e := p.lastingBeside(cl.verb+1, end); e > 0 {
			durable, end = true, e // "Sami's at Kettlebird too", "she's at Channel 4 in Leeds now" (works_phrasing.go)
		}
		switch lastingAfter(s, end) {
		case lastingStrong: // "at Google these days"
			durable, end = true, cl.end
		case lastingNow:
			// "he's at Spotify now" tells a job only of a name already read as
			// an organisation: "at Heathrow now", "at Tesco now" tell where
			// one is.
			if sp, ok := p.typed(cl.verb + 1); ok && sp.typ == ontology.EntityOrganization && sp.confirmed && !p.venue(sp) {
				durable, end = true, cl.end
			}
		}
		if cl.implicit && !p.has(0, cl.verb, "still", "currently") && end != cl.end {
			return // a bare "at X" in a short message needs a lasting word
		}
		if !durable || !p.phraseEnds(end, cl.end) {
			return
		}
		if sp, ok := p.typed(cl.verb + 1); ok && p.isSchool(sp) {
			// "Tom is at Leeds University now": a student, most often
			p.relation(rel{typ: ontology.RelAttended, from: me, to: org, conf: confWeak, validFrom: vf})
			return
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: me, to: org, conf: confWeak, validFrom: vf})
	case "in", "stuck", "back":
		p.stillIn(cl, durable)
	case "with":
		if cl.been {
			p.beenWith(cl) // "Ferg's been with Oatlands Coffee since 2016" (works_phrasing.go)
		} else if durable {
			p.stillWithOrg(cl) // "still w/ Accenture unfortunately" (works_phrasing.go)
		}
	}
}

// stillIn reads "I'm still in Zurich", "we're in porto now", "i'm still
// stuck in leeds", "we're back in Leeds for good" (LIVES_IN) with the
// word after "be" at cl.verb: a place where the state lasts, said by an
// adverb before it (durable) or a lasting word after it. A place read only
// from its capital letter needs the adverb: "I'm in Paris now" of a known
// city is home, of an unknown name it may be a bar.
func (p *sentCtx) stillIn(cl clause, durable bool) {
	s := p.s
	k := cl.verb
	if s.Is(k, "stuck", "back") {
		k++
		if s.Norm(k) == "back" {
			k++ // "stuck back in Leeds"
		}
	}
	if s.Norm(k) != "in" || cl.hedged || s.Question || !cl.plain() {
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if sp, named := p.typed(k + 1); !ok || conf < confStrong && (!named || sp.typ != ontology.EntityPlace) {
		return // a capitalised name not read as a place: "still in Vibe Studio"
	}
	if p.has(0, len(s.Toks), visitWords...) {
		return // "I'm in Paris now, just landed", "in Rome now for the conference"
	}
	switch l := lastingAfter(s, end); {
	case l == lastingNone && s.Seq(end, "for", "good"):
		durable = p.phraseEnds(end+2, cl.end)
	case l == lastingNone:
		durable = durable && p.phraseEnds(end, cl.end)
	default:
		durable = durable || conf >= confStrong
	}
	if !durable || s.Norm(cl.verb) == "back" && !p.has(end, cl.end, "now", "good", "nowadays") {
		return // "back in Leeds for the weekend" is a visit
	}
	me := p.self()
	p.relation(rel{typ: ontology.RelLivesIn, from: me, to: place, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
	// "I'm still in Zurich, still at Roche": the next part shares the subject.
	for j := end; j+3 < cl.end; j++ {
		if s.Norm(j) == "," && s.Is(j+1, "still", "now") && s.Norm(j+2) == "at" {
			if org, oend, ok := p.org(j + 3); ok && p.phraseEnds(oend, cl.end) {
				p.relation(rel{typ: ontology.RelWorksAt, from: me, to: org, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
			}
			break
		}
	}
}

// visitWords in a sentence make "in X now" a stay, not a home.
var visitWords = []string{"landed", "trip", "holiday", "holidays", "vacation", "visiting", "visit", "conference",
	"weekend", "week", "tonight", "today", "hotel", "airport", "flight", "layover", "festival"}

// lasting says how strongly words after a place of work say a state
// holds now.
type lasting int

const (
	lastingNone   lasting = iota
	lastingNow            // "now", "rn": also said of where one is at the moment
	lastingStrong         // "these days", "nowadays", "full time"
)

// lastingAfter reads the words at k, after a place of work, when they say
// the state holds now and nothing else follows in the clause.
func lastingAfter(s *sentence, k int) lasting {
	l := lastingStrong
	switch {
	case s.Is(k, "now", "rn"):
		l = lastingNow
		k++
	case s.Is(k, "nowadays", "currently"):
		k++
	case s.Seq(k, "these", "days"), s.Seq(k, "full", "time"):
		k += 2
	default:
		return lastingNone
	}
	if s.Is(k, "too", "lol", "haha", "btw", "actually") {
		k++
	}
	if k >= len(s.Toks) || !s.Toks[k].Word || startsClause(s, k) {
		return l
	}
	return lastingNone
}

// usedToBeAt reads "she used to be at Google": WORKS_AT ended by the
// turn's time.
func (p *sentCtx) usedToBeAt(cl clause) {
	s := p.s
	if !cl.usedTo || cl.neg || cl.hedged || s.Question || s.Norm(cl.verb) != "be" || !s.Is(cl.verb+1, "at", "with") {
		return
	}
	employer, _, ok := p.org(cl.verb + 2)
	if !ok {
		return
	}
	p.employment(cl, &employer, "", false, "")
}

// partnerEnded reads "I'm no longer with Jordan" and "I broke up with
// Jordan": PARTNER_OF ended at the turn's time.
func (p *sentCtx) partnerEnded(cl clause) {
	s := p.s
	if cl.hedged || cl.modal || s.Question || p.ts == nil {
		return
	}
	k := -1
	switch {
	case cl.be && cl.neg && s.Seq(cl.subj+1, "is", "no", "longer") || cl.be && cl.neg && s.Seq(cl.subj+1, "am", "no", "longer"):
		if s.Norm(cl.verb) == "with" {
			k = cl.verb + 1
		}
	case !cl.neg && s.Norm(cl.verb) == "broke" && s.Seq(cl.verb+1, "up", "with"):
		k = cl.verb + 3
	}
	if k < 0 {
		return
	}
	partner, _, ok := p.person(k)
	if !ok {
		return
	}
	me := p.self()
	p.relation(rel{typ: ontology.RelPartnerOf, from: me, to: partner, conf: confWeak, validUntil: p.ts})
	p.fact(me, stmt(me.Name+" is no longer with "+partner.Name), confWeak, nil, p.ts)
}

// gotInto reads admissions: "I got into Durham", "she got into the
// nursing program at Universidade de Lisboa", "I was accepted into
// Juilliard": ATTENDED the school.
func (p *sentCtx) gotInto(cl clause) {
	s := p.s
	if !cl.plain() {
		return
	}
	k := cl.verb + 1
	place := false // "got a place at": only a school's
	v := s.Norm(cl.verb)
	switch {
	case v == "got" && s.Is(k, "accepted", "admitted") || (v == "accepted" || v == "admitted") && (cl.was || cl.be):
		if v == "got" {
			k++
		}
		if !s.Is(k, "into", "to", "at") {
			return
		}
	case v == "got" && s.Is(k, "into", "onto"): // "got onto the MA at Goldsmiths"
	case v == "got" && s.Seq(k, "a", "place", "at"), v == "got" && s.Seq(k, "a", "place", "on"):
		k, place = k+2, true // "she's got a place at Boston University"
	default:
		return
	}
	k++
	// "the sound engineering program at X": the school after the program.
	if s.Is(k, "the", "a", "an") {
		for j := k + 1; j < cl.end && j < k+6; j++ {
			if s.Is(j, "program", "programme", "course", "degree", "masters", "master's", "phd", "school", "ma", "msc", "mba",
				"ba", "bsc", "mres", "pgce") && s.Is(j+1, "at", "in", "of") {
				k = j + 2
				break
			}
		}
	}
	school, end, ok := p.org(k)
	if !ok {
		return
	}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	if p.groupAfter17(end) { // "i got into Rangmanch!! the dramatics society" (groups_apposed.go)
		p.relation(rel{typ: ontology.RelMemberOf, from: me, to: school, conf: confWeak, validFrom: vf})
		return
	}
	if sp, typed := p.typed(k); typed && !p.isSchool(sp) {
		switch {
		case v == "accepted" && sp.typ == ontology.EntityOrganization && !weakCue(sp) && s.Norm(k-1) == "at":
			// "He is accepted at Erste Bank": a bank is an employer
			p.employment(cl, &school, "", true, " was accepted")
			return
		case place:
			return // "a place at the table"
		}
	}
	p.relation(rel{typ: ontology.RelAttended, from: me, to: school, conf: confWeak, validFrom: vf})
	p.fact(me, stmt(me.Name+" got into "+school.Name), confWeak, vf, nil)
}

// hiredBy reads "I was hired by Fennel Labs", "she got recruited by Aker
// Solar", "you were recruited by X": WORKS_AT.
func (p *sentCtx) hiredBy(cl clause) {
	s := p.s
	v := s.Norm(cl.verb)
	if !cl.plain() || !cl.was && !cl.be && !cl.implicit && !cl.third || v != "hired" && v != "recruited" && v != "poached" && v != "headhunted" || !s.Is(cl.verb+1, "by", "at") {
		return
	}
	ref, _, ok := p.org(cl.verb + 2)
	if !ok {
		return
	}
	p.employment(cl, &ref, "", true, " was hired")
}

// instruments map an instrument to the part played ("guitar" →
// "guitarist").
var instruments = map[string]string{
	"guitar": "guitarist", "bass": "bassist", "drums": "drummer", "piano": "pianist", "keys": "keyboardist",
	"keyboard": "keyboardist", "keyboards": "keyboardist", "violin": "violinist", "cello": "cellist",
	"sax": "saxophonist", "saxophone": "saxophonist", "trumpet": "trumpeter", "flute": "flautist",
	"vocals": "singer",
}

// playsIn reads "I play for GC Amicitia" (MEMBER_OF, player) and "I play
// guitar in Los Lunes" (MEMBER_OF, guitarist). The group must be named.
func (p *sentCtx) playsIn(cl clause) {
	s := p.s
	past := cl.usedTo && !cl.neg && !cl.modal && !cl.hedged && s.Norm(cl.verb) == "play" // "she used to play for the Czech national team"
	if !cl.plain() && !past || s.Norm(cl.verb) == "playing" && !cl.be {
		return
	}
	k := cl.verb + 1
	role := "player"
	if s.Is(k, "the") {
		k++
	}
	if s.Is(cl.verb, "drum", "drumming") {
		role, k = "drummer", cl.verb+1 // "Kit drums for Mud"
		if !s.Is(k, "in", "for", "with") {
			return
		}
	} else if r, ok := instruments[s.Norm(k)]; ok {
		role = r
		k++
		if !s.Is(k, "in", "for", "with") {
			return
		}
	} else if s.Norm(k) != "for" && s.Norm(k) != "in" {
		return
	}
	group, end, ok := p.org(k + 1)
	if called, cok := p.aGroupCalled(k + 1); cok {
		group = called // "I play bass in a band called Mud"
	} else if s.Norm(k) == "in" && role == "player" && !p.pluralGroup(k+1) {
		return // "I play in the park"; "he plays in the Deben Strummers" is a group's name
	} else if !ok || !p.phraseEnds(end, cl.end) && !s.Is(end, "now") {
		// "the Czech national team": a named group word after a name
		g, gend, _, gok := p.group(k+1, cl.end)
		first := k + 1
		if s.Is(first, "the", "a", "an") {
			first++
		}
		if !gok || !s.Tok(first).Cap || !p.phraseEnds(gend, cl.end) && !s.Is(gend, "now") {
			return
		}
		group = g
	} else if sp, ok := p.typed(k + 1); ok && !sp.confirmed && sp.to-sp.from < 2 && s.Tok(k+1).Text != "The" &&
		!p.disc.typedAs(sp.name, ontology.EntityOrganization) && !(role != "player" && s.Norm(k) == "in" && p.bandByPart(sp)) {
		return // one unknown word: "I play for fun" has none, "I play for Arsenal" is too thin; "in The Rivets" is a name
	}
	me := p.self()
	if past {
		if p.ts != nil {
			p.relation(rel{typ: ontology.RelMemberOf, from: me, to: group, role: role, conf: confWeak, validUntil: p.ts})
		}
		return
	}
	vf := p.since(cl.subj, cl.end)
	p.relation(rel{typ: ontology.RelMemberOf, from: me, to: group, role: role, conf: confWeak, validFrom: vf})
}

// singsIn reads "I sing in the Bach Choir", "she sings with The Tuesday
// Club": MEMBER_OF, singer. The group must be a named choir, band or
// other group, or a name read as an organisation.
func (p *sentCtx) singsIn(cl clause) {
	s := p.s
	v := s.Norm(cl.verb)
	if !cl.plain() || v == "singing" && !cl.be || v == "sing" && (cl.be || cl.was) || !s.Is(cl.verb+1, "in", "with", "for") {
		return
	}
	sp, ok := p.typed(cl.verb + 2)
	if !ok || sp.typ != ontology.EntityOrganization || !sp.confirmed || !p.phraseEnds(sp.to, cl.end) && !s.Is(sp.to, "now") {
		return
	}
	me := p.self()
	group := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelMemberOf, from: me, to: group, role: "singer", conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
}

// dating reads "she's dating my cousin pablo", "I'm dating Sam", "he's
// marrying Zofia":
// PARTNER_OF.
func (p *sentCtx) dating(cl clause) {
	s := p.s
	if !cl.plain() || !cl.be && !cl.been {
		return
	}
	k := cl.verb + 1
	if s.Norm(k) == "my" || s.Norm(k) == "his" || s.Norm(k) == "her" {
		if j := p.skipAdjectives(k + 1); j > 0 && isRoleWord(s.Norm(j)) {
			k = j + 1
		}
	}
	partner, _, ok := p.person(k)
	if !ok {
		if partner, _, ok = p.lowerPerson(k); !ok {
			return
		}
	}
	role := "dating"
	if s.Norm(cl.verb) == "marrying" {
		role = "fiance" // "he's marrying Zofia"
	}
	p.relation(rel{typ: ontology.RelPartnerOf, from: p.self(), to: partner, role: role, conf: confWeak, validFrom: p.ts})
}
