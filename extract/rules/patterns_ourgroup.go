package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// noteGroup keeps a group the turn's speaker was read as a member of
// ("my band Paper Boats", "we're called The Loose Ends"), so that "our
// drummer Kit" or "Kit plays bass for us" later in the conversation can
// name another member of it; an organisation the speaker was read as
// working at now, so that "our office is in Leeds" can name its site; and
// a couple a later "they" may mean (noteCouple, orgs_named_again.go).
func (c *turnCtx) noteGroup(r rel) {
	c.noteCouple(r)
	if r.validUntil != nil || r.to.Type != ontology.EntityOrganization || !c.isSpeaker(r.from) {
		return
	}
	var held *map[string][]antecedent
	switch r.typ {
	case ontology.RelMemberOf:
		held = &c.disc.groups
	case ontology.RelWorksAt:
		held = &c.disc.employers
	case ontology.RelCreated, ontology.RelOwns, ontology.RelLeads:
		held = &c.disc.businesses // "i set up twine & tallow" before "studio's in faversham"
	default:
		return
	}
	if *held == nil {
		*held = map[string][]antecedent{}
	}
	key := ontology.NormaliseName(c.speaker.Name)
	for _, g := range (*held)[key] {
		if ontology.NormaliseName(g.ref.Name) == ontology.NormaliseName(r.to.Name) {
			return
		}
	}
	(*held)[key] = append((*held)[key], antecedent{ref: r.to, turn: c.ids[0]})
}

// ourGroupRef is the one group "our"/"us" stands for in the speaker's
// mouth, with the turn that named it: the speaker's own, when they were
// read as a member of exactly one; else the one group the speakers were
// read as members of (a band's group chat), when there is exactly one and
// it is not one a single member said she had just joined (h14-blind23a:
// "I've joined the Brighton Gospel Collective" in an orchestra committee's
// chat leaves "Owen is our new chair!" the committee's); else, when no
// speaker's group is known, the group whose own chat this is (chatgroup.go).
func (p *sentCtx) ourGroupRef() (antecedent, bool) {
	d := p.disc
	if len(d.groups) == 0 {
		return d.chatGroupRef() // "happy new year goblins" … "Benny has left the club"
	}
	if own := d.groups[ontology.NormaliseName(p.speaker.Name)]; len(own) > 0 {
		return own[0], len(own) == 1
	}
	var only antecedent
	holders := 0
	for _, gs := range d.groups {
		for _, g := range gs {
			if only.ref.Name != "" && ontology.NormaliseName(only.ref.Name) != ontology.NormaliseName(g.ref.Name) {
				return antecedent{}, false
			}
			only = g
			holders++
		}
	}
	if holders == 1 && joinedIn(d.texts[only.turn]) {
		return antecedent{}, false
	}
	return only, only.ref.Name != ""
}

// statedOurGroup is ourGroupRef for a statement with a speaker; a question
// or a turn with no speaker has none.
func (p *sentCtx) statedOurGroup() (antecedent, bool) {
	if p.s.Question || p.speaker.Name == "" {
		return antecedent{}, false
	}
	return p.ourGroupRef()
}

// joinedIn reports whether a turn's text tells of a group joined ("I've
// joined X", "just joined X"), which makes it its speaker's new group
// rather than the one the chat is about.
func joinedIn(text string) bool {
	t := strings.ToLower(text)
	return strings.Contains(t, "joined ") || strings.Contains(t, "joining ")
}

// memberRoles are the parts a member plays in a band or a team: "our
// drummer Kit", "Kit is our new keeper".
var memberRoles = lang.Words(`drummer guitarist bassist singer vocalist pianist keyboardist violinist cellist
	saxophonist trumpeter frontman frontwoman percussionist keeper goalie goalkeeper striker defender
	midfielder winger`)

// sportRoles are the member roles of a sports team; the others are a
// band's, a choir's or an orchestra's.
var sportRoles = lang.Words(`keeper goalie goalkeeper striker defender midfielder winger`)

// sportHeads end the names of sports clubs ("Hackney Wick FC", "Sedgley
// Wanderers").
var sportHeads = lang.Words(`fc afc rfc cc united rovers wanderers athletic albion harriers city town rangers`)

// roleFits reports whether a member role fits the group: a keeper of a
// sports club, a drummer of anything else ("our drummer Kit" never makes
// Kit a member of the speaker's football club).
func roleFits(role, group string) bool {
	f := strings.Fields(strings.ToLower(group))
	sport := len(f) > 0 && sportHeads[f[len(f)-1]]
	return sportRoles[role] == sport
}

// ourMembers reads another member of the speaker's group: "our drummer
// Kit", "Kit is our new bassist", "Kit plays bass for us", "Kit drums for us
// now", "Rosa is the singer in our band". The group must be known and one.
func (p *sentCtx) ourMembers() {
	s := p.s
	group, ok := p.statedOurGroup()
	if !ok {
		return
	}
	add := func(person ontology.EntityRef, role string, at int) {
		if p.tieHedged(at) || p.isSpeaker(person) || role != "" && !roleFits(role, group.ref.Name) {
			return
		}
		defer p.citeFrom(group.turn)() // the turn that named the group
		if s.Is(at+2, "old", "former") && s.Is(at+1, "our") {
			// "Jonno is our old drummer" (h14-blind8): a member no longer
			p.relation(rel{typ: ontology.RelMemberOf, from: person, to: group.ref, role: role, conf: confWeak, validUntil: p.ts})
			return
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: person, to: group.ref, role: role, conf: confWeak, validFrom: p.ts})
	}
	for k := 0; k+1 < len(s.Toks); k++ {
		switch {
		case s.Is(k, "our", "my") && roleAfter(s, k+1) > 0:
			// "our drummer Kit", "my new bandmate Rosa"
			j := roleAfter(s, k+1)
			if person, _, ok := p.personAfter(j); ok {
				add(person, roleWord(s, j-1), k)
			} else if person, _, ok := p.lowerPerson(j); ok && !p.isSpeaker(person) {
				add(person, roleWord(s, j-1), k) // "our singer marga"
			}
		case s.Is(k, "is", "'s") && s.Is(k+1, "our", "the") && (roleAfter(s, k+2) > 0 || s.Is(k+2, "old", "former") && roleAfter(s, k+3) > 0):
			// "Kit is our new bassist", "Rosa is the singer in our band", "Jonno is our old drummer"
			j := roleAfter(s, k+2)
			if j < 0 {
				j = roleAfter(s, k+3)
			}
			if s.Norm(k+1) == "the" && !(s.Is(j, "in", "of", "for") && s.Norm(j+1) == "our" && groupNouns[s.Norm(j+2)]) {
				continue
			}
			if person, _, ok := p.personBefore(k); ok {
				add(person, roleWord(s, j-1), k)
			}
		case s.Is(k, "plays", "drums", "sings", "drummed", "played", "sang") && playsForUs(s, k+1) > 0:
			if person, _, ok := p.personBefore(k); ok {
				add(person, instruments[s.Norm(k+1)], k)
			}
		}
	}
}

// roleAfter returns the index after a member role at k (an optional "new"
// before it), or -1.
func roleAfter(s *sentence, k int) int {
	if s.Norm(k) == "new" {
		k++
	}
	if memberRoles[s.Norm(k)] {
		return k + 1
	}
	return -1
}

// roleWord is the role at k.
func roleWord(s *sentence, k int) string { return s.Norm(k) }

// playsForUs returns the index after "(bass|keys|…)? for|with|in us" at k,
// or -1.
func playsForUs(s *sentence, k int) int {
	if instruments[s.Norm(k)] != "" || s.Is(k, "keys", "drums", "bass", "guitar", "lead") {
		k++
	}
	if s.Is(k, "for", "with", "in") && s.Norm(k+1) == "us" {
		return k + 2
	}
	return -1
}
