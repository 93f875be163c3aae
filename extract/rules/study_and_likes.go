package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings of study and likings: a degree or a course done somewhere,
// "2nd year at X College", a teacher's class at a named school, a school
// that is no job, "i LOVE the anatomy sessions", "koji is my go-to", and
// "i love a pub quiz".

// schoolNotJob drops a WORKS_AT the turn drew beside an ATTENDED of the
// same person at the same school: "ur nephew Theo started at Larkrise
// Primary" is read by both the job and the school patterns, and starting
// at a school is said of pupils far more than of staff.
func schoolNotJob(rels []ontology.Relation) []ontology.Relation {
	attended := map[string]bool{}
	for _, r := range rels {
		if r.Type == ontology.RelAttended {
			attended[refKey(r.From)+"\x01"+ontology.NormaliseName(r.To.Name)] = true
		}
	}
	if len(attended) == 0 {
		return rels
	}
	out := rels[:0]
	for _, r := range rels {
		if r.Type == ontology.RelWorksAt && attended[refKey(r.From)+"\x01"+ontology.NormaliseName(r.To.Name)] && schoolName(r.To.Name) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// goToWords say a place or a thing is the speaker's usual choice.
var goToWords = lang.Words(`go-to goto fav fave favourite favorite`)

// myGoTo reads "koji is my go-to forever", "Koji's my fave": LIKES the
// named place or thing. "Koji is my go-to guy for plumbing" (a person
// relied on) or a speaker is not read.
func (p *sentCtx) myGoTo() {
	s := p.s
	f := afterLeads(s)
	if f < 0 {
		return
	}
	sp, ok := p.typed(f)
	if !ok || sp.typ == ontology.EntityPerson || s.Tok(sp.to-1).Poss && !s.Is(sp.to, "my") {
		return
	}
	k := sp.to
	if s.Is(k, "is", "'s") {
		k++
	} else if !s.Tok(sp.to - 1).Poss {
		return
	}
	if !s.Is(k, "my") {
		return
	}
	k++
	switch {
	case goToWords[s.Norm(k)]:
		k++
	case s.Is(k, "go") && s.Is(k+1, "-") && s.Is(k+2, "to"):
		k += 3
	default:
		return
	}
	if !p.phraseEnds(k, len(s.Toks)) && !s.Is(k, "forever", "lol", "tbh", "now", "honestly") {
		return
	}
	ref := ontology.EntityRef{Name: sp.name, Type: sp.typ}
	if p.isSpeaker(ref) {
		return
	}
	p.liking(p.speaker, interest{value: sp.name, typ: sp.typ, sub: "favourites"}, " loves ", confWeak)
}

// yearClassAt reads a teacher's class at a named school: "I've got a year
// 4 class at St Aldric's Primary", "i have a reception class at X",
// "teaching year 6 at X": WORKS_AT. A child's class ("my son's class"), a
// class one takes ("a yoga class at X") and a hedge read nothing.
func (p *sentCtx) yearClassAt() {
	s := p.s
	for k, t := range s.Toks {
		if t.Norm != "class" || k < 3 || k+2 >= len(s.Toks) || !s.Is(k+1, "at") || p.hedgedAt(k) {
			continue
		}
		j := k - 1
		switch {
		case s.Is(j, "reception", "nursery"):
		case isDigits(s.Norm(j)) && s.Is(j-1, "year"):
			j--
		default:
			continue
		}
		got := s.Is(j-2, "got") && (s.Is(j-3, "'ve", "have") && s.Is(j-4, "i") || s.Is(j-3, "ive"))
		if !s.Is(j-1, "a") || !got && !s.Seq(j-3, "i", "have") && !s.Is(j-2, "teach", "teaching") {
			continue
		}
		org, end, ok := p.namedOrg(k + 2)
		if !ok || p.disc.typedPerson(org.Name) {
			continue
		}
		if s.Tok(end - 1).Poss { // "St Aldric's Primary": the name goes on after the possessive
			sp, ok := p.typed(end)
			if !ok || end >= len(s.Toks) || !s.Toks[end].Cap {
				continue
			}
			org.Name += "'s " + sp.name
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
	}
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

// yearWords are the parts of a course one is in: "2nd year", "second
// semester".
var yearWords = lang.Words(`year yr semester sem term`)

// yearOrdinals say which year or term: "2nd year", "final year".
var yearOrdinals = lang.Words(`first 1st second 2nd third 3rd fourth 4th final last`)

// schoolHeads end the names of schools, colleges and universities.
var schoolHeads = lang.Words(`college university uni school academy institute polytechnic conservatoire
	management colegio`)

// yearAtSchool reads "2nd year at Sarojini Women's College", "second
// semester at Indus School of Management", "my final year at Castlegate
// University starts monday" said of the speaker (opening a clause, or
// after "my" or "I'm in"): ATTENDED. A workplace ("2nd year at
// Deloitte"), someone else's year ("her first year", "my sister's"), a
// hypothetical, a question or a negation read nothing.
func (p *sentCtx) yearAtSchool() {
	s := p.s
	for y := range wordsIn(s, yearWords) {
		o := y - 1
		at := y + 1
		if courseWordAt(s, at) && s.Is(at+1, "at") {
			at++ // "1st year med at colegio de santa ines", "final year law at X"
		}
		if !yearOrdinals[s.Norm(o)] || !s.Is(at, "at") {
			continue
		}
		mine := s.Is(o-1, "my") && (o-1 == afterLeads(s) || s.Is(o-2, ",", "in", "and", "into")) ||
			o == afterLeads(s) || s.Is(o-1, ",")
		who := p.speaker
		if s.Is(o-1, ",") {
			// "Wambui has also gone back, third year at Moi University": the
			// year is the subject's before the comma; "he's back, …" names none.
			who, mine = p.commaClauseSubject(o - 1)
		}
		if !mine || p.hedgedAt(o) || p.negatedBefore(o) || p.has(0, y, hypotheticalWords...) || sarcastic(p.text, s) {
			continue
		}
		sp, ok := p.typed(at + 1)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace {
			continue
		}
		name := strings.Fields(strings.ToLower(sp.name))
		if len(name) == 0 || !schoolHeads[name[len(name)-1]] && !schoolHeads[name[0]] {
			continue
		}
		org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		p.relation(rel{typ: ontology.RelAttended, from: who, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// courseWordAt reports whether the word at k may name a course between a
// year and its school ("1st year med at", "final year law at"): one
// lower-case word of letters, no -ing verb ("first year teaching at") and
// no word of time or place ("third year running at", "second year in a
// row").
func courseWordAt(s *sentence, k int) bool {
	t := s.Tok(k)
	return t.Word && !t.Cap && lettersOnly(t.Norm) && len(t.Norm) >= 3 && !strings.HasSuffix(t.Norm, "ing") &&
		!npStops[t.Norm] && !s.Is(k, "now", "here", "there", "abroad", "again", "back", "out", "off", "away", "too", "also", "still", "just")
}

// commaClauseSubject returns whose a phrase after the comma at c is when
// the clause before it has its subject opening the sentence: the speaker
// for "I" or no subject ("back in London, final year at X"), a person
// named ("Wambui has gone back, third year at X"); another pronoun or
// someone else opening it ("he's back, …", "her sister's home, …") reads
// none.
func (p *sentCtx) commaClauseSubject(c int) (ontology.EntityRef, bool) {
	s := p.s
	i := afterLeads(s)
	if i < 0 || i >= c {
		return p.speaker, true
	}
	if s.Is(i, "i", "i'm", "im", "ive", "i've") {
		return p.speaker, true
	}
	if ref, end, ok := p.person(i); ok && end < c && (s.Tok(end-1).Poss && s.Is(end, "back", "in", "now", "off", "done") ||
		!s.Tok(end-1).Poss && s.Is(end, "is", "has", "was", "went", "started", "starts", "got", "moved", "just", "also", "finally")) {
		return ref, true
	}
	if _, _, ok := p.person(i); ok || s.Is(i, "he", "she", "they", "we", "you", "u", "he's", "she's", "they're", "we're", "you're",
		"hes", "shes", "theyre", "his", "her", "their", "our", "your") {
		return ontology.EntityRef{}, false
	}
	return p.speaker, true
}

// loveAEnds may follow the thing of loveA: "i love a pub quiz so count me
// in", "I do love a good crossword, me".
var loveAEnds = lang.Words(`so and me tbh honestly lol though tho , . !`)

// loveA reads "i love a pub quiz", "I do love a good crossword, me": LIKES,
// the speaker's liking of a kind of thing. "i'd love a pint" (a wish), "i
// love a man who can cook", "i don't love", "i just love a 6am shift 🙄",
// someone else's ("my da loves") or a question reads nothing.
func (p *sentCtx) loveA() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`love`)) {
		k := v - 1
		if s.Is(k, "do", "really", "absolutely", "honestly") {
			k--
		}
		if !s.Is(k, "i") || !s.Is(v+1, "a") || p.negatedBefore(k) || p.hedgedAt(v) || sarcastic(p.text, s) {
			continue
		}
		j := v + 2
		if s.Is(j, "good", "decent", "proper", "nice") {
			j++
		}
		e := j
		for e < len(s.Toks) && e-j < 3 && s.Tok(e).Word && lettersOnly(s.Norm(e)) && !loveAEnds[s.Norm(e)] && !npStops[s.Norm(e)] {
			e++
		}
		if e == j || e-j > 2 || e < len(s.Toks) && !loveAEnds[s.Norm(e)] {
			continue
		}
		var ws []string
		for i := j; i < e; i++ {
			ws = append(ws, s.Norm(i))
		}
		p.relation(rel{typ: ontology.RelLikes, from: p.speaker, to: ontology.EntityRef{Name: strings.Join(ws, " "), Type: ontology.EntityActivity},
			conf: confWeak, validFrom: p.ts})
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
		if !mine || !s.Is(v+1, "our", "my") || !studyNouns[s.Norm(v+2)] || p.reachedBy(v, "if") || p.speaker.Name == "" {
			continue
		}
		j, at := optThen(s, v+3, togetherWord, "at")
		if !at {
			continue
		}
		org, end, ok := p.org(j)
		if !ok || !orgPhraseEndsAt(s, end) || p.hedgedAt(v) {
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
		if ok && orgPhraseEndsAt(s, end) && p.verbSubjectRelation(v-1, rel{typ: ontology.RelAttended, to: org, conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}
