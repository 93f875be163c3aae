package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind16's whole conversations, written blind to
// the extractor (two friends' DMs about dating, a mature students'
// evening-class group chat): work told by what one does for an
// organisation ("driving days for Parcelwing now"), membership by the
// part one sings or plays with a group ("I've been singing alto with the
// Hillsborough Harmonics"), a home told as "sheffield's home now" and a
// liking of a class's subject ("i LOVE the anatomy sessions"). Each is
// keyed to the words around the names and reads only the speaker.

// blind16Sentence runs the readings of this file on a statement
// (runReadings skips a question).
func (p *sentCtx) blind16Sentence() { p.runReadings(blind16Readings) }

// blind16Readings are the readings blind16Sentence runs, in order.
var blind16Readings = []blind8Reading{
	{gigVerbs, (*sentCtx).gigForOrg},
	{partVerbs, (*sentCtx).partWithGroup},
	{lang.Words(`home`), (*sentCtx).placeIsHomeNow},
	{loveVerbs, (*sentCtx).loveTheClasses},
}

// gigVerbs are jobs told by what one does for an employer: "driving for
// Parcelwing", "delivering for Swiftcrate".
var gigVerbs = lang.Words(`driving delivering cleaning couriering temping freelancing bartending waitressing
	tutoring`)

// gigShifts may stand between the verb and "for": "driving days for".
var gigShifts = lang.Words(`days nights evenings weekends mornings shifts`)

// gigEnds may follow the employer of gigForOrg: the sentence's end, "now",
// "these days", "since march", a comma.
var gigEnds = lang.Words(`now these since , . !`)

// gigForOrg reads "driving days for Parcelwing now", "delivering for
// Swiftcrate these days" opening the speaker's sentence (the subject
// elided or "I'm"): WORKS_AT. Hours ("driving for hours"), a person
// ("for Mum's birthday"), a hypothetical ("i'd be driving for"), a plan
// ("thinking about driving for"), someone else ("my brother's driving
// for"), a negation, a gerund subject ("driving for X is grim") or a
// sarcastic sentence read nothing.
func (p *sentCtx) gigForOrg() {
	s := p.s
	first := afterLeads(s)
	for v, t := range s.Toks {
		if !gigVerbs[t.Norm] || !speakerOpens(s, first, v) || p.negatedBefore(v) {
			continue
		}
		j, ok := optThen(s, v+1, gigShifts, "for")
		if !ok {
			continue
		}
		org, end, ok := p.org(j)
		if !ok || end < len(s.Toks) && !gigEnds[s.Norm(end)] || p.hedgedAt(v) || sarcastic(p.text, s) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// speakerOpens reports whether the verb at v is the speaker's: it opens
// the sentence (first, after the chat leads) or follows "i'm", "im", "i am".
func speakerOpens(s *sentence, first, v int) bool {
	switch {
	case first >= 0 && v == first:
		return true
	case s.Is(v-1, "im"):
		return v-1 == first
	case s.Is(v-1, "'m", "am") && s.Is(v-2, "i"):
		return v-2 == first
	}
	return false
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

// homeEnds may follow "home" in placeIsHomeNow: "now", "these days", a
// comma, the sentence's end.
var homeEnds = lang.Words(`now these , . ! tbh honestly`)

// placeIsHomeNow reads "sheffield's home now, 6 yrs" opening the
// speaker's sentence: LIVES_IN. "is home to", "Leeds's home kit", "Leeds
// was home", "will never be home", a question, a place said after
// someone else's words ("my nan says Lagos is home") read nothing.
func (p *sentCtx) placeIsHomeNow() {
	s := p.s
	first := afterLeads(s)
	if first < 0 {
		return
	}
	place, end, conf, ok := p.place(first)
	if !ok || end >= len(s.Toks) || !s.Tok(end-1).Poss || !s.Is(end, "home") {
		return
	}
	if end+1 < len(s.Toks) && !homeEnds[s.Norm(end+1)] {
		return
	}
	p.relation(rel{typ: ontology.RelLivesIn, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// loveVerbs say the speaker likes a class's subject: "i LOVE", "I really enjoy".
var loveVerbs = lang.Words(`love enjoy adore`)

// classNouns are the meetings of a course whose subject one may love:
// "the anatomy sessions", "the pottery classes".
var classNouns = lang.Words(`sessions session classes class lessons lectures seminars workshops modules module`)

// loveTheClasses reads "i LOVE the anatomy sessions", "I really enjoy the
// pottery classes": LIKES the subject for the speaker. "i'd love", "don't
// love", "love how", someone else ("my son loves"), a time in the subject
// ("the 8am stats lectures"), "i just love" and sarcasm read nothing.
func (p *sentCtx) loveTheClasses() {
	s := p.s
	for v := range wordsIn(s, loveVerbs) {
		k := v - 1
		if s.Is(k, "really", "honestly", "genuinely", "actually") {
			k--
		}
		if !s.Is(k, "i") || p.negatedBefore(k) || !s.Is(v+1, "the") || !classNouns[s.Norm(v+3)] {
			continue
		}
		subj := s.Tok(v + 2)
		if !subj.Word || !lettersOnly(subj.Text) || sarcastic(p.text, s) || p.hedgedAt(v) {
			continue
		}
		p.relation(rel{typ: ontology.RelLikes, from: p.speaker, to: ontology.EntityRef{Name: subj.Norm, Type: ontology.EntityConcept}, conf: confWeak, validFrom: p.ts})
		return
	}
}

// lettersOnly reports whether w is a plain lower-case word of letters: a
// subject such as "anatomy", not "8am" nor a name.
func lettersOnly(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}

// optThen reads, from j, one optional word of opt and then want ("days
// for", "alto with"): the index after want, and whether want was there.
func optThen(s *sentence, j int, opt map[string]bool, want string) (int, bool) {
	if opt[s.Norm(j)] {
		j++
	}
	return j + 1, s.Is(j, want)
}
