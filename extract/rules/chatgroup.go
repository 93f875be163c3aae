package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A club's, a choir's or a committee's own group chat names its group once
// and then leaves it unsaid: "Agenda for Thursday's Ashgrove CC committee",
// "Reminder the Clarendon Traders Association meeting is Thursday", "happy
// new year goblins" (the Gritstone Goblins), "Welcome to the Pickled Page,
// Kit". noteChatGroup keeps that group as the conversation's own, so that
// "our"/"the club" said later (ourGroupRef) and the posts, roles and
// joinings of chatRoles attach to it. A chat that names two such groups
// has no one group: then nothing is said.

// meetingNouns after a group's name in a notice name its gathering:
// "the Ashgrove CC committee", "the Clarendon Traders Association meeting".
var meetingNouns = lang.Words(`committee meeting meetings agm rehearsal rehearsals practice session`)

// noticeWords open the notices a group's chat is sent: "Agenda for …",
// "Reminder the … meeting is Thursday", "Minutes of …".
var noticeWords = lang.Words(`agenda minutes reminder`)

// groupGreetings open a greeting to the whole group: "happy new year
// goblins", "ok goblins, admin time", "evening bookworms".
var groupGreetings = lang.Words(`ok okay evening morning afternoon hi hey hello hiya thanks thank happy well right night`)

// chatGroupState is the conversation's own group (discourse.chat): the
// group with the turn that named it, whether a second one made it
// unknown, and a demonym a greeting used before the group was named.
type chatGroupState struct {
	group   antecedent
	two     bool
	demonym string
	// read and batchRead memoise, per demonym, the turns already read
	// without finding "the <word> <demonym>" (how many of the discourse's
	// turns in order; whether the batch), so a greeting waiting for its
	// name reads each turn once, not once a sentence.
	read      map[string]int
	batchRead map[string]bool
}

// setChatGroup keeps ref as the conversation's own group, named in this
// turn; a second, different group makes the chat's group unknown.
func (p *sentCtx) setChatGroup(ref ontology.EntityRef) {
	d := p.disc
	if d.chat == nil {
		d.chat = &chatGroupState{}
	}
	ref.Type = ontology.EntityOrganization
	switch {
	case d.chat.group.ref.Name == "":
		d.chat.group = antecedent{ref: ref, turn: p.ids[0]}
		p.typedEntity(ref, confWeak, "chat-group") // stored, so a later session's greeting finds it
	case ontology.NormaliseName(d.chat.group.ref.Name) != ontology.NormaliseName(ref.Name):
		d.chat.two = true
	}
}

// chatGroupRef is the conversation's own group, when one and only one
// was named as such: in the batch, else, when the batch named none, the
// one earlier batches' speakers were stored as sharing (storedChat), which
// the group's later sessions leave unsaid ("first post as chair").
func (d *discourse) chatGroupRef() (antecedent, bool) {
	if d.chat == nil || d.chat.group.ref.Name == "" && !d.chat.two {
		return antecedent{ref: d.storedChat}, d.storedChat.Name != ""
	}
	if d.chat.two {
		return antecedent{}, false
	}
	return d.chat.group, true
}

// readChatGroup is the group the batch and its context turns named as the
// conversation's own (one and only one), for the store to record
// (ontology.Extraction.ChatGroup), or nil: never the group only carried
// from earlier batches (storedChat), which is recorded already.
func (d *discourse) readChatGroup() *ontology.EntityRef {
	if d.chat == nil || d.chat.two || d.chat.group.ref.Name == "" {
		return nil
	}
	g := d.chat.group.ref
	return &g
}

// isChatGroup reports whether ref is the conversation's own group.
func (p *sentCtx) isChatGroup(ref ontology.EntityRef) bool {
	g, ok := p.disc.chatGroupRef()
	return ok && ontology.NormaliseName(g.ref.Name) == ontology.NormaliseName(ref.Name)
}

// noteChatGroup reads the ways a group's chat names its group: a notice
// naming its committee or meeting, a welcome to it, a greeting by its
// demonym once the group's name is known.
func (p *sentCtx) noteChatGroup() {
	s := p.s
	if s.Question {
		return
	}
	notice := wordsInAny(s, noticeWords)
	for _, n := range p.names {
		if n.typ == ontology.EntityPerson || n.typ == ontology.EntityPlace || p.disc.isSpeaker(n.name) || headingWord(s, n) {
			continue
		}
		switch {
		case notice && meetingNouns[s.Norm(n.to)]:
			// "Agenda for Thursday's Ashgrove CC committee"
			p.setChatGroup(ontology.EntityRef{Name: n.name})
		case notice && n.to-n.from > 2 && meetingNouns[s.Norm(n.to-1)] && len(strings.Fields(n.name)) == n.to-n.from:
			// "Reminder the Orienteering Soc AGM is tonight": the meeting read into the name
			p.setChatGroup(ontology.EntityRef{Name: strings.Join(strings.Fields(n.name)[:n.to-n.from-1], " ")})
		case p.welcomedTo(n):
			// "Welcome to the Pickled Page, Kit!": the chat's group, and Kit a member of it
			group := ontology.EntityRef{Name: n.name, Type: ontology.EntityOrganization}
			p.setChatGroup(group)
			if who, _, ok := p.person(n.to + 1); ok && s.Is(n.to, ",") && !p.isSpeaker(who) && !p.disc.isSpeaker(who.Name) {
				p.relation(rel{typ: ontology.RelMemberOf, from: who, to: group, conf: confWeak, validFrom: p.ts})
			}
		}
	}
	p.greetedByDemonym()
}

// welcomedTo reports whether the name n is what a newcomer is welcomed to
// as the group of the chat: "Welcome to the Pickled Page, Kit! You're
// officially a member now", "welcome to the Harbour Choir" (a name that
// ends in a group noun, or one followed by the newcomer's name in a turn
// that speaks of a club or of members: never "Welcome to the Lake
// District, Dan!").
func (p *sentCtx) welcomedTo(n span) bool {
	s := p.s
	k := n.from - 1
	if s.Is(k, "the") {
		k--
	}
	if !s.Is(k, "to") || !s.Is(k-1, "welcome") || p.hedgedAt(k) {
		return false
	}
	f := strings.Fields(strings.ToLower(n.name))
	if groupNouns[f[len(f)-1]] {
		return true
	}
	_, _, newcomer := p.person(n.to + 1)
	return s.Is(n.to, ",") && newcomer && (groupTurn(p.text, n.name) || strings.Contains(strings.ToLower(p.text), "member"))
}

// greetedByDemonym reads a greeting to the group by a plural of a word of
// its name: "happy new year goblins" in the Gritstone Goblins' chat. The
// plural must be the greeting's vocative, right after the greeting or a
// word it follows ("ok goblins", "new year goblins"), never its object
// ("thanks for the kind words"), nor a person's name ("Hey James!"). The
// demonym waits for the group's name when the greeting comes first, or
// finds it later in the batch or among the stored names; the name may be
// written in lower case ("saw the gritstone goblins on insta").
func (p *sentCtx) greetedByDemonym() {
	s := p.s
	if d := p.disc.chat; d != nil && d.demonym != "" && d.group.ref.Name == "" {
		if name, ok := p.nameWithDemonym(d.demonym); ok {
			p.setChatGroup(ontology.EntityRef{Name: name})
		}
		return
	}
	f := s.FirstWord()
	if f < 0 || !groupGreetings[s.Norm(f)] {
		return
	}
	last := -1
	for k := f + 1; k < len(s.Toks); k++ {
		if s.Toks[k].Word {
			last = k
		}
		if s.Is(k, ",") {
			break // "ok goblins, admin time": the greeting ends at the comma
		}
	}
	w := s.Norm(last)
	if last <= f || !vocativeAfter[s.Norm(last-1)] && !groupGreetings[s.Norm(last-1)] {
		return // "thanks for the kind words": no one greeted by it
	}
	if p.disc.isSpeaker(w) || p.personNamedAt(last) {
		return // "Hey James!": a person greeted
	}
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || functionWords[w] || notDemonyms[w] {
		return
	}
	if p.disc.chat == nil {
		p.disc.chat = &chatGroupState{}
	}
	if p.disc.chat.demonym == "" {
		p.disc.chat.demonym = w
	}
	if name, ok := p.nameWithDemonym(w); ok {
		p.setChatGroup(ontology.EntityRef{Name: name})
	}
}

// vocativeAfter are the words a greeting's vocative follows: "happy new
// year goblins", "thank you all for tonight larkspurs", "well done all
// you bookworms".
var vocativeAfter = lang.Words(`year tonight today all again everyone you lovely dear`)

// notDemonyms are plurals a greeting ends on that name no group: "hi
// guys", "morning lads", "thanks girls".
var notDemonyms = lang.Words(`guys lads girls ladies gents folks peeps people friends mates thanks tonights years days
	others parents members players friends everyones babes darlings lovelies boys`)

// personNamedAt reports whether the token at k is in a name read as a
// person's, or a capitalised one-word name nothing typed ("James").
func (p *sentCtx) personNamedAt(k int) bool {
	for _, n := range p.names {
		if n.from <= k && k < n.to && (n.typ == ontology.EntityPerson || n.typ == ontology.EntityConcept && n.to-n.from == 1) {
			return true
		}
	}
	return false
}

// nameWithDemonym finds the group a demonym stands for in the sentence: a
// name with the demonym (or its singular) as a word ("Gritstone Goblins",
// "Larkspur Voices" for "larkspurs"), or, in lower case, "the <word>
// <demonym>".
func (p *sentCtx) nameWithDemonym(dem string) (string, bool) {
	sing := strings.TrimSuffix(dem, "s")
	named := func(name string) bool { return nameHasWord(name, dem) || nameHasWord(name, sing) } // places_elided.go
	for _, n := range p.names {
		if n.typ == ontology.EntityPerson || n.typ == ontology.EntityPlace || n.to-n.from < 2 {
			continue
		}
		if named(n.name) {
			return n.name, true
		}
	}
	for _, k := range p.known.names.list {
		if k.ref.Type == ontology.EntityOrganization && strings.Contains(k.ref.Name, " ") && named(ontology.NormaliseName(k.ref.Name)) {
			return k.ref.Name, true // stored from an earlier session
		}
	}
	for _, m := range p.disc.mentions {
		if m.ref.Type == ontology.EntityOrganization && strings.Contains(m.norm, " ") && named(m.norm) {
			return m.ref.Name, true // named before the greeting
		}
	}
	s := p.s
	for k := 2; k < len(s.Toks); k++ {
		if s.Norm(k) == dem && s.Is(k-2, "the") && s.Toks[k-1].Word && !functionWords[s.Norm(k-1)] && !englishWords[s.Norm(k-1)] {
			return titleCase(s.Toks[k-1].Text + " " + s.Toks[k].Text), true
		}
	}
	c := p.disc.chat
	if c.read == nil {
		c.read, c.batchRead = map[string]int{}, map[string]bool{}
	}
	for _, id := range p.disc.order[c.read[dem]:] {
		if name := theWordDemonym(p.disc.texts[id], dem); name != "" {
			return name, true // "saw the gritstone goblins on insta" before "happy new year goblins"
		}
	}
	c.read[dem] = len(p.disc.order)
	if !c.batchRead[dem] {
		for _, text := range p.disc.batch {
			if name := theWordDemonym(text, dem); name != "" {
				return name, true // said later in the batch: "ok goblins, admin time" … "saw the gritstone goblins on insta"
			}
		}
		c.batchRead[dem] = true
	}
	return "", false
}

// theWordDemonym reads "the <word> <demonym>" in a turn's text, in any
// case ("the gritstone goblins"), as the group's name, or "".
func theWordDemonym(text, dem string) string {
	f := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '\'') })
	for k := 2; k < len(f); k++ {
		if f[k] == dem && f[k-2] == "the" && !functionWords[f[k-1]] && !englishWords[f[k-1]] {
			return titleCase(f[k-1] + " " + f[k])
		}
	}
	return ""
}
