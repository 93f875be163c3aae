package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// More of h14-blind18's readings, in blind18Readings: a mentor ("Jas
// is mentoring Anneke"), an organisation placed by "They're the builders
// out at Wigton" right after it is named, and a pet in apposition ("has a
// new dog, a little spaniel called Biscuit"). The kin named in the
// sentence after "my sister" is a turn-level reading (kinTeaserNamed).

// isMentoring reads "Jas is mentoring Anneke for her first fortnight",
// "I'm mentoring Anneke": KNOWS, the mentor of the one mentored. A
// question, "was supposed to be mentoring", "mentoring on nights" (no
// one named), "isn't mentoring" or someone unnamed reads nothing.
func (p *sentCtx) isMentoring() {
	s := p.s
	for v := range wordsIn(s, lang.Words(`mentoring`)) {
		if !s.Is(v-1, "is", "am", "im") || p.reachedBy(v, "supposed", "meant", "was", "if") || p.negatedBefore(v) {
			continue
		}
		mentee, _, ok := p.person(v + 1)
		if !ok || p.disc.isSpeaker(mentee.Name) {
			continue
		}
		var mentor ontology.EntityRef
		cite := ""
		if s.Is(v-1, "im") || s.Is(v-1, "am") && s.Is(v-2, "i") {
			mentor = p.speaker
		} else if who, c, ok := p.memberSubjectBefore(v); ok {
			mentor, cite = who, c
		}
		if mentor.Name == "" {
			continue
		}
		defer p.citeFrom(cite)()
		p.relation(rel{typ: ontology.RelKnows, from: mentee, to: mentor, role: "mentor", conf: confWeak, validFrom: p.ts})
		return
	}
}

// placeParticles may stand between "the builders" and "at": "out at",
// "over in", "up in", "down in".
var placeParticles = lang.Words(`out over up down based`)

// theyreTheOnesAt reads "He's been taken on by Brackwater Homes…
// They're the builders out at Wigton", "the agency is Bluewater
// Staffing. they're the ones in Swindon": LOCATED_IN the organisation the
// same turn named before, with no person named since. A thing that is
// no place ("at our house", "in the photo"), a question, people named in
// between or an organisation of an earlier turn reads nothing.
func (p *sentCtx) theyreTheOnesAt() {
	s := p.s
	f := afterLeads(s)
	if f < 0 || !s.Is(f, "they") || !s.Is(f+1, "are") || !s.Is(f+2, "the") {
		return
	}
	k := f + 3
	if !s.Tok(k).Word || functionWords[s.Norm(k)] {
		return
	}
	k++
	if placeParticles[s.Norm(k)] {
		k++
	}
	if !s.Is(k, "at", "in") {
		return
	}
	place, end, conf, ok := p.place(k + 1)
	if !ok || !orgPhraseEndsAt(s, end) {
		return
	}
	org, ok := p.orgOfThisTurn()
	if !ok {
		return
	}
	p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: min(conf, confWeak), validFrom: p.ts})
}

// orgOfThisTurn returns the organisation this turn named last, before the
// sentence, when no person was named after it; an untyped name of an
// organisation's shape counts.
func (p *sentCtx) orgOfThisTurn() (ontology.EntityRef, bool) {
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0 && d.mentions[i].index == d.index; i-- {
		m := d.mentions[i]
		switch {
		case m.ref.Type == ontology.EntityPerson || d.speakers[m.norm]:
			return ontology.EntityRef{}, false
		case m.ref.Type == ontology.EntityOrganization && !firstName(m.norm):
			return m.ref, true
		case m.ref.Type == ontology.EntityConcept && orgShapedUntyped(m.norm) && !d.typedPerson(m.ref.Name):
			return ontology.EntityRef{Name: m.ref.Name, Type: ontology.EntityOrganization}, true
		}
	}
	return ontology.EntityRef{}, false
}

// orgShapedUntyped reports whether an untyped name (normalised) may be an
// organisation's: two or three words, the first no first name ("brackwater
// homes", not "jenny smith").
func orgShapedUntyped(norm string) bool {
	f := strings.Fields(norm)
	return len(f) >= 2 && len(f) <= 3 && !firstName(f[0])
}

// petAdjectives may describe a pet in apposition: "a little spaniel".
var petAdjectives = lang.Words(`little big tiny old young grumpy lovely gorgeous fluffy daft mad rescue black white ginger brown grey`)

// petInApposition reads "Bernadette next door has a new dog, a little
// spaniel called Biscuit", "Rhys has got a new cat, a grumpy tabby named
// Moth": OWNS. A question, a wish ("wants a new dog"), a past ("had a
// dog years ago"), someone unnamed ("Her son has") or "if" reads nothing.
func (p *sentCtx) petInApposition() {
	s := p.s
	for c := range wordsIn(s, lang.Words(`called named`)) {
		k := c - 1
		if !petSpecies[s.Norm(k)] {
			continue
		}
		for k-1 >= 0 && petAdjectives[s.Norm(k-1)] {
			k--
		}
		if !s.Is(k-1, "a", "an") || !s.Is(k-2, ",") || !petSpecies[s.Norm(k-3)] {
			continue
		}
		h := k - 4
		if s.Is(h, "new") {
			h--
		}
		if !s.Is(h, "a", "an") {
			continue
		}
		v := h - 1
		if s.Is(v, "got") && s.Is(v-1, "has", "have", "is") {
			v--
		}
		if !s.Is(v, "has", "got") || p.reachedBy(v, "if", "when") {
			continue
		}
		pet, end, ok := p.petNameAt(c + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", ".", "!", "and") {
			continue
		}
		who, ok := p.petOwnerBefore(v)
		if !ok {
			continue
		}
		p.relation(rel{typ: ontology.RelOwns, from: who, to: pet, role: s.Norm(k), conf: confWeak, validFrom: p.ts})
		return
	}
}

// petNameAt reads the pet's name at k: one capitalised word.
func (p *sentCtx) petNameAt(k int) (ontology.EntityRef, int, bool) {
	t := p.s.Tok(k)
	if !t.Word || !t.Cap || !lettersOnly(t.Norm) || functionWords[t.Norm] {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: t.Text, Type: ontology.EntityAnimal}, k + 1, true
}

// petOwnerBefore reads who has the pet, the subject before the verb at v:
// the speaker for "I", a name (or he/she), "X next door" as nameNextDoor
// reads it.
func (p *sentCtx) petOwnerBefore(v int) (ontology.EntityRef, bool) {
	s := p.s
	if s.Is(v-1, "door") && s.Is(v-2, "next") {
		name, ok := p.neighbourNamed(v-3, false)
		return ontology.EntityRef{Name: name, Type: ontology.EntityPerson}, ok
	}
	who, _, ok := p.verbSubject(v)
	return who, ok
}

// kinTeaserNamed reads "I was on the phone to my sister last night. Pat's
// still in Kendal…": the next sentence opening with a name and "'s",
// "is", "says" or "said" names the kin just mentioned (FAMILY_OF, read as
// "Pat is my sister."). A name with "from work" or "next door" after it,
// an organisation, a question or kin already named ("my sister Pat")
// reads nothing.
func (c *turnCtx) kinTeaserNamed(t ontology.Turn) {
	if c.speaker.Name == "" || !strings.Contains(strings.ToLower(t.Text), "my ") {
		return
	}
	sents := lang.SplitSentences(lang.Tokenize(t.Text))
	for i := 0; i+1 < len(sents); i++ {
		s, next := &sents[i], &sents[i+1]
		if s.Question {
			continue
		}
		role, ok := teaserKin(s)
		if !ok {
			continue
		}
		f := next.FirstWord()
		name := next.Tok(f)
		if f < 0 || !name.Cap || !lettersOnly(name.Norm) || functionWords[name.Norm] || commonWords[name.Norm] ||
			c.disc.typedAs(name.Text, ontology.EntityOrganization) {
			continue
		}
		says := name.Poss || next.Is(f+1, "is", "says", "said", "sends", "sounds", "sounded")
		if !says || next.Is(f+1, "from", "next", "at") || next.Is(f+2, "from", "next", "door") {
			continue
		}
		keep := func(r ontology.Relation) bool { return r.Type == ontology.RelFamilyOf }
		c.readKeeping(t, name.Text+" is my "+role+".", keep)
		return
	}
}

// teaserTimes may end a sentence after "my sister": "last night".
var teaserTimes = lang.Words(`last night yesterday today this morning earlier again tonight evening afternoon week`)

// teaserKin returns the kin word of a sentence ending in "my sister" (and
// a time): the role of one family member, not a plural, not already named.
func teaserKin(s *lang.Sentence) (string, bool) {
	end := len(s.Toks)
	for end > 0 && (!s.Tok(end-1).Word || teaserTimes[s.Norm(end-1)]) {
		end--
	}
	k := end - 1
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.kind != kindFamily && info.kind != kindChild || info.plural || !s.Is(k-1, "my") {
		return "", false
	}
	return info.role, true
}

// comingVia skips the words between "coming" and "from" of a new starter:
// "coming to us from", "coming over from", "coming across from". It
// returns the index "from" should be at.
func comingVia(s *sentence, k int) int {
	switch {
	case s.Is(k, "to") && s.Is(k+1, "us"):
		return k + 2
	case s.Is(k, "over", "across"):
		return k + 1
	}
	return k
}
