package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// seeingSomeoneRE finds the speaker saying they are seeing or dating
// someone not yet named: "i've been seeing someone 🙈", "I'm dating this
// guy". What follows must not make it an appointment ("seeing someone
// about my back").
var seeingSomeoneRE = regexp.MustCompile(`(?i)\b(?:i'?ve been|i have been|i'?m|i am|im)\s+(?:seeing|dating)\s+(?:someone|somebody|a guy|a girl|this guy|this girl|a man|a woman)\b`)

// seeingHedges, in the sentence that says it, make "seeing someone" no
// statement: "I'm not seeing anyone", "might be seeing someone".
var seeingHedges = []string{"not", "n't", "might", "maybe", "never", "want", "wish", "thinking", "would", "if", "should", "could"}

// seeingSomeoneNamed reads "his name is arjun", "her name's Noor", "he's
// called Tom" right after the speaker said they have been seeing someone
// (this turn or their last ones): PARTNER_OF. Someone else seeing someone,
// an appointment ("seeing someone about my back"), a hedge, another
// speaker's "his name is", or a name given many turns later reads nothing.
func (p *sentCtx) seeingSomeoneNamed() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	k := f
	switch {
	case s.Is(k, "his", "her", "their") && s.Is(k+1, "name") && s.Is(k+2, "is"):
		k += 3
	case s.Is(k, "he", "she") && s.Is(k+1, "is") && s.Is(k+2, "called"):
		k += 3
	default:
		return
	}
	who, end, ok := p.seenPerson(k)
	if ok && plainEnd(s, end) {
		p.seeingIs(who)
	}
}

// seenPerson reads the person named at k, capitalised or not, who is no
// speaker of the chat.
func (p *sentCtx) seenPerson(k int) (ontology.EntityRef, int, bool) {
	who, end, ok := p.person(k)
	if !ok {
		who, end, ok = p.lowerPerson(k)
	}
	if !ok || p.isSpeaker(who) || p.disc.isSpeaker(who.Name) {
		return ontology.EntityRef{}, 0, false
	}
	return who, end, true
}

// seeingIs makes who the speaker's partner (PARTNER_OF) when the speaker
// said they are seeing someone (saidSeeingSomeone), citing that turn.
func (p *sentCtx) seeingIs(who ontology.EntityRef) {
	cite, ok := p.saidSeeingSomeone()
	if !ok {
		return
	}
	defer p.citeFrom(cite)()
	p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: who, conf: confWeak, validFrom: p.ts})
}

// seeingSomeoneAnswered reads "i'm seeing someone 🙈" / "WHO. name. star
// sign. job" / "wout. plays bass in a band": the name alone opening the
// speaker's answer to another's "who" is the one they are seeing
// (PARTNER_OF). An appointment ("seeing someone about my back"), "not
// seeing anyone", a name asked back ("wout?") or an answer that goes on
// past the name ("wout and his bandmates") reads nothing.
func (p *sentCtx) seeingSomeoneAnswered() {
	s := p.s
	if s.Start != 0 || s.Question || p.speaker.Name == "" || !p.askedWhoJustNow() {
		return
	}
	f := afterLeads(s)
	if f < 0 {
		return
	}
	who, end, ok := p.seenPerson(f)
	if ok && (end >= len(s.Toks) || !s.Toks[end].Word && !s.Is(end, "?", ",")) {
		p.seeingIs(who)
	}
}

// askedWhoJustNow reports whether the turn just before this one is
// another speaker's asking who or the name: "WHO", "who is he??", "name?".
func (p *sentCtx) askedWhoJustNow() bool {
	d := p.disc
	for i := len(d.order) - 1; i >= 0; i-- {
		id := d.order[i]
		if id == p.ids[0] {
			continue
		}
		if d.speakerOf[id] == p.speaker.Name {
			return false
		}
		for _, w := range strings.Fields(strings.ToLower(d.texts[id])) {
			if w = strings.Trim(w, ".,!?"); w == "who" || w == "whos" || w == "who's" || w == "name" {
				return true
			}
		}
		return false
	}
	return false
}

// saidSeeingSomeone reports whether the speaker said they are seeing
// someone earlier in this turn or in their turns among the last three,
// with the turn to cite.
func (p *sentCtx) saidSeeingSomeone() (string, bool) {
	if seeingIn(p.text[:p.s.Start]) {
		return "", true
	}
	d := p.disc
	n := 0
	for i := len(d.order) - 1; i >= 0 && n < 4; i-- {
		id := d.order[i]
		if id == p.ids[0] {
			continue
		}
		n++
		if d.speakerOf[id] == p.speaker.Name && seeingIn(d.texts[id]) {
			return id, true
		}
	}
	return "", false
}

// seeingIn reports whether text says, unhedged, that its speaker is
// seeing someone.
func seeingIn(text string) bool {
	loc := seeingSomeoneRE.FindStringIndex(text)
	if loc == nil {
		return false
	}
	start := strings.LastIndexAny(text[:loc[0]], ".!?\n") + 1
	before := strings.Fields(strings.ToLower(text[start:loc[0]]))
	for _, w := range before {
		for _, h := range seeingHedges {
			if strings.Trim(w, ",") == h || strings.HasSuffix(w, h) && h == "n't" {
				return false
			}
		}
	}
	rest := strings.Fields(strings.ToLower(text[loc[1]:]))
	return len(rest) == 0 || rest[0] != "about" && rest[0] != "for" && rest[0] != "at" && rest[0] != "tomorrow" && rest[0] != "today"
}
