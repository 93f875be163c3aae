package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A move whose destination was said before the move (h14-blind8): "we got
// a place in Easton, moving on the 1st", "i got the flat" / "the one in
// leith!!!" / … / "moving in on the 1st", "The brewery? In Cork?" / "ya.
// moving down in oct".

// moveParticles may follow "moving" when the destination is not said.
var moveParticles = map[string]bool{"in": true, "down": true, "over": true, "up": true, "there": true}

// homeInRE finds a home said to be in a place ("a place in Easton", "the
// one in leith", "flat in Leith") or a place asked as a bare fragment ("In
// Cork?"); the place's name follows.
var homeInRE = regexp.MustCompile(`(?i)(?:\b(?:place|flat|house|room|apartment|one|cottage|houseshare)\s+in\s+(?:the\s+)?|(?:^|[.?!]\s*)in\s+)$`)

// movingThere reads "moving (in|down) <time>" said by the speaker with no
// destination: MOVED_TO the home named in this sentence or the last
// turns. A move with its own destination, someone else's, a plan or a
// question are read elsewhere or not at all.
func (p *sentCtx) movingThere() {
	s := p.s
	for k := 0; k+1 < len(s.Toks); k++ {
		if !s.Is(k, "moving") || !p.firstPersonMove(k) || p.hedgedAt(k) {
			continue
		}
		j := k + 1
		if moveParticles[s.Norm(j)] && !p.whenSoon(j) {
			j++
		}
		if !p.whenSoon(j) || p.has(0, len(s.Toks), reportedWords...) || p.has(j, len(s.Toks), "to", "into") {
			continue // "…, he says"; "moving on the 1st to a new job"
		}
		place, cite, ok := p.homeNamed(k)
		if !ok {
			continue
		}
		defer p.citeFrom(cite)()
		p.relation(rel{typ: ontology.RelMovedTo, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
		if other, from, ok := p.movesWithMe(k); ok && !p.isSpeaker(other) {
			if from != "" {
				p.cite = union(p.cite, []string{from})
			}
			p.relation(rel{typ: ontology.RelMovedTo, from: other, to: place, conf: confWeak, validFrom: p.ts})
		}
		return
	}
}

// firstPersonMove reports whether "moving" at k is the speaker's: the
// sentence opens on it, or "I'm", "im", "we're" or "me n X," stand before.
func (p *sentCtx) firstPersonMove(k int) bool {
	s := p.s
	if afterLeads(s) == k {
		return true
	}
	if imBefore(s, k) || s.Is(k-1, "are", "'re") && s.Is(k-2, "we") {
		return true
	}
	// "we got a place in Easton, moving on the 1st", "yep me n callum,
	// moving in on the 1st"
	return s.Is(k-1, ",") && s.Is(afterLeads(s), "me", "i", "we", "im")
}

// whenSoon reports whether a time a move is set for stands at j: one the
// time reader found, or a chat's "on the 1st", "in oct", "next month",
// "end of the month".
func (p *sentCtx) whenSoon(j int) bool {
	s := p.s
	if p.timeAt(j) != nil {
		return true
	}
	_, month := lang.Months[s.Norm(j+1)]
	month = month || monthShort[s.Norm(j+1)]
	switch {
	case s.Is(j, "on") && s.Is(j+1, "the") && ordinalWord(s.Norm(j+2)):
		return true
	case s.Is(j, "in") && month, s.Is(j, "next") && s.Is(j+1, "week", "month", "year", "weekend"):
		return true
	case s.Is(j, "end") && s.Is(j+1, "of"):
		return true
	}
	return false
}

// othersHomeRE finds a home owned by someone named before it: "ur mum's
// place in", "his flat in", "their house in".
var othersHomeRE = regexp.MustCompile(`(?i)(?:\b(?:his|her|their)|\p{L}'s)\s+(?:new\s+|old\s+)?(?:place|flat|house|room|apartment|one|cottage|houseshare)\s+in\s+(?:the\s+)?$`)

// othersHome reports whether the text before a place names a home that is
// someone else's.
func othersHome(before string) bool { return othersHomeRE.MatchString(before) }

// homeStay reports whether a home's turn speaks of a stay: "we stayed in
// a cottage in Wales", "a hotel in Leeds".
func homeStay(text string) bool {
	return holdsAny(text, "stayed", "staying", "holiday", "trip", "hotel", "airbnb", "visiting", "visit")
}

// monthShort are months as chats shorten them ("in oct").
var monthShort = lang.Words(`jan feb mar apr jun jul aug sep sept oct nov dec`)

// ordinalWord reports a day of the month written as an ordinal: "1st",
// "22nd", "third".
func ordinalWord(w string) bool {
	if strings.HasSuffix(w, "st") || strings.HasSuffix(w, "nd") || strings.HasSuffix(w, "rd") || strings.HasSuffix(w, "th") {
		d := strings.TrimRight(w, "stndrh")
		return d != "" && strings.Trim(d, "0123456789") == "" || w == "first" || w == "second" || w == "third" || w == "fourth" || w == "fifth"
	}
	return false
}

// homeNamed finds the place of a home named before "moving" at k: in
// the sentence ("a place in Easton"), else in the conversation's last
// turns, most recent first.
func (p *sentCtx) homeNamed(k int) (ontology.EntityRef, string, bool) {
	d := p.disc
	if d.thirdPartyOpening(p.text[p.s.Start:]) {
		return ontology.EntityRef{}, "", false // "dev got a place in Easton, moving in on the 1st"
	}
	return p.recentPlace(k, func(n span) bool { return homeInRE.MatchString(p.text[:p.s.Toks[n.from].Start]) }, func(m mention) bool {
		if m.ref.Type != ontology.EntityPlace && !(m.ref.Type == ontology.EntityConcept && inGazetteer(m.norm)) {
			return false
		}
		text := d.texts[m.turn]
		at := strings.Index(strings.ToLower(text), strings.ToLower(m.ref.Name))
		if at < 0 {
			return false
		}
		if other := d.speakerOf[m.turn] != p.speaker.Name; other && (!strings.Contains(text, "?") || d.answeredByAnother(m.turn, p.speaker.Name)) ||
			homeStay(text) || visitText(text) || d.thirdPartyOpening(text) ||
			othersHome(text[:at]) {
			return false // another's home said as news, a stay, someone else's flat
		}
		return homeInRE.MatchString(text[:at])
	})
}

// answeredByAnother reports whether, since turn (a question), a third
// speaker, neither its asker nor speaker, has spoken: the question was
// theirs to answer ("grünwerk as in the recycling people? in hamburg?" /
// "yep hamburg" / "moving end of may, flights booked": no move to
// Hamburg).
func (d *discourse) answeredByAnother(turn, speaker string) bool {
	asker := d.speakerOf[turn]
	for i := len(d.order) - 1; i >= 0; i-- {
		if d.order[i] != turn {
			continue
		}
		for _, id := range d.order[i+1 : len(d.order)-1] {
			if who := d.speakerOf[id]; who != asker && who != speaker {
				return true
			}
		}
		return false
	}
	return false
}
