package rules

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of kin, partners and pets: "X is also my neighbour", "you're my
// little brother", a name then its tie ("baz my flatmate is …"), a couple back
// together or setting a date, a proposal said yes to, the relative an
// answer to "how's X?" opens on, roles in brackets, and a pet that is
// "ours for good" (and no kin of its own).

// askedNameRE reads a question about how one named person is: "how's
// Hanne?", "hows rhys", "what's Ebba up to these days", "how is Tom
// getting on?".
var askedNameRE = regexp.MustCompile(`(?i)^\W*(?:(?:hey|so|and|oh|ok|anyway|btw)\W+)?(?:how's|hows|how is|how're|what's|whats|what is|any news (?:from|on|about))\s+([\p{L}][\p{L}'-]*)(?:\s+(?:doing|getting on|keeping|been|up to|getting along|holding up))?(?:\s+(?:these days|lately|nowadays|rn|now|atm))?\W*$`)

// roleAnswerRE reads an answer that opens on a relative or a partner with
// no name, then a verb: "my wife is now the head teacher at …", "my
// daughter's doing a phd at …".
var roleAnswerRE = regexp.MustCompile(`(?i)^(\W*(?:(?:oh|ah|well|lol|haha|good|great|fine|ha)\W+)*(?:my|our)\s+)([\p{L}-]+)((?:'s|’s)\s|\s+(?:is|has|was|just|got|finally|started|starts|now|still|moved|works|lives|loves|left)\b)`)

// askedPersonRole names the relative an answer opens on after the other
// speaker asked about one person: "how's Hanne?" / "my wife is now the
// head teacher at Rosedale Academy" reads as "my wife Hanne is now …".
// Only kin and partners are named so: "how's Tom?" / "my boss is …" is
// no statement that Tom is the boss.
func askedPersonRole(t ontology.Turn, prev *prevTurn) string {
	if prev == nil || prev.speaker == t.Speaker {
		return t.Text
	}
	if low := strings.ToLower(prev.full); !strings.Contains(low, "how") && !strings.Contains(low, "what") && !strings.Contains(low, "news") {
		return t.Text // the regular expressions only where they may match: ingest reads every turn
	}
	q := askedNameRE.FindStringSubmatch(prev.full)
	if q == nil || !askedName(q[1]) {
		return t.Text
	}
	m := roleAnswerRE.FindStringSubmatchIndex(t.Text)
	if m == nil {
		return t.Text
	}
	info, ok := roleWords[strings.ToLower(t.Text[m[4]:m[5]])]
	if !ok || info.plural || info.kind != kindFamily && info.kind != kindChild && info.kind != kindPartner {
		return t.Text
	}
	rest := t.Text[m[6]:]
	if otherPerson(strings.ToLower(t.Text), strings.ToLower(q[1]), info.role) {
		return t.Text
	}
	if strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s") {
		rest = " is" + strings.TrimLeft(rest, "'’")[1:] // "my son's doing a phd" reads as "my son Bram is doing a phd"
	}
	return t.Text[:m[5]] + " " + q[1] + rest
}

// askedName reports whether a word asked about may be a person's name:
// capitalised or a known first name, and no common word ("how's work?").
func askedName(w string) bool {
	low := strings.ToLower(w)
	if englishWords[low] || notLowerName(low) || inGazetteer(low) || isRoleWord(low) {
		return false
	}
	return firstName(low) || w != low
}

// femaleRoles and maleRoles are the kin words that say a gender.
var (
	femaleRoles = lang.Words(`wife girlfriend gf wifey fiancee fiancée mum mom mother sister sis daughter aunt auntie aunty
		niece grandma granny nan gran grandmother stepmom stepmum stepmother stepsister stepdaughter granddaughter`)
	maleRoles = lang.Words(`husband boyfriend bf hubby fiance fiancé dad father brother bro son uncle nephew grandpa
		grandad granddad grandfather stepdad stepfather stepbrother stepson grandson`)
	herWords = lang.Words(`she her hers herself`)
	hisWords = lang.Words(`he him his himself`)
)

// otherPerson reports whether an answer speaks of someone besides the
// relative it opens on: it names the person asked about again ("how's
// Tom?" / "my dad is ill, Tom's looking after him"), or a pronoun of the
// other gender than the relative's ("my mum is ill so I haven't seen
// him").
func otherPerson(answer, name, role string) bool {
	for _, w := range strings.FieldsFunc(answer, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch {
		case w == name:
			return true
		case femaleRoles[role] && hisWords[w], maleRoles[role] && herWords[w]:
			return true
		}
	}
	return false
}

// parenRoles reads what a person is to the speaker in brackets after the
// name: "Hal (flatmate) is away", "raff (flatmate + drummer) is obsessed
// w fugazi": KNOWS, FAMILY_OF … with that role.
func (p *sentCtx) parenRoles() {
	s := p.s
	if len(s.Toks) < 4 || !p.speakerStatement() {
		return // "Hal (flatmate)" is four tokens at least
	}
	for k, t := range s.Toks {
		if t.Norm != "(" || k == 0 {
			continue
		}
		var who ontology.EntityRef
		if sp, ok := nameBefore(s, k); ok && !s.Toks[sp.to-1].Poss {
			if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
				continue
			}
			who = ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
		} else if ref, _, ok := p.lowerPerson(k - 1); ok && clauseOpening(s, k-1) {
			who = ref
		} else {
			continue
		}
		if p.isSpeaker(who) {
			continue
		}
		for j := k + 1; j < len(s.Toks) && s.Norm(j) != ")"; j++ {
			info, ok := roleWords[s.Norm(j)]
			switch {
			case s.Is(j, "+", "/", "&", "and", ","):
				continue
			case !ok || info.plural || info.kind == kindFriend:
				if !memberRoles[s.Norm(j)] {
					j = len(s.Toks) // "(my sister's friend)": not a role of the speaker's
				}
				continue
			}
			p.relRole(p.self(), info.kind, info.role, who, confWeak)
		}
	}
}

// isAlsoMy reads "Yusuf is also my neighbour", "he's now my manager": "X
// is my Y" with an adverb between (isMyAt).
func (p *sentCtx) isAlsoMy() {
	s := p.s
	for m := 1; m+2 < len(s.Toks); m++ {
		if !s.Is(m, "is") || !s.Is(m+1, "also", "now", "still", "actually", "officially") || !s.Is(m+2, "my") {
			continue
		}
		n := len(p.out.Relations)
		p.isMyAt(m, m+2, false)
		if len(p.out.Relations) > n {
			continue
		}
		// "marg is still my lead": a lower-case name opening the clause
		info, ok := roleWords[s.Norm(m+3)]
		if person, _, named := p.lowerClauseName(m - 1); ok && named && !info.plural && p.phraseEnds(m+4, len(s.Toks)) && !p.isSpeaker(person) {
			p.relRole(p.speaker, info.kind, roleName(info, false), person, confWeak)
		}
	}
}

// youAreMy reads "You're my little brother", "ur my cousin" in a
// two-party chat: the addressee is the speaker's relative, friend or
// colleague. "you're like my sister", "you're not my boss", "you're my
// brother's favourite" are not read.
func (p *sentCtx) youAreMy() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	info, best, ok := p.youAreMyRole(f)
	if !ok {
		return
	}
	you := p.disc.addressee(p.speaker.Name)
	if you.Name == "" {
		return
	}
	p.relRole(p.speaker, info.kind, roleName(info, best), you, confWeak)
}

// lowerClauseName reads a lower-case name opening a clause at i ("marg is
// still my lead", "at least marg is…"), as lowerPersonBefore does.
func (p *sentCtx) lowerClauseName(i int) (ontology.EntityRef, int, bool) {
	s := p.s
	if i < 0 || !(i == afterLeads(s) || s.Seq(i-2, "at", "least") || clauseOpening(s, i)) {
		return ontology.EntityRef{}, 0, false
	}
	return p.lowerPerson(i)
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
	if who, id, ok := p.recentProposer(); ok {
		ref := ontology.EntityRef{Name: who, Type: ontology.EntityPerson}
		defer p.citeFrom(id)()
		p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: ref, conf: confWeak, validFrom: p.ts})
	}
}

// recentProposer finds "X proposed" (proposer) in this turn or the
// speaker's turns among the last three, X no speaker, with its turn.
func (p *sentCtx) recentProposer() (string, string, bool) {
	d := p.disc
	for i := len(d.order) - 1; i >= 0 && i >= len(d.order)-3; i-- {
		id := d.order[i]
		if d.speakerOf[id] != p.speaker.Name && id != p.ids[0] {
			continue
		}
		if who, ok := proposer(d.texts[id]); ok && !d.isSpeaker(who) {
			return who, id, true
		}
	}
	return "", "", false
}

// proposedEngaged reads "rafi proposed on saturday 💍 we're engaged!!",
// "ANDRÉS PROPOSED 💍💍 we're engaged": the speaker announces their own
// engagement and, in that turn or their turn just before, who proposed:
// the speaker and the proposer are partners (PARTNER_OF). A hedged or
// negated engagement ("we're not engaged", "if we got engaged"), someone
// else's ("they're engaged"), an engagement to someone named ("engaged
// to X", read elsewhere) and a proposal of a thing ("proposed a toast")
// or to someone else read nothing.
func (p *sentCtx) proposedEngaged() {
	s := p.s
	if p.speaker.Name == "" {
		return
	}
	k := 0
	for k < len(s.Toks) && !s.Is(k, "engaged") {
		k++
	}
	if k == len(s.Toks) || !plainEnd(s, k+1) || p.tieHedged(k) || p.hedgedAt(k) {
		return
	}
	f := k - 1
	for s.Is(f, "officially", "finally", "just", "now", "so", "got") {
		f--
	}
	switch {
	case s.Is(f, "are", "'re", "re") && s.Is(f-1, "we"), s.Is(f, "am", "'m", "m") && s.Is(f-1, "i"):
		f--
	case s.Is(f, "were", "im"):
	case s.Is(f+1, "got") && s.Is(f, "we", "i"):
	default:
		return
	}
	// "we're engaged" opens its clause: "💍 we're engaged", "omg we're engaged"
	if !clauseOpening(s, f) && (f == 0 || s.Toks[f-1].Word) {
		return
	}
	who, id, ok := p.recentProposer()
	if !ok {
		return
	}
	if strings.ToUpper(who) == who {
		who = strings.ToLower(who) // "ANDRÉS PROPOSED": shouted
	}
	ref := ontology.EntityRef{Name: titleCase(who), Type: ontology.EntityPerson}
	if x, ok := p.disc.expand(who); ok && x.Type == ontology.EntityPerson {
		ref = x
	}
	if id != p.ids[0] {
		defer p.citeFrom(id)()
	}
	p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: ref, role: "fiance", conf: confWeak, validFrom: p.ts})
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

// backTogether reads "marcus and hollie are back together", "me and Sam
// got back together": PARTNER_OF. A band or colleagues back together
// somewhere ("back together in the studio", "for the tour"), a hedge or a
// negation reads nothing.
func (p *sentCtx) backTogether() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "together") || !s.Is(k-1, "back") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		v := k - 2
		if s.Is(v, "getting", "finally", "officially") {
			v--
		}
		if !s.Is(v, "are", "got", "is") || !plainEnd(s, k+1) {
			continue
		}
		a, b, ok := p.pairBefore(v)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: a, to: b, conf: confWeak, validFrom: p.ts})
	}
}

// pairBefore reads the pair subject that ends at v and opens the clause:
// "Marcus and Hollie", "me and Sam", "Sam and I".
func (p *sentCtx) pairBefore(v int) (ontology.EntityRef, ontology.EntityRef, bool) {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	one := func(k int) (ontology.EntityRef, int, bool) {
		if s.Is(k, "me", "i") {
			return p.speaker, k + 1, true
		}
		return p.person(k)
	}
	a, k, ok := one(f)
	if !ok || !s.Is(k, "and", "n", "&") {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	b, k, ok := one(k + 1)
	if !ok {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	if k != v || a.Name == "" || b.Name == "" {
		return ontology.EntityRef{}, ontology.EntityRef{}, false
	}
	if b.Name == p.speaker.Name {
		a, b = b, a
	}
	return a, b, true
}

// setADate reads "Priya and I have set a date!!", "Sam and Jo have
// finally set a date for the wedding": the two are engaged (PARTNER_OF). A
// date for anything else ("for the launch", "for drinks") or one still to
// set ("need to set a date") reads nothing.
func (p *sentCtx) setADate() {
	s := p.s
	for k := 3; k < len(s.Toks); k++ {
		if !s.Is(k, "date") || !s.Is(k-1, "a") || !s.Is(k-2, "set") || p.tieHedged(k) || p.hedgedAt(k-2) {
			continue
		}
		v := k - 3
		for s.Is(v, "finally", "officially", "just", "actually") {
			v--
		}
		if !s.Is(v, "have", "has") && !s.Is(v+1, "set") {
			continue
		}
		if !s.Is(v, "have", "has") {
			v++ // "Priya and I set a date"
		}
		end := k + 1
		if s.Is(end, "for") {
			if !s.Is(end+1, "the") || !s.Is(end+2, "wedding", "big") {
				continue
			}
			end += 3
		}
		if !plainEnd(s, end) {
			continue
		}
		a, b, ok := p.pairBefore(v)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: a, to: b, conf: confWeak, validFrom: p.ts})
	}
}

// oursFor are the words after "ours" that make it a while only ("ours
// for the weekend", "ours till Sunday").
var oursFor = map[string]bool{"till": true, "til": true, "until": true, "for": true, "tonight": true, "today": true, "this": true}

// petIsOurs reads "Dottie's ours for good", "Dottie is officially ours"
// of a pet named in the window (a turn that names it names a species,
// not a relative): OWNS, the speaker's. A while ("ours for the weekend"),
// a no ("not ours"), a past ("was ours"), a relative ("my cousin Dottie")
// or a thing ("the house is ours") reads nothing.
func (p *sentCtx) petIsOurs() {
	s := p.s
	for k := 1; k < len(s.Toks); k++ {
		if !s.Is(k, "ours") {
			continue
		}
		e := k + 1
		if s.Is(e, "for") && s.Is(e+1, "good", "keeps", "life") {
			e += 2
		} else if oursFor[s.Norm(e)] {
			continue
		}
		if s.Is(e, "now") {
			e++
		}
		if !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", "!", "lol", "and") {
			continue
		}
		v := k - 1
		if s.Is(v, "officially", "now", "finally", "all") {
			v--
		}
		var end int
		switch {
		case s.Is(v, "is"):
			end = v
		case s.Tok(v).Poss:
			end = v + 1
		default:
			continue
		}
		sp, ok := p.nameEndingAt(end)
		if !ok || sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityOrganization || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		name := strings.TrimSuffix(sp.name, "'s")
		if !p.petNamedBefore(name) {
			continue
		}
		p.relation(rel{typ: ontology.RelOwns, from: p.speaker, to: ontology.EntityRef{Name: name, Type: ontology.EntityAnimal}, conf: confWeak, validFrom: p.ts})
		return
	}
}

// petNamedBefore reports whether a turn of the window that names name
// also names a pet species ("we're fostering a greyhound, her name's
// Dottie") and no relationship word right before the name ("my cousin
// Dottie").
func (p *sentCtx) petNamedBefore(name string) bool {
	d := p.disc
	n := ontology.NormaliseName(name)
	pet := false
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= 2*corefWindow; i-- {
		m := d.mentions[i]
		if m.norm != n {
			continue
		}
		words := strings.Fields(strings.ToLower(d.texts[m.turn]))
		for j, w := range words {
			w = strings.Trim(w, ".,!?:;()\"'")
			if petSpecies[w] {
				pet = true
			}
			if j+1 < len(words) && strings.Trim(words[j+1], ".,!?:;()\"'") == n {
				if _, ok := roleWords[w]; ok {
					return false
				}
			}
		}
	}
	return pet
}

// petKin reports whether r gives a pet kin: "Biscuit has gone to live
// with her son Neil" read "her" as the dog. A name typed as an animal in
// the conversation, and never as a person, or known as an animal from
// before, has no family nor partner.
func (c *turnCtx) petKin(r rel) bool {
	if r.typ != ontology.RelFamilyOf && r.typ != ontology.RelPartnerOf {
		return false
	}
	pet := func(e ontology.EntityRef) bool {
		if e.Type == ontology.EntityAnimal || c.known.entities[ontology.NormaliseName(e.Name)] == ontology.EntityAnimal {
			return true
		}
		return c.disc.typedAs(e.Name, ontology.EntityAnimal) && !c.disc.typedPerson(e.Name)
	}
	return pet(r.from) || pet(r.to)
}

// tieEnds may follow the tie of a name said before it without a comma: a
// verb or the end ("baz my flatmate is very baz about it", "dani my best
// friend just quit").
var tieEnds = lang.Words(`is was 's has had said says just got quit left lives moved works is , . ! -`)

// nameThenMyTie reads a name that opens a clause followed by its tie with
// no comma, as voice-to-text writes it: "baz my flatmate is very baz about
// it", "also dani my best friend is leaving": the tie, as "Baz, my
// flatmate, …" would give. A name inside a clause ("tell dani my best
// friend said hi"), a possessive ("baz my flatmate's keys"), a word that
// is no tie ("dani my love"), a plural ("my flatmates") or a question
// reads nothing.
func (p *sentCtx) nameThenMyTie() {
	s := p.s
	for m := range wordsIn(s, lang.Words(`my`)) {
		k := p.skipAdjectives(m + 1)
		if m < 1 || k < 0 || s.Tok(k).Poss || s.Tok(m-1).Poss || !tieEnds[s.Norm(k+1)] && k+1 < len(s.Toks) {
			continue
		}
		info, ok := roleWords[s.Norm(k)]
		if !ok || info.plural {
			continue
		}
		person, from, ok := p.nameEndingBefore(m)
		if !ok || !clauseStart(s, from) || p.isSpeaker(person) || p.disc.isSpeaker(person.Name) {
			continue
		}
		p.relRole(p.self(), info.kind, roleName(info, p.bestBefore(m+1, k)), person, confWeak)
		return
	}
}

// tieAdverb reports whether w, right before "my", says how the tie holds
// rather than whom ("technically my cousin", "basically my boss").
func tieAdverb(w string) bool { return literalTieAdverbs[w] || adverbs[w] || lyAdverb(w) }

// nameEndingBefore reads a person's one-word name right before m, in lower
// case or capitalised, and where it starts.
func (p *sentCtx) nameEndingBefore(m int) (ontology.EntityRef, int, bool) {
	if sp, ok := p.nameEndingAt(m); ok && sp.to == m && sp.to-sp.from == 1 && (sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityConcept && !commonSpan(sp)) {
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, sp.from, true
	}
	if ref, end, ok := p.lowerPerson(m - 1); ok && end == m && !englishWords[p.s.Norm(m-1)] && !tieAdverb(p.s.Norm(m-1)) {
		return ref, m - 1, true
	}
	return ontology.EntityRef{}, 0, false
}
