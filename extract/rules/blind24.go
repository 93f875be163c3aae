package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind24's whole conversations, written blind to
// the extractor (a ward's night shift, a family removals firm, a book club
// in a pub): a post a club or a committee gave the speaker ("Bowls club
// made me vice chair. Lostock Crown Green."), and a last day at an
// employer ("last day at Northfold was friday"), and a business on its
// street ("The Cooper's Arms, on Bishopthorpe Road"), a club one agreed to
// run ("Dec has agreed to run the X"). The list that runs them,
// blind24Readings, closes the file.

// groupLeadPosts are the posts that lead a club, a team or a committee
// (LEADS, as the gold annotates a chair or a captain); groupMemberPosts
// are the posts held in one (MEMBER_OF with the post as role).
var (
	groupLeadPosts   = lang.Words(`chair chairman chairwoman chairperson captain skipper president`)
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
			if o, oe, ok := p.groupNamedAt(end + 1); ok && b18EndsAt(s, oe) {
				org, found, end = o, true, oe
			}
		}
		if !b18EndsAt(s, end) && !s.Is(end, "by", "at", "lol") {
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

// lastDaySchools name a school in an organisation's name: a last day
// there is a pupil's, not a job's.
var lastDaySchools = lang.Words(`school academy college university uni primary high nursery`)

// lastDayTrips make a last day a holiday's: "last day at Disneyland, the
// kids are gutted", "last day of the trip at Center Parcs".
var lastDayTrips = lang.Words(`holiday hols trip vacation festival camp beach park ride rides kids holidays tour`)

// lastDayJobWords tell, in the turn, that an untyped name a last day is
// at is an employer, in the turn (wordIn, places_elided.go): "last day at
// northfold was friday. 9 years. carl, my old manager, cried a bit".
var lastDayJobWords = lang.Words(`job quit notice colleagues boss manager redundancy redundant retiring retired leaving shift shifts contract`)

// lastDayAt reads a last day at an employer: "last day at Northfold was
// friday", "my last day at Garside Laing is the 28th", "Tel's last day at
// Hollis & Sons was yesterday": WORKS_AT ended, for the speaker (opening
// the sentence or "my") or the person named. A venue ("last day at
// Glastonbury"), a school ("last day at Hillcrest Academy"), an
// unnamed place ("last day at the beach"), a hedge ("might be my last day
// at"), someone unnamed ("her last day at") or a question reads nothing.
func (p *sentCtx) lastDayAt() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`last`)) {
		if !s.Seq(v+1, "day", "at") || p.hedgedAt(v) || p.negatedBefore(v) {
			continue
		}
		var who ontology.EntityRef
		switch f := afterLeads(s); {
		case s.Is(v-1, "my") && !s.Tok(v-2).Poss:
			who = p.speaker
		case v == f:
			who = p.speaker
		case s.Tok(v - 1).Poss:
			w, end, ok := p.person(v - 1)
			if !ok || end != v || p.isSpeaker(w) {
				continue
			}
			who = w
		default:
			continue
		}
		if who.Name == "" {
			continue
		}
		k := v + 3
		sp, ok := p.typed(k)
		if !ok || !p.orgConfirmed(sp) && sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept ||
			p.venue(sp) || s.Tok(sp.to-1).Poss || p.disc.typedPerson(sp.name) || wordsInAny(s, lastDayTrips) {
			continue
		}
		if sp.typ == ontology.EntityConcept && !p.orgConfirmed(sp) && !wordIn(p.text, lastDayJobWords) {
			continue // "last day at Glastonbury was the best": an untyped name needs the job told in the turn
		}
		if lastDaySchools[strings.ToLower(lastWord(sp.name))] {
			continue
		}
		if !b18EndsAt(s, sp.to) && !s.Is(sp.to, "was", "is", "'s", "will", "be") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
		return
	}
}

// streetAt reads a street's name at k, capitalised or not, up to three
// words before its street word (streetWords, leads_runs.go) ("Bishopthorpe Road", "st george's road",
// "paisley road"): its name and end. A lower-case one needs a word before
// the street word that is no common word ("the road", "our lane" are
// none).
func (p *sentCtx) streetAt(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	for e := k + 1; e <= k+3 && e < len(s.Toks); e++ {
		t := s.Toks[e]
		if !t.Word {
			return ontology.EntityRef{}, 0, false
		}
		if !streetWords[t.Norm] {
			continue
		}
		for i := k; i < e; i++ {
			w := s.Toks[i]
			_, day := lang.Weekdays[w.Norm]
			_, month := lang.Months[w.Norm]
			if !w.Word && w.Norm != "'s" || commonWords[w.Norm] || functionWords[w.Norm] || day || month {
				return ontology.EntityRef{}, 0, false // "on the way", "on my road", "on sunday road trips"
			}
		}
		name := p.text[s.Toks[k].Start:t.End]
		if !s.Toks[k].Cap {
			name = titleCase(name)
		}
		return ontology.EntityRef{Name: name, Type: ontology.EntityPlace}, e + 1, true
	}
	return ontology.EntityRef{}, 0, false
}

// orgOnStreet reads a named organisation and the street it is on: "The
// Cooper's Arms, on Bishopthorpe Road", "Patel's on Fennel Street", "got
// his own place now, TR Motors on paisley road": LOCATED_IN. A person
// ("met Tom on Gloucester Road"), a place, the speaker's home ("i'm on
// Alder Road"), a day ("Tesco on Sunday"), a way ("Greggs on the way
// home") or an untyped name read nothing.
func (p *sentCtx) orgOnStreet() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`on`)) {
		end := k
		if s.Is(end-1, ",") {
			end--
		}
		sp, ok := p.nameEndingAt(end)
		if ok && sp.from > 0 && s.Tok(sp.from-1).Poss && s.Tok(sp.from-1).Cap {
			if whole, wok := p.nameStartingAt(sp.from - 1); wok && whole.to == sp.to {
				sp = whole // "The Cooper's Arms", not "Arms"
			}
		}
		if !ok || sp.typ != ontology.EntityOrganization && !p.orgConfirmed(sp) && !(sp.typ == ontology.EntityConcept && orgHeadEnds(sp.name)) ||
			p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) {
			continue
		}
		street, se, ok := p.streetAt(k + 1)
		if !ok || se < len(s.Toks) && s.Toks[se].Word && !b18Ends[s.Norm(se)] {
			continue // "on Gloucester Road Hospital's ward"
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: street, conf: confWeak, validFrom: p.ts})
	}
}

// orgHeadEnds reports whether an untyped name ends in a word that ends a
// business's name ("The Cooper's Arms", "Pickles Cafe", "TR Motors").
func orgHeadEnds(name string) bool {
	w := strings.ToLower(lastWord(name))
	return lower3OrgHead(w) || businessHeads[w] || overNouns["pub"][w] && w != "head" && w != "heron"
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
		if !ok || !b18EndsAt(s, end) {
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
		if p.b18Relation(at, rel{typ: ontology.RelLeads, to: org, conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// blind24Readings are the sentence readings of this file (sentence.go).
var blind24Readings = []blind8Reading{
	{lang.Words(`made`), (*sentCtx).groupMadeMe},
	{lang.Words(`last`), (*sentCtx).lastDayAt},
	{lang.Words(`on`), (*sentCtx).orgOnStreet},
	{lang.Words(`agreed`), (*sentCtx).agreedToRun},
}
