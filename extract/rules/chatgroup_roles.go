package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// officerPrefixes make an officer's title of a leader's or a member's:
// "vice captain", "social secretary", "fixtures secretary".
var officerPrefixes = lang.Words(`vice deputy assistant social fixtures membership welfare club`)

// officerTitles are the posts of a club's or a committee's members other
// than its head: "the new treasurer", "welfare officer".
var officerTitles = lang.Words(`treasurer secretary officer`)

// officerAt reads a post at k ("treasurer", "vice captain", "new
// president") and returns the relation it gives (LEADS for the head,
// MEMBER_OF for another officer), the role and the index after it.
func officerAt(s *sentence, k int) (ontology.RelationType, string, int, bool) {
	k = optional(s, k, "new")
	role := s.Norm(k)
	switch {
	case officerPrefixes[role] && (leaderTitles[s.Norm(k+1)] || officerTitles[s.Norm(k+1)]):
		return ontology.RelMemberOf, role + " " + s.Norm(k+1), k + 2, true
	case leaderTitles[role]:
		return ontology.RelLeads, role, k + 1, true
	case officerTitles[role] && role != "officer":
		return ontology.RelMemberOf, role, k + 1, true
	}
	return "", "", 0, false
}

// chatRoles reads the posts, the joinings and "one of us" said in a
// group's own chat of the group it belongs to (ourGroupRef: the speaker's
// one group, else the chat's): "i'm the new treasurer apparently", "Jo has
// agreed to be vice captain", "new president: oyin", "Jolene is officially
// one of us!", "as your captain I have 3 things". A post of another group
// ("treasurer of the PTA", "captain at the golf club"), a plan or a wish
// ("might be the new treasurer", "wants to be captain"), a question, a
// negation or a chat with no one group reads nothing.
func (p *sentCtx) chatRoles() {
	s := p.s
	group, ok := p.statedOurGroup()
	if !ok {
		return
	}
	emit := func(typ ontology.RelationType, who ontology.EntityRef, role string, at, end int) {
		if p.hedgedAt(at) || p.tieHedged(at) || p.reachedBy(at, "not", "never", "if", "would", "might", "could", "n't") ||
			s.Is(end, "of", "at", "for", "in", "'s", "to") {
			return
		}
		defer p.citeFrom(group.turn)()
		p.relation(rel{typ: typ, from: who, to: group.ref, role: role, conf: confWeak, validFrom: p.ts})
	}
	for k := 0; k+1 < len(s.Toks); k++ {
		switch {
		case s.Is(k, "'m", "am") && s.Is(k-1, "i"):
			// "i'm the new treasurer apparently", "I'm now vice captain"
			j := optional(s, optional(s, k+1, "now", "officially", "also"), "the")
			if typ, role, end, ok := officerAt(s, j); ok && p.postEnds(end) {
				emit(typ, p.self(), role, k, end)
			}
		case s.Seq(k, "agreed", "to", "be") || s.Seq(k, "taking", "over", "as") || s.Seq(k, "took", "over", "as"):
			// "Jo has agreed to be vice captain", "Tariq is taking over as chair"
			typ, role, end, ok := officerAt(s, optional(s, k+3, "the", "our"))
			if !ok || !p.postEnds(end) {
				continue
			}
			j := k
			for s.Is(j-1, "has", "is", "'s", "just", "finally", "kindly") {
				j--
			}
			if who, _, ok := p.personBefore(j); ok {
				emit(typ, who, role, k, end)
			}
		case s.Is(k, "new") && s.Is(k+2, ":"):
			// "new president: oyin"
			typ, role, _, ok := officerAt(s, k)
			if !ok {
				continue
			}
			who, end, ok := p.personAfter(k + 3)
			if !ok {
				who, end, ok = p.lowerPerson(k + 3)
			}
			if ok && !p.isSpeaker(who) && p.postEnds(end) {
				emit(typ, who, role, k, end)
			}
		case s.Seq(k, "one", "of", "us") && s.Is(k-1, "officially", "now", "is", "'s"):
			// "Jolene is officially one of us!"
			j := k
			for s.Is(j-1, "officially", "now", "finally") {
				j--
			}
			if !s.Is(j-1, "is", "'s") {
				continue
			}
			if who, _, ok := p.personBefore(j - 1); ok {
				emit(ontology.RelMemberOf, who, "", k, k+3)
			}
		case s.Is(k, "as") && s.Is(k+1, "your", "our") && leaderTitles[s.Norm(k+2)] && s.Is(k+3, "i", ","):
			// "as your captain I have 3 things"
			emit(ontology.RelLeads, p.self(), s.Norm(k+2), k, k+3)
		}
	}
}

// postEnds reports whether a post read ends at k: an entry's end
// (lineupEntryEnds) or a word said after it ("apparently", "lol").
func (p *sentCtx) postEnds(k int) bool {
	return p.lineupEntryEnds(k) || p.s.Is(k, "apparently", "then", "lol", "haha", "now", "from", "as")
}

// notMembership in a sentence says a demonym is no membership: "dressed as
// a goblin for halloween", "his costume".
var notMembership = lang.Words(`dressed costume halloween fancy dress outfit`)

// demonymMember reads a member of the chat's group by the singular of the
// demonym its greeting used ("happy new year goblins"): "6 years a goblin",
// "i'm a goblin till they drag me off", "Benny's a goblin now", "Priti was
// a goblin back in the day" (ended). A costume, a pronoun's or a
// question's reads nothing.
func (p *sentCtx) demonymMember() {
	s := p.s
	c := p.disc.chat
	if s.Question || c == nil || c.demonym == "" || wordsInAny(s, notMembership) {
		return
	}
	group, ok := p.disc.chatGroupRef()
	if !ok {
		return
	}
	sing := strings.TrimSuffix(c.demonym, "s")
	for k := range wordsIn(s, lang.Words(sing)) {
		if !s.Is(k-1, "a", "an") || p.hedgedAt(k) || p.tieHedged(k) || p.reachedBy(k, "not", "never", "n't", "if", "like") {
			continue
		}
		r := rel{typ: ontology.RelMemberOf, to: group.ref, conf: confWeak, validFrom: p.ts}
		switch be := k - 2; {
		case s.Is(be, "years", "yrs", "year") && (isDigits(s.Norm(be-1)) || s.Is(be-1, "two", "three", "four", "five", "six", "ten")):
			r.from = p.self() // "6 years a goblin"
		case s.Is(be, "'m", "am") && s.Is(be-1, "i"):
			r.from = p.self() // "i'm a goblin"
		case s.Is(be, "is", "'s", "was"):
			who, _, ok := p.personBefore(be)
			if !ok {
				continue
			}
			r.from = who
			if s.Is(be, "was") {
				r.validFrom, r.validUntil = nil, p.ts // "Priti was a goblin back in the day"
			}
		default:
			continue
		}
		defer p.citeFrom(group.turn)()
		p.relation(r)
		return
	}
}

// newcomerWords in a turn announce a new member of the group: "we have a
// new member!", "welcome to the newest soprano!!".
var newcomerWords = []string{"new member", "newest member", "new recruit", "newest recruit", "newest soprano", "newest alto",
	"newest tenor", "newest bass", "new soprano", "new alto", "new tenor"}

// sayHiToNewcomer reads the newcomer a group's chat is asked to greet:
// "we have a new member! everyone say hi to Rhiannon", "welcome to the
// newest soprano!! everyone say hi to Hattie": MEMBER_OF the speaker's
// group or the chat's own. Without a new member announced in the turn
// ("say hi to Hattie for me"), with a hedge ("we might have a new member")
// or a question, nothing is read.
func (p *sentCtx) sayHiToNewcomer() {
	s := p.s
	group, ok := p.statedOurGroup()
	if !ok {
		return
	}
	low := strings.ToLower(p.text)
	announced := false
	for _, w := range newcomerWords {
		if i := strings.Index(low, w); i >= 0 && !hedgedText(low[:i]) {
			announced = true
		}
	}
	if !announced {
		return
	}
	for k := range phraseAt(s, 0, 2, "say", "hi", "to") {
		who, end, ok := p.personAfter(k + 3)
		if !ok || p.disc.isSpeaker(who.Name) || !p.postEnds(end) || p.hedgedAt(k) {
			continue
		}
		defer p.citeFrom(group.turn)()
		p.relation(rel{typ: ontology.RelMemberOf, from: who, to: group.ref, conf: confWeak, validFrom: p.ts})
		return
	}
}

// hedgedText reports whether a hedge ends the text before an announcement:
// "we might have a new member".
func hedgedText(before string) bool {
	f := strings.Fields(before)
	for i := max(0, len(f)-4); i < len(f); i++ {
		switch f[i] {
		case "might", "may", "maybe", "could", "hopefully", "if", "possibly", "no":
			return true
		}
	}
	return false
}
