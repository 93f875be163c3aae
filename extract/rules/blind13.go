package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind13's whole conversations, written blind to
// the extractor (a group chat of hospitality and retail friends, two
// junior engineers' DMs, a cricket club committee): where the organisation
// just named has its head office or another office ("their head office is
// over in Macclesfield", "HQ's in Derby", "he starts at their bristol
// office"), an employer that takes the speaker on ("Garrick's took me on",
// "X kept me on", "X made me team leader", "X pays me to"), a shift or an
// internship at a named place ("on nights at X", "interning at X"), "Ravi
// manages the Crown in Didsbury", and "wakefield born n bred". Each is
// keyed to the words around the names.

// blind13Sentence runs the readings of this file on a statement.
func (p *sentCtx) blind13Sentence() { p.runReadings(blind13Readings) }

// blind13Readings are the readings blind13Sentence runs, in order.
var blind13Readings = []blind8Reading{
	{lang.Words(`office offices hq headquarters branch store shop site depot showroom warehouse`), (*sentCtx).orgOfficeIn},
	{lang.Words(`took taken kept made pays paid`), (*sentCtx).orgTookMeOn},
	{lang.Words(`nights earlies lates interning internship`), (*sentCtx).shiftOrInternshipAt},
	{lang.Words(`manages`), (*sentCtx).managesThe},
	{lang.Words(`bred girl boy lad lass`), (*sentCtx).placeBornBred},
	{lang.Words(`bought acquired company subsidiary`), (*sentCtx).boughtBy},
	{lang.Words(`years yrs ages decades since`), (*sentCtx).yearsForOrg},
	{thisGuyRoles, (*sentCtx).myMentorIsThisGuy},
	{lang.Words(`been`), (*sentCtx).beenAtLong},
	{lang.Words(`leaving`), (*sentCtx).leavingOrgFor},
	{lang.Words(`class`), (*sentCtx).yearClassAt},
	{lang.Words(`runs`), (*sentCtx).runsOurBranch},
	{firmNouns, (*sentCtx).theyreAPlaceFirm},
	{houseNouns, (*sentCtx).stillInTheHouse},
}

// headOfficeAdverbs may stand between "is" and "in" of a head office:
// "their head office is over in Macclesfield".
var headOfficeAdverbs = lang.Words(`over down up out still now actually just based`)

// orgOfficeIn reads where the organisation named last has an office:
// "their head office is over in Macclesfield", "its HQ is in Leeds",
// "HQ's in Derby" (opening the sentence), and "he starts in sept at their
// bristol office": LOCATED_IN. Another owner ("my head office", "Tom's
// HQ"), a past ("was in"), a time ("in May"), a hedge, an office party or
// manager, and an organisation no longer in focus read nothing.
func (p *sentCtx) orgOfficeIn() {
	s := p.s
	for j := 0; j < len(s.Toks); j++ {
		if !s.Is(j, "hq", "headquarters") && !orgSiteNouns[s.Norm(j)] || p.hedgedAt(j) {
			continue
		}
		place, ok := p.headOfficeIn(j)
		if !ok {
			place, ok = p.cityOffice(j)
		}
		if !ok {
			continue
		}
		if org, ok := p.officeOwner(); ok {
			p.relationCiting(org.turn, rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
		}
		return
	}
}

// officeOwner resolves "their" of an office to the organisation named
// last, by name or typed so, within the window: a person named after it
// is no owner of an office ("Olu got the grad scheme at Holloway" / "OLU.
// from our year??" / "their london office"), but a group of people, a
// visit or another workplace spoken of since ("my dads company
// Brightwater") makes it stale. The chat's own club has no offices: "their
// Manchester office" in the Gritstone Goblins' chat is a member's employer's.
func (p *sentCtx) officeOwner() (antecedent, bool) {
	org, ok := p.lastOrgByName()
	if !ok && !p.namesOwnerFirst() {
		org, ok = p.disc.organisation()
	}
	if !ok || p.orgStale(org) || p.otherWorkSince(org) || p.isChatGroup(org.ref) {
		return antecedent{}, false
	}
	return org, true
}

// headOfficeIn reads "their head office is (over) in X" or an opening
// "HQ's in X" around the office word at j.
func (p *sentCtx) headOfficeIn(j int) (ontology.EntityRef, bool) {
	s := p.s
	k0 := j
	switch {
	case s.Is(j, "office"):
		if !s.Is(j-1, "head") {
			return ontology.EntityRef{}, false
		}
		k0 = j - 1
	case s.Is(j, "offices", "hq", "headquarters"):
	case !s.Is(j-1, "the", "their", "its"): // "the showroom's on the A6 in Stockport"
		return ontology.EntityRef{}, false
	}
	owned := s.Is(k0-1, "their", "its") || s.Is(k0-1, "the") && !s.Is(j, "office", "offices", "hq", "headquarters")
	if !owned && (k0 != afterLeads(s) || !s.Is(j, "hq", "headquarters")) || hedgedBefore(s, k0) {
		return ontology.EntityRef{}, false
	}
	m := j + 1
	if !s.Tok(j).Poss {
		if !s.Is(m, "is", "'s") {
			return ontology.EntityRef{}, false
		}
		m++
	}
	if headOfficeAdverbs[s.Norm(m)] {
		m++
	}
	if s.Is(m, "on") { // "on the A6 in Stockport", "on Mill Road in Leeds"
		for e := m + 1; e < len(s.Toks) && e <= m+4 && s.Toks[e].Word; e++ {
			if s.Is(e, "in") {
				m = e
				break
			}
		}
	}
	if !s.Is(m, "in") || p.timeAt(m+1) != nil {
		return ontology.EntityRef{}, false
	}
	place, end, _, ok := p.place(m + 1)
	if !ok || s.Is(end, "for", "until", "till", "til", "this", "next") {
		return ontology.EntityRef{}, false
	}
	return place, true
}

// orgSiteNouns name a site of an organisation a place comes before: "their
// bristol office", "the Bradford branch", "its Leeds store".
var orgSiteNouns = lang.Words(`office offices branch store shop site depot showroom warehouse`)

// cityOffice reads "their bristol office", "its Leeds branch", "the
// Bradford branch" ending at the site word j: the place before it, owned
// by "their" or "its" ("the" for a branch, a store or a site; "the
// dublin office" is officeOf's). A site of another organisation ("the
// Leeds branch of Tesco"), an office party and a hedge read nothing.
func (p *sentCtx) cityOffice(j int) (ontology.EntityRef, bool) {
	s := p.s
	if !orgSiteNouns[s.Norm(j)] || s.Tok(j).Poss || !p.officeHead(j) || s.Is(j+1, "of", "party", "manager", "do") {
		return ontology.EntityRef{}, false
	}
	for k := j - 1; k >= 1 && k >= j-3; k-- {
		if !s.Is(k-1, "their", "its") && (!s.Is(k-1, "the") || s.Is(j, "office", "offices")) {
			continue
		}
		place, end, conf, ok := p.place(k)
		if ok && end == j && conf >= confStrong && !p.tieHedged(k-1) { // not "Nadia might run the Loughborough shop"
			return place, true
		}
	}
	return ontology.EntityRef{}, false
}

// tookMeOnAfter may follow "took me on" or "kept me on" when it is a job:
// the end of the sentence, "for the christmas rush", "as a runner",
// "full time", "after the trial", "last week".
var tookMeOnAfter = lang.Words(`for as full part permanently permanent properly after from in last this today yesterday
	finally lol again til till until`)

// madeMeHeads end the post an employer gave the speaker: "made me team
// leader", "made me shift lead", "made me permanent". A club's captain
// is no job: groupMadeMe (blind24.go) reads it.
var madeMeHeads = lang.Words(`manager lead leader supervisor head director partner permanent`)

// orgTookMeOn reads an employer, opening the sentence, that takes the
// speaker on: "Garrick's Hardware took me on for the christmas rush",
// "Fennimore kept me on after the trial", "Bexley's made me team
// leader", "vantis literally pays me to break things": WORKS_AT. A trip
// ("took me on a tour"), a hold ("kept me on hold"), a feeling ("made me
// cry"), a refund ("paid me back"), someone else ("took him on"), a
// person as the subject and a hedge or negation read nothing.
func (p *sentCtx) orgTookMeOn() {
	s := p.s
	org, k, ok := p.openingEmployer(true)
	if !ok {
		return
	}
	for s.Is(k, "have", "'ve", "has", "just", "finally", "literally", "officially", "actually", "basically", "also") {
		k++
	}
	if !s.Is(k+1, "me") || p.tieHedged(k) || p.hedgedAt(k) {
		return
	}
	switch {
	case s.Is(k, "took", "taken", "kept") && s.Is(k+2, "on"):
		if !plainEnd(s, k+3) && !tookMeOnAfter[s.Norm(k+3)] {
			return
		}
	case s.Is(k, "made"):
		e := k + 2
		if s.Is(e, "a", "an", "the", "their", "its") {
			e++
		}
		found := false
		for ; e < len(s.Toks) && e <= k+5 && s.Toks[e].Word; e++ {
			if madeMeHeads[s.Norm(e)] {
				found = true
				break
			}
		}
		if !found || s.Tok(e).Poss {
			return
		}
	case s.Is(k, "pays", "paid"):
		if !s.Is(k+2, "to") || k+3 >= len(s.Toks) || !s.Toks[k+3].Word || s.Is(k+3, "the", "a", "stay", "leave", "go", "shut") {
			return
		}
	default:
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}

// shiftOrInternshipAt reads the speaker's shifts or internship at a named
// place: "on nights at Saint Wilfrid's all week", "still on earlies at
// X", "12 of us interning at Larkspur this summer", "i'm interning at X",
// "my internship at X wrapped up in sept" (ended): WORKS_AT. Someone
// else's ("tom's on nights at X"), a plan ("hoping to intern at X"), an
// internship applied for or fallen through and a hedge read nothing.
func (p *sentCtx) shiftOrInternshipAt() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k+1, "at") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		role, ended := "", false
		switch {
		case s.Is(k, "nights", "earlies", "lates") && s.Is(k-1, "on") && p.speakerOn(k-1):
		case s.Is(k, "interning") && (k == afterLeads(s) || imBefore(s, k) || s.Seq(k-2, "of", "us") || s.Is(k-1, "'re") && s.Is(k-2, "we")):
			role = "intern"
		case s.Is(k, "internship") && s.Is(k-1, "my") && !s.Tok(k-2).Poss:
			role = "intern"
		default:
			continue
		}
		org, end, ok := p.namedOrg(k + 2)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss {
			continue
		}
		if s.Is(k, "internship") {
			switch {
			case overNow(s, end):
				ended = true // "is over", "is done!!", "is officially finished, back to uni"
			case s.Is(end, "fell", "got", "was", "didn't", "didnt", "never", "is", "application"):
				continue // "fell through", "got cancelled", "was rejected", "is a maybe", "is over in May"
			case s.Is(end, "wrapped", "finished", "ended", "ends"):
				ended = true
			}
		}
		r := rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, role: role, conf: confWeak, validFrom: p.ts}
		if ended {
			r.validFrom, r.validUntil = nil, p.ts
		}
		p.relation(r)
	}
}

// overNow reports whether the words from i say that what precedes them is
// over now: "is", perhaps "officially" or "finally", "over", "done" or
// "finished", perhaps "now" or "already", then the phrase's end
// (punctuation, an emoji or the sentence's end). An end still to come ("is
// over in May", "is done in june"), "is nearly over", "is over the summer"
// and "is over-subscribed" are not.
func overNow(s *sentence, i int) bool {
	if !s.Is(i, "is") {
		return false
	}
	i++
	if s.Is(i, "officially", "finally") {
		i++
	}
	if !s.Is(i, "over", "done", "finished") {
		return false
	}
	i++
	if s.Is(i, "now", "already") {
		i++
	}
	return i >= len(s.Toks) || !s.Toks[i].Word && s.Toks[i].Text != "-"
}

// speakerOn reports whether the "on" at k ("on nights") is the speaker's:
// it opens the sentence, perhaps after "still", or follows "I'm".
func (p *sentCtx) speakerOn(k int) bool {
	s := p.s
	if s.Is(k-1, "still", "back") {
		k--
	}
	if k == afterLeads(p.s) || imBefore(s, k) {
		return true
	}
	if !s.Is(k-1, ",") {
		return false
	}
	for j := 0; j < k-1; j++ { // "sorry bev, on nights at X": nobody else before the comma
		if s.Is(j, "he", "she", "they", "his", "her", "their", "my", "your", "ur") {
			return false
		}
		if _, ok := p.disc.speakerCalled(s.Toks[j].Text); !ok && s.Toks[j].Cap && !englishWords[s.Norm(j)] && !chatLeads[s.Norm(j)] {
			return false
		}
	}
	return true
}

// managesFollowers may follow the organisation a person manages: the end,
// "in Didsbury", "now", "with his brother".
var managesFollowers = lang.Words(`in on now these these days with and for since`)

// managesThe reads "my cousin Ravi manages the Crown & Anchor in
// Didsbury", "he manages the Fox & Lantern" (a person named before):
// LEADS, and LOCATED_IN for the place after "in". "manages to", a part
// of the place ("the Crown's kitchen", "the Crown quiz team"), a
// subject that is no person, and a hedge read nothing.
func (p *sentCtx) managesThe() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "manages") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		who, cite, ok := p.managerBefore(k)
		if !ok {
			continue
		}
		j := k + 1
		if s.Is(j, "the") {
			j++
		}
		if !s.Toks[j].Cap && !s.Lower {
			continue
		}
		org, end, ok := p.namedOrg(j)
		if !ok || p.disc.typedPerson(org.Name) || s.Tok(end-1).Poss || !plainEnd(s, end) && !managesFollowers[s.Norm(end)] && !s.Is(end, ",") {
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelLeads, from: who, to: org, conf: confWeak, validFrom: p.ts})
		if s.Is(end, "in") {
			if place, pend, conf, ok := p.place(end + 1); ok && conf >= confStrong && plainEnd(s, pend) {
				p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
			}
		}
		restore()
	}
}

// managerBefore returns the person who is the subject of "manages" at k:
// a name just before it ("my cousin Ravi manages"), or "he"/"she"
// opening the sentence for the person named before, with the turn that
// named them.
func (p *sentCtx) managerBefore(k int) (ontology.EntityRef, string, bool) {
	s := p.s
	if s.Is(k-1, "he", "she") && k-1 == afterLeads(s) {
		return p.pronounPerson(k - 1)
	}
	for f := k - 1; f >= 0 && f >= k-3; f-- {
		who, end, ok := p.person(f)
		if ok && end == k && !p.isSpeaker(who) && (f == afterLeads(s) || s.Is(f-1, "cousin", "brother", "sister", "mate", "friend", "uncle", "aunt", "dad", "mum")) {
			return who, "", true
		}
	}
	return ontology.EntityRef{}, "", false
}

// pronounPerson returns the person the "he" or "she" at i means, who is
// not the speaker, with the turn that named them.
func (p *sentCtx) pronounPerson(i int) (ontology.EntityRef, string, bool) {
	a, ok := p.disc.person(p.s.Norm(i))
	if !ok || p.isSpeaker(a.ref) {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, a.turn, true
}

// bredAfter may follow a home town's "girl" or "lad": "leicester girl til
// i die", "a wakefield lad through and through", "born".
var bredAfter = lang.Words(`til till through forever born at`)

// placeBornBred reads where the speaker comes from said as a label:
// "wakefield born n bred baby", "leicester girl til i die", "i'm a
// Hull lad through and through": COMES_FROM. Someone else ("my mum's
// wakefield born and bred", "a leicester girl i met"), plurals
// ("leicester girls are mad") and a label not a place ("city girl") read
// nothing.
func (p *sentCtx) placeBornBred() {
	if f := afterLeads(p.s); f >= 0 {
		p.bornBredAt(f)
	}
}

// bornBredAt is placeBornBred on the sentence's first word f.
func (p *sentCtx) bornBredAt(f int) {
	s := p.s
	im := false
	switch {
	case s.Is(f, "i") && s.Is(f+1, "'m", "am"):
		f += 2
		im = true
	case s.Is(f, "im"):
		f++
		im = true
	}
	if im {
		if !s.Is(f, "a") {
			return
		}
		f++
	}
	if s.Is(f, "proper", "true", "real") {
		f++
	}
	place, end, conf, ok := p.place(f)
	if !ok || conf < confStrong || s.Tok(end-1).Poss {
		return
	}
	switch {
	case s.Is(end, "born") && s.Is(end+1, "and", "n", "&", "'n'", "an") && s.Is(end+2, "bred"):
	case s.Is(end, "girl", "boy", "lad", "lass") && !s.Tok(end).Poss && (bredAfter[s.Norm(end+1)] || im && plainEnd(s, end+1)):
	default:
		return
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}
