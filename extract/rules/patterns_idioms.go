package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// pluralTeam reports whether what one joins is named as a team is, a
// plural after "the" ("joined the Ramblers", "has joined the Falcons",
// "joined the Harbour Singers"): membership of a club or team, not a job.
// Plurals that name employers as often ("the Samaritans" aside) end in a
// corporate word and are left to the employer reading.
func pluralTeam(s *sentence, k int, name string) bool {
	if s.Norm(k) != "the" {
		return false
	}
	f := strings.Fields(strings.ToLower(name))
	if len(f) == 0 {
		return false
	}
	last := f[len(f)-1]
	return strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && !strings.HasSuffix(last, "'s") &&
		!corporatePlurals[last]
}

// corporatePlurals end the names of employers though they are plurals.
var corporatePlurals = map[string]bool{"systems": true, "solutions": true, "holdings": true, "partners": true,
	"associates": true, "industries": true, "services": true, "labs": true, "technologies": true, "networks": true,
	"communications": true, "logistics": true, "analytics": true, "foods": true, "pharmaceuticals": true,
	"stores": true, "airlines": true, "airways": true, "motors": true, "brothers": true, "sons": true,
	"news": true, "times": true, "games": true, "studios": true, "films": true, "records": true}

// admittedInto reports whether a liking frame read through "gotten into" /
// "getting into" names a place or an organisation: "Liam's gotten into
// Cambridge" is a place won at a university, "gotten into pottery" a liking.
func admittedInto(f frame, to ontology.EntityRef) bool {
	if to.Type != ontology.EntityPlace && to.Type != ontology.EntityOrganization {
		return false
	}
	for _, t := range f.toks {
		if t.words["gotten"] || t.words["getting"] {
			return true
		}
	}
	return false
}

// lowerKinTitle reports whether a kin title written in lower case opens
// the message or a clause before a capitalised name ("uncle Ravi's whippet
// won a rosette"): the speaker's kin as "Uncle Ravi" is.
func lowerKinTitle(s *sentence, i int) bool {
	return (i == 0 || !s.Toks[i-1].Word) && s.Tok(i+1).Cap
}

// invitationIf reports whether "if" at k opens an invitation to the
// addressee ("come along if you fancy it", "if u want to join"), which
// hedges nothing said before it.
func invitationIf(s *sentence, k int) bool {
	if s.Is(k+1, "you", "u") && s.Is(k+2, "guys", "lot") {
		k++ // "if you guys want to come"
	}
	if s.Is(k+1, "you", "u", "ya", "anyone", "anybody", "any1", "yall") && s.Is(k+2, "ever") &&
		s.Is(k+3, "fancy", "want", "wanna", "need", "needs", "wants", "fancies") {
		return true // "we're still in shelthorpe if u ever need a sofa"
	}
	// "if u fancy it", "if anyone wants to come" (h14-blind8)
	if !s.Is(k+1, "you", "u", "ya", "anyone", "anybody", "any1", "yall") {
		return false
	}
	if s.Is(k+2, "fancy", "want", "wanna", "like", "fancied", "wants", "fancies", "likes", "need", "needs") {
		return true
	}
	// "if anyone's ever tempted", "if you're interested": the addressee's wish (h14-orgfocus32)
	j := optional(s, k+2, "'s", "'re", "is", "are", "re") // "anyone's" may lose its 's
	if j == k+2 && !s.Is(k+1, "anyone", "anybody", "any1") {
		return false
	}
	j = optional(s, j, "ever")
	return s.Is(j, "tempted", "interested", "keen", "curious")
}

// styles4Things reads likings, pets, named things, groups and friendships
// said in chat idiom: "can't get enough of X", "could eat X every day",
// "picked up a used Corolla, named her Doris", "meet Pickle 🐢", "my WI
// group, the Hoxton Hens", "me and Hamid … still best mates".
func (p *sentCtx) styles4Things() {
	if p.s.Question || p.speaker.Name == "" {
		return
	}
	for _, read := range []func(){p.idiomLikes, p.namedAfterGetting, p.meetPet, p.myGroupNamed, p.stillMates, p.ourMembers, p.calledHimX} {
		read()
	}
}

// calledHimX reads a pet the turn or the speaker's previous turn noted,
// named by a message that drops its "we": "we got a puppy!!" / "called him
// Rolo".
func (p *sentCtx) calledHimX() {
	s := p.s
	if p.newPet == nil || p.newPet.thing {
		return
	}
	for k := 0; k+2 < len(s.Toks); k++ {
		if s.Is(k, "called", "named", "calling", "naming") && s.Is(k+1, "him", "her", "it", "them") && p.speakerAt(k) && !hedgedBefore(s, k) {
			p.namePet(k + 2)
			return
		}
	}
}

// speakerAt reports whether a phrase at k is the speaker's: "I" before it
// (adverbs and "been" between), or nothing but fillers and adverbs before
// it (a dropped "I").
func (p *sentCtx) speakerAt(k int) bool {
	s := p.s
	j := k - 1
	for j >= 0 && (adverbs[s.Norm(j)] || s.Is(j, "been", "really")) {
		j--
	}
	if j >= 0 && s.Norm(j) == "i" {
		return true
	}
	for ; j >= 0; j-- {
		if s.Toks[j].Word && !implicitLead[s.Norm(j)] && !adverbs[s.Norm(j)] {
			return false
		}
	}
	return true
}

// idiomLikes reads "can't get enough of Fontaines D.C.", "i could eat pho
// every day", "been absolutely hooked on bouldering", "addicted to Wordle",
// "big fan of Wet Leg", "I live for brunch", "nothing beats a roast": the
// speaker's likings though the words are a negation, a modal or lack their
// "I".
func (p *sentCtx) idiomLikes() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		start, obj, end := -1, -1, len(s.Toks)
		switch {
		case s.Is(k, "can", "ca") && s.Seq(k+1, "not", "get", "enough", "of"), s.Is(k, "cannot", "cant") && s.Seq(k+1, "get", "enough", "of"):
			start, obj = k, k+5
			if s.Is(k, "cannot", "cant") {
				obj = k + 4
			}
		case s.Seq(k, "could", "eat") || s.Seq(k, "could", "live", "on"):
			start, obj = k, k+2
			if s.Norm(k+1) == "live" {
				obj = k + 3
			}
			e := obj
			for e < len(s.Toks) && s.Toks[e].Word && !s.Is(e, "every", "forever", "all") {
				e++
			}
			if !s.Is(e, "every", "forever", "all") || s.Norm(e) == "all" && !s.Is(e+1, "day", "week") {
				continue // "I could eat a horse"
			}
			end = e
		case s.Norm(k) == "hooked" && s.Norm(k+1) == "on" && !p.hasBe(k), s.Seq(k, "addicted", "to") && !p.hasBe(k):
			start, obj = k, k+2
		case s.Is(k, "big", "huge", "massive") && s.Seq(k+1, "fan", "of"):
			start, obj = k, k+3 // "big fan of Wet Leg tbh"
		case s.Seq(k, "live", "for") && s.Norm(k-1) == "i":
			start, obj = k, k+2 // "I live for brunch"
		case s.Seq(k, "nothing", "beats"):
			start, obj = k, k+2
		default:
			continue
		}
		if end == len(s.Toks) {
			end = obj
			for end < len(s.Toks) && (s.Toks[end].Word || s.Norm(end) == "." && s.Tok(end+1).Cap) && !likeStops[s.Norm(end)] {
				end++ // up to a filler: "Fontaines D.C. rn"
			}
		}
		if !p.speakerAt(start) || hedgedBefore(s, start) || hedgedAfter(s, obj) {
			continue
		}
		for _, in := range p.interests(obj, end) {
			if frameTimeWord(in.value) || in.end+1 < len(s.Toks) && s.Norm(in.end) == "." && s.Toks[in.end+1].Start == s.Toks[in.end].End {
				continue // "Fontaines D.C." cut at its first full stop: no name of its own
			}
			p.liking(p.speaker, in, " likes ", confWeak)
		}
	}
}

// hasBe reports whether "am/is/are" stands just before k (adverbs between):
// the clause patterns read "I'm hooked on X" themselves.
func (p *sentCtx) hasBe(k int) bool {
	j := k - 1
	for j >= 0 && adverbs[p.s.Norm(j)] {
		j--
	}
	return p.s.Is(j, "am", "is", "are", "im")
}

// namedAfterGetting reads "picked up a used Corolla off gumtree, named her
// Doris", "Jonah bought a van and called it Betty": the one who got it owns
// what they named.
func (p *sentCtx) namedAfterGetting() {
	s := p.s
	for j := 3; j+2 < len(s.Toks); j++ {
		if !s.Is(j, "named", "called", "christened") || !s.Is(j+1, "her", "him", "it") {
			continue
		}
		k := j + 2
		if s.Norm(k) == "the" {
			k++
		}
		sp, ok := nameAt(s, k)
		if !ok || s.Toks[sp.to-1].Poss {
			continue
		}
		sp = p.known.typeName(s, sp)
		if sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityOrganization {
			continue
		}
		v, species := -1, ""
		for i := j - 1; i >= 0 && i >= j-10; i-- {
			if petSpecies[s.Norm(i)] {
				species = s.Norm(i)
			}
			if s.Is(i, "bought", "adopted", "rescued") && s.Is(i+1, "a", "an") ||
				s.Seq(i, "picked", "up") && s.Is(i+2, "a", "an") {
				v = i
				break
			}
		}
		if v < 0 || p.tieHedged(v) {
			continue
		}
		owner, ok := p.getterBefore(v)
		if !ok {
			continue
		}
		typ := ontology.EntityConcept
		if species != "" {
			typ = ontology.EntityAnimal
		}
		p.relation(rel{typ: ontology.RelOwns, from: owner, to: ontology.EntityRef{Name: sp.name, Type: typ}, role: species, conf: confWeak, validFrom: p.ts})
	}
}

// getterBefore is who did what the verb at v says: "I"/"we" or nothing
// before it (the speaker), or a person named just before it ("Jonah's
// bought": the "'s" is "has").
func (p *sentCtx) getterBefore(v int) (ontology.EntityRef, bool) {
	s := p.s
	j := v - 1
	for j >= 0 && (adverbs[s.Norm(j)] || s.Is(j, "have", "has", "'ve", "just")) {
		j--
	}
	if j < 0 || s.Is(j, "i", "we") || p.speakerAt(v) {
		return p.speaker, true
	}
	if s.Norm(j) == "is" && strings.HasPrefix(s.Toks[j].Text, "'") {
		j-- // "Jonah's bought"
	}
	person, _, ok := p.personBefore(j + 1)
	if !ok && j >= 0 && s.Toks[j].Poss {
		person, _, ok = p.possAsIs(j + 1)
	}
	return person, ok
}

// animalEmoji are emoji of animals people keep.
var animalEmoji = map[string]bool{"🐶": true, "🐕": true, "🐩": true, "🐱": true, "🐈": true, "🐈‍⬛": true,
	"🐰": true, "🐇": true, "🐹": true, "🐭": true, "🐢": true, "🐍": true, "🦎": true, "🐦": true, "🦜": true,
	"🐠": true, "🐟": true, "🐴": true, "🐎": true, "🐷": true, "🐔": true, "🐥": true, "🦔": true, "🐀": true}

// meetPet reads "meet Pickle 🐢", "say hi to Mochi 🐱": a pet shown by the
// speaker, the emoji saying its kind.
func (p *sentCtx) meetPet() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		n := k + 1
		switch {
		case s.Is(k, "meet", "introducing") && clauseStart(s, k):
		case s.Seq(k, "say", "hi", "to") && clauseStart(s, k):
			n = k + 3
		default:
			continue
		}
		sp, ok := nameAt(s, n)
		if !ok || s.Toks[sp.to-1].Poss || sp.to >= len(s.Toks) || !animalEmoji[s.Toks[sp.to].Text] || p.has(sp.to, len(s.Toks), "owner", "owners") {
			continue // "meet Kit 🐶 and her owner": someone else's
		}
		p.relation(rel{typ: ontology.RelOwns, from: p.speaker, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityAnimal}, conf: confWeak, validFrom: p.ts})
	}
}

// namedGroups are the kinds of group "my X group, the Y" names one belongs
// to; a team or a club is left out ("my team, Arsenal" is a fan's).
var namedGroups = lang.Words(`group choir band orchestra ensemble troupe society`)

// groupVetoes before the kind say the group is not the speaker's own.
var groupVetoes = lang.Words(`favourite favorite fave fav least old ex former kids dad's mum's`)

// myGroupNamed reads "my WI group, the Hoxton Hens, meets on tuesdays", "our
// band, Paper Lanterns, …": MEMBER_OF the name after the comma.
func (p *sentCtx) myGroupNamed() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "my", "our") {
			continue
		}
		g := -1
		for j := k + 1; j <= k+3 && j < len(s.Toks); j++ {
			if !s.Toks[j].Word || s.Toks[j].Poss || groupVetoes[s.Norm(j)] {
				break
			}
			if namedGroups[s.Norm(j)] {
				g = j
				break
			}
		}
		if g < 0 || s.Norm(g+1) != "," || p.tieHedged(k) {
			continue
		}
		n := g + 2
		if s.Norm(n) == "the" {
			n++
		}
		sp, ok := nameAt(s, n)
		if !ok || s.Toks[sp.to-1].Poss || sp.to < len(s.Toks) && s.Toks[sp.to].Word {
			continue // the name must end its apposition: "my band, Paper Lanterns, …"
		}
		if sp = p.known.typeName(s, sp); sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, conf: confWeak, validFrom: p.ts})
	}
}

// stillMates reads "me and Hamid met at a hackathon years ago, still best
// mates": the pair opening the sentence are friends.
func (p *sentCtx) stillMates() {
	s := p.s
	var other ontology.EntityRef
	var ok bool
	switch {
	case s.Is(0, "me", "i") && s.Is(1, "and", "n", "&"):
		other, _, ok = p.personAfter(2)
	default:
		if sp, found := nameAt(s, 0); found && s.Seq(sp.to, "and", "i") {
			other, _, ok = p.personAfter(0)
		}
	}
	if !ok {
		return
	}
	for k := 2; k+1 < len(s.Toks); k++ {
		if s.Norm(k) != "still" {
			continue
		}
		j := k + 1
		if s.Is(j, "best", "good", "close") {
			j++
		}
		if s.Is(j, "mates", "friends", "pals", "buds") && !s.Tok(j+1).Word && !p.tieHedged(k) {
			p.relation(rel{typ: ontology.RelFriendOf, from: p.speaker, to: other, conf: confWeak, validFrom: p.ts})
			return
		}
	}
}

// likeStops end a liking read by idiomLikes: fillers and times after it.
var likeStops = lang.Words(`rn lately atm tbh lol honestly recently these nowadays now every all at the moment haha`)

// readAsPerson reports whether the turn already holds a relation that
// reads name as a person's ("Priya is Lena's manager" gave KNOWS Lena →
// Priya): a frame must not read it as an organisation too.
func (p *sentCtx) readAsPerson(ref ontology.EntityRef) bool {
	n := ontology.NormaliseName(ref.Name)
	for _, r := range p.out.Relations {
		if r.From.Type == ontology.EntityPerson && ontology.NormaliseName(r.From.Name) == n ||
			r.To.Type == ontology.EntityPerson && ontology.NormaliseName(r.To.Name) == n {
			return true
		}
	}
	return false
}
