package rules

import (
	"strconv"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// maritalWords are statuses stated with "I'm …".
var maritalWords = lang.Words(`single divorced widowed separated`)

// fanAdjectives may stand in "I'm a big fan of".
var fanAdjectives = lang.Words(`big huge massive total long-time longtime lifelong`)

// beStatement reads "I'm …" / "I am …" statements: occupations ("I'm a
// nurse (at X)"), origin ("I'm from X"), interests ("I'm into X"),
// marital status, membership and age.
func (p *sentCtx) beStatement(cl clause) {
	s := p.s
	k := cl.verb
	me := p.self()
	switch n := s.Norm(k); {
	case n == "a" || n == "an":
		p.beA(cl, k+1)
	case n == "their":
		p.theirJob(cl, k+1) // "he's their head of sales now" (pronouns_their.go)
	case n == "from":
		p.hometown(k+1, said(" is from "))
	case n == "about" && s.Norm(k-1) == "all":
		for _, in := range p.interests(k+1, cl.end) {
			p.liking(me, in, " is all about ", confStrong)
		}
	case n == "into":
		for _, in := range p.interests(k+1, cl.end) {
			p.liking(me, in, " is into ", confStrong)
		}
	case n == "passionate" && s.Norm(k+1) == "about", n == "obsessed" && s.Norm(k+1) == "with":
		for _, in := range p.interests(k+2, cl.end) {
			p.liking(me, in, " is "+n+" "+s.Norm(k+1)+" ", confStrong)
		}
	case n == "married":
		p.marriage(cl, k+1, " is married", false)
	case n == "engaged" && !s.Is(k+1, "in", "with", "by"):
		p.engaged(cl, k+1)
	case maritalWords[n] && p.phraseEnds(k+1, cl.end):
		p.profile(me, "demographics", "marital_status", n, confWeak, p.ts)
		p.fact(me, stmt(me.Name+" is "+n), confWeak, p.ts, nil)
	case headTitles[n] != "" && s.Is(k+1, "of", "at"),
		n == "the" && headTitles[s.Norm(k+1)] != "" && s.Is(k+2, "of", "at"),
		n == "the" && s.Is(k+1, "new", "acting", "interim") && headTitles[s.Norm(k+2)] != "" && s.Is(k+3, "of", "at"),
		n == "the" && headTitles[s.Norm(k+1)] != "" && s.Is(k+2, "and", "&") && headTitles[s.Norm(k+3)] != "" && s.Is(k+4, "of", "at"):
		p.headOf(cl, k)
	case n == "in" && s.Is(k+1, "a", "an") && memberHeads[s.Norm(k+2)] && s.Is(k+3, "called", "named"):
		// "Ben is in a band called the Rivets"
		if group, _, ok := p.org(k + 4); ok {
			p.membership(cl, group, confStrong, " is in ")
		}
	case n == "in" && s.Seq(k+1, "charge", "of"):
		p.inCharge(cl, k)
	case n == "in":
		p.inGroup(cl, k)
	case (n == "their" || n == "our") && bandRoles[s.Norm(k+1)] && p.phraseEnds(k+2, cl.end):
		p.theirPlayer(cl, s.Norm(k+1)) // "os Cardumes? yes he's their bassist"
	case n == "on":
		if !p.onBoard(cl, k) && !p.onTeamAt(cl, k) {
			p.onTeam(cl, k)
		}
	case n == "the" || (n == "a" || n == "an") && (bandRoles[s.Norm(k+1)] || groupRoles[s.Norm(k+1)]):
		p.bandRole(cl, k+1)
	case n == "part" && s.Norm(k+1) == "of":
		if group, _, conf, ok := p.group(k+2, cl.end); ok {
			p.membership(cl, group, conf, " is part of "+articleAt(s, k+2))
		}
	default:
		if !p.bareJobAt(cl, k) {
			p.age(cl, k)
		}
	}
}

// bareJobVetoes make a job title with no article a visit or a part: "guest
// speaker at X", "keynote at X".
var bareJobVetoes = lang.Words(`guest keynote visiting honorary`)

// bareJobAt reads a job title said without an article before "at" and an
// organisation ("Mike is branch manager at Harborough Building Society",
// "she's head chef at Olive", "I'm still duty manager at Fenwick's"):
// WORKS_AT with the post. A past ("was"), a hedge, a visit's title ("guest
// speaker at") and a title with no named organisation read nothing.
func (p *sentCtx) bareJobAt(cl clause, k int) bool {
	s := p.s
	if !cl.plain() || cl.was || bareJobVetoes[s.Norm(k)] {
		return false
	}
	if s.Is(k, "still", "now", "currently") {
		k++
	}
	occ, head, next, ok := p.occupation(k, cl.end)
	if !ok || isStudent(head) || s.Norm(next) != "at" {
		return false
	}
	employer, _, ok := p.org(next + 1)
	if !ok {
		return false
	}
	p.employment(cl, &employer, occ, true, "")
	return true
}

// headTitles are the titles of who runs or founded an organisation; the
// value is the relation they say.
var headTitles = map[string]string{"ceo": "lead", "head": "lead", "director": "lead", "boss": "lead",
	"owner": "lead", "president": "lead", "chair": "lead", "founder": "found", "co-founder": "found",
	"cofounder": "found", "lead": "lead", "leader": "lead", "captain": "lead"}

// headOf reads "Ana is the CEO of Nomad", "she's head of Fennel Labs",
// "I'm the co-founder of Brightwater", "Juno is the founder and CEO of
// Pixelmoss": LEADS, or CREATED for a founder, for each title. The
// organisation must be named: "the head of the department" is not read.
func (p *sentCtx) headOf(cl clause, k int) {
	s := p.s
	if s.Norm(k) == "the" {
		k++
	}
	if s.Is(k, "new", "acting", "interim") {
		k++ // "I'm the new lead of Ledger"
	}
	if !cl.plain() || cl.was {
		return
	}
	titles := []string{headTitles[s.Norm(k)]}
	if s.Is(k+1, "and", "&") && headTitles[s.Norm(k+2)] != "" {
		titles = append(titles, headTitles[s.Norm(k+2)])
		k += 2
	}
	if p.headOfUnitAt(cl, k) {
		return // "Sam's the head of data at Brightwater"
	}
	sp, ok := p.typed(k + 2)
	if !ok || !(sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept) || s.Tok(sp.to-1).Poss {
		return
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	for _, t := range titles {
		if t == "found" {
			p.created(p.self(), org, " founded ", confStrong)
		} else {
			p.leading(cl, org)
		}
	}
}

// bandRole reads "the drummer of X", "the lead singer in X", "a
// violinist with the X Philharmonic" at k: MEMBER_OF with the part as
// role. The group must be named.
func (p *sentCtx) bandRole(cl clause, k int) {
	s := p.s
	if s.Is(k, "new", "lead") {
		k++ // "the new drummer for Velvet Static"
	}
	if s.Norm(k) == "lead" {
		k++
	}
	if !bandRoles[s.Norm(k)] && !groupRoles[s.Norm(k)] || !s.Is(k+1, "of", "in", "for", "with") {
		return
	}
	group, _, ok := p.org(k + 2)
	if !ok {
		return
	}
	if sp, ok := p.typed(k + 2); ok && !sp.confirmed && !(sp.typ == ontology.EntityConcept && (s.Norm(k+2) == "the" || sp.to-sp.from >= 2)) {
		return // "the drummer in the Rivets" names a band; "a singer in Paris" does not
	}
	role := s.Norm(k)
	if s.Norm(k-1) == "lead" {
		role = "lead " + role
	}
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.relation(rel{typ: ontology.RelMemberOf, from: me, to: group, role: role, conf: confStrong, validFrom: vf})
	p.fact(me, stmt(me.Name+" is the "+role+" of "+group.Name), confStrong, vf, nil)
}

// beA reads "I'm a/an …": a fan, a member, a student or an occupation.
func (p *sentCtx) beA(cl clause, k int) {
	s := p.s
	me := p.self()
	j := k
	for fanAdjectives[s.Norm(j)] {
		j++
	}
	switch {
	case s.Seq(j, "fan", "of"):
		if s.Norm(j+2) == "both" {
			j++ // "a fan of both jazz and soul"
		}
		for _, in := range p.interests(j+2, cl.end) {
			p.liking(me, in, " is a fan of ", confStrong)
		}
		return
	case p.compoundFan(j, cl.end):
		return
	case s.Seq(k, "member", "of"):
		if group, _, conf, ok := p.group(k+2, cl.end); ok {
			p.membership(cl, group, conf, " is a member of "+articleAt(s, k+2))
		}
		return
	}
	occ, head, next, ok := p.occupation(k, cl.end)
	if !ok {
		return
	}
	if isStudent(head) {
		p.student(cl, occ, next)
		return
	}
	if s.Is(next, "over", "down", "up") && s.Norm(next+1) == "at" {
		next++ // "I'm an engineer over at Ocado"
	}
	if s.Is(next, "at", "for", "with") {
		if employer, _, ok := p.org(next + 1); ok {
			p.employment(cl, &employer, occ, true, "")
			return
		}
	}
	if (s.Norm(next) == "there" && p.phraseEnds(next+1, cl.end) || s.Seq(next, "there", "now")) && !p.thereMisread() {
		if employer, ok := p.there(); ok { // "she's a pharmacist there now"
			p.employment(cl, &employer, occ, true, "")
			return
		}
	}
	vf := p.since(cl.subj, cl.end)
	p.profile(me, "work", "occupation", occ, confStrong, vf)
	p.fact(me, stmt(me.Name+" is "+withArticle(occ)), confStrong, vf, nil)
}

// student records "I'm a student (at X)": education status and, with a
// school, ATTENDED and the school.
func (p *sentCtx) student(cl clause, occ string, next int) {
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	p.profile(me, "education", "status", occ, confStrong, vf)
	text := me.Name + " is " + withArticle(occ)
	if p.s.Is(next, "at", "of") {
		if sp, ok := p.typed(next + 1); ok && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept) {
			school := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
			p.relation(rel{typ: ontology.RelAttended, from: me, to: school, conf: confStrong, validFrom: vf})
			p.profile(me, "education", "school", school.Name, confStrong, vf)
			text += " at " + school.Name
		}
	}
	p.fact(me, stmt(text), confStrong, vf, nil)
}

// engaged reads "I'm engaged (to X)".
func (p *sentCtx) engaged(cl clause, k int) {
	me := p.self()
	vf := p.since(cl.subj, cl.end)
	if p.s.Norm(k) == "to" {
		k++
	}
	text := me.Name + " is engaged"
	if partner, ok := p.partnerAt(k); ok {
		p.relation(rel{typ: ontology.RelPartnerOf, from: me, to: partner, role: "fiance", conf: confStrong, validFrom: vf})
		p.profile(me, "relationships", "partner", partner.Name, confStrong, vf)
		text += " to " + partner.Name
	} else if !p.phraseEnds(k, cl.end) {
		return
	}
	p.profile(me, "demographics", "marital_status", "engaged", confStrong, vf)
	p.fact(me, stmt(text), confStrong, vf, nil)
}

// partnerAt reads the person one is engaged or married to at k: not a
// speaker, and not a possessor ("engaged to Dev's mum's horror", "married
// Dev's brother" name someone else).
func (p *sentCtx) partnerAt(k int) (ontology.EntityRef, bool) {
	partner, end, ok := p.person(k)
	return partner, ok && !p.isSpeaker(partner) && !p.s.Tok(end-1).Poss
}

// age reads "I'm 32 years old" at k.
func (p *sentCtx) age(cl clause, k int) {
	n, ok := ageAt(p.s, k)
	if !ok || !p.s.Is(k+1, "years", "year") || p.s.Norm(k+2) != "old" {
		return
	}
	me := p.self()
	age := strconv.Itoa(n)
	p.profile(me, "basic_info", "age", age, confStrong, p.ts)
	p.fact(me, stmt(me.Name+" is "+age+" years old"), confStrong, p.ts, nil)
}
