package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// nameAfterRole reads "hes not my boyfriend hes my colleague" / "ok hes a
// bit my boyfriend" / "his name is Tomasz": the speaker's own ties to a
// person said before the name was given, in this turn or the speaker's
// last three, take the name (KNOWS colleague, PARTNER_OF). A negated tie,
// someone else's ("my brother's boyfriend", "your boyfriend"), a
// likeness, or a pronoun of the other gender is not read.
func (p *sentCtx) nameAfterRole() {
	s := p.s
	f := afterLeads(s)
	for j := 1; j+3 < len(s.Toks) && (f < 0 || !s.Is(f, "his", "her")); j++ {
		if s.Norm(j-1) == "," && s.Is(j, "his", "her") { // "she's my cousin, her name is Lucia"
			f = j
		}
	}
	if f < 0 || !s.Is(f, "his", "her") || !s.Is(f+1, "name") || !s.Is(f+2, "is", "'s") {
		return
	}
	person, end, ok := p.person(f + 3)
	if !ok || p.isSpeaker(person) || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".") {
		return
	}
	subject := "he"
	if s.Is(f, "her") {
		subject = "she"
	}
	d := p.disc
	seen := 0
	for i := len(d.order) - 1; i >= 0 && seen < 4; i-- {
		id := d.order[i]
		if d.speakerOf[id] != p.speaker.Name {
			continue
		}
		seen++
		text := d.texts[id]
		if id == p.ids[0] {
			text = p.text[:s.Toks[f].Start]
		}
		for _, info := range tiesOfPronoun(text, subject) {
			defer p.citeFrom(id)()
			p.relRole(p.speaker, info.kind, roleName(info, false), person, confWeak)
		}
	}
}

// tieHedges between "he's" and "my" make the tie a likeness or a doubt.
var tieHedges = lang.Words(`like not never basically practically almost kinda sorta`)

// tiesOfPronoun returns the ties "he's my colleague", "hes a bit my
// boyfriend" in text, for the subject pronoun ("he" or "she").
func tiesOfPronoun(text, subject string) []roleInfo {
	toks := lang.Tokenize(text)
	var out []roleInfo
	for k := 0; k+2 < len(toks); k++ {
		j := k + 1
		switch {
		case toks[k].Norm == subject+"s":
		case toks[k].Norm == subject && j < len(toks) && toks[j].Norm == "is":
			j++
		default:
			continue
		}
		for j < len(toks) && j < k+5 && (toks[j].Norm == "a" || toks[j].Norm == "bit" || toks[j].Norm == "also" || toks[j].Norm == "now" || tieHedges[toks[j].Norm]) {
			if tieHedges[toks[j].Norm] {
				j = len(toks)
				break
			}
			j++
		}
		if j+1 >= len(toks) || toks[j].Norm != "my" {
			continue
		}
		info, ok := roleWords[toks[j+1].Norm]
		if !ok || info.plural || toks[j+1].Poss {
			continue
		}
		out = append(out, info)
	}
	return out
}

// partnerAskWords, in a question put to the speaker, ask after a partner.
var partnerAskWords = lang.Words(`boyfriend girlfriend bf gf partner dating seeing husband wife single`)

// withNowAfterAsked reads "kez are u still with that guy from the rowing
// club" / "ryan?? god no. that ended in 2023" / "im with Priya now, we got
// a flat": PARTNER_OF. Said without a question about a partner, of a place
// or a night out ("im with Priya now at the pub", "girls night"), or
// hedged, nothing is read.
func (p *sentCtx) withNowAfterAsked() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "with") || !imBefore(s, k) || p.tieHedged(k) {
			continue
		}
		person, end, ok := p.person(k + 1)
		if !ok || p.isSpeaker(person) || !s.Is(end, "now") {
			continue
		}
		// the sentence ends at "now", or goes on about the two of them
		if !withEnds(s, end+1) {
			continue
		}
		if !p.askedAfterPartner() {
			continue
		}
		p.relation(rel{typ: ontology.RelPartnerOf, from: p.speaker, to: person, conf: confWeak, validFrom: p.ts})
	}
}

// askedAfterPartner reports whether one of the three turns before, another
// speaker's, asks the speaker about a partner ("are u still with …", "u
// seeing anyone?").
func (p *sentCtx) askedAfterPartner() bool {
	d := p.disc
	for i := len(d.order) - 2; i >= 0 && i >= len(d.order)-4; i-- {
		id := d.order[i]
		text := strings.ToLower(d.texts[id])
		asks := strings.Contains(text, "?") || strings.Contains(text, "are u ") || strings.Contains(text, "are you ") || strings.Contains(text, " r u ")
		if d.speakerOf[id] == p.speaker.Name || !asks {
			continue
		}
		you, partner := false, strings.Contains(text, "still with")
		for _, w := range strings.Fields(text) {
			w = strings.Trim(w, ".,!?")
			you = you || w == "u" || w == "you" || w == "ur"
			partner = partner || partnerAskWords[w]
		}
		if you && partner {
			return true
		}
	}
	return false
}

// withEnds reports whether "im with X now" ends at e: the sentence ends,
// a laugh or a stop follows, or a comma and a clause about the two of
// them ("…, we got a flat").
func withEnds(s *sentence, e int) bool {
	switch {
	case e >= len(s.Toks) || s.Is(e, "lol", "haha", "tbh"):
		return true
	case s.Norm(e) == ",":
		return s.Is(e+1, "we", "she", "he", "they", "been", "its", "it")
	}
	return !s.Toks[e].Word
}

// bestBossHad reads "gonna miss hamid tbh. best boss i've had": the one
// person the turn named before is, or was, the speaker's manager (KNOWS,
// manager, ended: one "misses" or looks back on them). Another noun ("best
// pizza"), bosses in the plural, a question, someone else's "she's had",
// or no single person named before is not read.
func (p *sentCtx) bestBossHad() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "best", "worst", "nicest") || !bossWords[s.Norm(f+1)] {
		return
	}
	k := f + 2
	switch {
	case s.Is(k, "i've", "ive"):
		k++
	case s.Is(k, "i") && s.Is(k+1, "'ve", "have"):
		k += 2
	default:
		return
	}
	if s.Is(k, "ever") {
		k++
	}
	if !s.Is(k, "had") || !p.phraseEnds(k+1, len(s.Toks)) && !s.Is(k+1, ",", ".", "!", "tbh", "honestly", "lol") {
		return
	}
	person, ok := p.onePersonBefore()
	if !ok {
		return
	}
	p.relation(rel{typ: ontology.RelKnows, from: p.speaker, to: person, role: "manager", conf: confWeak, validUntil: p.ts})
}

// onePersonBefore returns the one person the conversation knows that the
// turn names before the current sentence ("gonna miss hamid tbh.").
func (p *sentCtx) onePersonBefore() (ontology.EntityRef, bool) {
	s := p.s
	if len(s.Toks) == 0 {
		return ontology.EntityRef{}, false
	}
	people := map[string]ontology.EntityRef{}
	for _, m := range p.disc.mentions {
		if m.ref.Type == ontology.EntityPerson && !p.disc.isSpeaker(m.ref.Name) {
			people[m.norm] = m.ref
		}
	}
	var found ontology.EntityRef
	for _, t := range p.disc.tokensOf(p.text) {
		if t.Start >= s.Toks[0].Start {
			break
		}
		ref, ok := people[ontology.NormaliseName(t.Text)]
		if !ok {
			continue
		}
		if found.Name != "" && found.Name != ref.Name {
			return ontology.EntityRef{}, false
		}
		found = ref
	}
	return found, found.Name != ""
}

// homeTalkWords, in the turn or the three before, make "sharing with X" a
// home shared.
var homeTalkWords = lang.Words(`flat flats house place room rent flatshare houseshare landlord moving lease`)

// sharingWith reads "sharing w a girl called Imogen" after "wheres the
// flat": the speaker's flatmate (KNOWS, roommate). A thing shared ("a
// pizza", "a desk"), sharing online, a hedge, a question, someone else
// sharing, or no talk of a home is not read.
func (p *sentCtx) sharingWith() {
	s := p.s
	f := afterLeads(s)
	if f >= 0 && s.Is(f, "i", "im") {
		f++
		if s.Is(f, "'m", "am") {
			f++
		}
	}
	if f < 0 || !s.Is(f, "sharing") || !s.Is(f+1, "with", "w") || p.hedgedAt(f) {
		return
	}
	k := f + 2
	if s.Is(k, "a", "an") && s.Is(k+2, "called", "named") {
		k += 3
	}
	person, end, ok := p.person(k)
	if !ok || p.isSpeaker(person) || end < len(s.Toks) && s.Toks[end].Word && !s.Is(end, "who", "now", "lol") {
		return
	}
	d := p.disc
	home := wordIn(p.text, homeTalkWords)
	for i := len(d.order) - 2; i >= 0 && i >= len(d.order)-4 && !home; i-- {
		home = wordIn(d.texts[d.order[i]], homeTalkWords)
	}
	if !home {
		return
	}
	p.relRole(p.speaker, kindKnows, "roommate", person, confWeak)
}
