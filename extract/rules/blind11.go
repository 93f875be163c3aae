package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind11's whole conversations, written blind to
// the extractor (a society's Discord, two friends' DMs through a move
// abroad, a neighbourhood group): a home on a named street ("I have been
// on Hazel Grove for thirty years", "we're at number 9 on Alder Road", "i
// live on Mill Lane"), "my team lead is this guy Joris", and "graham is
// my manager rosh" with the other speaker called after the role. Each is
// keyed to the words around the names.

// blind11Readings are the readings sentence.go runs on a statement, in order
// (runReadings skips a question).
var blind11Readings = []blind8Reading{
	{lang.Words(`on`), (*sentCtx).streetHome},
	{lang.Words(`my`), (*sentCtx).myLeadIsThisGuy},
	{lang.Words(`my`), (*sentCtx).isMyRoleCalled},
}

// streetNouns end the name of a street: "Alder Road", "Hazel Grove".
var streetNouns = lang.Words(`road rd street st lane avenue ave grove close crescent drive terrace gardens row`)

// streetHome reads the speaker's home on a named street (LIVES_IN): "i
// live on Mill Lane", "I have been on Hazel Grove for thirty years",
// "we're at number 9 on Alder Road". A visit ("been on Oxford Street all
// day", "for an hour"), a past ("used to live on"), someone else ("my mum
// lives on"), a party ("at number 9 on Alder Road tonight") or a hedge
// reads nothing.
func (p *sentCtx) streetHome() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "on") || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		sp, ok := p.nameStartingAt(k + 1)
		if !ok || sp.typ == ontology.EntityPerson || s.Tok(sp.to-1).Poss || !streetNouns[s.Norm(sp.to-1)] || sp.to-1 == k+1 {
			continue
		}
		if !p.homeOnCue(k, sp.to) {
			continue
		}
		street := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}
		p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: street, conf: confWeak, validFrom: p.ts})
	}
}

// homeOnCue reports whether the words before "on" at k (and after the
// street's name, ending at end) say the speaker lives there.
func (p *sentCtx) homeOnCue(k, end int) bool {
	s := p.s
	subject := func(j int) bool {
		if s.Is(j, "still", "now", "also") {
			j--
		}
		return s.Is(j, "i", "we") && !s.Is(j-1, "if", "when", "until", "til", "and")
	}
	switch {
	case s.Is(k-1, "live", "living") && (subject(k-2) || s.Is(k-2, "'m", "am", "'re", "are") && subject(k-3)):
		return !p.has(0, k, "used") && plainEnd(s, end) || s.Is(end, "now", ",")
	case s.Is(k-1, "been") && s.Is(k-2, "'ve", "have") && subject(k-3):
		if !s.Is(end, "for") {
			return false
		}
		for j := end + 1; j <= end+3 && j < len(s.Toks); j++ {
			if s.Is(j, "years", "decades", "ages", "donkey's") {
				return true
			}
		}
		return false
	case isDigits(s.Norm(k-1)) && s.Is(k-2, "number", "no") && s.Is(k-3, "at") && s.Is(k-4, "'re", "are", "'m", "am") && subject(k-5):
		return plainEnd(s, end) && !s.Is(end, "now")
	}
	return false
}

// leadTitles are the two-word and one-word names of a manager after "my":
// "my team lead", "my line manager", "my boss".
var leadTitles = lang.Words(`lead manager boss supervisor`)

// myLeadIsThisGuy reads "my team lead is this guy Joris", "my manager is
// this woman called Ines", "my line manager is Paul": KNOWS the person,
// role manager. Someone else's ("my sister's team lead"), a past ("my old
// team lead", "was"), a description ("is off sick", "is like Joris") or a
// hedge reads nothing.
func (p *sentCtx) myLeadIsThisGuy() {
	s := p.s
	for m := 0; m+3 < len(s.Toks); m++ {
		if !s.Is(m, "my") || s.Tok(m).Poss {
			continue
		}
		k := m + 1
		if s.Is(k, "team", "line") {
			k++
		}
		if !leadTitles[s.Norm(k)] || k == m+1 || s.Tok(k).Poss || !s.Is(k+1, "is") || p.tieHedged(k) || p.hedgedAt(k) || s.Is(m-1, "if", "when") {
			continue
		}
		j := k + 2
		if s.Is(j, "this", "some") && s.Is(j+1, "guy", "man", "woman", "girl", "lady", "bloke", "dude") {
			j += 2
		}
		if s.Is(j, "called", "named") {
			j++
		}
		who, end, ok := p.person(j)
		if !ok || s.Tok(end-1).Poss || p.isSpeaker(who) || !plainEnd(s, end) && !s.Is(end, "who", "whos", "who's") {
			continue
		}
		p.relRole(p.speaker, kindColleague, "manager", who, confWeak)
	}
}

// isMyRoleCalled reads "graham is my manager rosh not my dad": the name
// before "is my <role>" holds the role, and the word after the role calls
// the other speaker (a vocative, not the role's name). A name after the
// role that is no speaker ("Tom is my manager Ana's friend") reads nothing.
func (p *sentCtx) isMyRoleCalled() {
	s := p.s
	who, end, ok := p.anyCasePerson(afterLeads(s))
	if !ok || p.isSpeaker(who) || !s.Is(end, "is") || !s.Is(end+1, "my") {
		return
	}
	k := end + 2
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural || s.Tok(k).Poss || hedgedBefore(s, k) {
		return
	}
	if _, ok := p.disc.speakerCalled(s.Tok(k + 1).Text); !ok || strings.EqualFold(s.Tok(k+1).Text, p.speaker.Name) ||
		!plainEnd(s, k+2) && !s.Is(k+2, "not") {
		return
	}
	p.relRole(p.speaker, info.kind, info.role, who, confWeak)
}

// calledSpeakers reports whether one of people is a speaker of the chat
// called by name ("rosh" for "Rosh").
func (p *sentCtx) calledSpeakers(people []ontology.EntityRef) bool {
	for _, x := range people {
		if _, ok := p.disc.speakerCalled(x.Name); ok || p.isSpeaker(x) {
			return true
		}
	}
	return false
}

// memberHeadsAfter, written in lower case right after a name, make it a
// group one belongs to: "joined the Lindy Hop society", "the Boulder
// club". "joined the Barclays team" stays a job.
var memberHeadsAfter = lang.Words(`society soc club choir band orchestra league`)

// memberHeadAfter reports whether the word at k is such a lower-case head.
func memberHeadAfter(s *sentence, k int) bool {
	return k < len(s.Toks) && !s.Toks[k].Cap && memberHeadsAfter[s.Norm(k)]
}

// unnamedPersonJustBefore reports whether the sentence just before this
// one, in the same turn, names a person by a relationship word alone
// whom a pronoun asking gender want may mean: "my cousin did the same
// thing. she's still in Croydon" is the cousin, not a woman named turns
// before.
func (p *sentCtx) unnamedPersonJustBefore(want byte) bool {
	last := p.sentenceBefore()
	if last == nil {
		return false
	}
	for k := 1; k < len(last.Toks); k++ {
		if last.Toks[k].Cap && last.Toks[k].Word && last.Toks[k].Norm != "i" {
			return false // "his girlfriend, Saskia. she's from Hamburg": named
		}
	}
	return unnamedPersonBefore(last, len(last.Toks), want)
}

// sentenceBefore returns the turn's sentence before this one, tokenised
// afresh (not recased), or nil; it is read once per sentence, as every
// third-person pronoun of the sentence may ask for it.
func (p *sentCtx) sentenceBefore() *sentence {
	if !p.beforeRead {
		p.beforeRead = true
		if p.s.Start > 0 && p.s.Start <= len(p.text) {
			if prev := lang.SplitSentences(lang.Tokenize(p.text[:p.s.Start])); len(prev) > 0 {
				p.before = &prev[len(prev)-1]
				p.known.recase(p.before) // "my flatmate cormac is looking": named (lowercase_reuse.go)
			}
		}
	}
	return p.before
}

// anyCasePerson reads a person's name at f, capitalised or not ("graham");
// f < 0 reads none.
func (p *sentCtx) anyCasePerson(f int) (ontology.EntityRef, int, bool) {
	if f < 0 {
		return ontology.EntityRef{}, 0, false
	}
	if who, end, ok := p.person(f); ok {
		return who, end, true
	}
	return p.lowerPerson(f)
}
