package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// The speaker's office in a group and home said without "I" (h14-elided26).

// roleFragment reads a turn that opens on the speaker's office in a
// group, the "I'm" left out (h14-elided26): "treasurer of the Orienteering
// Soc now", "new captain of Hollybank Rovers!!", "drummer for Static Halo
// these days": read as "I'm the …", whose readings say MEMBER_OF or LEADS.
// Only the turn's first sentence is read (after a reaction: "yep!
// treasurer at the soc"). A reply to a question about someone else
// ("what's Tom up to?", "who's the new captain?"), a question, or an
// office that is the subject of a verb ("treasurer of the soc has quit")
// reads nothing.
func (c *turnCtx) roleFragment(t ontology.Turn) {
	if c.answered || c.disc == nil || c.speaker.Name == "" {
		return
	}
	d := c.disc
	if n := len(d.order); n >= 2 && d.speakerOf[d.order[n-2]] != t.Speaker &&
		(d.askedAfterOther(d.texts[d.order[n-2]], t.Speaker) || c.known.askedWhoJustBefore(t.Speaker)) {
		return
	}
	sents := c.sentencesOf(t.Text)
	i := 0
	if len(sents) > 1 && reactionOnly(&sents[0]) {
		i = 1
	}
	if i >= len(sents) {
		return
	}
	s := &sents[i]
	k := afterLeads(s)
	if s.Is(k, "the") {
		k++
	}
	if s.Is(k, "new") {
		k++
	}
	if s.Question || k < 0 || !officeWord(s.Norm(k)) || !s.Is(k+1, "of", "at", "for") {
		return
	}
	for j := k + 2; j < len(s.Toks); j++ {
		if n := s.Norm(j); subjectVerbs[n] || reportVerbs[n] || thirdSingular[n] != "" || n == "has" {
			return // "treasurer of the soc has quit": the office is the subject
		}
	}
	of := " of "
	if s.Is(k+1, "for") {
		of = " for "
	}
	rest := strings.TrimSpace(t.Text[s.Toks[k+2].Start:s.End])
	c.readAs(t, "I'm the "+strings.TrimSpace(t.Text[s.Toks[k].Start:s.Toks[k].End])+of+rest+".")
}

// officeWord reports whether w is an office one holds in a group: a
// committee post, a leader's title or a band's part.
func officeWord(w string) bool {
	return groupRoles[w] || groupLeadPosts[w] || bandRoles[w]
}

// homeFragment reads a sentence that opens on the speaker's home and its
// place, the verb left out: "Flat in Hinjewadi with two colleagues"
// (answering "where are you staying?"), "new flat in Leith!!": LIVES_IN.
// A reply about someone else ("where's Tom living?"), a question, a hedge,
// a home for sale or to let, or a home that is the subject of a verb
// ("flat in Leith is tiny") reads nothing.
func (p *sentCtx) homeFragment() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || s.Start > 0 || s.Question || p.speaker.Name == "" || p.answerHolds() || p.replyAboutOther() || p.askedOfOther() || p.askedWho() {
		return
	}
	if s.Is(f, "new") {
		f++ // "my flat in Hackney" is myHome's (patterns_my_ties.go)
	}
	if !homeNouns[s.Norm(f)] || !s.Is(f+1, "in") {
		return
	}
	place, end, conf, ok := p.place(f + 2)
	if !ok || conf < confStrong && !s.Tok(f+2).Cap {
		return
	}
	if !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "with", "now", "!", ".", "finally", "lol") {
		return
	}
	for j := end; j < len(s.Toks); j++ {
		if n := s.Norm(j); subjectVerbs[n] || n == "sale" || n == "rent" || n == "let" || hedgeOpening(s, j) != "" {
			return // "flat in Leith is tiny", "flat in Leith for sale"
		}
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
}

// askedWho reports whether the turn just before, another speaker's, asks
// "who…?": a fragment answering it names someone else's ("who's got a
// spare room?" / "flat in Leith, ask jo").
func (p *sentCtx) askedWho() bool {
	_, text, ok := p.otherPrevious()
	w := strings.Fields(strings.ToLower(text))
	return ok && strings.Contains(text, "?") && len(w) > 0 && whoWords[strings.Trim(w[0], "?!.,")]
}
