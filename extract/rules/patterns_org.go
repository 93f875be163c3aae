package rules

import (
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// describedOrg reads an organisation named by a phrase at i: "the band
// Tidewater", "a startup called Brightwater" (the name, typed by its
// noun), or a definite description alone, "the clinic", "the company",
// resolved to the most recent organisation of that kind, or to the only
// one the window names whose kind was never said (describedKind); the
// statement then also cites the turn that named it.
func (p *sentCtx) describedOrg(i int) (ontology.EntityRef, int, bool) {
	s := p.s
	if ref, end, ok := p.describedOrgNamed(i); ok {
		return ref, end, true // "a tiny studio called Pebblewire", "a startup there, Fernweh Labs" (orgs_kind_named.go)
	}
	if !s.Is(i, "the", "a", "an") {
		return ontology.EntityRef{}, 0, false
	}
	noun := s.Norm(i + 1)
	k := i + 2
	if s.Is(k, "called", "named") {
		k++
	}
	if introNouns[noun] {
		if sp, ok := nameAt(s, k); ok && !s.Toks[sp.to-1].Poss {
			sp = p.known.typeName(s, sp)
			if sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept {
				return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
			}
			return ontology.EntityRef{}, 0, false
		}
	}
	if s.Norm(i) != "the" || !p.phraseEnds(i+2, len(s.Toks)) && !s.Is(i+2, "in", "on", "as", "for", "since") {
		return ontology.EntityRef{}, 0, false
	}
	a, ok := p.disc.describedKind(noun, p.speaker.Name)
	if !ok || a.ref.Type != ontology.EntityOrganization {
		return ontology.EntityRef{}, 0, false
	}
	if a.turn != p.ids[0] {
		p.cite = union(p.cite, []string{a.turn})
	}
	return a.ref, i + 2, true
}

// there resolves "there" after a job word to the most recent organisation
// named within the window; the statement cites the turn that named it.
func (p *sentCtx) there() (ontology.EntityRef, bool) {
	a, ok := p.disc.organisation()
	if ok && p.disc.otherOrgCandidate(a) {
		return ontology.EntityRef{}, false // "Brightwater and Copperline are hiring" / "I work there"
	}
	if !ok {
		a, ok = p.disc.proFormOrg(true) // a lower-case business name: "crestway couriers took me on"
	}
	if !ok {
		return ontology.EntityRef{}, false
	}
	if a.turn != p.ids[0] {
		p.cite = union(p.cite, []string{a.turn})
	}
	return a.ref, true
}

// leadVerbs say one runs an organisation (base form, after thirdSingular).
var leadVerbs = lang.Words(`run lead head manage`)

// leads reads "I run Brightwater", "she heads the clinic", "he's running
// the bakery": LEADS, current. The object must name an organisation (a
// name, or a description resolved to one): "I run marathons" is not read.
func (p *sentCtx) leads(cl clause) {
	v := p.s.Norm(cl.verb)
	present := leadVerbs[v] && !cl.be && !cl.was && !cl.had && !cl.have
	progressive := (v == "running" || v == "leading" || v == "heading" || v == "managing") && cl.be
	perfect := (v == "run" || v == "led" || v == "headed" || v == "managed") && cl.have && !cl.had // "she's run it since 1998"
	if !present && !progressive && !perfect || !cl.plain() {
		return
	}
	k := cl.verb + 1
	if p.s.Norm(k) == "my" || p.s.Norm(k) == "our" {
		if thing, _, ok := p.createdThing(k, cl.end); ok && thing.Type == ontology.EntityOrganization {
			p.leading(cl, thing)
		}
		return
	}
	if team, ok := p.teamAt(k, cl.end); ok {
		p.leading(cl, team)
		return
	}
	if p.s.Norm(k) == "it" && !ranItElsewise(p.s, k+1) { // not "run it past my boss" (leads_runs.go)
		if p.sentenceNames(cl.verb, p.businessFromAt) {
			return // "Kev from Wheelhouse has retired, his son Dean runs it now": the sentence's own business (leads_successor.go)
		}
		if a, ok := p.disc.ranOrganisation(); ok && !p.disc.venueAskedSince(a) { // "is that the bakery in X" / "hattie still runs it"
			if a.turn != p.ids[0] {
				p.cite = union(p.cite, []string{a.turn})
			}
			p.leading(cl, a.ref)
			for _, x := range p.withPeople(k+1, cl.end) {
				p.relation(rel{typ: ontology.RelLeads, from: x, to: a.ref, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
			}
		}
		return
	}
	org, end, ok := p.org(k)
	if !ok || !p.phraseEnds(end, cl.end) && !p.s.Is(end, "in", "with", "since", "now") {
		return
	}
	if sp, ok := p.typed(k); ok && !sp.confirmed {
		return // an unknown bare name: "I run Tuesdays" is no organisation
	}
	p.leading(cl, org)
	for _, x := range p.withPeople(end, cl.end) {
		p.relation(rel{typ: ontology.RelLeads, from: x, to: org, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
	}
}

// withPeople reads the people one runs or founds something with, at k:
// "with Tom", "with her old classmate Beatriz", "with my sister Ana and
// Jo". Only people: "with a loan", "with love" are not read.
func (p *sentCtx) withPeople(k, end int) []ontology.EntityRef {
	s := p.s
	if s.Norm(k) != "with" {
		return nil
	}
	k++
	if s.Is(k, "my", "her", "his", "their", "our") {
		j := p.skipAdjectives(k + 1)
		if j < 0 || !isRoleWord(s.Norm(j)) {
			return nil
		}
		k = j + 1
	}
	var out []ontology.EntityRef
	people, _ := p.personList(k)
	for _, x := range people {
		if x.Name != "" && !p.isSpeaker(x) {
			out = append(out, x)
		}
	}
	return out
}

// teamHeads end the name of a unit one leads ("the data platform team").
var teamHeads = lang.Words(`team department division unit lab group office`)

// teamAt reads "the (whole) data platform team" at k: a unit named by a
// few lower-case words and a team word, which LEADS may point at.
func (p *sentCtx) teamAt(k, end int) (ontology.EntityRef, bool) {
	s := p.s
	if s.Norm(k) != "the" {
		return ontology.EntityRef{}, false
	}
	k++
	for s.Is(k, "whole", "entire", "new") {
		k++
	}
	for j := k; j < end && j < k+4; j++ {
		t := s.Toks[j]
		if !t.Word || functionWords[t.Norm] || pronounish[t.Norm] {
			return ontology.EntityRef{}, false
		}
		if teamHeads[t.Norm] && j > k && p.phraseEnds(j+1, end) {
			return ontology.EntityRef{Name: joinText(s, k, j+1), Type: ontology.EntityOrganization}, true
		}
	}
	return ontology.EntityRef{}, false
}

// leading records LEADS and a statement.
func (p *sentCtx) leading(cl clause, org ontology.EntityRef) {
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.relation(rel{typ: ontology.RelLeads, from: me, to: org, conf: confStrong, validFrom: vf})
	p.fact(me, stmt(me.Name+" runs "+org.Name), confStrong, vf, nil)
}

// left reads "I left Acme", "she quit her job at Norvik", "he left the
// company": WORKS_AT ended at the turn's time.
func (p *sentCtx) left(cl clause) {
	v := p.s.Norm(cl.verb)
	if v != "left" && v != "quit" || !cl.plain() || cl.be || cl.was || p.ts == nil {
		return
	}
	k := cl.verb + 1
	if p.leftGroup(cl, k) || p.leftOwnGroup(k) { // "i've quit lindy hop" after joining "the Lindy Hop society" (quits_and_posts.go)
		return
	}
	var employer ontology.EntityRef
	switch {
	case p.s.Is(k, "my", "his", "her", "a") && p.s.Is(k+1, "job", "position", "role") && p.s.Is(k+2, "at", "with"):
		ref, _, ok := p.org(k + 3)
		if !ok {
			return
		}
		employer = ref
	default:
		if place, end, _, ok := p.place(k); ok && v == "left" && p.placeConfirmed(k) && !p.leftOnATrip(end) &&
			(p.phraseEnds(end, cl.end) || p.s.Is(end, "in", "last", "this", "for", "and")) {
			// "we left London in May": MOVED_FROM, from the turn's time
			me := p.self()
			p.relation(rel{typ: ontology.RelMovedFrom, from: me, to: place, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
			return
		}
		if sp, ok := p.typed(k); ok && sp.typ != ontology.EntityOrganization && v == "left" && p.leftHome(cl, sp) {
			return // a name nothing types as an organisation, left as a home: "they left Bulawayo for good"
		}
		if _, _, ok := p.unseenHome(k); ok && v == "left" && p.moveSaid() {
			return // "I finally moved. Left Bulawayo on Thursday": a town (leaving reads it), no job
		}
		ref, end, ok := p.org(k)
		if !ok || !p.phraseEnds(end, cl.end) && !p.s.Is(end, "in", "after", "last", "this", "two", "three") {
			return
		}
		if p.haveLeftUnsure(cl, k, end) {
			return // "i've quit salsa", "I've left the Quorra" (quits_and_posts.go)
		}
		employer = ref // org refuses places and people: I left Paris, I left Sam
	}
	current := false
	p.employment(cl, &employer, "", current, "")
}

// leftHome reads "left X" of a name no list or cue types as a home left
// when the sentence says so: "for good" or "behind" after it (MOVED_FROM),
// or a move or a new home in the same sentence ("left Kisumu in March,
// she's in Tamale now"), which draws nothing: X may be a town.
func (p *sentCtx) leftHome(cl clause, sp span) bool {
	s := p.s
	if s.Is(sp.to, "for") && s.Is(sp.to+1, "good") || s.Is(sp.to, "behind") {
		me := p.self()
		place := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}
		p.relation(rel{typ: ontology.RelMovedFrom, from: me, to: place, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
		return true
	}
	for i := sp.to; i < len(s.Toks); i++ {
		if s.Is(i, "moved", "moving", "move", "relocated", "lives", "living", "live", "settled") {
			return true
		}
		if s.Is(i, "in") && s.Is(i+2, "now") {
			if _, _, _, ok := p.place(i + 1); ok {
				return true
			}
		}
	}
	return false
}

// orgConfirmed reports whether sp is an organisation by a strong cue or
// by an earlier turn ("works at Monzo"), not only by a weak cue.
func (p *sentCtx) orgConfirmed(sp span) bool {
	return sp.typ == ontology.EntityOrganization && !weakCue(sp) || p.disc.typedAs(sp.name, ontology.EntityOrganization)
}

// placeConfirmed reports whether the name at k is a place by the
// gazetteer or a known entity, not only by a weak cue.
func (p *sentCtx) placeConfirmed(k int) bool {
	sp, ok := p.typed(k)
	return ok && sp.typ == ontology.EntityPlace && sp.confirmed && !weakCue(sp)
}

// startingAt reads a scheduled start: "he's starting at Norvik Shipping
// next month", "I start at Brightwater on Monday". A start that is
// scheduled is a fact, not a plan: WORKS_AT from the start's time (the
// turn's time when none is said).
func (p *sentCtx) startingAt(cl clause) {
	s := p.s
	v := s.Norm(cl.verb)
	if !(v == "starting" && cl.be || v == "start" && !cl.be && !cl.was && !cl.have) || !cl.plain() {
		return
	}
	k := cl.verb + 1
	if s.Is(k, "work", "working") {
		k++
	}
	employer, title, _ := p.employerAndTitle(k, cl.end)
	if employer == nil {
		if ref, ok := p.jobAt(k, cl.end); ok {
			employer = &ref
		} else if sp, ok := p.typed(k + 1); ok && s.Is(k, "in") && sp.from == k+1 && p.orgConfirmed(sp) {
			// "I'm starting in Halloran & Duff", "she starts in Tesco monday":
			// "in" an organisation, as Irish and British English say it
			employer = &ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		} else {
			return
		}
	}
	if p.townBranchAt(k, cl.end, employer.Name) {
		return // "he starts at the kisumu shop on monday": a branch in a town
	}
	me := p.self()
	vf := p.scheduled(cl)
	if p.childSchool(me, *employer, title) {
		p.relation(rel{typ: ontology.RelAttended, from: me, to: *employer, conf: confWeak, validFrom: vf})
		return // "Ishaan starts at Meadowbank Primary in September": a pupil
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: me, to: *employer, role: title, conf: confStrong, validFrom: vf})
	p.profile(me, "work", "employer", employer.Name, confStrong, vf)
	p.fact(me, stmt(me.Name+" starts at "+employer.Name, p.whenAny(cl.subj, cl.end)), confStrong, vf, nil)
}

// moving reads a scheduled move: "he's moving to Oslo next year (for a
// job at Equinor)". Like a scheduled start it is a fact from the time it
// names (the turn's time when none): MOVED_TO, and WORKS_AT for the job.
func (p *sentCtx) moving(cl clause) {
	s := p.s
	if !cl.be || !cl.plain() {
		return
	}
	k := cl.verb + 1
	for s.Is(k, "back", "over", "away", "down", "up") || s.Norm(k) == "out" && s.Norm(k+1) != "of" {
		k++ // "moving over from Dublin in may", "moving back to Leeds"
	}
	ends := p.moveEnds(k, false)
	if ends.to == nil && ends.from == nil {
		return
	}
	me := p.self()
	vf := p.scheduled(cl)
	if ends.from != nil {
		p.relation(rel{typ: ontology.RelMovedFrom, from: me, to: *ends.from, conf: min(ends.conf, confWeak), validFrom: vf})
	}
	if ends.to == nil {
		return
	}
	place, conf := *ends.to, ends.conf
	end := k
	for end < cl.end && !s.Is(end, "for") {
		end++ // the job after the move: "moving to Oslo next year for a job at Equinor"
	}
	p.relation(rel{typ: ontology.RelMovedTo, from: me, to: place, conf: min(conf, confWeak), validFrom: vf})
	for k := end; k < cl.end && k < end+6; k++ {
		if s.Seq(k, "for", "a") || s.Seq(k, "for", "her") || s.Seq(k, "for", "his") || s.Seq(k, "for", "my") {
			if employer, ok := p.jobAt(k+1, cl.end); ok {
				p.relation(rel{typ: ontology.RelWorksAt, from: me, to: employer, conf: confWeak, validFrom: vf})
			}
			break
		}
	}
}

// orgInPlace reads an organisation followed by where it is: "Siemens in
// Munich", "the Greenline Trust, a housing charity in Lewisham", "Grano,
// in Malasaña": LOCATED_IN. The organisation must be typed as one (a name
// suffix, an introducing noun, the object of "work at", "joined", a name
// of several words after "the": "the Copper Kettle in Hebden Bridge") and
// the place must be a name.
func (p *sentCtx) orgInPlace() {
	s := p.s
	for _, n := range p.names {
		if n.typ != ontology.EntityOrganization && n.typ != ontology.EntityConcept {
			continue
		}
		plainConcept := n.typ == ontology.EntityConcept && !s.Is(n.from-1, "at", "for", "joined") && !orgNamed(n) && !theVenueName(s, n)
		k := n.to
		if s.Norm(k) == "," {
			k++
			if s.Is(k, "a", "an", "that", "the", "this") { // an apposition: ", a housing charity in", ", that italian place in"
				j := k + 1
				for j < len(s.Toks) && j < k+5 && s.Toks[j].Word && (!s.Toks[j].Cap || demonyms[s.Norm(j)]) && s.Norm(j) != "in" {
					j++
				}
				if j == k+1 || !introNouns[s.Norm(j-1)] && descriptionClass[s.Norm(j-1)] == "" &&
					!s.Is(j-1, "place", "spot", "firm", "architects", "solicitors", "lawyers", "accountants") {
					continue
				}
				k, plainConcept = j, false
			}
		}
		if s.Norm(k) != "in" || plainConcept {
			continue
		}
		place, _, conf, ok := p.place(k + 1)
		if !ok {
			continue
		}
		org := ontology.EntityRef{Name: n.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak), validFrom: p.ts})
	}
}

// scheduled is when a scheduled state begins: the start of the clause's
// time expression, past or future, else the turn's time.
func (p *sentCtx) scheduled(cl clause) *time.Time { return p.startOr(p.timeFor(cl.subj, cl.end)) }

// whenAny renders the clause's time expression, past or future (" in
// June 2023"), or "".
func (p *sentCtx) whenAny(from, to int) string { return hitWords(p.timeFor(from, to)) }

// basedWords say where an organisation is: "based in", "headquartered
// in", "located in".
var basedWords = lang.Words(`based headquartered located`)

// basedIn reads "Brightwater is based in Lisbon", "the company is
// headquartered in Porto", "they're based in Faro", "Brightwater, based in
// Lisbon,": LOCATED_IN, with "based" at v.
func (p *sentCtx) basedIn(v int) {
	s := p.s
	k := v + 1
	if s.Seq(k, "out", "of") {
		k++
	}
	if !s.Is(k, "in", "of") || s.Norm(k) == "of" && s.Norm(k-1) != "out" { // "based out of X"
		return
	}
	place, _, conf, ok := p.place(k + 1)
	if !ok {
		return
	}
	subj, cite, ok := p.basedSubject(v)
	if !ok {
		return
	}
	defer p.citeFrom(cite)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: subj, to: place, conf: conf, validFrom: p.ts})
}

// basedSubject reads what "based in" is said of, before "is/are" (or a
// comma) ending at v: an organisation's name, "it"/"they", or "the
// company".
func (p *sentCtx) basedSubject(v int) (ontology.EntityRef, string, bool) {
	s := p.s
	e := v
	for adverbs[s.Norm(e-1)] {
		e--
	}
	if !s.Is(e-1, "is", "are", "was", ",") {
		return ontology.EntityRef{}, "", false
	}
	return p.orgSubject(e - 1)
}
