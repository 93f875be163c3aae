package rules

import "github.com/loci-memory/loci/lang"

// petApposition reads a pet named before "my"/"our" and its species in
// apposition, with the comma at m: "Rex, my dog, is 3", "meet Rex, our new
// puppy". The apposition must close (a comma, a full stop or the end): in
// "Tom, my dog is sick" Tom is spoken to.
func (p *sentCtx) petApposition(m int) {
	s := p.s
	if !s.Is(m+1, "my", "our") || s.Norm(m) != "," || s.Question {
		return
	}
	k := breedHead(s, p.skipAdjectives(m+2))
	if k < 0 || !petSpecies[s.Norm(k)] || s.Tok(k).Poss || singularSpecies(s.Norm(k)) != s.Norm(k) {
		return
	}
	if p.has(m+2, k, "childhood", "old", "late", "former", "first", "previous") {
		return // "Max, my childhood dog": a pet of the past
	}
	if after := k + 1; after < len(s.Toks) && (s.Toks[after].Word || !s.Is(after, ",", ".", "!", ")")) {
		return
	}
	sp, ok := nameBefore(s, m)
	if !ok || s.Norm(sp.from-1) == "," || s.Norm(sp.from-1) == "and" {
		return // "Ana, Rex, my dog": a list
	}
	name, end, ok := petName(s, sp.from)
	if !ok || end != m || p.isSpeaker(name) || p.disc.typedPerson(name.Name) {
		return
	}
	p.pet(s.Norm(k), name, " has ", confWeak)
}

// petList reads the further names of a list of pets at k, after the first
// ("two cats, Miso and Tofu": ", and Tofu" or "and Tofu").
func (p *sentCtx) petList(species string, k, end int, phrase string) {
	s := p.s
	for n := 0; n < 4 && k < end; n++ {
		if s.Norm(k) == "," {
			k++
		}
		if s.Norm(k) == "and" {
			k++
		}
		name, next, ok := petName(s, k)
		if !ok {
			return
		}
		p.pet(species, name, phrase, confStrong)
		k = next
	}
}

// myPet reads the names after "my [adjectives] <species>" at k: "my dog
// Max", "my cat, Luna", "my puppy named Biscuit", "my dogs Max and Rex",
// "my dog's name is Max".
func (p *sentCtx) myPet(k int, conf float64) {
	s := p.s
	species := singularSpecies(s.Norm(k))
	j := k + 1
	switch next, ok := possNamed(s, k, j); {
	case !ok:
		return
	case s.Toks[k].Poss:
		j = next
	case s.Is(j, ",", "named", "called"):
		j++
	}
	if _, _, ok := petName(s, j); !ok {
		j = namedAhead(s, j)
	}
	for n := 0; n < 4; n++ {
		name, end, ok := petName(s, j)
		if !ok {
			return
		}
		p.pet(species, name, " has ", conf)
		if s.Norm(end) == "," {
			end++
		}
		if s.Norm(end) != "and" {
			return
		}
		j = end + 1
	}
}

// namedAhead finds "named"/"called" within a few words after k ("my dog,
// a golden retriever named Max") and returns the index after it, or k.
// Only words and commas may lie between, and no other possessor.
func namedAhead(s *sentence, k int) int {
	for i := k; i < len(s.Toks) && i < k+6; i++ {
		t := s.Toks[i]
		switch {
		case t.Norm == "named" || t.Norm == "called":
			return i + 1
		case !t.Word && t.Norm != ",", pronounish[t.Norm] || t.Cap:
			return k
		}
	}
	return k
}

// breedHeads are dog breeds named with a word before them ("cocker
// spaniel", "golden retriever", "border collie", "German shepherd").
var breedHeads = lang.Words(`spaniel spaniels retriever retrievers terrier terriers shepherd shepherds
	collie collies poodle poodles bulldog bulldogs setter setters schnauzer schnauzers`)

// breedHead returns the breed word after one qualifier at k ("my cocker
// spaniel Jalebi", "Jalebi, our springer spaniel,"), or k when there is
// none. The qualifier is a plain word (a breed itself in "springer
// spaniel"): not an owner ("our neighbour's spaniel") and not a role ("our
// neighbour spaniel").
func breedHead(s *sentence, k int) int {
	if k < 0 || !breedHeads[s.Norm(k+1)] {
		return k
	}
	t := s.Tok(k)
	if !t.Word || t.Poss || isRoleWord(t.Norm) || pronounish[t.Norm] || s.Tok(k+1).Poss {
		return k
	}
	return k + 1
}
