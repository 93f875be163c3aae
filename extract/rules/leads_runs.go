package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of h14-leads22 (issue 14, LEADS in everyday phrasing): leading
// the organisation just named said with a pronoun object, "she runs the
// place now", "sunil runs that place with his dad", "me and my niece
// Kerry-Ann are running it"; and the guard that keeps "run it past Kasia"
// or "i run it on my phone" from reading as leading it.

// leads22Readings are the readings of this file, run in order on a
// statement (runReadings skips a question) from process.
var leads22Readings = []sentenceReading{
	{lang.Words(`runs run running owns`), (*sentCtx).runsThatPlace},
	{lang.Words(`took taken`), (*sentCtx).tookOverThe},
	{lang.Words(`run runs running`), (*sentCtx).runsTradeName},
	{lang.Words(`out outta`), (*sentCtx).runItOutOf},
	{lang.Words(`charge`), (*sentCtx).iAmInCharge},
}

// ranItOther are the words after "run it" that make the running something
// other than leading: a plan run past or by someone, an app run on a
// phone, a race run every week, a car run into a wall.
var ranItOther = lang.Words(`past by through on into over off up down again every like later tomorrow tonight
	back out in properly better`)

// ranItElsewise reports whether the words at k, right after "run it",
// make the running other than leading it ("run it past my boss", "run it
// on my phone"); "on her own" and "on my own" still lead.
func ranItElsewise(s *sentence, k int) bool {
	if s.Is(k, "on") && s.Is(k+1, "my", "her", "his", "their", "our", "your") && s.Is(k+2, "own") {
		return false
	}
	return ranItOther[s.Norm(k)]
}

// runsThatPlace reads "she runs the place now", "sunil runs that place
// with his dad", "he's run it for years" of the organisation just named
// (ledOrganisation), and "me and my niece Kerry-Ann are running it" (both
// lead): LEADS; and "Sunil owns it", "she owns it outright now": OWNS
// (h14-blind27). A likeness ("runs it like a drill sergeant"), a plan run
// past someone, a modal or a hedge, "used to", a stale antecedent, an
// unnamed venue or another workplace spoken of since, or someone unnamed
// ("my sister runs it") reads nothing.
func (p *sentCtx) runsThatPlace() {
	s := p.s
	for v := 1; v+1 < len(s.Toks); v++ {
		if !s.Is(v, "runs", "run", "running", "owns") {
			continue
		}
		typ := ontology.RelLeads
		if s.Is(v, "owns") {
			typ = ontology.RelOwns // "Sunil owns it, the practice on Queens Road"
		}
		k := v + 1
		switch {
		case s.Is(k, "it"):
			k++
		case s.Is(k, "that", "the") && s.Is(k+1, "place", "shop", "business"):
			k += 2
		default:
			continue
		}
		if typ == ontology.RelOwns && s.Is(k, "outright") {
			k++ // "she owns it outright now"
		}
		relative := s.Is(v-1, "who") // "Priti who runs it was a goblin", "jen who owns it is a mate": the main clause goes on
		if ranItElsewise(s, k) || k < len(s.Toks) && s.Tok(k).Word && !relative && !s.Is(k, "now", "with", "for", "since", "these", "doesnt", "and", "so", "but", "lol", "tho", "though", "btw") {
			continue
		}
		if s.Is(k, "for") && !s.Is(k+1, "now", "years", "ages", "the") {
			continue // "runs it for charity", "running it for mum"
		}
		who := p.runnersBefore(v)
		if len(who) == 0 {
			continue
		}
		org, ok := p.orgBeforeInSentence(v)
		if !ok && p.sentenceNames(v, p.businessFromAt) {
			return // "Kev from Wheelhouse has retired, his son Dean runs it now": the sentence's own business (leads_successor.go)
		}
		if !ok {
			org, ok = p.ledOrganisation(who)
		}
		if !ok || p.disc.modifier(org) || p.orgStale(org) || p.topicSince(org) || p.venueSince(org, v) || p.otherWorkSince(org) ||
			org.turn != p.ids[0] && p.disc.untypedBusinessSince(org) {
			return
		}
		if typ == ontology.RelOwns && org.turn != "" && org.turn != p.ids[0] && org.turn != p.disc.turnBefore(p.ids[0]) {
			return // owning "it" reaches back one turn only: an organisation said before that is rarely what is owned
		}
		defer p.citeFrom(org.turn)()
		for _, w := range who {
			p.relationCitingAll(rel{typ: typ, from: w.ref, to: org.ref, conf: confWeak, validFrom: p.ts}, w.turn)
		}
		p.andRunsItToo(k, who, org)
		return
	}
}

// andRunsItToo reads, after the "owns it" or "runs it" ending before k,
// "and runs it" or "and owns it" of the same runners and business: "ravi
// owns it and runs it with his wife".
func (p *sentCtx) andRunsItToo(k int, who []antecedent, org antecedent) {
	s := p.s
	if s.Is(k, "outright") {
		k++
	}
	if !s.Is(k, "and") || !s.Is(k+1, "runs", "owns") || !s.Is(k+2, "it") || ranItElsewise(s, k+3) {
		return
	}
	typ := ontology.RelLeads
	if s.Is(k+1, "owns") {
		typ = ontology.RelOwns
	}
	for _, w := range who {
		p.relationCitingAll(rel{typ: typ, from: w.ref, to: org.ref, conf: confWeak, validFrom: p.ts}, w.turn)
	}
}

// runnersBefore reads who runs it, before the verb at v: "she" resolved,
// a name ("sunil runs"), "he's run", or "me and my niece Kerry-Ann are
// running" (the speaker and the one named). The plain verb "run" needs
// "me and X are"; "running" needs a form of "be".
func (p *sentCtx) runnersBefore(v int) []antecedent {
	s := p.s
	if s.Is(v, "run", "running") {
		next, isI, blocked := p.iBeforeVerb(v)
		if isI {
			if blocked || next != v && !s.Is(v-1, "am", "'m", "im", "'ve", "ive", "have") && !subjectAdverbs[s.Norm(v-1)] ||
				p.reachedBy(v, "used", "if", "would", "could", "should", "might", "trying", "want", "wanna") {
				return nil
			}
			return []antecedent{{ref: p.speaker}}
		}
	}
	if s.Is(v, "runs", "owns") && s.Is(v-1, "who") && !p.reachedBy(v, "used", "if", "would", "might") {
		// "Jen who owns it", "Sandra who runs the place": the name before "who"
		sp, ok := p.nameEndingAt(v - 1)
		if !ok || !personLike(sp.typ) || p.disc.isSpeaker(sp.name) || hedgedBefore(s, sp.from) {
			return nil
		}
		return []antecedent{{ref: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}}}
	}
	switch {
	case s.Is(v, "runs", "owns"):
	case s.Is(v, "run") && s.Is(v-1, "'s", "is", "has", "'ve", "have") || s.Is(v, "running") && s.Is(v-1, "is", "'s", "are", "'re"):
		if s.Is(v, "running") && s.Is(v-1, "are", "'re") {
			return p.meAndRunning(v - 1)
		}
	default:
		return nil
	}
	if p.reachedBy(v, "used", "if", "would", "might", "could", "should", "trying", "try", "wants", "want") {
		return nil
	}
	if s.Is(v-1, "who") && s.Is(v, "runs", "owns") {
		return p.whoRunsBefore(v - 1) // "Priti who runs it was a goblin"
	}
	who, cite, ok := p.memberSubjectBefore(v)
	if !ok || who.Type != ontology.EntityPerson {
		return nil
	}
	return []antecedent{{ref: who, turn: cite}}
}

// meAndRunning reads "Me and my niece Kerry-Ann are running it" before
// the "are" at a: the speaker and the person named, who must open the
// sentence.
func (p *sentCtx) meAndRunning(a int) []antecedent {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "me") || !s.Is(f+1, "and", "n", "&") || p.speaker.Name == "" || hedgedBefore(s, a) {
		return nil
	}
	sp, ok := p.nameEndingAt(a)
	if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || sp.from <= f+1 || p.disc.isSpeaker(sp.name) {
		return nil
	}
	return []antecedent{{ref: p.speaker}, {ref: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}}}
}

// ledOrganisation resolves "it" or "the place" of one who runs it: the
// most recent organisation within the window, when no one but the
// runners and the speakers was named after it.
func (p *sentCtx) ledOrganisation(runners []antecedent) (antecedent, bool) {
	d := p.disc
	org := -1
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		if m := d.mentions[i]; m.ref.Type == ontology.EntityOrganization || m.ref.Type == ontology.EntityConcept && businessLike(m.ref.Name) && !d.typedPerson(m.ref.Name) && !placeSaid(d.texts[m.turn], m.ref.Name) {
			org = i
			break
		}
	}
	if org < 0 {
		a, ok := d.proFormOrg(false) // a lower-case business name ("kestrel = the gear shop")
		return a, ok && !runnerNamed(runners, a.ref.Name)
	}
	o := d.mentions[org]
	o.ref.Type = ontology.EntityOrganization
	if branchOf(d.texts[o.turn], o.ref.Name) {
		return antecedent{}, false // "the Bradford branch" is not the place one runs
	}
	if runnerNamed(runners, o.ref.Name) || d.otherOrgCandidate(antecedent{ref: o.ref, turn: o.turn}) {
		return antecedent{}, false // "she" read as the business itself; two businesses, either meant
	}
	for _, m := range d.mentions[org+1:] {
		if m.ref.Type != ontology.EntityPerson || d.speakers[m.norm] || runnerNamed(runners, m.ref.Name) {
			continue
		}
		return antecedent{}, false
	}
	return antecedent{ref: o.ref, turn: o.turn}, true
}

// businessLike reports whether an untyped name may be a business one runs:
// two words or more ("Olive Tree Deli"), or one with "&" ("Crumb & Co").
func businessLike(name string) bool {
	return len(strings.Fields(name)) >= 2 || strings.Contains(name, "&")
}

// streetWords end the names of streets and spots, which an untyped name
// ending in one is rather than a business ("Hill Street", "Clifton Down").
var streetWords = lang.Words(`street st road rd lane avenue ave way drive park square hill close crescent row
	gardens terrace green down downs common bridge estate`)

// placeSaid reports whether the untyped name reads, in text, as a place:
// it ends in a street word, or "in" or "on" comes right before it ("a
// flat on Fennel Street", "we live in Upper Moss").
func placeSaid(text, name string) bool {
	f := strings.Fields(strings.ToLower(name))
	if streetWords[strings.Trim(f[len(f)-1], ".,!?")] {
		return true
	}
	low := strings.ToLower(text)
	at := strings.Index(low, strings.ToLower(name))
	if at < 0 {
		return false
	}
	before := strings.Fields(low[:at])
	return len(before) > 0 && (before[len(before)-1] == "in" || before[len(before)-1] == "on" ||
		before[len(before)-1] == "the" && len(before) > 1 && (before[len(before)-2] == "in" || before[len(before)-2] == "on"))
}

// branchOf reports whether name is said in text as the place of one of
// an organisation's sites ("the Bradford branch", "their Leeds office"),
// the name standing for a place rather than for a business.
func branchOf(text, name string) bool {
	low := strings.ToLower(text)
	at := strings.Index(low, strings.ToLower(name))
	if at < 0 {
		return false
	}
	after := strings.Fields(low[at+len(name):])
	return len(after) > 0 && (premisesNouns[strings.Trim(after[0], ".,!?")] || strings.Trim(after[0], ".,!?") == "branch")
}

// runnerNamed reports whether name is one of the runners.
func runnerNamed(runners []antecedent, name string) bool {
	for _, r := range runners {
		if strings.EqualFold(r.ref.Name, name) {
			return true
		}
	}
	return false
}

// unnamedThingWords, between an organisation and "X runs it" in one
// sentence, bring in something else "it" may mean: "Hartwell Lab has a
// podcast, Dr Okafor runs it".
var unnamedThingWords = lang.Words(`a an the this that these those its their his her my our your some another`)

// orgBeforeInSentence returns the organisation the sentence named before
// the verb at v, "it" of "Dr Okafor runs it" in "my sister works at the
// Hartwell Cognition Lab, Dr Okafor runs it": the one name typed an
// organisation before the verb, with no other thing brought in between
// ("X has a podcast, Jo runs it") and no second organisation.
func (p *sentCtx) orgBeforeInSentence(v int) (antecedent, bool) {
	s := p.s
	var found *span
	for i := range p.names {
		n := &p.names[i]
		if n.to > v {
			break
		}
		if t, ok := p.typed(n.from); !ok || t.typ != ontology.EntityOrganization || p.disc.isSpeaker(n.name) {
			continue
		}
		if found != nil {
			return antecedent{}, false // two organisations: which one is unsaid
		}
		found = n
	}
	if found == nil {
		return antecedent{}, false
	}
	for k := found.to; k < v; k++ {
		if unnamedThingWords[s.Norm(k)] {
			return antecedent{}, false
		}
	}
	return antecedent{ref: ontology.EntityRef{Name: found.name, Type: ontology.EntityOrganization}, turn: p.ids[0]}, true
}

// businessFromAt reports whether n is a name after "from" or "at" that
// may be a business (businessSpan): "Kev from Wheelhouse", which a "runs
// it" later in the sentence means rather than one named before.
func (p *sentCtx) businessFromAt(n span) bool {
	return p.s.Is(n.from-1, "from", "at") && (n.typ == ontology.EntityOrganization || n.typ == ontology.EntityConcept) && p.businessSpan(n)
}
