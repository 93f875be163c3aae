package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A band's line-up said in chat (issue 14, h14-blind7): "me on bass,
// teodora sings, raff on drums", "The Low Tides: Dee – vocals, Marcus –
// guitar, me – drums", "nell joined on trumpet". Each member is read with
// the instrument that says the part; the band is the one named in the
// sentence before the line-up, else the one group the last turns named.

// lineupInstruments are instruments and parts a line-up names, with the
// member role they give.
var lineupInstruments = map[string]string{"vox": "singer", "voice": "singer", "sax": "saxophonist",
	"synth": "keyboardist", "synths": "keyboardist", "trombone": "trombonist", "clarinet": "clarinettist",
	"harmonica": "harmonica player", "banjo": "banjo player", "mandolin": "mandolin player", "fiddle": "fiddler",
	"percussion": "percussionist", "accordion": "accordionist", "harp": "harpist", "viola": "violist", "ukulele": "ukulele player"}

// lineupVerbs say a part with no instrument after them: "teodora sings".
var lineupVerbs = map[string]string{"sings": "singer", "drums": "drummer", "raps": "rapper", "fronts": "singer"}

// bandTalk are words that say a turn speaks of a band or a choir: a
// group named there may own a line-up read in the next turn.
var bandTalk = lang.Words(`band bands choir orchestra ensemble gig gigs rehearsal rehearsals lineup line-up tour
	album ep setlist bandmate bandmates quartet trio`)

// lineupMember is one member of a line-up: who, their part, where.
type lineupMember struct {
	who  ontology.EntityRef
	role string
	at   int
}

// lineUp reads a line-up in the sentence and draws MEMBER_OF for every
// member. One member is enough after "joined" ("nell joined on trumpet");
// otherwise a line-up lists two at least, so that "Dana on guitar" said of
// a jam names no band.
func (p *sentCtx) lineUp() {
	if !p.speakerStatement() {
		return
	}
	s := p.s
	var members []lineupMember
	joined := false
	for k := 0; k < len(s.Toks); k++ {
		if !lineupEntryStart(s, k) {
			continue
		}
		who, e, ok := p.lineupPerson(k)
		if !ok {
			continue
		}
		if s.Is(e, "joined") && s.Is(e+1, "on") {
			joined, e = true, e+1 // "nell joined on trumpet"
		}
		role, next := p.lineupPart(e)
		if role == "" || p.tieHedged(k) {
			continue
		}
		members = append(members, lineupMember{who: who, role: role, at: k})
		k = next - 1
	}
	if len(members) == 0 || len(members) < 2 && !joined && p.lineup == nil {
		return
	}
	group, ok := p.lineupGroup(members[0].at)
	if !ok {
		p.waitForBand(members) // "declan wants a lineup: me on bass, rafa on drums" / "the band is the static orchids"
		return
	}
	p.lineup = &group // "… raff on drums. and quentin does keys now"
	defer p.citeFrom(group.turn)()
	for _, m := range members {
		p.relation(rel{typ: ontology.RelMemberOf, from: m.who, to: group.ref, role: m.role, conf: confWeak, validFrom: p.ts})
	}
}

// lineupEntryStart reports whether a line-up entry may open at k: the
// sentence's start, or after a comma, "and", "+", a colon or a stop.
func lineupEntryStart(s *sentence, k int) bool {
	if !s.Toks[k].Word {
		return false
	}
	j := k - 1
	for j >= 0 && s.Is(j, "and", "then", "plus", "now", "also") {
		j--
	}
	return j < 0 || !s.Toks[j].Word
}

// lineupPerson reads who an entry is about: "me" (the speaker) or a name.
func (p *sentCtx) lineupPerson(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Is(k, "me", "i", "myself") {
		return p.speaker, k + 1, true
	}
	if instrumentRole(s.Norm(k)) != "" {
		return ontology.EntityRef{}, 0, false
	}
	if ref, e, ok := p.person(k); ok {
		return ref, e, true
	}
	if !lowerNameWord(s, k) {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: titleCase(s.Toks[k].Text), Type: ontology.EntityPerson}, k + 1, true
}

// lineupPart reads the part after a member at e: "on bass", "– vocals",
// ": drums", "sings", "does keys", "plays guitar"; the entry must end
// after it. It returns the role and where the entry ends.
func (p *sentCtx) lineupPart(e int) (string, int) {
	s := p.s
	if r := lineupVerbs[s.Norm(e)]; r != "" && p.lineupEntryEnds(e+1) {
		return r, e + 1
	}
	switch {
	case s.Is(e, "on", "does", "plays", "–", "—", "-", ":", "="):
		e++
	default:
		return "", 0
	}
	if s.Is(e, "lead", "backing", "rhythm", "bass") && instrumentRole(s.Norm(e+1)) != "" {
		e++ // "on lead guitar", "backing vocals"
	}
	r := instrumentRole(s.Norm(e))
	if r == "" || !p.lineupEntryEnds(e+1) {
		return "", 0
	}
	return r, e + 1
}

// instrumentRole is the member role an instrument gives, or "".
func instrumentRole(w string) string {
	if r := instruments[w]; r != "" {
		return r
	}
	return lineupInstruments[w]
}

// lineupEntryEnds reports whether an entry ends at k: punctuation, "and",
// a filler, a time or the end.
func (p *sentCtx) lineupEntryEnds(k int) bool {
	s := p.s
	return k >= len(s.Toks) || p.timeAt(k) != nil || !s.Toks[k].Word || s.Is(k, "and", "now", "too", "again", "obviously", "mostly", "btw") || isFiller(s.Norm(k))
}

// lineupGroup finds the band a line-up starting at from belongs to: a
// group named before it in the sentence ("The Low Tides: Dee – vocals"),
// else the one organisation the last two turns named where they spoke of
// a band, else the speaker's own group.
func (p *sentCtx) lineupGroup(from int) (antecedent, bool) {
	if p.lineup != nil {
		return *p.lineup, true
	}
	if !p.bandTalkNear() {
		return p.ourGroupRef()
	}
	return p.groupInFocus(from, bandTurn)
}

// groupInFocus is the group a statement at from speaks of without naming
// it: one named before it in the sentence, else the one organisation the
// last two turns named where fits says they spoke of such a group, else
// the speaker's own group.
func (p *sentCtx) groupInFocus(from int, fits func(text, name string) bool) (antecedent, bool) {
	for _, n := range p.names {
		// A name opening a statement is its subject, a group only where the
		// reading's test fits: "Mags McInnes is the owner" (names_caps.go).
		if n.to <= from && n.typ != ontology.EntityPerson && n.typ != ontology.EntityPlace && !p.disc.isSpeaker(n.name) && !headingWord(p.s, n) &&
			(n.typ != ontology.EntityConcept || !openingStatement(p.s, n) || fits(p.text[p.s.Start:p.s.End], n.name)) {
			return antecedent{ref: ontology.EntityRef{Name: n.name, Type: ontology.EntityOrganization}, turn: p.ids[0]}, true
		}
	}
	if f := p.s.FirstWord(); f >= 0 && f < from {
		// "Tidewater line-up: …", "Kelpie Nine: …": the sentence opens on the band's name
		if sp, ok := nameAt(p.s, f); ok && sp.to < from && !inGazetteer(ontology.NormaliseName(sp.name)) && !headingWord(p.s, sp) &&
			(p.s.Is(sp.to, ":", "line-up", "lineup") || p.s.Seq(sp.to, "line", "-", "up")) {
			return antecedent{ref: ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, turn: p.ids[0]}, true
		}
	}
	var found antecedent
	for i := len(p.disc.mentions) - 1; i >= 0; i-- {
		m := p.disc.mentions[i]
		if m.index < p.disc.index-2 {
			break
		}
		switch {
		case m.ref.Type == ontology.EntityPlace && inGazetteer(m.norm):
			continue // "we played Bristol last night": a place, never the band
		case m.ref.Type == ontology.EntityConcept && frameTimeWord(m.ref.Name):
			continue // "training is back on Saturdays": a day, never the club
		case m.ref.Type != ontology.EntityOrganization && m.ref.Type != ontology.EntityConcept && m.ref.Type != ontology.EntityPlace,
			!fits(p.disc.texts[m.turn], m.ref.Name):
			continue // "who's in Velvet Gutter": typed a place by "in" alone
		}
		if found.ref.Name != "" && ontology.NormaliseName(found.ref.Name) != m.norm {
			return antecedent{}, false // two groups: which one is unsaid
		}
		found = antecedent{ref: ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityOrganization}, turn: m.turn}
	}
	if found.ref.Name != "" {
		return found, true
	}
	return p.ourGroupRef()
}

// headingWords open the lists a club's or a team's notices give: "Results:",
// "Update:", "Reminder:".
var headingWords = lang.Words(`results result update updates news reminder reminders notice notices minutes agenda
	fixtures announcement announcements summary recap`)

// headingWord reports whether the name sp is one common word before a
// colon, a heading that opens a list ("Results: Gaz is our new chair",
// "Update: …"), never the group a title in the list belongs to.
func headingWord(s *sentence, sp span) bool {
	return sp.to-sp.from == 1 && s.Is(sp.to, ":") && (headingWords[s.Norm(sp.from)] || notNameWord(s.Norm(sp.from)))
}

// holdsBandTalk reports whether one of the sentence's words is bandTalk
// (a token's normalised form; bandTurn reads a turn's raw text instead).
func holdsBandTalk(s *sentence) bool {
	for _, t := range s.Toks {
		if bandTalk[t.Norm] {
			return true
		}
	}
	return false
}

// bandTurn reports whether a turn speaks of a band: a band word in it,
// a group word ending the name, or "who's in X".
func bandTurn(text, name string) bool {
	low := strings.ToLower(text)
	for _, w := range strings.FieldsFunc(low, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '-') }) {
		if bandTalk[w] {
			return true
		}
	}
	f := strings.Fields(strings.ToLower(name))
	if len(f) > 0 && groupNouns[f[len(f)-1]] {
		return true
	}
	n := strings.ToLower(name)
	return strings.Contains(low, "who's in "+n) || strings.Contains(low, "who is in "+n) || strings.Contains(low, "whos in "+n) ||
		strings.Contains(low, "who's actually in "+n) || strings.Contains(low, "who's even in "+n)
}

// bandTalkNear reports whether this turn or the two before it speak of a
// band ("line-up", "gig", "band", a name ending in "Choir").
func (p *sentCtx) bandTalkNear() bool {
	if bandTurn(p.text, "") {
		return true
	}
	for i := len(p.disc.mentions) - 1; i >= 0 && p.disc.mentions[i].index >= p.disc.index-2; i-- {
		if m := p.disc.mentions[i]; bandTurn(p.disc.texts[m.turn], m.ref.Name) {
			return true
		}
	}
	for _, t := range p.known.lastBy { // "remind me who's in ur band again": no name, a band word
		if t.index >= p.disc.index-2 && bandTurn(t.full, "") {
			return true
		}
	}
	return false
}

// leaderTitles are the heads of a club, a team or a band, said with no
// "of X" when the group is the one being talked about: "the commodore is
// Birgit", "marcus is basically the bandleader".
var leaderTitles = lang.Words(`commodore captain skipper bandleader band-leader chair chairman chairwoman chairlady chairperson
	president conductor`)

// committeeTitles are the officers of a club's committee other than its
// head: "Gaz is our treasurer", "the secretary is Nkechi".
var committeeTitles = lang.Words(`treasurer secretary`)

// clubTalk are words that say a turn speaks of a club or a team.
var clubTalk = lang.Words(`club team squad side league crew society sailing rowing match season`)

// groupTurn reports whether a turn speaks of a band, a club or a team,
// not as an opponent ("we lost to Hackney FC").
func groupTurn(text, name string) bool {
	low, n := strings.ToLower(text), strings.ToLower(name)
	for _, w := range []string{"to ", "against ", "vs ", "v ", "beat ", "played ", "playing ", "faced ", "supporting "} {
		if strings.Contains(low, w+n) || strings.Contains(low, w+"the "+n) {
			return false
		}
	}
	if bandTurn(text, name) {
		return true
	}
	f := strings.Fields(strings.ToLower(name))
	if len(f) > 0 && sportHeads[f[len(f)-1]] {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if clubTalk[w] {
			return true
		}
	}
	return false
}

// groupLeaderIs reads the head of the group in focus named by title:
// "the commodore is this norwegian woman Birgit", "Marcus is basically the
// bandleader": LEADS, citing the turn that named the group; a member by
// part ("Raff is the drummer"): MEMBER_OF.
func (p *sentCtx) groupLeaderIs() {
	s := p.s
	if s.Question {
		return
	}
	for k := 1; k < len(s.Toks); k++ {
		t := k
		if !s.Is(t-1, "the", "our", "new", "your") {
			continue
		}
		typ, fits := ontology.RelLeads, groupTurn
		switch {
		case memberRoles[s.Norm(t)]:
			typ, fits = ontology.RelMemberOf, bandTurn // "Raff is the drummer"
			if sportRoles[s.Norm(t)] {
				fits = groupTurn
			}
		case committeeTitles[s.Norm(t)]:
			typ = ontology.RelMemberOf // "Gaz is our treasurer"
		}
		if !leaderTitles[s.Norm(t)] && typ == ontology.RelLeads || s.Is(t+1, "of", "at", "for", "in", "'s") {
			continue
		}
		art := t - 1
		if s.Norm(art) == "new" {
			art--
		}
		if !s.Is(art, "the", "our", "your") {
			continue
		}
		var who ontology.EntityRef
		ok := false
		if s.Is(t+1, "is", "'s") { // "the commodore is this norwegian woman Birgit"
			j := t + 2
			for n := 0; n < 4 && j < len(s.Toks) && s.Toks[j].Word && !s.Toks[j].Cap; n++ {
				j++
			}
			var e int
			if who, e, ok = p.person(j); ok && !p.phraseEnds(e, clauseEnd(s, e)) && !s.Is(e, ",") {
				ok = false
			}
		} else if be := p.leaderBe(art); be >= 0 && p.lineupEntryEnds(t+1) { // "marcus is basically the bandleader"
			if who, _, ok = p.personBefore(be); !ok {
				who, _, ok = p.lowerPersonBefore(be)
			}
		}
		if !ok || p.isSpeaker(who) || p.tieHedged(k) {
			continue
		}
		group, found := p.groupInFocus(art, fits)
		if !found || memberRoles[s.Norm(t)] && !roleFits(s.Norm(t), group.ref.Name) || s.Is(art, "your") && !p.isChatGroup(group.ref) {
			continue // "your" is the whole chat's only in its own group's chat: "Sunil is your new chairman!"
		}
		defer p.citeFrom(group.turn)()
		p.relation(rel{typ: typ, from: who, to: group.ref, role: s.Norm(t), conf: confWeak, validFrom: p.ts})
	}
}

// leaderBe returns the index of "is" before the article at art, past
// adverbs ("is basically the", "'s now our"), or -1.
func (p *sentCtx) leaderBe(art int) int {
	j := art - 1
	for j >= 0 && (adverbs[p.s.Norm(j)] || p.s.Is(j, "basically", "officially", "kind", "kinda", "sort", "of", "actually")) {
		j--
	}
	if j >= 1 && p.s.Is(j, "is", "'s") {
		return j
	}
	return -1
}

// lowerPersonBefore reads a lower-case name ending right before e ("marcus
// is the bandleader").
func (p *sentCtx) lowerPersonBefore(e int) (ontology.EntityRef, int, bool) {
	if e < 1 || !clauseOpening(p.s, e-1) {
		return ontology.EntityRef{}, 0, false
	}
	return p.lowerPerson(e - 1)
}

// groupNounsJoined are the groups "joined the X" and "quit the X" speak of
// when one of them is in focus.
var groupNounsJoined = lang.Words(`band choir orchestra team squad club crew`)

// groupJoined reads "Teodora joined the band last month", "Raff quit the
// band", "Benny has left the club": MEMBER_OF the group in focus, ended when left.
func (p *sentCtx) groupJoined() {
	s := p.s
	for v := 1; v+2 < len(s.Toks); v++ {
		if !s.Is(v, "joined", "quit", "left") || s.Norm(v+1) != "the" || !groupNounsJoined[s.Norm(v+2)] || !p.phraseEnds(v+3, clauseEnd(s, v+3)) {
			continue
		}
		subj := v
		for s.Is(subj-1, "has", "'s", "just", "finally", "officially") && subj > 1 {
			subj-- // "Benny has left the club", "kit's just joined the band"
		}
		who, group, ok := p.memberOfFocus(subj, v+2)
		if !ok {
			continue
		}
		r := rel{typ: ontology.RelMemberOf, from: who, to: group.ref, conf: confWeak, validFrom: p.ts}
		if s.Norm(v) != "joined" {
			r.validFrom, r.validUntil = nil, p.ts
		}
		defer p.citeFrom(group.turn)()
		p.relation(r)
	}
}

// memberOfFocus reads who, named before the verb at v, a statement makes
// a member of the group in focus, whose noun ("band", "choir") is at g:
// the person (a name, or a lower-case name opening the clause, not a
// speaker) and the group (groupInFocus).
func (p *sentCtx) memberOfFocus(v, g int) (ontology.EntityRef, antecedent, bool) {
	who, from, ok := p.personBefore(v)
	if !ok {
		who, from, ok = p.lowerPersonBefore(v)
	}
	if !ok || p.isSpeaker(who) || p.tieHedged(v) {
		return ontology.EntityRef{}, antecedent{}, false
	}
	fits := bandTurn
	if !bandTalk[p.s.Norm(g)] {
		fits = groupTurn
	}
	group, found := p.groupInFocus(from, fits) // a group named before the member, never the member
	return who, group, found
}

// ownGroupSaid notes that the speaker spoke of a group of their own in
// other words than "our band": "I'm in a band with my flatmates", "we've
// got a five-a-side team", so that "we're called X" names it.
func (p *sentCtx) ownGroupSaid() {
	s := p.s
	for k := 1; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "a", "an") {
			continue
		}
		in := s.Is(k-1, "in") && (s.Is(k-2, "'m", "am", "'re", "are") && s.Is(k-3, "i", "we") || s.Is(k-2, "i", "we"))
		has := s.Is(k-1, "have", "got", "formed", "started") && (s.Is(k-2, "i", "we", "'ve") || s.Is(k-2, "'ve") && s.Is(k-3, "i", "we"))
		if (in || has) && groupHeadAt(s, k+1) >= 0 {
			p.ourGroup = true
			return
		}
	}
}
