package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// work reads "I work at/for X (as a Y)", "I work as a Y (at X)", "I'm
// working at X", "I've worked at X", "I teach at X", and the past "I used
// to work at X", "I don't work at X anymore". base, ing and past are the
// verb's forms.
func (p *sentCtx) work(cl clause, v, base, ing, past string) {
	if cl.modal || cl.hedged {
		return
	}
	current, ok := p.tenseOfState(cl, v, base, ing, past)
	if !ok && p.pastJob(cl, v, base, past) {
		current, ok = false, true // "Mina worked at Brightwater Analytics for years"
	}
	if !ok {
		return
	}
	if base == "work" && current && p.s.Norm(cl.verb+1) == "with" {
		p.workWith(cl.verb + 2)
		return
	}
	employer, title, _ := p.employerAndTitle(cl.verb+1, cl.end)
	if base == "teach" && employer == nil {
		// "she teaches linguistics at the University of Oslo"
		for k := cl.verb + 2; k < cl.end && k <= cl.verb+4; k++ {
			if p.s.Norm(k) == "at" {
				if ref, _, ok := p.org(k + 1); ok && (p.s.Norm(k+1) == "the" || ref.Type == ontology.EntityOrganization) {
					if sp, ok := p.typed(k + 1); ok && sp.confirmed {
						employer, title = &ref, "teacher"
					}
				}
				break
			}
			if !p.s.Toks[k].Word || p.s.Toks[k].Cap {
				break
			}
		}
		if employer != nil {
			p.employment(cl, employer, title, current, "")
			return
		}
	}
	if base == "teach" {
		if employer == nil || title != "" || p.s.Norm(cl.verb+1) != "at" {
			return // "I teach for fun", "I teach as a…"
		}
		title = "teacher"
	}
	p.employment(cl, employer, title, current, "")
}

// workWith reads who one works with, at k: "I work with Jo" (Jo is the
// speaker's colleague) and "Ben works with me" (Ben is). The other must be
// read as a person (a first name, a speaker, a role or a known person):
// "I work with Python", "I work with kids" are not read.
func (p *sentCtx) workWith(k int) {
	s := p.s
	me := p.self()
	if s.Is(k, "me", "us") && p.subj.Name != "" && !p.isSpeaker(p.subj) && p.phraseEnds(k+1, len(s.Toks)) {
		p.relRole(p.speaker, kindColleague, "colleague", p.subj, confWeak)
		return
	}
	sp, ok := nameAt(s, k)
	if !ok {
		return
	}
	sp = p.known.typeName(s, sp)
	if sp.typ != ontology.EntityPerson || s.Tok(sp.to-1).Poss || !p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, "now", "at", "on") {
		return
	}
	p.relRole(me, kindColleague, "colleague", ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, confWeak)
}

// employerAndTitle reads "at X", "for X", "as a Y" in either order from k.
func (p *sentCtx) employerAndTitle(k, end int) (*ontology.EntityRef, string, int) {
	var employer *ontology.EntityRef
	title := ""
	for round := 0; round < 2; round++ {
		switch p.s.Norm(k) {
		case "at", "for":
			if employer != nil {
				return employer, title, k
			}
			ref, next, ok := p.org(k + 1)
			if !ok {
				return employer, title, k
			}
			employer, k = &ref, next
		case "as":
			if title != "" {
				return employer, title, k
			}
			t, next, ok := p.title(k+1, end)
			if !ok {
				return employer, title, k
			}
			title, k = t, next
		default:
			return employer, title, k
		}
	}
	return employer, title, k
}

// employment records a job: current (WORKS_AT from the clause's time,
// employer and title in the profile) or past (WORKS_AT ended by the
// turn's time, a past employer). started words the statement for a job
// just begun ("started working at").
func (p *sentCtx) employment(cl clause, employer *ontology.EntityRef, title string, current bool, started string) {
	if employer == nil && title == "" {
		return
	}
	me := p.self()
	if !current {
		if employer == nil {
			return
		}
		if p.ts != nil {
			p.relation(rel{typ: ontology.RelWorksAt, from: me, to: *employer, role: title, conf: confStrong, validUntil: p.ts})
		}
		p.profile(me, "work", "past_employers", employer.Name, confStrong, nil)
		words := " used to work at "
		if cl.neg {
			words = " no longer works at "
		}
		p.fact(me, stmt(me.Name+words+employer.Name), confStrong, nil, p.ts)
		return
	}
	vf := p.since(cl.subj, cl.end)
	text := me.Name + " works"
	if started != "" {
		text = me.Name + started
	}
	if employer != nil {
		p.relation(rel{typ: ontology.RelWorksAt, from: me, to: *employer, role: title, conf: confStrong, validFrom: vf})
		p.profile(me, "work", "employer", employer.Name, confStrong, vf)
		text += " at " + employer.Name
	}
	if title != "" {
		p.profile(me, "work", "title", title, confStrong, vf)
		text += " as " + withArticle(title)
	}
	if started != "" {
		text += p.when(cl.subj, cl.end)
	}
	p.fact(me, stmt(text), confStrong, vf, nil)
}

// withArticle puts "a" or "an" before a title unless it has one.
func withArticle(t string) string {
	for _, a := range []string{"a ", "an ", "the "} {
		if len(t) > len(a) && t[:len(a)] == a {
			return t
		}
	}
	return article(t) + " " + t
}

// jobAt reads "a (new) job at X", "my first job with X", "a CDL job with
// X", "an attachment at X" (Kenyan and Indian English for an internship)
// at k.
func (p *sentCtx) jobAt(k, end int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k, "a", "an", "my", "the", "his", "her", "their") {
		return ontology.EntityRef{}, false
	}
	k++
	for s.Is(k, "new", "first", "dream", "full-time", "part-time", "great", "permanent", "summer", "senior", "junior", "big") {
		k++
	}
	if k < len(s.Toks) && acronym(s, span{from: k, to: k + 1}) && s.Is(k+1, "job", "role", "position") {
		k++ // "a CDL job", "an HGV job", "an IT role"
	}
	if !s.Is(k, "job", "position", "role", "internship", "gig", "placement", "apprenticeship", "attachment") || !s.Is(k+1, "at", "with") || k+2 >= end {
		return ontology.EntityRef{}, false
	}
	ref, _, ok := p.org(k + 2)
	return ref, ok
}

// gotJob reads "I got a job at X", "I landed a new position with X", "I
// got hired at/by X".
func (p *sentCtx) gotJob(cl clause) {
	if !cl.plain() || cl.be {
		return
	}
	k := cl.verb + 1
	if p.s.Norm(k) == "hired" && p.s.Is(k+1, "at", "by") {
		if ref, _, ok := p.org(k + 2); ok {
			p.employment(cl, &ref, "", true, " got hired")
		}
		return
	}
	if ref, ok := p.jobAt(k, cl.end); ok {
		p.employment(cl, &ref, "", true, " got a job")
		return
	}
	if p.s.Is(k, "attachment", "internship", "placement", "apprenticeship") && p.s.Is(k+1, "at", "with") && k+2 < cl.end {
		// "i got attachment at Kerio Valley Dairies": a training post, said
		// with no article in Kenyan and Indian English
		if ref, _, ok := p.org(k + 2); ok {
			p.employment(cl, &ref, "", true, " got a job")
		}
	}
}

// attend reads "I went to X University", "I graduated from X", "I study
// at X", "I attend X": ATTENDED and the profile's school.
func (p *sentCtx) attend(cl clause, v string) {
	if !cl.plain() {
		return
	}
	k := cl.verb + 1
	want, phrase := "", ""
	switch v {
	case "went":
		want, phrase = "to", " went to "
	case "go":
		want, phrase = "to", " goes to "
	case "graduated":
		want, phrase = "from", " graduated from "
	case "studied", "study", "studying":
		want, phrase = "at", " studies at "
		if v == "studied" {
			phrase = " studied at "
		}
	case "attended":
		phrase = " attended "
	case "attend", "attending":
		phrase = " attends "
	}
	if (v == "go" || v == "study" || v == "attend") && (cl.be || cl.was || cl.have) ||
		(v == "studying" || v == "attending") && !cl.be {
		return
	}
	if want != "" {
		if p.s.Norm(k) != want {
			return
		}
		k++
	}
	sp, ok := p.typed(k)
	if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
		return
	}
	if !p.isSchool(sp) && v != "graduated" && !(v != "go" && v != "went" && acronym(p.s, sp)) {
		return // "I went to Paris"; but "I study at UCL", "she attends MIT"
	}
	school := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.relation(rel{typ: ontology.RelAttended, from: me, to: school, conf: confStrong, validFrom: vf})
	p.profile(me, "education", "school", school.Name, confStrong, vf)
	p.fact(me, stmt(me.Name+phrase+school.Name), confStrong, vf, nil)
}

// acronym reports whether a name is one word of 2 to 5 capitals ("UCL",
// "MIT", "NYU").
func acronym(s *sentence, sp span) bool {
	if sp.to-sp.from != 1 {
		return false
	}
	t := s.Toks[sp.from].Text
	if len(t) < 2 || len(t) > 5 {
		return false
	}
	for _, r := range t {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// isSchool reports whether a name has a school word ("Stanford
// University", "Lincoln High School") or is a well-known one ("Harvard").
func (p *sentCtx) isSchool(sp span) bool {
	if k, ok := knownOrgKind(p.s, sp); ok && k == orgSchool {
		return true
	}
	if servesHead(sp.name) {
		return false // "King's College Hospital", "Cork University Hospital": a workplace
	}
	for i := sp.from; i < sp.to; i++ {
		if eduCues[p.s.Toks[i].Norm] {
			return true
		}
	}
	return false
}

// servesHead reports whether a name ends in a head noun of a place that
// serves rather than teaches, whatever school word comes before it ("King's
// College Hospital", "University Arms Hotel", "Oxford University Press").
func servesHead(name string) bool { return servingHeads[nameHead(name)] }

// servingHeads end names of workplaces that a school word may open.
var servingHeads = lang.Words(`hospital clinic infirmary hospice surgery hotel arms press bank pharmacy`)

// join reads "I joined X" (MEMBER_OF; WORKS_AT with "as a Y") and "I
// joined a book club".
func (p *sentCtx) join(cl clause) {
	if !cl.plain() || cl.be || cl.was {
		return
	}
	k := cl.verb + 1
	if thing, next, ok := p.createdThing(k, cl.end); ok && thing.Type == ontology.EntityOrganization {
		if title, _, ok := p.title(next+1, cl.end); ok && p.s.Norm(next) == "as" {
			p.employment(cl, &thing, title, true, " joined")
			return
		}
		p.membership(cl, thing, confStrong, " joined ")
		return
	}
	if group, next, conf, ok := p.group(k, cl.end); ok {
		if r, ok := instruments[p.s.Norm(next+1)]; ok && p.s.Norm(next) == "on" {
			// "Kit joined Mud on bass": a member, not an employee
			p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, role: r, conf: confStrong, validFrom: p.since(cl.subj, cl.end)})
			return
		}
		if p.s.Norm(next) == "as" && p.s.Is(next+1, "their", "the", "a", "an", "our") && bandRoles[p.s.Norm(next+2)] {
			// "Kit joined Velvet Static as their drummer": a member, not an employee
			me := p.self()
			p.relation(rel{typ: ontology.RelMemberOf, from: me, to: group, role: p.s.Norm(next + 2), conf: confStrong, validFrom: p.since(cl.subj, cl.end)})
			return
		}
		if p.s.Norm(next) == "as" && conf == confStrong {
			if title, _, ok := p.title(next+1, cl.end); ok {
				p.employment(cl, &group, title, true, " joined")
				return
			}
		}
		if conf == confStrong && employerLike(group.Name) && !pluralTeam(p.s, k, group.Name) && !memberHeadAfter(p.s, next) && !p.groupAfter17(next) {
			// Joining a company, charity, clinic or school is a job;
			// joining a club, band or team is membership.
			p.employment(cl, &group, "", true, " joined")
			return
		}
		p.membership(cl, group, conf, " joined "+articleAt(p.s, k))
	}
}

// groupHeads end the names of groups one is a member of, not employed by.
var groupHeads = lang.Words(`club band team choir league society association community group quartet trio
	quintet orchestra philharmonic ensemble crew squad circle troupe union chapter committee network
	gym church guild collective council harriers rovers wanderers athletic united albion fc afc rfc
	singers voices strings sinfonia chorus chorale fellowship chapel congregation brass`)

// employerLike reports whether an organisation one joins is an employer:
// its name does not end in a group word ("the Greenline Trust", "Acme",
// not "the Seattle Chess Club").
func employerLike(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	return len(f) > 0 && !groupHeads[f[len(f)-1]]
}

// articleAt returns the article at k with a trailing space ("a "), or "".
func articleAt(s *sentence, k int) string {
	if s.Is(k, "a", "an", "the", "my", "our") {
		return s.Norm(k) + " "
	}
	return ""
}

// group reads a group one joins or belongs to: a name ("the Sierra Club")
// or a lower-case phrase ending in a group word ("a local book club").
func (p *sentCtx) group(k, end int) (ontology.EntityRef, int, float64, bool) {
	s := p.s
	if s.Is(k, "a", "an", "the", "my", "our") {
		k++
	}
	if v, next, ok := p.phrase(k, end, 5); ok && memberHeads[s.Norm(next-1)] {
		allCaps := true
		for i := k; i < next; i++ {
			allCaps = allCaps && s.Toks[i].Cap
		}
		if allCaps {
			return ontology.EntityRef{Name: v, Type: ontology.EntityOrganization}, next, confStrong, true
		}
		return ontology.EntityRef{Name: v, Type: ontology.EntityOrganization}, next, confWeak, true
	}
	ref, next, ok := p.org(k)
	if !ok {
		return ontology.EntityRef{}, 0, 0, false
	}
	return ref, next, confStrong, true
}

// membership records MEMBER_OF group.
func (p *sentCtx) membership(cl clause, group ontology.EntityRef, conf float64, phrase string) {
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	if conf >= confStrong {
		// An unnamed group ("a book club") makes a fact, not an entity to link.
		p.relation(rel{typ: ontology.RelMemberOf, from: me, to: group, conf: conf, validFrom: vf})
	}
	p.fact(me, stmt(me.Name+phrase+group.Name, p.when(cl.subj, cl.end)), conf, vf, nil)
}
