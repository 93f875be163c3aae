package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind25's whole conversations, written blind to the
// extractor (a Sunday-league team's players and partners, two university
// friends' DMs in voice-note transcriptions, an allotment committee):
// retiring to a place, a group one quits by the short name the
// conversation gave it, what "have quit" or "have left" leaves too unsure
// to be a job, a post said in passing ("as captain of X, I …"). "I've quit
// X" and "she's left X" themselves are read by left (patterns_org.go) once
// the clause takes "quit" and "left" as participles (clause.go).

// retiredTo reads "retired to X" as a move to X (MOVED_TO): in British
// chat it names the place someone moved to on retiring ("Terry's retired to
// Anglesey with his wife", "I retired to Cornwall last year"). The clause's
// subject, tense, negation and hedges are read by move, as for "moved to
// X"; only "to" right after the verb counts, so "retired from Haldane"
// (a job ended) draws no move, and "retired to bed" names no place.
func (p *sentCtx) retiredTo(cl clause) {
	if p.s.Norm(cl.verb+1) != "to" {
		return
	}
	p.move(cl)
}

// leftOwnGroup reads "quit X" or "left X" where X is a group the subject
// was read joining earlier in the conversation, by the name read then ("i
// joined the Lindy Hop society" … "i've quit lindy hop btw", the name
// with or without its group noun): MEMBER_OF ended, not a job left. Only
// the speaker's own groups are kept (noteGroup), so the subject must be
// the speaker.
func (p *sentCtx) leftOwnGroup(k int) bool {
	if p.subj.Name != "" || p.disc.groups == nil {
		return false
	}
	sp, ok := p.typed(k)
	if !ok {
		return false
	}
	n := ontology.NormaliseName(sp.name)
	for _, g := range p.disc.groups[ontology.NormaliseName(p.speaker.Name)] {
		gn := ontology.NormaliseName(g.ref.Name)
		head := strings.TrimPrefix(gn, n+" ")
		if gn != n && (head == gn || strings.Contains(head, " ") || !endsInGroupHead(gn)) {
			continue // neither the group's name nor it without its head noun ("Lindy Hop society")
		}
		defer p.citeFrom(g.turn)()
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: g.ref, conf: confWeak, validUntil: p.ts})
		return true
	}
	return false
}

// haveLeftUnsure reports whether "have quit X" or "have left X" from k to
// end is too unsure to be a job left: X with no organisation word in it
// and either written in lower case throughout ("i've quit salsa", "i've
// quit lindy hop btw": a pastime or a group as often as an employer, and a
// group joined in an earlier session is stored as an organisation like any
// employer) or typed an organisation by no strong cue or earlier turn
// ("I've left the Quorra", a choir). A lower-case name is sure when the
// conversation typed it an organisation before ("i work at foxtons" …
// "ive left foxtons") or, the speaker leaving, when it is no word of the
// language (lowerNameNoWord): "he's left hexwell" of a pronoun leans on a
// resolution a name no turn typed cannot check. Only the perfect tense, which
// h14-blind25 opened to left, is held back: "i quit grindstone" and "I
// left the Quorra" read as before.
func (p *sentCtx) haveLeftUnsure(cl clause, k, end int) bool {
	if !cl.have {
		return false
	}
	s := p.s
	lower := true
	for i := k; i < end; i++ {
		t := s.Tok(i)
		if !t.Word {
			continue
		}
		if orgCues[t.Norm] || t.Start >= len(p.text) {
			return false // "i've quit brennan foods"
		}
		if r := []rune(p.text[t.Start:t.End]); len(r) == 0 || !unicode.IsLower(r[0]) {
			lower = false // as written: a lower-case slot may have capitalised it
		}
	}
	sp, ok := p.typed(k)
	if lower {
		if wordIn(p.text, leftForTheDay) {
			return true // "ive left foxtons, going home": the building, for the day
		}
		return !ok || !p.disc.typedAs(sp.name, ontology.EntityOrganization) && !(p.isSpeaker(p.self()) && p.lowerNameNoWord(k, end))
	}
	return !ok || !p.orgConfirmed(sp)
}

// leftForTheDay, in the turn, make a lower-case place left the building
// one goes home from, not a job: "ive left foxtons, heading home".
var leftForTheDay = lang.Words(`home tonight`)

// lowerNameNoWord reports whether the lower-case name from k to end is no
// word of the language ("ive left foxtons", "ive quit wexlers"): every word
// of it out of the word lists, none a pastime's -ing word ("quit vaping"),
// an app one quits as a habit ("quit hinge") or the name of a person. A
// name of common words ("left the house", "quit smoking") or a place is
// not read; "have quit X" of such a name is a job left as often as not.
func (p *sentCtx) lowerNameNoWord(k, end int) bool {
	s := p.s
	if end-k > 2 || end <= k {
		return false
	}
	for i := k; i < end; i++ {
		if !s.Toks[i].Word || s.Toks[i].Poss || !unknownNorm(s.Norm(i)) || strings.HasSuffix(s.Norm(i), "ing") || quitApps[s.Norm(i)] {
			return false
		}
	}
	return true
}

// asPostOf reads a post the speaker holds, said in passing before the
// rest of the sentence: "as captain of hollybank rovers i'm taking that as
// a compliment", "As treasurer of the Hove Players, I have news",
// "speaking as chair of the Fernlea Road Allotments Association": LEADS
// for a chair, a captain or a president, MEMBER_OF with the post as role
// for a vice chair, a treasurer or a secretary (groupPost, leads_posts.go).
// The phrase opens the sentence and the sentence goes on with "I" (or the
// phrase follows "speaking" or "writing"). A hedge ("if I was captain
// of"), a question, a post of someone else ("as captain of Rovers, Dean
// …"), a job title or a group with no name reads nothing.
func (p *sentCtx) asPostOf() {
	s := p.s
	k := afterLeads(s)
	if k < 0 {
		return
	}
	speaking := s.Is(k, "speaking", "writing")
	if speaking {
		k++
	}
	if !s.Is(k, "as") {
		return
	}
	post, leads, end, ok := groupPost(s, k+1)
	if !ok || !s.Is(end, "of", "for") {
		return
	}
	org, oe, ok := p.groupNamedAt(end + 1)
	if !ok {
		return
	}
	j := oe
	if s.Is(j, ",") {
		j++
	}
	if !speaking && !s.Is(j, "i", "im") || p.hedgedAt(j) || p.negatedBefore(j) {
		return
	}
	r := rel{typ: ontology.RelMemberOf, from: p.speaker, to: org, role: post, conf: confWeak, validFrom: p.ts}
	if leads {
		r.typ = ontology.RelLeads
	}
	p.relation(r)
}

// blind25Readings are this file's readings run over every sentence, each
// when the sentence holds one of its words.
var blind25Readings = []sentenceReading{
	{lang.Words(`as`), (*sentCtx).asPostOf},
}
