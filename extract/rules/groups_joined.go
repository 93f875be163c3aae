package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of joining and playing in groups: "I joined a rowing crew, the
// Harbour Belles", "they're called Mild Panic FC", "Stevie has signed for
// Clifton Rovers", an audition taken, a part sung or played with a group
// ("singing alto with X", "he's on bass for them now"), and a sports side
// joined or turned out for.

// groupNounAt returns the index of a group noun ("team", "crew", "choir")
// that ends the indefinite phrase opening at k ("a 5 a side team", "a
// rowing crew"), or -1.
func groupNounAt(s *sentence, k int) int {
	if !s.Is(k, "a", "an") {
		return -1
	}
	for j := k + 1; j < k+6 && j < len(s.Toks); j++ {
		t := s.Toks[j]
		if memberHeads[t.Norm] && t.Norm != "gym" && t.Norm != "community" && t.Norm != "network" {
			return j
		}
		if t.Cap || npStops[t.Norm] || t.Norm == "," || t.Norm == "." || faveWords[t.Norm] {
			return -1
		}
	}
	return -1
}

// joinedGroup reads "I joined a rowing crew, the Harbour Belles", "joined a
// five-a-side team called Mild Panic FC": MEMBER_OF the group named after
// its noun. A group joined without a name ("i joined a 5 a side team")
// waits for "they're called X" (groupCalled), in this turn or the
// speaker's next.
func (p *sentCtx) joinedGroup() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "joined") || !firstPersonVerb(s, k) || p.tieHedged(k) {
			continue
		}
		h := groupNounAt(s, k+1)
		if h < 0 {
			continue
		}
		j := h + 1
		switch {
		case s.Is(j, "called", "named"):
			j++
		case s.Norm(j) == "," && s.Norm(j+1) == "the":
			j++
		default:
			p.ourGroup = true
			continue
		}
		group, end, ok := p.namedOrg(j)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".") {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
	}
}

// groupCalled reads "they're called Mild Panic FC", "it's called the
// Harbour Belles" after the speaker joined or spoke of their own group
// ("i joined a 5 a side team", "I'm in a band"): the speaker is a member.
func (p *sentCtx) groupCalled() {
	s := p.s
	if !p.ourGroup {
		return
	}
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "they", "it") || !s.Is(f+1, "'re", "are", "'s", "is") || !s.Is(f+2, "called", "named") {
		return
	}
	group, end, ok := p.namedOrg(f + 3)
	if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",") {
		return
	}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
}

// signedFor reads "Stevie has signed for Clifton Rovers", "gethin now
// sings for Larkspur Voices AND the Bath Male Voice Choir", and "he's
// signed for them" of the organisation just named: MEMBER_OF. The
// speaker's own ("I signed for the parcel"), a thing signed for ("a
// delivery"), a hedge ("might have signed for"), a past ("used to sing
// for") or a person's name after "for" reads nothing.
func (p *sentCtx) signedFor() {
	s := p.s
	for v := 1; v+1 < len(s.Toks); v++ {
		if !s.Is(v, "signed", "sings") || !s.Is(v+1, "for") {
			continue
		}
		if s.Is(v, "signed") && !s.Is(v-1, "has", "is", "just", "officially", "finally", "now", "only") && !s.Tok(v-1).Poss {
			continue // "Stevie signed for the parcel": a delivery, most often
		}
		who, cite, ok := p.memberSubjectBefore(v)
		if !ok {
			continue
		}
		k := v + 2
		if s.Is(k, "them") && p.phraseEnds(k+1, len(s.Toks)) || s.Is(k, "them") && s.Is(k+1, ",", "and", "now", "lol") {
			org, ok := p.orgThem()
			if !ok || p.topicSince(org) {
				continue
			}
			p.relationCitingAll(rel{typ: ontology.RelMemberOf, from: who, to: org.ref, conf: confWeak, validFrom: p.ts}, org.turn, cite)
			return
		}
		defer p.citeFrom(cite)()
		for n := 0; n < 2; n++ {
			group, end, ok := p.groupNamedAt(k)
			if !ok {
				break
			}
			p.relation(rel{typ: ontology.RelMemberOf, from: who, to: group, conf: confWeak, validFrom: p.ts})
			if !s.Is(end, "and", "&") {
				break
			}
			k = end + 1
		}
		return
	}
}

// auditionedTaken reads "auditioned for the Leith Harbour Chorus over
// zoom and they've taken me", "auditioned for the Harbour Singers and i
// got in!!": the speaker is a member of the group. A no ("they didn't
// take me"), a hope ("fingers crossed they take me"), someone else taken
// ("taken Sam", "taken me as a sub for the quiz"), a plan ("if i
// audition") or another's audition ("Sam auditioned") reads nothing.
func (p *sentCtx) auditionedTaken() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "auditioned") || !s.Is(k+1, "for") || !firstPersonVerb(s, k) || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		group, end, ok := p.groupNamedAt(k + 2)
		if !ok {
			continue
		}
		at := takenMe(s, end)
		if at < 0 || p.has(end, at, "not", "n't", "didnt", "didn't", "fingers", "hope", "hoping", "if", "maybe", "might") {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
		return
	}
}

// takenMe returns where the words after the group's name from k say the
// speaker was taken in ("they've taken me", "they took me", "i got in",
// "got in!!"), ending the phrase, or -1.
func takenMe(s *sentence, k int) int {
	for j := k; j < len(s.Toks) && j < k+10; j++ {
		e := -1
		switch {
		case s.Is(j, "taken", "took", "accepted", "picked") && s.Is(j+1, "me"):
			e = j + 2
		case s.Is(j, "got", "get") && s.Is(j+1, "in"):
			e = j + 2
		}
		if e < 0 {
			continue
		}
		if e < len(s.Toks) && s.Toks[e].Word && !s.Is(e, "lol", "omg", "yay") {
			return -1 // "taken me as a sub for the quiz"
		}
		return j
	}
	return -1
}

// partVerbs say one sings or plays a part: "I sing tenor", "been playing bass".
var partVerbs = lang.Words(`sing singing play playing`)

// groupParts are the parts one sings or plays in a group: "singing alto
// with", "playing bass with".
var groupParts = lang.Words(`alto soprano tenor bass baritone guitar drums keys keyboard violin viola cello sax
	trumpet trombone piano fiddle flute clarinet`)

// partWithGroup reads "I've been singing alto with the Hillsborough
// Harmonics", "I sing tenor with the Crookes Chorale": MEMBER_OF for the
// speaker. Singing along, with the radio or an idea (no group's name),
// someone else ("my sister's been singing"), "I sang with X once", a plan
// ("might start singing with"), a question or a negation read nothing.
func (p *sentCtx) partWithGroup() {
	s := p.s
	for v := range wordsIn(s, partVerbs) {
		k := v - 1
		if strings.HasSuffix(s.Norm(v), "ing") {
			if !s.Is(k, "been") || !s.Is(k-1, "'ve", "have") {
				continue
			}
			k -= 2
		}
		if !s.Is(k, "i") || p.negatedBefore(k) || hedgedBefore(s, k) {
			continue
		}
		j, ok := optThen(s, v+1, groupParts, "with")
		if !ok {
			continue
		}
		if !s.Is(j, "the") {
			continue // a group is "the X"; "with Tom" is a person
		}
		org, end, ok := p.org(j)
		if !ok || end < len(s.Toks) && !s.Is(end, ",", ".", "!", "for", "since", "and") {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// sideQualifiers tell a sports side from a team at work: "the women's
// team", "the under 16s squad".
var sideQualifiers = lang.Words(`women womens men mens ladies girls boys youth veterans vets mixed reserve reserves
	first second third sunday saturday under junior juniors senior seniors`)

// sideNouns are the groups one joins to play: "team", "side", "squad".
var sideNouns = lang.Words(`team side squad xi`)

// joinedSideAt reads "ive joined the women's team at Knightswood Albion",
// "Cara has joined the under 16s squad at Drumoyne Athletic": MEMBER_OF.
// "joined the team at Harker Tyres" (a job), a queue joined, a plan
// ("thinking of joining"), a question or someone unnamed reads nothing.
func (p *sentCtx) joinedSideAt() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`joined`)) {
		if !s.Is(v+1, "the") {
			continue
		}
		k, qualified := v+2, false
		for n := 0; n < 3 && k < len(s.Toks) && !sideNouns[s.Norm(k)]; n++ {
			if !sideQualifiers[s.Norm(k)] && !strings.ContainsAny(s.Norm(k), "0123456789") {
				break
			}
			qualified, k = true, k+1
		}
		if !sideNouns[s.Norm(k)] || !qualified && s.Is(k, "team") || !s.Is(k+1, "at", "with", "of") {
			continue
		}
		group, end, ok := p.org(k + 2)
		if ok && p.playerOf(v, group, end) {
			return
		}
	}
}

// turnOutFor reads "me and shuggie still turn out for the Dynamo every
// sunday", "Kev turns out for Govan Rovers": MEMBER_OF, a player. An
// event turned out for ("loads of people turned out for"), "it turned out
// for the best", a hypothetical ("i'd turn out for"), a question or
// "nobody" reads nothing.
func (p *sentCtx) turnOutFor() {
	s := p.s
	for v := range wordsIn(s, turnWords) {
		if !s.Is(v+1, "out") || !s.Is(v+2, "for") {
			continue
		}
		group, end, ok := p.groupNamedAt(v + 3)
		if ok && !s.Tok(end-1).Poss && p.playerOf(v, group, end) {
			return
		}
	}
}

// playerOf emits MEMBER_OF, a player of group (ending at end), for the
// subject of the verb at v, unless the phrase goes on, is sarcastic or
// hedged; it reports whether it did.
func (p *sentCtx) playerOf(v int, group ontology.EntityRef, end int) bool {
	if !orgPhraseEndsAt(p.s, end) || sarcastic(p.text, p.s) || p.hedgedAt(v) {
		return false
	}
	return p.verbSubjectRelation(v, rel{typ: ontology.RelMemberOf, to: group, role: "player", conf: confWeak, validFrom: p.ts})
}

// bandNotVenue reports whether a turn speaks of a band (bandTurn) and name
// is not where it plays: "a gig at the Retreat", "playing the Lyrebird".
func bandNotVenue(text, name string) bool {
	low, n := strings.ToLower(text), strings.ToLower(name)
	for _, w := range []string{"at ", "playing ", "played ", "play ", "in "} {
		if strings.Contains(low, w+n) || strings.Contains(low, w+"the "+n) {
			return false
		}
	}
	return bandTurn(text, name)
}

// bandPartVerbs say a part played in a band, before "for them" or "with us":
// "drumming for them", "playing bass with us", "singing for them".
var bandPartVerbs = map[string]string{"drumming": "drummer", "drums": "drummer", "singing": "singer", "sings": "singer"}

// partForThem reads "yeah he's on bass for them now" (them: the band just
// named), "i'm drumming for them again", "he's playing bass with us now"
// (us: the speaker's band): MEMBER_OF, the part as role. The group must be
// one band in focus (bandTurn) or the speaker's one group; a gig played
// for them ("we played for them"), a favour ("doing the sound for them"),
// a hedge ("might be drumming for them"), a past ("used to play for them")
// or a question reads nothing.
func (p *sentCtx) partForThem() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "for", "with") || !s.Is(k+1, "them", "us") {
			continue
		}
		v, role, ok := partBefore(s, k)
		if !ok {
			continue
		}
		if p.reachedBy(v, "used", "if", "would", "might", "could") {
			continue
		}
		member, cite, ok := p.verbSubject(v)
		if !ok || s.Is(k+1, "us") && p.isSpeaker(member) {
			continue
		}
		var group antecedent
		if s.Is(k+1, "us") {
			group, ok = p.ourGroupRef()
		} else {
			// the band in focus, never the member himself nor a venue
			group, ok = p.groupInFocus(v, func(text, name string) bool {
				return ontology.NormaliseName(name) != ontology.NormaliseName(member.Name) && bandNotVenue(text, name)
			})
		}
		if !ok {
			continue
		}
		p.relationCitingAll(rel{typ: ontology.RelMemberOf, from: member, to: group.ref, role: role, conf: confWeak, validFrom: p.ts}, cite, group.turn)
		return
	}
}

// partBefore reads the part played right before "for"/"with" at k: "on
// bass", "playing bass", "drumming", with the role it gives, and where its
// verb phrase starts (the subject is before it).
func partBefore(s *sentence, k int) (int, string, bool) {
	j := k - 1
	if role, ok := instruments[s.Norm(j)]; ok && s.Is(j-1, "on", "playing", "plays") {
		return j - 1, role, true // "he's on bass for them", "he's playing bass with us"
	}
	if role, ok := bandPartVerbs[s.Norm(j)]; ok {
		return j, role, true // "i'm drumming for them"
	}
	return 0, "", false
}

// ownSignedFor reads the speaker's own signing for a team, said with or
// without "I": "signed for meanwood albion in the end", "I've signed for
// Clifton Rovers": MEMBER_OF. The team's name must end in a group word
// ("Albion", "Rovers", "FC"): "signed for the parcel", "signed for
// Tom's delivery" read nothing, nor a hedge, a question or a reply
// about someone else ("what's Tom up to?" / "signed for Rovers").
func (p *sentCtx) ownSignedFor() {
	s := p.s
	v := afterLeads(s)
	for s.Is(v, "i", "'ve", "have", "ive", "just", "finally", "officially", "only") {
		v++
	}
	if v < 0 || !s.Is(v, "signed") || !s.Is(v+1, "for") || !firstPersonSubject(s, v) || s.Question ||
		p.tieHedged(v) || p.replyAboutOther() {
		return
	}
	k := v + 2
	if s.Is(k, "the") {
		k++
	}
	end := k
	for end < len(s.Toks) && end < k+4 && s.Toks[end].Word && !groupHeads[s.Norm(end)] && isLetterWord(s.Toks[end].Text) && !notNameWord(s.Norm(end)) {
		end++
	}
	if end == k || !groupHeads[s.Norm(end)] {
		return
	}
	end++
	for end < len(s.Toks) && s.Toks[end].Word && groupHeads[s.Norm(end)] {
		end++ // "Hollybank Rovers FC"
	}
	group := ontology.EntityRef{Name: joinText(s, k, end), Type: ontology.EntityOrganization}
	if !s.Toks[k].Cap {
		group.Name = titleCase(group.Name)
	}
	p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
}
