package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind10's whole conversations, written blind to
// the extractor (a family group chat, a club's chat, two friends'
// gossip): an employer that moves the speaker to one of its offices, "my
// firm X", someone who "has left" a city or an employer, "you live in X"
// said to the other speaker, a couple "back together", "X and I have set
// a date", a shop opened by the organisation just named, and "my ward at
// X". Each is keyed to the words around the names.

// blind10Sentence runs the readings of this file on a statement.
func (p *sentCtx) blind10Sentence() { p.runReadings(blind10Readings) }

// blind10Readings are the readings blind10Sentence runs, in order.
var blind10Readings = []blind8Reading{
	{lang.Words(`transferring transferred relocating moving sending posting`), (*sentCtx).transfersMe},
	{lang.Words(`firm company employer`), (*sentCtx).myFirm},
	{lang.Words(`left`), (*sentCtx).hasLeft},
	{lang.Words(`live`), (*sentCtx).youLiveIn},
	{lang.Words(`together`), (*sentCtx).backTogether},
	{lang.Words(`date`), (*sentCtx).setADate},
	{lang.Words(`opened`), (*sentCtx).openedBranch},
	{lang.Words(`ward shift shifts rota unit`), (*sentCtx).myShiftAt},
	{lang.Words(`there`), (*sentCtx).officeThere},
	{lang.Words(`there`), (*sentCtx).thereNamed},
	{lang.Words(`you ur youre`), (*sentCtx).vocativeYouAreMy},
	{lang.Words(`name called`), (*sentCtx).seeingSomeoneNamed},
	{lang.Words(`in`), (*sentCtx).shopIsIn},
	{lang.Words(`dad daddy mum mom mam mummy mommy grandad granddad grandpa nan nana nanna gran granny grandma son`), (*sentCtx).vocativeKin},
	{lang.Words(`run managed led headed owned founded started`), (*sentCtx).runByAfter},
}

// branchNouns name a place of work an organisation has somewhere: "their
// Manchester office", "a second shop in Leeds".
var branchNouns = lang.Words(`office offices branch site shop store studio clinic base hq warehouse factory lab cafe`)

// transfersMe reads "Halden are transferring me to their Manchester
// office", "Arvo is moving me to the Leeds branch in May": the speaker
// works at the organisation (WORKS_AT) and it has a site in the place
// (LOCATED_IN). Someone else transferred, another organisation's office
// ("to Kestrel's office"), or a hedge ("might be moving me") read nothing.
func (p *sentCtx) transfersMe() {
	s := p.s
	org, k, ok := p.orgOpening()
	if !ok {
		return
	}
	if !s.Is(k, "are", "is", "have", "has") {
		return
	}
	k++
	if s.Is(k, "just", "finally", "officially") {
		k++
	}
	if s.Is(k, "been") {
		k++
	}
	if !s.Is(k, "transferring", "transferred", "relocating", "moving", "sending", "posting") || p.tieHedged(k) || p.hedgedAt(k) ||
		!s.Is(k+1, "me") || !s.Is(k+2, "to") || !s.Is(k+3, "their", "its", "the") {
		return
	}
	place, pend, _, ok := p.place(k + 4)
	if !ok || !branchNouns[s.Norm(pend)] {
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
}

// myFirm reads "my firm Pell & Grange has an office there", "my company,
// Halden, is hiring": the speaker works at the organisation named right
// after "my firm", "my company" or "my employer" (WORKS_AT). Someone
// else's ("my dad's company X"), a qualified one ("my cleaning company
// X", "my old firm X") or a hedge is not read.
func (p *sentCtx) myFirm() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "firm", "company", "employer") || !s.Is(k-1, "my") || s.Tok(k).Poss || p.tieHedged(k) {
			continue
		}
		j := k + 1
		comma := s.Is(j, ",")
		if comma {
			j++
		}
		if !s.Toks[j].Cap && !s.Lower {
			continue
		}
		org, end, ok := p.namedOrg(j)
		if !ok || p.disc.typedPerson(org.Name) || comma && !s.Is(end, ",") {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// orgOpening reads the organisation named at the opening of the sentence
// ("Halden are…", "ok Kestrel have…") with the index after its name; a
// name known or listed as a person's is none.
func (p *sentCtx) orgOpening() (ontology.EntityRef, int, bool) {
	f := afterLeads(p.s)
	if f < 0 {
		return ontology.EntityRef{}, 0, false
	}
	org, end, ok := p.namedOrg(f)
	if !ok || p.disc.typedPerson(org.Name) || firstName(ontology.NormaliseName(org.Name)) {
		return ontology.EntityRef{}, 0, false
	}
	return org, end, true
}
