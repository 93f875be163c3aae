package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind9's whole conversations (a team channel over
// a reorg, two friends' DMs through a job hunt and a move, ex-classmates
// catching up), written blind to the extractor. Each is keyed to the words
// around the names, never to the names.

// blind9Sentence runs the readings of this file on a statement.
func (p *sentCtx) blind9Sentence() {
	if p.s.Question || lang.EndsInQuestion(p.text) {
		return
	}
	p.readAll(blind9Readings) // runReadings's, but any line ending in "?" is a question here
}

// blind9Readings are the readings blind9Sentence runs, in order.
var blind9Readings = []blind8Reading{
	{lang.Words(`got`), (*sentCtx).gotAFlatIn},
	{lang.Words(`has`), (*sentCtx).hasPlaceOffice},
	{lang.Words(`lead run head`), (*sentCtx).movingOverToLead},
	{lang.Words(`coming`), (*sentCtx).comingFromOrg},
	{lang.Words(`off going`), (*sentCtx).offToNewJob},
	{lang.Words(`he she hes shes`), (*sentCtx).pronounAtOrg},
	{lang.Words(`said`), (*sentCtx).saidYes},
	{lang.Words(`start begin`), (*sentCtx).fragmentStart},
	{lang.Words(`at`), (*sentCtx).occupationAt},
	{lang.Words(`now`), (*sentCtx).yearsInPlace},
	{lang.Words(`be`), (*sentCtx).willBeMyBoss},
	{lang.Words(`name`), (*sentCtx).nameAfterRole},
	{lang.Words(`with`), (*sentCtx).withNowAfterAsked},
	{partNouns, (*sentCtx).bestBitOf},
	{lang.Words(`grew`), (*sentCtx).grewUpThere},
	{lang.Words(`staying`), (*sentCtx).stayingInElided},
	{lang.Words(`moving`), (*sentCtx).movingEcho},
	{bossWords, (*sentCtx).bestBossHad},
	{lang.Words(`their`), (*sentCtx).theirOfficeIn},
	{lang.Words(`sharing`), (*sentCtx).sharingWith},
}

// identityQuestion reports whether a question is only the name at from
// and what follows it ("PRIYA FROM OUR YEAR???", "wait, Jonas from our
// course?"): it asks who someone is and states no tie.
func (p *sentCtx) identityQuestion(from int) bool {
	s := p.s
	if !s.Question && !lang.EndsInQuestion(p.text) {
		return false
	}
	k := 0
	for k < from && (!s.Toks[k].Word || chatLeads[s.Norm(k)] || s.Is(k, "wait", "the", "you", "u", "mean", "like")) {
		k++
	}
	return k == from
}

// firstPersonSubject reports whether the verb at k has the speaker as
// its subject, "we" included: "we got", "got a flat" opening the sentence.
func firstPersonSubject(s *sentence, k int) bool {
	j := k - 1
	for s.Is(j, "just", "also", "finally", "recently", "actually", "now", "'ve", "have") {
		j--
	}
	return j < 0 || afterLeads(s) == j+1 || s.Is(j, "i", "we", "weve")
}

// gotAFlatIn reads "we got a flat in Nottingham last year", "got a flat in
// Didsbury": LIVES_IN for the speaker; "Ollie's got a flat in Clifton",
// "she's just got a house in Leeds": for the person named or meant. A flat nearly got, hoped for, asked
// about, someone else's or booked for a weekend is not read.
func (p *sentCtx) gotAFlatIn() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "got") || p.tieHedged(k) || p.has(0, k, "if", "almost", "nearly") {
			continue
		}
		who, cite, ok := p.homeGetter(k) // the speaker, or "Ollie's got a flat in Clifton" (homes_said.go)
		if !ok {
			continue
		}
		j := k + 1
		if s.Is(j, "a", "our", "my") {
			j++
		}
		if s.Is(j, "new", "little", "tiny", "nice") {
			j++
		}
		if !homeNouns[s.Norm(j)] || !s.Is(j+1, "in") {
			continue
		}
		place, end, conf, ok := p.place(j + 2)
		// "we got a place in Easton, moving on the 1st" is a move (MOVED_TO)
		if !ok || conf < confStrong || p.has(end, len(s.Toks), stayWordsList...) || p.has(0, len(s.Toks), "moving", "move", "movin") {
			continue
		}
		restore := p.citeFrom(cite)
		p.relation(rel{typ: ontology.RelLivesIn, from: who, to: place, conf: confWeak, validFrom: p.ts})
		restore()
	}
}

// stayWordsList, after the place of "got a flat in X", make it a stay
// ("for the weekend", "an airbnb"); a list for p.has.
var stayWordsList = strings.Fields(`for airbnb holiday hotel week weekend night nights trip`)

// hasPlaceOffice reads "Pettigrew & Kane has a bristol office", "Halden
// Group has a Leeds office now": LOCATED_IN. "had", "have" (a wish, a
// question, "used to have"), "no" office and an office party are not read.
func (p *sentCtx) hasPlaceOffice() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		if !s.Is(k, "has") || !s.Is(k+1, "a", "an") || p.tieHedged(k) {
			continue
		}
		sp, ok := nameBefore(s, k)
		if !ok {
			continue
		}
		if s.Norm(sp.from-1) == "&" { // "Pettigrew & Kane"
			if j := sp.from - 2; j >= 0 && s.Toks[j].Cap {
				sp = span{from: j, to: sp.to, name: s.Toks[j].Text + " & " + sp.name}
			}
		}
		if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		place, end, conf, ok := p.place(k + 2)
		if !ok || conf < confStrong || !s.Is(end, "office", "hq", "site", "studio") {
			continue
		}
		if e := end + 1; !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", ".", "so", "now", "too", "as", "and", "lol", "tho") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
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
		if !postMoveVerbs[s.Norm(v)] || !s.Is(v-1, "is", "'s") || p.tieHedged(v) || p.has(0, v, "if", "when", "unless") {
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

// starterWords make "coming from X" a previous employer.
var starterWords = strings.Fields(`joins joining joined starter hire hired starts starting onboarding`)

// comingFromOrg reads "Oskar Lindqvist joins us on the 23rd, he's coming
// from Brightwake": the new starter worked there (WORKS_AT, ended). Said
// without a start, of a place, of an event or hedged, nothing is read.
func (p *sentCtx) comingFromOrg() {
	s := p.s
	for k := 2; k+2 < len(s.Toks); k++ {
		f := comingVia(s, k+1) // "coming to us from", "coming over from" (blind18)
		if !s.Is(k, "coming") || !s.Is(f, "from") || !s.Is(k-1, "is", "'s") || p.tieHedged(k) || !p.has(0, k, starterWords...) {
			continue
		}
		var who ontology.EntityRef
		if s.Is(k-2, "he", "she") {
			for j := k - 3; j > 0 && who.Name == ""; j-- {
				if ref, _, ok := p.personBefore(j); ok && !p.isSpeaker(ref) {
					who = ref
				}
			}
		} else if ref, _, ok := p.personBefore(k - 1); ok && !p.isSpeaker(ref) {
			who = ref
		}
		if who.Name == "" {
			continue
		}
		sp, ok := p.typed(f + 1)
		if !ok || sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept {
			continue
		}
		if !p.phraseEnds(sp.to, len(s.Toks)) && !s.Is(sp.to, ",", ".", "and", "so") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validUntil: p.ts})
	}
}

// jobChangeWords, in the turn or the few before it, make "i'm off to X" a
// new employer.
var jobChangeWords = lang.Words(`notice resigned resign quit quitting leaving offer salary money pay`)

// offToNewJob reads "i handed in my notice" / "last day is the 27th. i'm
// off to Quillfin", "im going to Hartwell Rail in august. same city,
// better money": WORKS_AT. A shop, a place, a visit ("for a site visit"),
// someone else or a hedge is not read.
func (p *sentCtx) offToNewJob() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !(s.Is(k, "off") || s.Is(k, "going")) || !s.Is(k+1, "to") || p.tieHedged(k) {
			continue
		}
		if !imBefore(s, k) {
			continue
		}
		sp, ok := p.typed(k + 2)
		if !ok {
			continue
		}
		job := p.recentJobChange(3)
		if sp.typ != ontology.EntityOrganization && sp.typ != ontology.EntityConcept || !sp.confirmed && sp.typ == ontology.EntityConcept && !job {
			continue
		}
		if p.has(sp.to, len(s.Toks), "for", "to", "with") || !job && !p.lastDay() {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
}

// recentJobChange reports whether the current turn or one of the n before
// it speaks of leaving a job (jobChangeWords).
func (p *sentCtx) recentJobChange(n int) bool {
	d := p.disc
	for i := len(d.order) - 1; i >= 0 && i >= len(d.order)-1-n; i-- {
		if wordIn(d.texts[d.order[i]], jobChangeWords) {
			return true
		}
	}
	return false
}

// lastDay reports whether the current turn speaks of the speaker's last
// day ("last day is the 27th").
func (p *sentCtx) lastDay() bool {
	t := strings.ToLower(p.text)
	return strings.Contains(t, "last day is") || strings.Contains(t, "my last day")
}
