package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Leaders named in apposition or stepping down, a named venue in a town,
// and a name given and then its tie in two fragments (h14-blind14).

// apposLeader reads "Big Col, the landlord of the Tipsy Heron, is sound",
// "ask Meg, the captain at Harbour Athletic": LEADS, the title as role.
// An old or former title, someone else's ("the landlord's son"), a title
// that leads nothing ("the biggest fan of"), a place ("the mayor of
// Leeds") or a question reads nothing.
func (p *sentCtx) apposLeader() {
	s := p.s
	for c := range phraseAt(s, 1, 4, ",", "the") {
		r := optional(s, c+2, "new")
		if !leadRoles[s.Norm(r)] || s.Tok(r).Poss || !s.Is(r+1, "of", "at") || p.tieHedged(r) || p.hedgedAt(r) {
			continue
		}
		org, end, ok := p.org(r + 2)
		if !ok || inGazetteer(ontology.NormaliseName(org.Name)) || p.disc.typedPerson(org.Name) || !s.Is(end, ",") && !p.phraseEnds(end, len(s.Toks)) {
			continue
		}
		who, ok := p.nameEndingAt(c)
		if !ok || !personLike(who.typ) || p.disc.isSpeaker(who.name) || s.Tok(c-1).Poss {
			continue
		}
		p.relation(rel{typ: ontology.RelLeads, from: ontology.EntityRef{Name: who.name, Type: ontology.EntityPerson}, to: org,
			role: s.Norm(r), conf: confWeak, validFrom: p.ts})
		return
	}
}

// stepDownOccasions end the name of a meeting one steps down at, not a
// group ("at the AGM", "at the end of season").
var stepDownOccasions = lang.Words(`agm egm meeting meetings end dinner party`)

// stepDownEnds may follow the group one steps down from ("… of Inter
// Mulligan after 4 yrs").
var stepDownEnds = lang.Words(`after , and this next at`)

// steppingDown reads "Ollie's stepping down as captain of Inter Mulligan
// after 4 yrs": LEADS, ended; "I have stepped down as Treasurer at Masjid
// Noor": MEMBER_OF with the post as role, ended. A hedge ("might be"), a no ("isn't") or the
// speaker reads nothing; without "of" and a name, the group is the
// speaker's or the chat's own (steppingDownFromOurs).
func (p *sentCtx) steppingDown() {
	s := p.s
	for v := 1; v+5 < len(s.Toks); v++ {
		if !s.Is(v, "stepping", "stepped") || !s.Is(v+1, "down") || !s.Is(v+2, "as") {
			continue
		}
		r := v + 3
		member := groupMemberPosts[s.Norm(r)] // "stepped down as Treasurer at Masjid Noor": a post held in it
		if !leadRoles[s.Norm(r)] && !member {
			continue
		}
		// "at" names a club's post ("as chair at Hove Rowing Club"), not a job's ("as manager at Tesco")
		at := s.Is(r+1, "at") && (member || groupLeadPosts[s.Norm(r)])
		if !s.Is(r+1, "of") && !at {
			if !member {
				p.steppingDownFromOurs(v, r) // "I'm stepping down as chair after six years"
			}
			continue
		}
		org, end, ok := p.org(r + 2)
		if !ok || inGazetteer(ontology.NormaliseName(org.Name)) || !p.phraseEnds(end, len(s.Toks)) && !stepDownEnds[s.Norm(end)] {
			continue
		}
		if at && stepDownOccasions[strings.ToLower(lastWord(org.Name))] {
			continue // "stepping down as chair at the AGM": when, not where
		}
		typ := ontology.RelLeads
		if member {
			typ = ontology.RelMemberOf
		}
		r0 := rel{typ: typ, to: org, role: s.Norm(r), conf: confWeak, validUntil: p.ts}
		if p.speaker.Name != "" && p.iSteppedDown(v) {
			r0.from = p.speaker // "I have also stepped down as Treasurer at Masjid Noor"
			p.relation(r0)
			return
		}
		if p.subjectRelation(v, r0) {
			return
		}
	}
}

// iSteppedDown reports whether "I" is the subject of the step down at v,
// past "have", "'ve", "am" or an adverb ("I have also stepped down", "I'm
// finally stepping down"), with no hedge or condition before it.
func (p *sentCtx) iSteppedDown(v int) bool {
	s := p.s
	j := v - 1
	for j >= 0 && (subjectSkips[s.Norm(j)] || s.Is(j, "have", "'ve", "am", "'m", "also")) {
		j--
	}
	return j >= 0 && s.Is(j, "i", "ive", "im") && !p.tieHedged(v) && !p.hedgedAt(v) && !p.reachedBy(v, "if", "when", "would", "might")
}

// steppingDownFromOurs reads a head stepping down with no group named,
// "I'm stepping down as chair after six years": LEADS of the speaker's
// group or the chat's own (ourGroupRef), ended. The role must end the
// clause; a chat with no one group reads nothing.
func (p *sentCtx) steppingDownFromOurs(v, r int) {
	s := p.s
	if !leaderTitles[s.Norm(r)] && !s.Is(r, "coach", "leader") || !p.phraseEnds(r+1, len(s.Toks)) && !stepDownEnds[s.Norm(r+1)] {
		return // "stepping down as manager": a job, not the chat's group
	}
	group, ok := p.ourGroupRef()
	if !ok || p.hedgedAt(v) || p.tieHedged(v) {
		return
	}
	defer p.citeFrom(group.turn)()
	r0 := rel{typ: ontology.RelLeads, to: group.ref, role: s.Norm(r), conf: confWeak, validUntil: p.ts}
	if s.Is(v-1, "'m", "am") && s.Is(v-2, "i") || s.Is(v-1, "i") {
		r0.from = p.self() // "I'm stepping down as chair"
		p.relation(r0)
		return
	}
	who, cite, ok := p.memberSubjectBefore(v)
	if !ok || strings.Contains(ontology.NormaliseName(who.Name), ontology.NormaliseName(group.ref.Name)) {
		return // "he" read as the group's own name
	}
	r0.from = who
	p.relationCitingAll(r0, cite)
}

// eventHeads end the name of an event, not of a venue ("the Christmas
// Party", "the Olympics").
var eventHeads = lang.Words(`party parties olympics games cup final finals festival fest gig concert show wedding
	conference match marathon race fair awards ball`)

// atTheNamedIn reads "concert is sat 10th oct at the Old Malthouse in
// Frome": the venue named after "at the" is in the place (LOCATED_IN). An
// event ("the Christmas Party in Leeds"), a time ("in March", "in an
// hour"), a person's home ("at Sam's") or a name typed a person reads
// nothing.
func (p *sentCtx) atTheNamedIn() {
	s := p.s
	for k := 0; k+4 < len(s.Toks); k++ {
		if !s.Is(k, "at") || !s.Is(k+1, "the") || !s.Tok(k+2).Cap {
			continue
		}
		sp, ok := p.nameStartingAt(k + 2)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss || !s.Is(sp.to, "in") {
			continue
		}
		low := strings.Fields(strings.ToLower(sp.name))
		if len(low) == 0 || eventHeads[low[len(low)-1]] || occasions[low[0]] || p.disc.typedPerson(sp.name) {
			continue
		}
		if p.timeAt(sp.to+1) != nil {
			continue
		}
		place, end, _, ok := p.place(sp.to + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "on", "at", "for", "this", "next") {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
		return
	}
}

// nameThenTie reads a name given in answer to another speaker's question
// and its tie in the next fragment: "what's his name for the list" (a
// question without its mark) /
// "Tobias. my brother 😅" reads as "My brother is Tobias." A tie that goes
// on into a clause ("my brother says hi"), someone else's ("my brother's
// mate"), a question, or no question before reads nothing. The fragments
// may be two messages of the answer's speaker ("Tobias." / "my brother
// 😅"), nothing between and within burstGap.
func (c *turnCtx) nameThenTie(t ontology.Turn, prev *prevTurn) {
	if prev == nil || len(t.Text) > 60 || !strings.Contains(strings.ToLower(t.Text), "my ") || strings.Contains(t.Text, "?") {
		return // the string tests first: most turns are no name and tie
	}
	sents := c.sentencesOf(t.Text)
	if prev.speaker == t.Speaker {
		asked, ok := c.known.replied[prev.turn]
		if !ok || c.disc.index-prev.index != 1 || len(sents) != 1 || prev.at != nil && t.Timestamp != nil && t.Timestamp.Sub(*prev.at) > burstGap {
			return
		}
		named, _, ok := oneSentence(prev.full)
		if ok && asksForName(asked) {
			c.readTie(t, named, &sents[0], prev.full, prev.turn)
		}
		return
	}
	if !asksForName(*prev) || len(sents) != 2 {
		return
	}
	c.readTie(t, &sents[0], &sents[1], t.Text)
}

// asksForName reports whether a turn asked something of another speaker
// a name answers: a question, or a line about a name.
func asksForName(p prevTurn) bool {
	return p.question || strings.Contains(strings.ToLower(p.last), "name")
}

// readTie reads a, a name alone (of text aText), and b, "my" and a tie
// alone, as "My <tie> is <name>.", citing cites too.
func (c *turnCtx) readTie(t ontology.Turn, a, b *sentence, aText string, cites ...string) {
	words := 0
	for _, tk := range a.Toks {
		if tk.Word {
			words++
		}
	}
	f := a.FirstWord()
	if f < 0 || words != 1 || !a.Toks[f].Cap || a.Toks[f].Poss || commonWords[a.Norm(f)] || englishWords[a.Norm(f)] {
		return
	}
	g := b.FirstWord()
	if g < 0 || !b.Is(g, "my") {
		return
	}
	k := g + 1
	if roleAdjectives[b.Norm(k)] {
		k++
	}
	if _, ok := roleWords[b.Norm(k)]; !ok || b.Tok(k).Poss {
		return
	}
	for j := k + 1; j < len(b.Toks); j++ {
		if b.Toks[j].Word && !b.Is(j, "lol", "haha", "lmao") {
			return
		}
	}
	c.readAs(t, "My "+t.Text[b.Toks[g+1].Start:b.Toks[k].End]+" is "+aText[a.Toks[f].Start:a.Toks[f].End]+".", cites...)
}
