package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// waitingPartner is a partner announced without a name, whom the same
// speaker may name in the same or the next turn: "my little sister Beth
// has a new boyfriend 👀" / "Callum. he's a chef at Pellegrino's".
type waitingPartner struct {
	owner   ontology.EntityRef
	role    string
	turn    string
	speaker string
	index   int
}

// partnerWords are the partners such an announcement names.
var partnerWords = lang.Words(`boyfriend girlfriend partner husband wife fiancé fiance fiancée fiancee bf gf`)

// announcedPartner reads "Beth has a new boyfriend", "she's got a
// girlfriend", "I have a new partner" ending its phrase: the partner
// waits for a name.
func (p *sentCtx) announcedPartner() {
	s := p.s
	for k := 2; k < len(s.Toks); k++ {
		if !partnerWords[s.Norm(k)] || !p.phraseEnds(k+1, len(s.Toks)) {
			continue
		}
		j := k - 1
		if s.Is(j, "new", "lovely") {
			j--
		}
		if !s.Is(j, "a") {
			continue
		}
		j--
		if s.Is(j, "got") && s.Is(j-1, "has", "have", "is") {
			j-- // "she's got a boyfriend": the 's is "has"
		}
		if !s.Is(j, "has", "have", "got", "is") {
			continue
		}
		owner, _, ok := p.ownerBefore(j)
		if !ok {
			continue
		}
		role := s.Norm(k)
		switch role {
		case "bf":
			role = "boyfriend"
		case "gf":
			role = "girlfriend"
		}
		p.disc.partner = &waitingPartner{owner: owner, role: role, turn: p.ids[0], speaker: p.speaker.Name, index: p.disc.index}
		return
	}
}

// ownerBefore reads the subject of the verb at j: "I", a person's name,
// or "he"/"she" resolved.
func (p *sentCtx) ownerBefore(j int) (ontology.EntityRef, string, bool) {
	s := p.s
	n := s.Norm(j - 1)
	switch {
	case n == "i" && s.Norm(j) != "is":
		return p.speaker, "", p.speaker.Name != ""
	case n == "he" || n == "she":
		a, ok := p.pronoun(j-1, n)
		return a.ref, a.turn, ok
	}
	sp, ok := nameBefore(s, j)
	if !ok || s.Toks[sp.to-1].Poss {
		return ontology.EntityRef{}, "", false
	}
	if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityPerson {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, "", true
}

// namedPartner reads the name of a partner announced in this or the
// speaker's previous turn: a sentence that is only the name ("Callum."),
// or "his name is X" / "he's called X": PARTNER_OF.
func (p *sentCtx) namedPartner() {
	w := p.disc.partner
	s := p.s
	if w == nil || w.speaker != p.speaker.Name || p.disc.index-w.index > 1 {
		return
	}
	at := -1
	switch {
	case len(p.names) == 1 && p.names[0].from == 0 && p.known.namedAlone(s, p.names[0]):
		at = 0
	case (len(p.names) == 0 || len(p.names) == 1 && p.names[0].from == 0) && p.loneName(): // read bare since h14-caps24
		at = 0 // "Temitope." / "he's a chef at Hexwell"
	case s.Is(0, "his", "her") && s.Norm(1) == "name" && s.Is(2, "is", "'s"):
		at = 3
	case s.Is(0, "he", "she") && s.Is(1, "is") && s.Norm(2) == "called":
		at = 3
	}
	if at < 0 {
		return
	}
	sp, ok := nameAt(s, at)
	if !ok {
		return
	}
	if sp = p.known.typeName(s, sp); sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || p.isSpeaker(ontology.EntityRef{Name: sp.name}) {
		return
	}
	p.disc.partner = nil
	other := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
	saved := p.cite
	if w.turn != p.ids[0] {
		p.cite = []string{w.turn}
	}
	p.relation(rel{typ: ontology.RelPartnerOf, from: w.owner, to: other, role: w.role, conf: confWeak, validFrom: p.ts})
	p.cite = saved
}

// groupNouns end a phrase naming a group one joins: "the bowls club".
var groupNouns = lang.Words(`club choir band team society orchestra group squad league ensemble`)

// joinedNamedAfter reads "Pete has joined the bowls club at last, Ilkley
// Bowling Club": a group joined under its common noun and named right
// after a comma: MEMBER_OF the name.
func (p *sentCtx) joinedNamedAfter(cl clause) {
	s := p.s
	if s.Norm(cl.verb) != "joined" || cl.be || cl.was {
		return
	}
	k := cl.verb + 1
	if !s.Is(k, "the", "a", "an", "his", "her", "their", "my", "our") {
		return
	}
	k++
	for j := 0; j < 3 && s.Tok(k).Word && !s.Tok(k).Cap && !groupNouns[s.Norm(k)]; j++ {
		k++ // "the bowls club", "a local running club"
	}
	if !groupNouns[s.Norm(k)] {
		return
	}
	k++
	for s.Is(k, "at", "last", "now", "too", "finally", "here") {
		k++
	}
	if s.Norm(k) != "," {
		return
	}
	k++
	if s.Norm(k) == "the" && s.Tok(k+1).Cap {
		k++
	}
	sp, ok := p.typed(k)
	if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || sp.to-sp.from < 2 && sp.typ != ontology.EntityOrganization {
		return
	}
	group := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.self(), to: group, conf: confWeak, validFrom: p.since(cl.subj, cl.end)})
}

// nextDoor reads "Mrs Okoro next door has had her hip done": a person
// named with "next door" is the speaker's neighbour (KNOWS, role
// neighbour).
func (p *sentCtx) nextDoor() {
	s := p.s
	if p.speaker.Name == "" {
		return
	}
	for _, n := range p.names {
		if n.typ != ontology.EntityPerson || !s.Seq(n.to, "next", "door") || s.Toks[n.to-1].Poss || p.isSpeaker(ontology.EntityRef{Name: n.name}) {
			continue
		}
		if s.Is(n.from-1, "to", "in", "at", "from", "with") {
			continue // "I went to Tom next door"? too unsure: only a name standing as a subject or object
		}
		other := ontology.EntityRef{Name: n.name, Type: ontology.EntityPerson}
		p.relRole(p.speaker, kindKnows, "neighbour", other, confWeak)
	}
}

// leavingFor reads "Leaving Greenwich for Lewes in August", "we left
// Leeds for Bristol": MOVED_FROM the first place, MOVED_TO the second. A
// sentence opening on the verb is the speaker's; in a clause, its
// subject's. Both must be places.
func (p *sentCtx) leavingFor(k int, who ontology.EntityRef) {
	s := p.s
	if !s.Is(k, "leaving", "left") || s.Question || p.hedgedAt(k) {
		return
	}
	p.placeForPlace(k+1, who)
}

// placeForPlace reads "X for Y" at k, two places, as a move of who from
// X to Y: MOVED_FROM and MOVED_TO. It reports whether it read one.
func (p *sentCtx) placeForPlace(k int, who ontology.EntityRef) bool {
	s := p.s
	from, end, c1, ok := p.place(k)
	if !ok || s.Norm(end) != "for" {
		return false
	}
	to, _, c2, ok := p.place(end + 1)
	if !ok || ontology.NormaliseName(from.Name) == ontology.NormaliseName(to.Name) {
		return false
	}
	if c1 < confStrong && c2 < confStrong && !p.has(0, len(s.Toks), homeMoveCues...) {
		return false // "Jem's leaving Oatlands Coffee for Copperpot": two untyped names may be employers
	}
	conf := min(c1, c2, confWeak)
	p.relation(rel{typ: ontology.RelMovedFrom, from: who, to: from, conf: conf, validFrom: p.ts})
	p.relation(rel{typ: ontology.RelMovedTo, from: who, to: to, conf: conf, validFrom: p.ts})
	return true
}

// homeMoveCues in a sentence make "leaving X for Y" of two untyped names
// a move of home ("Leaving Bulawayo for Cuenca in August, the house is
// bought"), not of job.
var homeMoveCues = []string{"house", "flat", "home", "moving", "move", "moved", "relocating", "emigrating", "good"}

// stillWith reads "Jonas is still with Mireille", "he's still with Elif"
// (as a confirmed "is he still with Elif?" builds it): PARTNER_OF, both
// people. "Still" is required ("Kai is with Mum at the shops" is not a
// couple), the partner must be a person's name that ends the phrase, and
// an organisation ("still with Barclays") is not read.
func (p *sentCtx) stillWith() {
	s := p.s
	for j := 2; j+2 < len(s.Toks); j++ {
		if s.Norm(j) != "still" || s.Norm(j+1) != "with" || !s.Is(j-1, "is", "'s") {
			continue
		}
		sp, ok := p.typed(j + 2)
		if !ok || !partnerName(sp) && !p.coupleConfirmed(sp) || p.disc.isSpeaker(sp.name) ||
			sp.to < len(s.Toks) && !s.Is(sp.to, ",", ".", "!", "?", "now", "too", "after") {
			return
		}
		var who ontology.EntityRef
		cite := ""
		if n := s.Norm(j - 2); n == "he" || n == "she" {
			// Anyone but the partner ("is he still with Elif?" names Elif last).
			partner, want := ontology.NormaliseName(sp.name), pronounGender[n]
			a, ok := p.disc.resolve(func(m mention) bool {
				return personLike(m.ref.Type) && !m.object && !p.disc.speakers[m.norm] && m.norm != partner &&
					(m.gender == genderUnknown || m.gender == want) && !p.disc.typedThing(m)
			})
			if !ok {
				return
			}
			who, cite = ontology.EntityRef{Name: a.ref.Name, Type: ontology.EntityPerson}, a.turn
		} else {
			var subj *span
			for k := range p.names {
				if p.names[k].to == j-1 {
					subj = &p.names[k]
				}
			}
			if sp, ok := nameBefore(s, j-1); subj == nil && ok && sp.from == 0 {
				if sp = p.known.typeName(s, sp); p.coupleConfirmed(sp) {
					subj = &sp // "Levente is still with Réka" / "yes, they got engaged": no list knows Levente
				}
			}
			if subj == nil || subj.from != 0 && !s.Is(subj.from-1, ",", "and", "but", "so", "yes", "yeah", "yep") ||
				!partnerName(*subj) && !p.coupleConfirmed(*subj) || p.disc.isSpeaker(subj.name) {
				return
			}
			who = ontology.EntityRef{Name: subj.name, Type: ontology.EntityPerson}
		}
		if p.s.Question || p.hedgedAt(j) || s.Is(j-2, "not") {
			return
		}
		defer p.citeFrom(cite)()
		p.relation(rel{typ: ontology.RelPartnerOf, from: who, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson},
			conf: confWeak, validFrom: p.ts})
		return
	}
}

// partnerName reports whether sp names a person: typed so, or an untyped
// single word that is a known first name.
func partnerName(sp span) bool {
	if sp.typ == ontology.EntityPerson {
		return true
	}
	return sp.typ == ontology.EntityConcept && !strings.Contains(sp.name, " ") && firstName(strings.ToLower(sp.name))
}

// partOfGroup reads "Aker Solar is part of the Aker group", "Finch Bank is
// part of Arden Group" (as a confirmed "isn't X part of Y?" builds it too):
// PART_OF, an organisation in a group. The group is named before "group"
// or is a name typed an organisation; "Jo is part of the team" is not read.
func (p *sentCtx) partOfGroup() {
	s := p.s
	for j := 2; j+2 < len(s.Toks); j++ {
		if s.Norm(j) != "part" || s.Norm(j+1) != "of" || !s.Is(j-1, "is", "'s") {
			continue
		}
		// The subject opens the sentence, read as written: a short form
		// ("Aker" for "Aker Solar") would make the group its own part.
		subj, ok := nameAt(s, 0)
		if !ok || subj.to != j-1 {
			return
		}
		if t := p.known.typeName(s, subj); t.typ != ontology.EntityOrganization && !p.disc.typedAs(subj.name, ontology.EntityOrganization) {
			return
		}
		k := j + 2
		if s.Norm(k) == "the" {
			k++
		}
		sp, ok := nameAt(s, k)
		if !ok {
			return
		}
		name, end := sp.name, sp.to
		switch {
		case s.Norm(end) == "group" && !s.Tok(end).Cap:
			end++ // "the Aker group": Aker
		case strings.EqualFold(lastWord(name), "group"):
		default:
			if t := p.known.typeName(s, sp); t.typ != ontology.EntityOrganization {
				return
			}
		}
		if end < len(s.Toks) && !s.Is(end, ",", ".", "!", "?", "now", "too") {
			return
		}
		if s.Question || p.hedgedAt(j) {
			return
		}
		p.relation(rel{typ: ontology.RelPartOf, from: ontology.EntityRef{Name: subj.name, Type: ontology.EntityOrganization},
			to: ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, conf: confWeak, validFrom: p.ts})
		return
	}
}

// lastWord is the last word of name.
func lastWord(name string) string {
	f := strings.Fields(name)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
