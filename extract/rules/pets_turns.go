package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A pet a speaker says they got, unnamed, and names in their own next
// turn after one turn of someone else's reaction (h14-owns22): "Guess who
// got a dog" / "NO" / "A rescue greyhound, she's called Pip"; "i adopted
// two cats" / "that's a gift" / "miso and tofu 🐱🐱"; "im a dad" / "(to a
// cat)" / "her name's Fig".

// owns22Pet is the pet waiting for its name: its owner (the speaker), the
// turn that said it, its kind ("" until "(to a cat)" says it), whether
// there are several, and how many turns of others came since.
type owns22Pet struct {
	speaker, turn, species string
	plural                 bool
	others                 int
}

// owns22State is what h14-owns22's readings carry from turn to turn.
type owns22State struct {
	pet     *owns22Pet     // a pet said got, waiting for its name
	mine    []owns22Named  // "my Bryn", "our Pickle", waiting for a pet word
	which   *owns22Which   // "rowan the dog or rowan ur bf", waiting for its answer
	unnamed *owns22Unnamed // "i kept the dog", "And the dog?", waiting for its name
}

// owns22Species is the pet-word alternation of the readings' patterns.
const owns22Species = `(dog|puppy|pup|cat|kitten|kitty|rabbit|bunny|tortoise|hamster|greyhound|whippet|staffie|lurcher|spaniel|collie|labrador|terrier|beagle|ferret|parrot|budgie)`

var (
	// owns22Guess: "guess who (just) got a (rescue) dog".
	owns22Guess = regexp.MustCompile(`^guess who (?:just |finally )?(?:got|adopted|rescued|bought) an? (?:[a-z]+ ){0,2}?` + owns22Species + `$`)
	// owns22We: "i adopted two cats", "we just got a puppy".
	owns22We = regexp.MustCompile(`^(?:i|we) (?:just |finally )?(?:got|adopted|rescued|bought) (an?|two|2|three|3) (?:[a-z]+ )?` + owns22Species + `s?$`)
	// owns22Parent: "im a dad", "i'm a dog mum now", "i'm a dad (to a cat)".
	owns22Parent = regexp.MustCompile(`^(?:(?:also|so|ok|and) )?(?:news:? )?(?:i'm|im|i am) (?:now )?an? (?:new )?(?:` + owns22Species + ` )?(?:dad|mum|mom|mam|parent)(?: now)?(?: \(?to an? ` + owns22Species + `\)?)?(?: now)?$`)
	// owns22To: the next turn's "(to a cat)".
	owns22To = regexp.MustCompile(`^\(?to an? (?:[a-z]+ )?` + owns22Species + `\)?$`)
	// owns22Called: "a rescue greyhound, she's called ", "her name's ".
	owns22Called = regexp.MustCompile(`^(?:an? (?:[a-z]+ ){0,2}?` + owns22Species + `,? )?(?:(?:she|he|it)(?:'s| is) (?:called|named)|(?:her|his|its) name(?:'s| is)) `)
	// owns22Names: a turn of names alone, "miso and tofu 🐱🐱", "Salt & Pepper".
	owns22Names = regexp.MustCompile(`^([a-z][a-z]+)(?: (?:and|&) ([a-z][a-z]+))?$`)
	// owns22Jokes retract what a turn says.
	owns22Jokes = regexp.MustCompile(`\b(?:jk|joking|kidding|not really)\b`)
)

// ownsOnly keeps, of what a pet reading reads, the OWNS relations.
func ownsOnly(r ontology.Relation) bool { return r.Type == ontology.RelOwns }

// owns22SpeciesWords are owns22Species's words.
var owns22SpeciesWords = strings.Split(strings.Trim(owns22Species, "()"), "|")

// owns22MaySpecies reports whether plain holds a word of owns22Species,
// which every pattern built on it needs: most turns do not, and the
// patterns are then not run.
func owns22MaySpecies(plain string) bool { return containsAny(plain, owns22SpeciesWords...) }

// containsAny reports whether s contains any of subs.
func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// owns22Plain lower-cases a turn and trims what only decorates it:
// emoji, "!!!", a final "lol", "now", "today".
func owns22Plain(text string) string {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.Map(func(r rune) rune {
		if r == '’' {
			return '\''
		}
		if r > 0x2000 {
			return ' ' // emoji and symbols
		}
		return r
	}, t)
	t = strings.Join(strings.Fields(t), " ")
	for {
		u := strings.TrimRight(t, " !.")
		for _, w := range []string{" lol", " now", " today", " yesterday"} {
			u = strings.TrimSuffix(u, w)
		}
		if u == t {
			return t
		}
		t = u
	}
}

// owns22Turn notes a pet turn t says its speaker got, unnamed, or names
// the one noted before: the same speaker's next turn, at most one turn of
// another person's reaction in between (a question other than for its
// name, or a second turn, ends the wait).
func (c *turnCtx) owns22Turn(t ontology.Turn, prev *prevTurn) {
	c.owns22Told(t, prev)
	k := c.known
	if k != nil && k.disc != nil {
		c.owns22Mine(t)
		c.petThenMine(t) // pets_then_mine.go
	}
	if k == nil || c.speaker.Name == "" {
		return
	}
	plain := owns22Plain(t.Text)
	c.owns22WhichTurn(t, prev, plain)
	c.owns22ThenTurn(t, prev, plain)
	if w := k.owns22.pet; w != nil {
		switch {
		case t.Speaker != w.speaker:
			w.others++
			if w.others > 1 || lang.EndsInQuestion(t.Text) && !asksName(c.sentencesOf(t.Text)) {
				k.owns22.pet = nil
			}
			return
		case w.species == "":
			k.owns22.pet = nil
			if m := owns22To.FindStringSubmatch(plain); m != nil && w.others == 0 {
				w.species, w.turn = m[1], t.ID
				k.owns22.pet = w
			}
			return
		default:
			k.owns22.pet = nil
			c.owns22Named(t, w, plain)
			return
		}
	}
	if !owns22MaySpecies(plain) && !containsAny(plain, "dad", "mum", "mom", "mam", "parent") {
		return // what the three readings below need
	}
	if owns22Jokes.MatchString(plain) || lang.EndsInQuestion(t.Text) {
		return
	}
	w := &owns22Pet{speaker: t.Speaker, turn: t.ID}
	if m := owns22Guess.FindStringSubmatch(plain); m != nil {
		w.species = m[1]
	} else if m := owns22We.FindStringSubmatch(plain); m != nil {
		w.species, w.plural = m[2], !strings.HasPrefix(m[1], "a")
	} else if m := owns22Parent.FindStringSubmatch(plain); m != nil {
		w.species = m[1] + m[2] // at most one of them is said
	} else {
		return
	}
	k.owns22.pet = w
}

// owns22Named reads the owner's naming turn: "she's called Pip", "a
// rescue greyhound, she's called Pip", "her name's Fig", or the names
// alone; a name that is a speaker's, a first name or a known person's
// reads nothing.
func (c *turnCtx) owns22Named(t ontology.Turn, w *owns22Pet, plain string) {
	if lang.EndsInQuestion(t.Text) || owns22Jokes.MatchString(plain) {
		return
	}
	if m := owns22Called.FindStringIndex(plain); m != nil && !w.plural {
		rest := strings.TrimSpace(t.Text[owns22Offset(t.Text, plain, m[1]):])
		c.readAs(t, "I have a "+w.species+" named "+rest, w.turn)
		return
	}
	m := owns22Names.FindStringSubmatch(plain)
	if m == nil || (m[2] != "") != w.plural {
		return
	}
	names := []string{}
	for _, n := range m[1:] {
		if n == "" {
			continue
		}
		if c.disc.isSpeaker(n) || firstName(n) || greetingWords[n] || commonWords[n] || functionWords[n] ||
			c.known.entities[n] == ontology.EntityPerson {
			return
		}
		n = owns22Cased(t.Text, n)
		names = append(names, titleCase(n)) // "miso": a name, as readAs needs it
	}
	if w.plural {
		c.readAs(t, "I have two "+w.species+"s, "+strings.Join(names, " and ")+".", w.turn)
		return
	}
	c.readAs(t, "I have a "+w.species+" named "+names[0]+".", w.turn)
}

// owns22Offset maps a byte offset in plain, the plain form of text, back
// to text, counting words: the plain form keeps the words in order.
func owns22Offset(text, plain string, plainAt int) int {
	words := len(strings.Fields(plain[:plainAt]))
	f := strings.Fields(text)
	if words >= len(f) {
		return len(text)
	}
	at := 0
	for i := 0; i < words; i++ {
		at = strings.Index(text[at:], f[i]) + at + len(f[i])
	}
	return at
}

// owns22Cased returns name as text writes it.
func owns22Cased(text, name string) string {
	if i := strings.Index(strings.ToLower(text), name); i >= 0 {
		return text[i : i+len(name)]
	}
	return name
}
