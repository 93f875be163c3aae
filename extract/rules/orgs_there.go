package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// orgThere resolves "there" said of a workplace (proFormOrg): the one
// organisation the window names, when no place was named after it (then
// "there" is that place: "she moved to Leeds, she's a nurse there") nor
// in this sentence, and when its turn was no visit.
func (p *sentCtx) orgThere() (antecedent, bool) {
	org, ok := p.disc.proFormOrg(true)
	if !ok || p.namedBefore(p.s.End, ontology.EntityPlace) {
		return antecedent{}, false
	}
	return org, true
}

// outingWords speak of an outing to a place rather than of a workplace or
// a team: "we went to the open day at the festival".
var outingWords = lang.Words(`went visited visiting visit trip festival fair gig show concert party open match`)

// outingText reports whether text speaks of an outing (outingWords) or a
// stay (visitText).
func outingText(text string) bool {
	if visitText(text) {
		return true
	}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if outingWords[strings.Trim(w, ".,!?:;()\"'")] {
			return true
		}
	}
	return false
}

// namedBefore reports whether the sentence names an entity of type typ
// before byte offset end, or speaks of people in the plural ("my parents
// were out"): then "there" or "them" may be that.
func (p *sentCtx) namedBefore(end int, typ ontology.EntityType) bool {
	for _, n := range p.names {
		if p.s.Toks[n.from].Start < end && p.known.typeName(p.s, n).typ == typ {
			return true
		}
	}
	for _, t := range p.s.Toks {
		if t.Start < end && pluralPeople[t.Norm] {
			return true
		}
	}
	return false
}

// orgThem resolves "them" said of a team or a club a player signs for:
// the most recent organisation named within the window, when its turn was
// no visit and no group of people was spoken of since (orgStale). A
// person named after it in its turn ("Rovers have nicked Stevie") is the
// subject a pronoun takes, not "them".
func (p *sentCtx) orgThem() (antecedent, bool) {
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		m := d.mentions[i]
		if m.ref.Type != ontology.EntityOrganization || d.speakers[m.norm] || firstName(m.norm) {
			continue
		}
		org := antecedent{ref: m.ref, turn: m.turn}
		return org, !p.orgStale(org) && !outingText(d.texts[m.turn]) && !p.namedBefore(p.s.End, ontology.EntityPlace)
	}
	return antecedent{}, false
}

// thereMisread reports whether "there" after a job ("she's a nurse
// there") may not be the organisation the discourse last named: a place
// was named since, in this sentence or after it ("Dev moved to Leeds,
// he's a nurse there"), or the organisation's turn told of an outing
// ("the open day at the festival").
func (p *sentCtx) thereMisread() bool {
	a, ok := p.disc.organisation()
	if !ok {
		return false
	}
	if outingText(p.disc.texts[a.turn]) || p.namedBefore(p.s.End, ontology.EntityPlace) {
		return true
	}
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0; i-- {
		m := d.mentions[i]
		if m.turn == a.turn && strings.EqualFold(m.ref.Name, a.ref.Name) || d.index-m.index > corefWindow {
			return false
		}
		if m.ref.Type == ontology.EntityPlace && !d.speakers[m.norm] {
			return true
		}
	}
	return false
}

// jobThere reads "my cousin Dev is a nurse there", "she's a barista there
// now" of the organisation just named (orgThere): WORKS_AT, the job as
// role; "Maulana Yusuf is the Imam there": LEADS, for a congregation's
// head (clergyTitles). A past ("was a nurse there"), a hedge ("would love to be"), the
// speaker ("I'm a nurse there": the patterns of one's own job read it),
// "the nurse there" (no subject) or a place just named reads nothing.
func (p *sentCtx) jobThere() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "there") || !p.phraseEnds(k+1, len(s.Toks)) && !s.Is(k+1, "actually", "now", "too", "as", "lol", ",", "and", "btw", "tho") {
			continue
		}
		job, a := s.Norm(k-1), k-2
		lead := clergyTitles[job] && s.Is(a, "the") // "Maulana Yusuf is the Imam there"
		if !occupations[job] && !lead {
			job, a = s.Norm(k-2)+" "+s.Norm(k-1), k-3
			if !occupations[job] {
				continue
			}
		}
		if !lead && !s.Is(a, "a", "an") || !s.Is(a-1, "is") {
			continue
		}
		typ := ontology.RelWorksAt
		if lead {
			typ = ontology.RelLeads
		}
		if tie, ok := p.tieThere(p.memberSubjectBefore(a)); ok {
			p.relateThere(tie, typ, job)
			return
		}
	}
}

// thereTie is a subject found before "there" (the turn it was named in)
// and the organisation "there" stands for.
type thereTie struct {
	who  ontology.EntityRef
	cite string
	org  antecedent
}

// tieThere pairs the subject found (who, its turn, ok) with the
// organisation "there" stands for.
func (p *sentCtx) tieThere(who ontology.EntityRef, cite string, ok bool) (thereTie, bool) {
	if !ok {
		return thereTie{}, false
	}
	org, ok := p.orgThere()
	return thereTie{who: who, cite: cite, org: org}, ok
}

// relateThere stores a weak relation of the type, with its role, from
// the tie's subject to its organisation, citing both turns.
func (p *sentCtx) relateThere(t thereTie, typ ontology.RelationType, role string) {
	p.relationCitingAll(rel{typ: typ, from: t.who, to: t.org.ref, role: role, conf: confWeak, validFrom: p.ts}, t.org.turn, t.cite)
}

// clergyTitles lead a place of worship's congregation: "the imam there",
// "the vicar of St Mary's" (LEADS, as the gold annotates a head).
var clergyTitles = lang.Words(`imam vicar rector rabbi pastor priest chaplain`)

// chargeTemporary are words after "in charge" that make it a while only
// ("in charge tonight", "while she's away").
var chargeTemporary = map[string]bool{"tonight": true, "today": true, "tomorrow": true, "this": true, "while": true,
	"until": true, "till": true, "til": true, "for": true, "when": true, "of": true}

// inChargeNow reads "her daughter Adaeze's in charge now", "Adaeze is in
// charge there" of the organisation just named (orgThere): LEADS. "in
// charge of the kids" (of something else, which the patterns read), "in
// charge tonight" or "while she's away" (a while), the speaker, a past or
// a hedge reads nothing.
func (p *sentCtx) inChargeNow() {
	s := p.s
	for k := range phraseAt(s, 2, 1, "in", "charge") {
		e := k + 2
		if chargeTemporary[s.Norm(e)] || s.Is(e, "now", "there") && chargeTemporary[s.Norm(e+1)] {
			continue
		}
		if !s.Is(e, "now", "there") && !p.phraseEnds(e, len(s.Toks)) {
			continue
		}
		v := k
		if s.Is(k-1, "is") {
			v = k - 1
		} else if !s.Tok(k - 1).Poss {
			continue
		}
		var who ontology.EntityRef
		var cite string
		var ok bool
		if v == k {
			// "Adaeze's in charge": the name carries the "'s"
			sp, found := p.nameEndingAt(k)
			if !found || !personLike(sp.typ) || p.disc.isSpeaker(sp.name) || p.tieHedged(k) || p.hedgedAt(k) {
				continue
			}
			who, ok = ontology.EntityRef{Name: strings.TrimSuffix(sp.name, "'s"), Type: ontology.EntityPerson}, true
		} else {
			who, cite, ok = p.memberSubjectBefore(v)
		}
		if !ok || p.has(0, k, "was", "used", "be", "been") {
			continue
		}
		org, ok := p.orgThere()
		if !ok {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelLeads, from: who, to: org.ref, conf: confWeak, validFrom: p.ts}, org.turn, cite)
		return
	}
}

// capsWords reports whether every word of [from, to) is written in
// capitals ("IS HOME"): a shouted line, whose capitals mark no name.
func capsWords(s *sentence, from, to int) bool {
	for k := from; k < to; k++ {
		if t := s.Tok(k); !t.Word || len(t.Text) < 2 || !upperAlready(t.Text) {
			return false
		}
	}
	return from < to
}
