package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of where an organisation named earlier is, through "they":
// "they're in Leeds", "Cartwell Packaging, they're out in Coalville", and
// an organisation on a named street ("The Cooper's Arms, on Bishopthorpe Road"); with
// the resolution of that "they" to the organisation in focus.

// lastOrganisation resolves "they" said of an organisation: the most
// recent organisation mentioned within the window, when no person was
// named after it ("Coinwell hired Elif" / "they're in Amsterdam" may mean
// either; "Elif got hired by Coinwell" / "they're in Amsterdam" means the
// company). Places and speakers do not count.
func (p *sentCtx) lastOrganisation() (antecedent, bool) {
	d := p.disc
	org := -1
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		if d.mentions[i].ref.Type == ontology.EntityOrganization {
			org = i
			break
		}
	}
	if org < 0 {
		return antecedent{}, false
	}
	o := d.mentions[org]
	if d.namedAfter(o, d.mentions, func(m mention) bool {
		return m.index < o.index || m.ref.Type == ontology.EntityPlace || m.ref.Type == ontology.EntityOrganization
	}) {
		return antecedent{}, false
	}
	return antecedent{ref: o.ref, turn: o.turn}, true
}

// namedAfter reports whether one of ms that skip leaves out, no speaker,
// was named after the antecedent o: in a later turn, or later in o's own
// turn ("Elif got hired by Coinwell" names no one after it). A person a
// later turn spoke of only as "he" or "she" was not named ("our rep at
// Dalesmill!!" / "didnt know he had a name" / "their mill's in skipton").
func (d *discourse) namedAfter(o mention, ms []mention, skip func(mention) bool) bool {
	text := strings.ToLower(d.texts[o.turn])
	at := strings.LastIndex(text, strings.ToLower(o.ref.Name))
	for _, m := range ms {
		if skip(m) || d.speakers[m.norm] || m.turn != o.turn && singularOnly(d.texts[m.turn], m) {
			continue
		}
		if m.turn != o.turn || at < 0 || strings.LastIndex(text, strings.ToLower(m.ref.Name)) > at {
			return true
		}
	}
	return false
}

// theyWords may stand for people spoken of: a turn with one of them may
// have made a "they" of a person.
var theyWords = lang.Words(`they them their theirs theyre theyve theyll themselves`)

// singularOnly reports whether the person mention m came to its turn only
// through "he" or "she": the turn's text names no word of the person's
// name and holds no "they", so a later "they" or "their" is not that
// person's.
func singularOnly(text string, m mention) bool {
	if m.ref.Type != ontology.EntityPerson || wordIn(text, theyWords) {
		return false
	}
	low := strings.ToLower(text)
	for _, w := range strings.Fields(strings.ToLower(m.ref.Name)) {
		if strings.Contains(low, w) {
			return false
		}
	}
	return true
}

// theyAreInAfter reads "they're in Leeds", "ya theyre in leeds", "they're all
// in Berlin but I'm remote" said of the organisation just named:
// LOCATED_IN. A yes to "aren't they in Amsterdam?" reads the same way
// (crossturn.go). Said after a person, or of a visit ("they're in Leeds
// this weekend"), nothing is read.
func (p *sentCtx) theyAreInAfter() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "they") || !s.Is(f+1, "'re", "are") {
		return
	}
	k := f + 2
	if s.Is(k, "all", "still", "actually") {
		k++
	}
	if !s.Is(k, "in") {
		return
	}
	place, end, _, ok := p.place(k + 1)
	if !ok || p.timeAt(k+1) != nil || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "but") ||
		s.Is(end, "for", "this", "next", "today", "tonight", "tomorrow", "until", "till", "on", "at", "again", "with", "til") ||
		p.has(0, len(s.Toks), visitWords...) {
		return
	}
	org, ok := p.lastOrganisation()
	if !ok {
		org, ok = p.topicThing() // "got a call w Mossgrove" / "mossgrove like the bank?" / "the app not the bank. they're in edinburgh"
	}
	if !ok || p.orgStale(org) {
		return
	}
	defer p.citeFrom(org.turn)()
	p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: confWeak, validFrom: p.ts})
}

// outParticles may stand between "they're" and "in" when saying where an
// organisation is: "out in", "over in", "up in", "down in", "based in".
var outParticles = lang.Words(`out over up down based`)

// outClauseStarts may follow the place of theyAreOutIn in a run-on
// message: "based out of cicero the kitchen is over there".
var outClauseStarts = lang.Words(`, . ! and but so the which decent`)

// theyAreOutIn reads "Cartwell Packaging, they're out in Coalville",
// "theyre based out of cicero" and "yeah they're over in Hinckley" said of
// the organisation just named: LOCATED_IN. A visit or a time ("out in
// Coalville tonight", "on holiday"), no place name ("out in the garden"),
// people named after the organisation, a hypothetical, a question or a
// stale antecedent read nothing.
func (p *sentCtx) theyAreOutIn() {
	s := p.s
	for k := range wordsIn(s, lang.Words(`they theyre`)) {
		j := k + 1
		if s.Is(k, "they") {
			if !s.Is(j, "'re", "are", "re") {
				continue
			}
			j++
		}
		if s.Is(j, "all", "still") {
			j++
		}
		if !outParticles[s.Norm(j)] {
			continue
		}
		switch {
		case s.Is(j+1, "in"):
			j += 2
		case s.Is(j, "based", "out") && s.Is(j+1, "out") && s.Is(j+2, "of"):
			j += 3
		case s.Is(j, "based") && s.Is(j+1, "out", "outta") && s.Is(j+2, "of", "in"):
			j += 3
		case s.Is(j, "based") && s.Is(j+1, "up", "down", "over") && s.Is(j+2, "in"):
			j += 3 // "they're based up in Plymouth" (places_particle.go leaves it to this reading)
		default:
			continue
		}
		if p.hedgedAt(k) || p.negatedBefore(k) || p.has(0, len(s.Toks), visitWords...) {
			return
		}
		place, end, conf, ok := p.place(j)
		if !ok || p.timeAt(j) != nil || end < len(s.Toks) && !outClauseStarts[s.Norm(end)] && !(s.Is(end, "if") && invitationIf(s, end)) {
			return
		}
		org, ok := p.orgBefore(k)
		if !ok {
			return
		}
		defer p.citeFrom(org.turn)()
		p.relation(rel{typ: ontology.RelLocatedIn, from: org.ref, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		return
	}
}

// orgBefore resolves the "they" at k to an organisation: one the sentence
// names just before it with no person before it ("Cartwell Packaging,
// they're"), or, when "they" opens the sentence, the organisation the
// recent turns named with no person after it.
func (p *sentCtx) orgBefore(k int) (antecedent, bool) {
	for i := len(p.names) - 1; i >= 0; i-- {
		n := p.names[i]
		if n.to > k {
			continue
		}
		if (p.orgNamed(n) || n.typ == ontology.EntityConcept) && k-n.to <= 2 && peopleIn(p.names[:i]) == 0 {
			return antecedent{ref: ontology.EntityRef{Name: n.name, Type: ontology.EntityOrganization}}, true
		}
		return antecedent{}, false
	}
	if k != afterLeads(p.s) {
		return antecedent{}, false
	}
	org, ok := p.lastOrganisation()
	if !ok {
		org, ok = p.lastNamedThing()
	}
	if !ok || p.orgStale(org) {
		return antecedent{}, false
	}
	return org, true
}

// lastNamedThing is lastOrganisation for a name typed by no cue (a
// concept: "the whole Taco Comet thing blew up"), with no person named
// after it; read as an organisation. It was named in this turn or the one
// before, or it is the conversation's topic: named again by a later turn
// ("TACO COMET IS YOUR AUNT???", "mossgrove like the bank?") no more than
// two turns back. A person spoken of since only as "he" or "she" does not
// stand in its way.
func (p *sentCtx) lastNamedThing() (antecedent, bool) {
	d := p.disc
	c := -1
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		m := d.mentions[i]
		if d.speakers[m.norm] || m.ref.Type == ontology.EntityPlace || m.ref.Type == ontology.EntityPerson {
			continue
		}
		if m.ref.Type != ontology.EntityConcept {
			return antecedent{}, false
		}
		c = i
		break
	}
	if c < 0 {
		return antecedent{}, false
	}
	cm := d.mentions[c]
	// "my aunt Rosa owns like three food trucks now the whole Taco Comet thing blew up": Rosa before it
	if d.namedAfter(cm, d.mentions[c+1:], func(m mention) bool { return m.ref.Type != ontology.EntityPerson }) {
		return antecedent{}, false
	}
	if d.index-cm.index > 1 && !namedAgainLately(d, cm) {
		return antecedent{}, false
	}
	ref := ontology.EntityRef{Name: cm.ref.Name, Type: ontology.EntityOrganization}
	if strings.ToUpper(ref.Name) == ref.Name {
		for _, o := range d.mentions[:c] {
			if o.norm == cm.norm && strings.ToUpper(o.ref.Name) != o.ref.Name {
				ref.Name = o.ref.Name // "TACO COMET IS YOUR AUNT???" shouts the Taco Comet named before
			}
		}
	}
	return antecedent{ref: ref, turn: cm.turn}, true
}

// topicThing is lastNamedThing for a bare "they're in X", which may as
// well be people: the name must be the talk's topic, named in two turns
// ("got a call w Mossgrove" / "mossgrove like the bank?"), and the turn
// must speak of no people ("my parents? they're in Amsterdam").
func (p *sentCtx) topicThing() (antecedent, bool) {
	a, ok := p.lastNamedThing()
	if !ok || wordIn(p.text, pluralPeople) {
		return antecedent{}, false
	}
	name := strings.ToLower(a.ref.Name)
	for _, t := range p.disc.turnsSince(a.turn) {
		if strings.Contains(strings.ToLower(t), name) {
			return a, true
		}
	}
	return antecedent{}, false
}

// namedAgainLately reports whether the conversation keeps m in focus:
// besides the turn of m, another turn read since names it again, in any
// case, and one of the last two turns before the current one names it.
func namedAgainLately(d *discourse, m mention) bool {
	since := d.turnsSince(m.turn)
	name := strings.ToLower(m.ref.Name)
	for i := len(since) - 1; i >= 0 && i >= len(since)-2; i-- {
		if strings.Contains(strings.ToLower(since[i]), name) {
			return true // "the whole Taco Comet thing blew up" / "TACO COMET IS YOUR AUNT???"
		}
	}
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= corefWindow; i-- {
		o := d.mentions[i]
		if o.norm == m.norm && o.turn != m.turn && o.index < m.index && d.index-m.index <= 2 {
			return true // an earlier mention, with m two turns back
		}
	}
	return false
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
		if !s.Toks[k].Cap || s.Lower { // a lower-case street, recased or not
			name = titleCase(name)
		}
		return ontology.EntityRef{Name: name, Type: ontology.EntityPlace}, e + 1, true
	}
	return ontology.EntityRef{}, 0, false
}

// orgOnStreet reads a named organisation and the street it is on: "The
// Cooper's Arms, on Bishopthorpe Road", "Patel's on Fennel Street", "got
// his own place now, TR Motors on paisley road", "I work at the Lucky Wok on
// Hylton Road": LOCATED_IN. A person
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
		if ok && s.Tok(sp.to-1).Poss && sp.to == end {
			if shop := sp.name + "'s"; p.drewOrg(shop) {
				sp.name, sp.typ = shop, ontology.EntityOrganization // "he owns Karimi's on Palace St"
			}
		}
		if !ok || p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) {
			continue
		}
		street, se, ok := p.streetAt(k + 1)
		if !ok || se < len(s.Toks) && s.Toks[se].Word && !orgPhraseEnds[s.Norm(se)] {
			continue // "on Gloucester Road Hospital's ward"
		}
		if sp.typ != ontology.EntityOrganization && !p.orgConfirmed(sp) && !p.drewOrg(sp.name) &&
			!(sp.typ == ontology.EntityConcept && (orgHeadEnds(sp.name) || kindApposedAt(s, se))) {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: street, conf: confWeak, validFrom: p.ts})
		if town, ok := p.streetTown(se); ok {
			p.relation(rel{typ: ontology.RelLocatedIn, from: street, to: town, conf: confWeak, validFrom: p.ts})
			p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: town, conf: confWeak, validFrom: p.ts})
		}
	}
}

// drewOrg reports whether the turn has already drawn a relation to name
// as an organisation ("I work at the Lucky Wok on Hylton Road": the job
// makes the untyped "Lucky Wok" a business, whose street follows).
func (p *sentCtx) drewOrg(name string) bool {
	n := ontology.NormaliseName(name)
	for _, r := range p.out.Relations {
		if r.To.Type == ontology.EntityOrganization && ontology.NormaliseName(r.To.Name) == n {
			return true
		}
	}
	return false
}

// orgHeadEnds reports whether an untyped name ends in a word that ends a
// business's name ("The Cooper's Arms", "Pickles Cafe", "TR Motors").
func orgHeadEnds(name string) bool {
	w := strings.ToLower(lastWord(name))
	return lower3OrgHead(w) || businessHeads[w] || overNouns["deli"][w] || overNouns["pub"][w] && w != "head" && w != "heron"
}
