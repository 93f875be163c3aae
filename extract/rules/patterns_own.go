package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// owns reads "I have a dog named Max", "I adopted a puppy called Biscuit",
// "I got a cat, Luna".
func (p *sentCtx) owns(cl clause) {
	v := p.s.Norm(cl.verb)
	phrase := ""
	switch v {
	case "have", "has":
		phrase = " has "
	case "got", "adopted", "rescued", "bought":
		phrase = " " + v + " "
	case "own":
		phrase = " owns "
	default:
		return
	}
	if !cl.plain() || cl.be || cl.was || cl.have && v != "got" {
		return
	}
	k := cl.verb + 1
	p.haveKin(cl) // "I have a sister, Jo" (kin_had.go)
	p.notePet(k, cl.end)
	if v != "have" && v != "has" {
		p.noteThing(k, cl.end) // "we bought a car", "she just bought a narrowboat"
	}
	for n := 0; n < 3; n++ {
		species, name, next, ok := p.namedPet(k, cl.end)
		if !ok {
			return
		}
		p.pet(species, name, phrase, confStrong)
		if singularSpecies(p.s.Norm(next-2)) != p.s.Norm(next-2) || p.s.Is(k, "two", "three", "2", "3") {
			p.petList(species, next, cl.end, phrase) // "two cats, Miso and Tofu"
			return
		}
		if !p.s.Is(next, "and", ",") {
			return
		}
		k = next + 1
		if p.s.Norm(k) == "and" {
			k++
		}
	}
}

// namedPet reads "a (little) dog named Max" / "a cat, Luna" at k.
func (p *sentCtx) namedPet(k, end int) (string, ontology.EntityRef, int, bool) {
	s := p.s
	if !s.Is(k, "a", "an", "another", "two", "three", "2", "3") {
		return "", ontology.EntityRef{}, 0, false
	}
	k++
	for n := 0; n < 3 && k < end && !petSpecies[s.Norm(k)]; n++ {
		if !s.Toks[k].Word || s.Toks[k].Cap || npStops[s.Norm(k)] {
			return "", ontology.EntityRef{}, 0, false
		}
		k++
	}
	if !petSpecies[s.Norm(k)] {
		return "", ontology.EntityRef{}, 0, false
	}
	species := singularSpecies(s.Norm(k))
	k++
	if s.Is(k, "now", "too") && s.Is(k+1, ",", "—", "–", "-") {
		k++ // "we've got two cats now, Mochi and Bean"
	}
	if s.Is(k, "—", "–", "-") && s.Is(k+1, "a", "an") && !s.Toks[k-1].Poss {
		return p.namedPet(k+1, len(s.Toks)) // "a dog now — a whippet called Bramble"
	}
	if s.Is(k, "named", "called", ",") {
		k++
	} else {
		return "", ontology.EntityRef{}, 0, false
	}
	name, next, ok := petName(s, k)
	if !ok && s.Norm(k-1) != "," {
		// "got a puppy called rex": a lower-case name after "called" in a
		// lower-case message
		if ref, e, lok := p.lowerPerson(k); lok {
			name, next, ok = ontology.EntityRef{Name: ref.Name, Type: ontology.EntityAnimal}, e, true
		}
	}
	return species, name, next, ok
}

// petName reads a pet's name at k: one or two capitalised words, which may
// be common words ("Buddy", "Pepper").
func petName(s *sentence, k int) (ontology.EntityRef, int, bool) {
	ok := func(i int) bool {
		if i >= len(s.Toks) {
			return false
		}
		t := s.Toks[i]
		return t.Word && t.Cap && isLetterWord(t.Text) && t.Norm != "i" && !functionWords[t.Norm]
	}
	if !ok(k) {
		return ontology.EntityRef{}, 0, false
	}
	end := k + 1
	if !s.Toks[k].Poss && ok(end) && !shoutedVerb(s, end) { // "MY BUDGIE CAPTAIN SAYS HELLO"
		end++
	}
	return ontology.EntityRef{Name: joinText(s, k, end), Type: ontology.EntityAnimal}, end, true
}

// singularSpecies maps a species word to its singular ("puppies" →
// "puppy").
func singularSpecies(w string) string {
	switch w {
	case "puppies":
		return "puppy"
	case "pets":
		return "pet"
	}
	if len(w) > 3 && w[len(w)-1] == 's' && w != "fish" {
		return w[:len(w)-1]
	}
	return w
}

// pet records OWNS name, the pet in the profile and a statement.
func (p *sentCtx) pet(species string, name ontology.EntityRef, phrase string, conf float64) {
	me := p.self()
	if p.petEnded(name.Name) {
		p.relation(rel{typ: ontology.RelOwns, from: me, to: name, role: species, conf: conf, validUntil: p.ts})
		p.fact(me, stmt(possessive(me.Name)+" "+species+" "+name.Name+" died"), conf, nil, p.ts)
		return
	}
	p.relation(rel{typ: ontology.RelOwns, from: me, to: name, role: species, conf: conf, validFrom: p.ts})
	p.profile(me, "interests", "pets", species+": "+name.Name, conf, p.ts)
	p.fact(me, stmt(me.Name+phrase+article(species)+" "+species+" named "+name.Name), conf, p.ts, nil)
}

// foundVerbs create organisations; the bool says whether a bare name
// object is enough ("founded Acme") or needs an organisation cue
// ("started Acme Labs").
var foundVerbs = map[string]bool{
	"founded": true, "co-founded": true, "cofounded": true, "established": true,
	"started": false, "launched": false, "created": false, "opened": false, "built": false,
}

// makeWorkVerbs create works ("wrote a song called X").
var makeWorkVerbs = lang.Words(`wrote painted composed recorded made published released directed produced
	designed drew`)

// found reads "I founded Acme", "I started a company called Acme", "I
// wrote a song called \"Hope\"".
func (p *sentCtx) found(cl clause) {
	v := p.s.Norm(cl.verb)
	if v == "set" && p.s.Norm(cl.verb+1) == "up" && cl.plain() && !cl.be {
		// "she set up the charity in 2011", "I set up Twine & Tallow with my sister Becca"
		org, end, ok := p.org(cl.verb + 2)
		if !ok {
			org, end, ok = p.lowerFoundedPair(cl.verb + 2) // "i set up twine & tallow with my sister becca"
		}
		if ok {
			p.created(p.self(), org, " founded ", confWeak)
			for _, x := range p.withPeople(end, cl.end) {
				p.created(x, org, " founded ", confWeak)
			}
		}
		return
	}
	bare, founding := foundVerbs[v]
	if !founding && !makeWorkVerbs[v] || !cl.plain() || cl.be || cl.was {
		return
	}
	me := p.self()
	if thing, _, ok := p.createdThing(cl.verb+1, cl.end); ok {
		p.created(me, thing, " "+v+" ", confStrong)
		return
	}
	if !founding {
		return
	}
	sp, ok := p.typed(cl.verb + 1)
	if !ok || !(sp.typ == ontology.EntityOrganization || bare && sp.typ == ontology.EntityConcept && !p.s.Toks[sp.to-1].Poss) {
		return
	}
	if v == "opened" && openedForTheDay(p.s, sp.to, cl.end) {
		return // "I opened Rye & Shine at 6 this morning": unlocked for the day, not founded
	}
	org := ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
	p.created(me, org, " "+v+" ", confStrong)
	for _, x := range p.withPeople(sp.to, cl.end) {
		p.created(x, org, " "+v+" ", confWeak) // "Ana co-founded Nomad with Tom"
	}
}

// createdThing reads "a company called Acme", "my own bakery, Sweet
// Treats", "a song titled \"Hope\"" at k.
func (p *sentCtx) createdThing(k, end int) (ontology.EntityRef, int, bool) {
	s := p.s
	if !s.Is(k, "a", "an", "my", "our", "her", "his", "their") {
		return ontology.EntityRef{}, 0, false
	}
	k++
	for s.Is(k, "own", "new", "first", "small", "little", "tiny", "local") {
		k++
	}
	isOrg, known := createdNouns[s.Norm(k)]
	if !known && !workCues[s.Norm(k)] {
		return ontology.EntityRef{}, 0, false
	}
	k++
	if !s.Is(k, "called", "named", "titled", ",") {
		return ontology.EntityRef{}, 0, false
	}
	k++
	if s.Seq(k, "it", "is") && s.Is(k+2, "called", "named") {
		k += 3 // "her café, it's called Grano": the name is past the clause's end
		end = len(s.Toks)
	}
	typ := ontology.EntityWork
	if isOrg {
		typ = ontology.EntityOrganization
	}
	if s.Norm(k) == `"` {
		for _, w := range quotedWorks(s) {
			if w.from == k+1 {
				return ontology.EntityRef{Name: w.name, Type: typ}, w.to + 1, true
			}
		}
		return ontology.EntityRef{}, 0, false
	}
	the := s.Is(k, "the") && s.Tok(k).Cap // "a book called The Quiet Lab": the title keeps its "The"
	if the {
		k++
	}
	sp, ok := nameAt(s, k)
	if !ok || sp.to > end {
		return ontology.EntityRef{}, 0, false
	}
	if the {
		sp.name = p.text[s.Toks[k-1].Start:s.Toks[sp.to-1].End]
	}
	return ontology.EntityRef{Name: sp.name, Type: typ}, sp.to, true
}

// created records CREATED maker → thing.
func (p *sentCtx) created(maker, thing ontology.EntityRef, phrase string, conf float64) {
	vf := p.ts
	role := ""
	if _, founding := foundVerbs[strings.TrimSpace(phrase)]; founding && thing.Type == ontology.EntityOrganization {
		role = "founder"
	}
	p.relation(rel{typ: ontology.RelCreated, from: maker, to: thing, role: role, conf: conf, validFrom: vf})
	p.fact(maker, stmt(maker.Name+phrase+thing.Name), conf, vf, nil)
}

// dayOpeningWords, after "opened X", place the opening in a day:
// "this morning", "today", "at noon".
var dayOpeningWords = lang.Words(`morning mornings today tonight dawn noon lunchtime`)

// openedForTheDay reports whether the words [k, end) after "opened X" tell
// an hour of the day ("at 6", "at 7am", "at half 8") or the day itself
// ("this morning", "today"): opening the doors, which says nothing of who
// founded the business. Years back ("9 years ago today", "in 2016 at
// 22") date a founding instead.
func openedForTheDay(s *sentence, k, end int) bool {
	day := false
	for j := k; j < end && j < k+6; j++ {
		w := s.Norm(j)
		switch {
		case w == "ago" || len(w) == 4 && isDigits(w):
			return false
		case dayOpeningWords[w]:
			day = true
		case w == "at" && (clockWord(s.Norm(j+1)) || s.Is(j+1, "half", "quarter")):
			day = true
		}
	}
	return day
}

// clockWord reports whether w names an hour: "6", "7am", "6:30", "seven"
// ("one" is left out: "at one point").
func clockWord(w string) bool {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "am"), "pm")
	if h, m, ok := strings.Cut(w, ":"); ok {
		return isDigits(h) && len(h) <= 2 && isDigits(m)
	}
	if isDigits(w) {
		return len(w) <= 2
	}
	return hourWords[w]
}

// hourWords are the hours said as words, "two" to "twelve".
var hourWords = numberWords(func(n int) bool { return n >= 2 && n <= 12 })
