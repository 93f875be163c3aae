package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of leading: who runs a place ("the guy who runs it is called
// X"), moving over to lead, managing a business, becoming a team's
// manager, a post a club gave the speaker ("Bowls club made me vice
// chair"), agreeing to run something, and coaching a team.

// leadRoles are the titles of one who leads a team, a club or a business
// ("Rovers' manager", "the club's new captain").
var leadRoles = lang.Words(`manager captain coach boss director chair chairman chairwoman chairlady president head leader ceo skipper landlord landlady owner`)

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

// postMoveVerbs say a person is changing post.
var postMoveVerbs = lang.Words(`moving going switching stepping`)

// movingOverToLead reads "Hamid is moving over to lead Atlas": LEADS. A
// hope, a condition or a question is not read.
func (p *sentCtx) movingOverToLead() {
	s := p.s
	for k := 3; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "to") || !s.Is(k+1, "lead", "run", "head") {
			continue
		}
		v := k - 1
		if s.Is(v, "over", "across", "up") {
			v--
		}
		if !postMoveVerbs[s.Norm(v)] || !s.Is(v-1, "is", "'s") || p.tieHedged(v) || p.reachedBy(v, "if", "when", "unless") {
			continue
		}
		who, _, ok := p.personBefore(v - 1)
		if !ok || p.isSpeaker(who) {
			continue
		}
		// one leads a team, whose name may pass for a person's ("Atlas"),
		// not a person; a possessive ("Sam's team") is not the team's name
		sp, ok := p.typed(k + 2)
		if !ok || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss {
			continue
		}
		if end := sp.to; !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".", "(", "from", "in", "next") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLeads, from: who, to: org, conf: confWeak, validFrom: p.ts})
	}
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

// becameLeader reads "Ollie has become Clifton Rovers' manager", "he's
// only gone and become Rovers' new captain": LEADS, with the title as
// role. "become a manager" (no organisation), "become my manager" (a
// tie), "Rovers' biggest fan", a hedge ("wants to become") or a question
// reads nothing.
func (p *sentCtx) becameLeader() {
	s := p.s
	for v := 1; v+3 < len(s.Toks); v++ {
		if !s.Is(v, "become") || !s.Is(v-1, "has", "'ve", "have", "is", "and", "just") || s.Is(v-1, "and") && !s.Is(v-2, "gone") {
			continue
		}
		k := v + 1
		if s.Is(k, "the") {
			k++
		}
		sp, ok := p.nameStartingAt(k)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || p.disc.typedPerson(sp.name) {
			continue
		}
		r := sp.to
		if s.Is(r, "'") {
			r++ // "Rovers' manager"
		} else if !s.Tok(r - 1).Poss {
			continue
		}
		if s.Is(r, "new") {
			r++
		}
		if !leadRoles[s.Norm(r)] || s.Tok(r).Poss || !p.phraseEnds(r+1, len(s.Toks)) && !s.Is(r+1, ",", "now", "lol", "and") {
			continue
		}
		org := ontology.EntityRef{Name: strings.TrimSuffix(sp.name, "'s"), Type: ontology.EntityOrganization}
		if p.subjectRelation(v, rel{typ: ontology.RelLeads, to: org, role: s.Norm(r), conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// teamLeadVerbs say one leads a team in the present: "he coaches the X".
var teamLeadVerbs = lang.Words(`coaches captains manages`)

// teamLeadRoles are the roles teamLeadVerbs give.
var teamLeadRoles = map[string]string{"coaches": "coach", "captains": "captain", "manages": "manager"}

// leadsTheTeam reads "he coaches the Linthouse Colts on a saturday",
// "Mairead captains the Partick Ladies now": LEADS, with the role. A
// person coached ("coaches Jimmy on his free kicks"), someone unnamed ("my
// brother coaches"), a past ("used to coach"), "if", a question or an
// organisation's possession ("manages the Dynamo's kit") reads nothing.
func (p *sentCtx) leadsTheTeam() {
	s := p.s
	for v := range wordsIn(s, teamLeadVerbs) {
		if !s.Is(v+1, "the") {
			continue // a team is "the X" here; "coaches Jimmy" is a person
		}
		group, end, ok := p.groupNamedAt(v + 1)
		if !ok || s.Tok(end-1).Poss || !orgPhraseEndsAt(s, end) || sarcastic(p.text, s) {
			continue
		}
		if p.subjectRelation(v, rel{typ: ontology.RelLeads, to: group, role: teamLeadRoles[s.Norm(v)], conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// groupLeadPosts are the posts that lead a club, a team or a committee
// (LEADS, as the gold annotates a chair or a captain); groupMemberPosts
// are the posts held in one (MEMBER_OF with the post as role).
var (
	groupLeadPosts   = lang.Words(`chair chairman chairwoman chairlady chairperson captain skipper president`)
	groupMemberPosts = lang.Words(`treasurer secretary`)
	// groupPostPrefixes come before a post: "vice chair", "club captain",
	// "fixtures secretary". "vice" and "deputy" make a lead post a member's.
	groupPostPrefixes = lang.Words(`vice deputy club team social fixtures membership match`)
	// groupSubjectNouns end a group said by its kind before "made me":
	// "the committee made me treasurer", "bowls club made me vice chair".
	groupSubjectNouns = lang.Words(`club committee team society choir band squad association`)
	// madeMeSkips come between a group and "made": "have just made me".
	madeMeSkips = lang.Words(`have has 've just only finally officially actually also`)
)

// groupPost reads a club post at k, after "made me" ("vice chair",
// "the new treasurer", "club captain"): the post as said, whether it leads
// the group, and where it ends. A job title ("made me team leader") is no
// club post.
func groupPost(s *sentence, k int) (post string, leads bool, end int, ok bool) {
	if s.Is(k, "the", "their", "our", "new") {
		k++
	}
	if s.Is(k, "new") {
		k++
	}
	start := k
	for k < len(s.Toks) && k < start+2 && groupPostPrefixes[s.Norm(k)] {
		k++
	}
	switch {
	case groupLeadPosts[s.Norm(k)]:
		leads = !s.Is(start, "vice", "deputy")
	case groupMemberPosts[s.Norm(k)]:
	default:
		return "", false, 0, false
	}
	words := make([]string, 0, k+1-start)
	for i := start; i <= k; i++ {
		words = append(words, s.Norm(i))
	}
	return strings.Join(words, " "), leads, k + 1, true
}

// groupMadeMe reads the post a named group gave the speaker: "Ferndale
// Rovers made me captain", "the committee made me treasurer of the Hove
// Players", "Bowls club made me vice chair by the way. Lostock Crown
// Green." (the group named by the turn's next sentence, a bare name):
// LEADS for a chair, a captain or a president, MEMBER_OF with the post as
// role for a vice chair, a treasurer or a secretary. A job title ("made me
// team leader"), a feeling ("made me cry"), a person as the subject, a
// hedge ("might make me"), a negation, a question or an unnamed group
// read nothing.
func (p *sentCtx) groupMadeMe() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`made`)) {
		if !s.Is(v+1, "me") || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		post, leads, end, ok := groupPost(s, v+2)
		if !ok {
			continue
		}
		org, found := ontology.EntityRef{}, false
		if s.Is(end, "of", "for") {
			if o, oe, ok := p.groupNamedAt(end + 1); ok && orgPhraseEndsAt(s, oe) {
				org, found, end = o, true, oe
			}
		}
		if !orgPhraseEndsAt(s, end) && !s.Is(end, "by", "at", "lol") {
			continue // "made me captain of industry jokes"
		}
		subj := v - 1
		for subj >= 0 && madeMeSkips[s.Norm(subj)] {
			subj--
		}
		f := afterLeads(s)
		if f < 0 || subj < f {
			continue
		}
		if !found {
			org, found = p.groupMadeMeSubject(f, subj+1)
		}
		if !found {
			continue
		}
		r := rel{typ: ontology.RelMemberOf, from: p.speaker, to: org, role: post, conf: confWeak, validFrom: p.ts}
		if leads {
			r.typ = ontology.RelLeads
		}
		p.relation(r)
		return
	}
}

// groupMadeMeSubject reads the group that opens the sentence from f to
// end, before "made me": a group's name ("Ferndale Rovers", "the Hove
// Players"), or its kind ("the committee", "bowls club") with its name the
// whole of the turn's next sentence ("Lostock Crown Green.").
func (p *sentCtx) groupMadeMeSubject(f, end int) (ontology.EntityRef, bool) {
	s := p.s
	if org, oe, ok := p.groupNamedAt(f); ok && oe == end {
		k := f
		if s.Is(k, "the") {
			k++
		}
		sp, typed := p.typed(k)
		if typed && (sp.typ == ontology.EntityOrganization || p.orgConfirmed(sp)) {
			return org, true // not "Rob made me captain for the day"
		}
		return ontology.EntityRef{}, false
	}
	if !groupSubjectNouns[s.Norm(end-1)] || end-f > 3 {
		return ontology.EntityRef{}, false
	}
	for k := f; k < end-1; k++ {
		if !s.Toks[k].Word || s.Toks[k].Cap && k > f || s.Tok(k).Poss {
			return ontology.EntityRef{}, false // "Tom's team", "Rovers' committee"
		}
	}
	name, ok := p.bareNameAfter()
	if !ok {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, true
}

// bareNameAfter reads the turn's sentence after this one when it is only a
// capitalised name of up to five words ("Lostock Crown Green."), none of
// them a common word, a first name or a known person.
func (p *sentCtx) bareNameAfter() (string, bool) {
	if p.s.End >= len(p.text) {
		return "", false
	}
	next := lang.SplitSentences(lang.Tokenize(p.text[p.s.End:]))
	if len(next) == 0 {
		return "", false
	}
	var words []string
	for _, t := range next[0].Toks {
		switch {
		case !t.Word && (t.Norm == "." || t.Norm == "!"):
			continue
		case !t.Word || !t.Cap || commonWords[t.Norm] || len(words) >= 5:
			return "", false
		}
		words = append(words, t.Text)
	}
	if len(words) == 0 || firstName(strings.ToLower(words[0])) { // not "Margaret Hollis."
		return "", false
	}
	name := strings.Join(words, " ")
	if p.disc.typedPerson(name) || p.disc.isSpeaker(name) {
		return "", false
	}
	return name, true
}

// agreedToLead are the verbs of leading one agrees to: "agreed to run the
// Pickled Page", "agreed to chair the committee".
var agreedToLead = lang.Words(`run chair lead captain skipper manage head`)

// agreedToRun reads a post taken on by agreement: "Dec has agreed to run
// the Pickled Page from next month", "I've agreed to chair Hove Players",
// "Priya agreed to captain the Harbour Belles Rowing Club": LEADS, for the
// speaker or the person named or meant. An event run ("agreed to run the
// Great North Run"), an unnamed group ("agreed to run the raffle"), a hedge
// ("might have agreed"), a negation ("hasn't agreed"), a question and
// someone unnamed read nothing.
func (p *sentCtx) agreedToRun() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`agreed`)) {
		if !s.Is(v+1, "to") || !agreedToLead[s.Norm(v+2)] || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		org, end, ok := p.groupNamedAt(v + 3)
		if !ok || !orgPhraseEndsAt(s, end) {
			continue
		}
		k := v + 3
		if s.Is(k, "the") {
			k++
		}
		sp, typed := p.typed(k)
		if !typed || sp.typ != ontology.EntityOrganization && !p.orgConfirmed(sp) && !(sp.typ == ontology.EntityConcept && p.disc.typedAs(sp.name, ontology.EntityOrganization)) {
			continue
		}
		at := v
		if s.Is(v-1, "has", "have", "'s", "'ve") {
			at = v - 1
		}
		if p.verbSubjectRelation(at, rel{typ: ontology.RelLeads, to: org, conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}
