package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// More of h14-blind18's readings, in blind18Readings: a job told in
// a relative clause ("Tomas, who drives for Eskvale Coaches,"), in years
// ("was at Harker Tyres for twenty six years") or in days ("down to three
// days at Lonsdale Street Surgery"), study told as "we did our degree
// together at UWE" or "got onto the … course at X", and a home town as
// "us Donegal girls".

// whoGigVerbs are what one does for an employer, said of another in a
// relative clause: "who drives for", "who cleans for".
var whoGigVerbs = lang.Words(`drives delivers cleans couriers temps freelances bartends nurses`)

// whoVerbsFor reads "Tomas, who drives for Eskvale Coaches, took me…":
// WORKS_AT for the name before the comma. Hours ("who drives for hours"),
// a volunteer's charity, a past ("who used to drive for") or a question
// reads nothing.
func (p *sentCtx) whoVerbsFor() {
	s := p.s
	for w := range wordsIn(s, lang.Words(`who`)) {
		if w < 2 || !s.Is(w-1, ",") || !whoGigVerbs[s.Norm(w+1)] || !s.Is(w+2, "for") {
			continue
		}
		sp, ok := p.nameEndingAt(w - 1)
		if !ok || !personLike(sp.typ) || p.disc.isSpeaker(sp.name) {
			continue
		}
		org, end, ok := p.org(w + 3)
		if !ok || !s.Is(end, ",") || p.has(w, len(s.Toks), "volunteer", "volunteering", "charity") {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, to: org,
			conf: confWeak, validFrom: p.ts})
		return
	}
}

// wasAtForYears reads "Uncle Martin was at Harker Tyres for twenty six
// years": WORKS_AT, over. Weeks or days ("at the Royal Exmoor for two
// weeks after his op"), a question, "if", someone unnamed ("My dad was
// at") or a place reads nothing.
func (p *sentCtx) wasAtForYears() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`was`)) {
		if !s.Is(v+1, "at") {
			continue
		}
		org, end, ok := p.org(v + 2)
		if !ok || !s.Is(end, "for") {
			continue
		}
		k := end + 1
		for n := 0; n < 3 && k < len(s.Toks) && (countWords[s.Norm(k)] || numberish(s.Norm(k)) || s.Is(k, "about", "nearly", "over", "almost")); n++ {
			k++
		}
		if !s.Is(k, "years", "yrs") || sarcastic(p.text, s) {
			continue
		}
		if p.subjectRelation(v, rel{typ: ontology.RelWorksAt, to: org, conf: confWeak, validUntil: p.ts}) {
			return
		}
	}
}

// numberish reports whether w is a number or a number word: "26", "six".
func numberish(w string) bool {
	if w == "" {
		return false
	}
	if strings.Trim(w, "0123456789") == "" {
		return true
	}
	return lang.Words(`one six seven eight nine ten thirteen fourteen sixteen seventeen eighteen nineteen thirty forty`)[w]
}

// daysAtOrg reads "Down to three days at Lonsdale Street Surgery now",
// "I'm doing four days a week at Harker Tyres": WORKS_AT for the speaker,
// the days a working week. A stay ("Three days at Center Parcs was
// plenty", "spent three days at"), a hedge ("might go down to") or
// someone else's days ("Pat's down to") reads nothing.
func (p *sentCtx) daysAtOrg() {
	s := p.s
	first := afterLeads(s)
	for d := range wordsIn(s, lang.Words(`days`)) {
		n := d - 1
		if !countWords[s.Norm(n)] && !numberish(s.Norm(n)) && !s.Is(n, "three", "four", "five") {
			continue
		}
		k, week := d+1, false
		if s.Is(k, "a") && s.Is(k+1, "week") {
			k, week = k+2, true
		}
		if !s.Is(k, "at") {
			continue
		}
		opens := s.Is(n-1, "to") && s.Is(n-2, "down", "up") && (n-2 == first || imBefore(s, n-2)) ||
			week && s.Is(n-1, "doing", "working") && (n-1 == first || imBefore(s, n-1))
		if !opens || p.hedgedAt(d) || p.negatedBefore(n) {
			continue
		}
		org, end, ok := p.org(k + 1)
		if !ok || !b18EndsAt(s, end) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// togetherWord may stand before "at": "our degree together at UWE".
var togetherWord = lang.Words(`together`)

// studyNouns are what one did at a university or college: "our degree".
var studyNouns = lang.Words(`degree degrees masters phd training diploma apprenticeship doctorate`)

// didDegreeAt reads "we did our degree together at UWE", "I did my
// masters at X", "me and Tom did our degree at UWE": ATTENDED for the
// speaker ("we" is the speaker's) and for the one the speaker did it with
// (degreeMates, study_mates.go). Her degree, shopping done, a hypothetical
// ("if i'd done") or a plan ("doing my masters") reads nothing.
func (p *sentCtx) didDegreeAt() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`did`)) {
		mates, mine := p.degreeMates(v)
		if !mine || !s.Is(v+1, "our", "my") || !studyNouns[s.Norm(v+2)] || p.has(0, v, "if") || p.speaker.Name == "" {
			continue
		}
		j, at := optThen(s, v+3, togetherWord, "at")
		if !at {
			continue
		}
		org, end, ok := p.org(j)
		if !ok || !b18EndsAt(s, end) || p.hedgedAt(v) {
			continue
		}
		p.relation(rel{typ: ontology.RelAttended, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		if s.Is(j-2, "together") || !s.Is(v-1, "we") {
			for _, m := range mates {
				p.relationCitingAll(rel{typ: ontology.RelAttended, from: m.ref, to: org, conf: confWeak, validFrom: p.ts}, m.turn)
			}
		}
		return
	}
}

// courseNouns are what one gets onto: "the nurse prescribing course".
var courseNouns = lang.Words(`course programme program scheme module apprenticeship`)

// gotOntoCourse reads "i got onto the nurse prescribing course at
// Severnside University": ATTENDED for the speaker or the person named.
// A bus got onto, "didn't get onto", "hoping to get onto" or someone
// unnamed reads nothing.
func (p *sentCtx) gotOntoCourse() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`onto`)) {
		if !s.Is(v-1, "got") || !s.Is(v+1, "the", "a", "their", "her", "his", "my") {
			continue
		}
		k := v + 2
		for n := 0; n < 4 && k < len(s.Toks) && !courseNouns[s.Norm(k)] && s.Tok(k).Word && !s.Is(k, "at", "in"); n++ {
			k++
		}
		if !courseNouns[s.Norm(k)] || !s.Is(k+1, "at", "with") {
			continue
		}
		org, end, ok := p.org(k + 2)
		if ok && b18EndsAt(s, end) && p.b18Relation(v-1, rel{typ: ontology.RelAttended, to: org, conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}

// folkNouns are the people of a place one counts oneself among: "us
// Donegal girls", "us Leeds lads".
var folkNouns = lang.Words(`girls lads boys women men lasses folk kids`)

// usPlaceFolk reads "at least us Donegal girls can run": COMES_FROM for
// the speaker. "us lot", "us Celtic fans" (a club's), "us older girls"
// or "the Donegal girls" reads nothing.
func (p *sentCtx) usPlaceFolk() {
	s := p.s
	for u := range wordsIn(s, lang.Words(`us`)) {
		place, end, conf, ok := p.place(u + 1)
		if !ok || end != u+2 || !folkNouns[s.Norm(end)] || p.hedgedAt(u) {
			continue
		}
		p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
		return
	}
}

// placeBornAndRaised reads "Curepipe born and raised, and it rains there
// too", "Leeds born and bred me": COMES_FROM for the speaker, the place
// opening the sentence. Someone else's ("Tam's Glasgow born and
// raised", "my mum's"), "not", "that Curepipe born and raised lad" or
// a question reads nothing.
func (p *sentCtx) placeBornAndRaised() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || s.Is(f, "the", "a", "that", "this") {
		return
	}
	place, end, conf, ok := p.place(f)
	if !ok || !s.Is(end, "born") || !s.Is(end+1, "and") || !s.Is(end+2, "raised", "bred") {
		return
	}
	if e := end + 3; e < len(s.Toks) && s.Tok(e).Word && !s.Is(e, "me", "and", "mate", "tbh") {
		return // "the Leeds born and bred lad": a description
	}
	p.relation(rel{typ: ontology.RelComesFrom, from: p.speaker, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}
