package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// More of h14-blind9's readings: a pronoun at a workplace, a proposal
// answered with a yes, a fragment naming the job taken, and a job word
// opening a sentence.

// atWorkTails may follow "he's at X" when X is where he works.
var atWorkTails = lang.Words(`doing working as now too also nowadays`)

// pronounAtOrg reads "my flatmate Cormac is looking actually! he's at
// Drayfield doing dbt stuff", "hes at the institute too": WORKS_AT for the
// person just named. A visit ("for a meeting", "today"), an errand
// ("doing the big shop"), a hedge or an antecedent from turns ago is not
// read.
func (p *sentCtx) pronounAtOrg() {
	s := p.s
	f := afterLeads(s)
	for j := 1; j+2 < len(s.Toks) && (f < 0 || !s.Is(f, "he", "she", "hes", "shes")); j++ {
		if s.Norm(j-1) == "," && s.Is(j, "he", "she", "hes", "shes") { // "his name is Tomasz, hes at …"
			f = j
		}
	}
	if f < 0 || !s.Is(f, "he", "she", "hes", "shes") {
		return
	}
	k := f + 1
	if s.Is(k, "'s", "is") {
		k++
	} else if !s.Is(f, "hes", "shes") {
		return
	}
	if !s.Is(k, "at") {
		return
	}
	var org ontology.EntityRef
	end := 0
	// a name typed by nothing but this sentence needs a job after it
	if sp, ok := p.typed(k + 1); ok && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept && s.Is(sp.to, "doing", "working", "as")) {
		org, end = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to
	} else if s.Is(k+1, "the") && s.Is(k+3, "too", "also", "now") {
		a, ok := p.disc.described(s.Norm(k + 2))
		if !ok || a.ref.Type != ontology.EntityOrganization || p.orgStale(a) {
			return
		}
		defer p.citeFrom(a.turn)()
		org, end = a.ref, k+3
	} else {
		return
	}
	if !atWorkTails[s.Norm(end)] || s.Is(end, "doing") && s.Is(end+1, "the", "a", "an", "his", "her", "some", "shopping") {
		return
	}
	n := strings.TrimSuffix(s.Norm(f), "s")
	a, ok := p.pronoun(f, n)
	if !ok || !p.recentTurn(a.turn, 1) {
		return
	}
	defer p.citeFrom(a.turn)()
	p.relation(rel{typ: ontology.RelWorksAt, from: a.ref, to: org, conf: confWeak, validFrom: p.ts})
}

// recentTurn reports whether turn is the current one or one of the n
// read before it.
func (p *sentCtx) recentTurn(turn string, n int) bool {
	d := p.disc
	for i := len(d.order) - 1; i >= 0 && i >= len(d.order)-1-n; i-- {
		if d.order[i] == turn {
			return true
		}
	}
	return turn == p.ids[0]
}

// saidYes reads "sol proposed" / "and i said yes obvs": the speaker and
// the one who proposed are partners (PARTNER_OF). A proposal of a thing
// ("proposed a toast"), to someone else, a no, a hedge, or someone else
// saying yes is not read.
func (p *sentCtx) saidYes() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "i") || !s.Is(f+1, "said") || !s.Is(f+2, "yes", "yess", "yesss") || p.has(0, f, "if", "would", "she", "he") {
		return
	}
	d := p.disc
	for i := len(d.order) - 1; i >= 0 && i >= len(d.order)-3; i-- {
		id := d.order[i]
		if d.speakerOf[id] != p.speaker.Name && id != p.ids[0] {
			continue
		}
		if who, ok := proposer(d.texts[id]); ok && !d.isSpeaker(who) {
			ref := ontology.EntityRef{Name: who, Type: ontology.EntityPerson}
			defer p.citeFrom(id)()
			p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: ref, conf: confWeak, validFrom: p.ts})
			return
		}
	}
}

// proposer finds "X proposed" ending a sentence of text ("sol proposed",
// "Sol proposed last night!!", "sol proposed to me") and returns X as
// written; a pronoun, a proposal of a thing or to someone else is not one.
func proposer(text string) (string, bool) {
	toks := lang.Tokenize(text)
	for k := 1; k < len(toks); k++ {
		if toks[k].Norm != "proposed" || !toks[k-1].Word {
			continue
		}
		who := toks[k-1]
		if commonWords[who.Norm] || chatLeads[who.Norm] || who.Poss {
			continue
		}
		if _, ok := pronounGender[who.Norm]; ok {
			continue
		}
		next := ""
		if k+1 < len(toks) {
			next = toks[k+1].Norm
		}
		switch {
		case next == "" || !toks[k+1].Word:
		case next == "to" && k+2 < len(toks) && toks[k+2].Norm == "me":
		case next == "last" || next == "on" || next == "yesterday" || next == "today" || next == "lol" || next == "omg":
		default:
			continue
		}
		return who.Text, true
	}
	return "", false
}

// fragmentStart reads a turn that answers which job was taken with the
// organisation's name alone and then "i start on the 16th"
// ("lanternfield!!! i start on the 16th"): WORKS_AT. A place, a
// question, a start of something named ("i start uni") or someone else's
// start is not read.
func (p *sentCtx) fragmentStart() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "i") || !s.Is(f+1, "start", "begin") || !s.Is(f+2, "on", "next", "in", "monday", "tomorrow", "mid", "early", "end") {
		return
	}
	toks := p.disc.tokensOf(p.disc.texts[p.ids[0]])
	var name []string
	k := 0
	for ; k < len(toks) && toks[k].Word; k++ {
		name = append(name, toks[k].Text)
	}
	if len(name) == 0 || len(name) > 3 || k >= len(toks) || toks[k].Norm != "!" && toks[k].Norm != "." {
		return
	}
	key := strings.ToLower(strings.Join(name, " "))
	if inGazetteer(key) || commonWords[key] || chatLeads[key] || p.disc.isSpeaker(key) {
		return
	}
	org := ontology.EntityRef{Name: strings.Join(name, " "), Type: ontology.EntityOrganization}
	if a, ok := p.disc.resolve(func(m mention) bool { return m.norm == ontology.NormaliseName(key) }); ok {
		if a.ref.Type != ontology.EntityOrganization && a.ref.Type != ontology.EntityConcept {
			return
		}
		org.Name = a.ref.Name
	}
	if !p.askedWhichJob() {
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}

// occupationAt reads a sentence that opens on the speaker's job word:
// "postdoc at the Kestrel Institute in Cambridge", "nurse at St Mary's
// now": WORKS_AT. An answer about someone else, a sentence that goes on
// ("… is hiring", "… would be a dream") or a hedge is not read.
func (p *sentCtx) occupationAt() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || p.answersOther() || p.askedOfOther() {
		return
	}
	at := -1
	switch {
	case occupations[s.Norm(f)] && s.Is(f+1, "at"):
		at = f + 1
	case f+2 < len(s.Toks) && occupations[s.Norm(f)+" "+s.Norm(f+1)] && s.Is(f+2, "at"):
		at = f + 2
	default:
		return
	}
	org, end, ok := p.org(at + 1)
	if !ok {
		return
	}
	switch {
	case p.phraseEnds(end, len(s.Toks)), s.Is(end, ",", ".", "now", "these", "since", "!"):
	case s.Is(end, "in"):
		if _, e, _, ok := p.place(end + 1); !ok || !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", ".", "now", "!") {
			return
		}
	default:
		return
	}
	p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
}

// takenWords, in the turn before, ask which job or offer was taken.
var takenWords = lang.Words(`take took accept accepted pick picked choose chose offer offers job`)

// askedWhichJob reports whether the turn before, another speaker's, asks
// which job or offer the speaker took ("wait which one did u take").
func (p *sentCtx) askedWhichJob() bool {
	_, text, ok := p.otherPrevious()
	if !ok {
		return false
	}
	words := strings.Fields(strings.ToLower(text))
	you := false
	for _, w := range words {
		if w = strings.Trim(w, ".,!?"); w == "u" || w == "you" {
			you = true
		}
	}
	if !you {
		return false
	}
	return wordIn(text, takenWords)
}

// yearsInPlace reads "ur in lisbon??" / "3 years now!": how long the one
// asked has been in the place says they live there (LIVES_IN). Days or
// weeks (a trip), "ago", a question back, or someone else answering are
// not read.
func (p *sentCtx) yearsInPlace() {
	s := p.s
	d := p.disc
	if s.Start != 0 || len(d.order) < 2 {
		return
	}
	var words []string
	for _, t := range s.Toks {
		if t.Word {
			words = append(words, t.Norm)
		}
	}
	if !yearsNow(words) {
		return
	}
	prev, text, ok := d.otherTurnBefore(p.speaker.Name, false)
	if !ok || !strings.Contains(text, "?") {
		return
	}
	toks := p.disc.tokensOf(d.texts[prev])
	for k := 0; k+2 < len(toks); k++ {
		// "ur in lisbon??", "are u still in Leeds?" ("u" reads as "you")
		you := toks[k].Norm == "ur" || toks[k].Norm == "u" || toks[k].Norm == "you" && (k > 0 && toks[k-1].Norm == "are" || toks[k+1].Norm == "are")
		if !you {
			continue
		}
		j := k + 1
		for j < len(toks) && (toks[j].Norm == "are" || toks[j].Norm == "still" || toks[j].Norm == "living" || toks[j].Norm == "based") {
			j++
		}
		if j+1 >= len(toks) || toks[j].Norm != "in" {
			continue
		}
		for _, m := range d.mentions {
			if m.turn == prev && m.ref.Type == ontology.EntityPlace && strings.EqualFold(m.ref.Name, toks[j+1].Text) {
				defer p.citeFrom(prev)()
				p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: m.ref, conf: confWeak, validFrom: p.ts})
				return
			}
		}
	}
}

// yearsNow reports whether an answer opens on how long it has been so:
// "3 years now!", "six months now". Days, weeks, "ago" and a question
// back are not it.
func yearsNow(words []string) bool {
	if len(words) < 3 || words[2] != "now" || !durationUnits[words[1]] {
		return false
	}
	return countWords[words[0]] || strings.Trim(words[0], "0123456789") == ""
}

// durationUnits are the spans a home or a job is counted in.
var durationUnits = lang.Words(`years year yrs yr months month`)

// bossHedges before "will be my manager" leave it open.
var bossHedges = strings.Fields(`if when unless maybe probably hopefully think hope might could would may not`)

// bossWords name the one a person reports to.
var bossWords = lang.Words(`manager boss lead supervisor`)

// willBeMyBoss reads "she'll be our new manager" (she: Grace, just named),
// "Grace will be my new boss from april": KNOWS, manager, for the speaker.
// A hedge ("might be", "would be"), a question, a condition or a
// possessive after the role ("our new manager's boss") is not read.
func (p *sentCtx) willBeMyBoss() {
	s := p.s
	for k := 1; k+3 < len(s.Toks); k++ {
		// "will" is itself a modal, so the hedges are named here
		if !s.Is(k, "be") || !s.Is(k-1, "'ll", "will") || !s.Is(k+1, "my", "our") || p.has(0, k, bossHedges...) {
			continue
		}
		r := k + 2
		if s.Is(r, "new", "next") {
			r++
		}
		if !bossWords[s.Norm(r)] || s.Tok(r).Poss || !p.phraseEnds(r+1, len(s.Toks)) && !s.Is(r+1, ",", ".", "from", "and", "now", "then", "starting") {
			continue
		}
		var who ontology.EntityRef
		j := k - 2
		if s.Is(k-1, "'ll") && s.Is(j, "she", "he") || s.Is(j, "she", "he") {
			a, ok := p.pronoun(j, s.Norm(j))
			if !ok {
				a, ok = p.possessorBefore()
			}
			if !ok || !p.recentTurn(a.turn, 2) {
				continue
			}
			defer p.citeFrom(a.turn)()
			who = a.ref
		} else if ref, _, ok := p.personBefore(k - 1); ok {
			who = ref
		}
		if who.Name == "" || p.isSpeaker(who) {
			continue
		}
		p.relRole(p.speaker, kindColleague, "manager", who, confWeak)
	}
}

// ownedGroups are what a manager has: "Grace's org".
var ownedGroups = lang.Words(`org team group department dept squad division unit`)

// possessorBefore finds the one person named with a possessive earlier in
// the turn ("moving under Grace's org. she'll be our new manager"), whom
// a name typed by its possessive alone leaves out of the discourse.
func (p *sentCtx) possessorBefore() (antecedent, bool) {
	s := p.s
	if len(s.Toks) == 0 {
		return antecedent{}, false
	}
	var who string
	toks := p.disc.tokensOf(p.text)
	for i, t := range toks {
		if t.Start >= s.Toks[0].Start {
			break
		}
		// "Grace's org", "Hamid's team": a person whose group it is
		if t.Poss && t.Cap && t.Word && !commonWords[t.Norm] && i+1 < len(toks) && ownedGroups[toks[i+1].Norm] {
			if who != "" && !strings.EqualFold(who, t.Text) {
				return antecedent{}, false
			}
			who = t.Text
		}
	}
	if who == "" {
		return antecedent{}, false
	}
	return antecedent{ref: ontology.EntityRef{Name: who, Type: ontology.EntityPerson}, turn: p.ids[0]}, true
}

// askedOfOther reports whether the turn before is another speaker's
// question put to someone else by name ("@nadia what do you do?"
// answered by Joe): the answer is not the speaker's own.
func (p *sentCtx) askedOfOther() bool {
	d := p.disc
	prev, text, ok := p.otherPrevious()
	if !ok || !strings.Contains(text, "?") {
		return false
	}
	me := ontology.NormaliseName(p.speaker.Name)
	for _, w := range strings.Fields(text) {
		n := ontology.NormaliseName(strings.Trim(w, ".,!?"))
		if n != "" && (d.speakers[n] || strings.HasPrefix(w, "@")) && n != me && !strings.HasPrefix(me, n+" ") && n != ontology.NormaliseName(d.speakerOf[prev]) {
			return true
		}
	}
	return false
}

// otherPrevious returns the turn read before the current one, and its
// text, when another speaker said it.
func (p *sentCtx) otherPrevious() (string, string, bool) {
	return p.disc.otherTurnBefore(p.speaker.Name, false)
}
