package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Pair subjects with a plural verb: "Emeka and Chidi both work at
// Barclays", "Nadia and her brother run it", "me and Jo started a band",
// "him and his cousin Luca run it together". The patterns read one person
// and a singular verb, so each person's clause is built ("Emeka works at
// Barclays", "I started …", "he runs it together") and read like the
// turn's own words, keeping only relations of the kinds a pair shares
// (sharedTypes) whose subject is that person. pairSubjects (the copy of
// what the patterns read of the second name) covers verbs that do not
// change with the number ("Tom and Aisha moved to Leeds").

// pairVerbs are the present verbs a pair clause is rebuilt for; their
// third-person form is made by pairSingular.
var pairVerbs = lang.Words(`work live run own lead manage study teach play sing coach volunteer come go rent
	share attend organise organize host co-own co-run train love`)

// pairPast are irregular past forms, which do not change with the number.
var pairPast = lang.Words(`started founded moved went got ran set opened joined left bought grew came met sold
	built took became made lived worked`)

// pairTogether, between the pair and its verb are dropped from the rebuilt
// clause: they speak of the two together.
var pairTogether = lang.Words(`both all together`)

// pairSingular returns the third-person singular of the plural verb w
// ("work" → "works", "are" → "is"), or false when w is no verb known here.
func pairSingular(s *sentence, k int) (string, bool) {
	w := s.Norm(k)
	switch w {
	case "are":
		return "is", true
	case "were":
		return "was", true
	case "have":
		return "has", true
	}
	if pairPast[w] || lang.IsPastEd(s, k) {
		return w, true
	}
	if !pairVerbs[w] {
		return "", false
	}
	switch {
	case strings.HasSuffix(w, "y") && !strings.HasSuffix(w, "ay") && !strings.HasSuffix(w, "ey"):
		return w[:len(w)-1] + "ies", true
	case strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "s"), w == "go":
		return w + "es", true
	}
	return w + "s", true
}

// pairPerson is one person of a pair subject: a name, the speaker, or a
// third-person pronoun.
type pairPerson struct {
	word string // how the rebuilt clause names them ("Emeka", "I", "he")
	name string // the normalised name the kept relations start from; "" for a pronoun
}

// pairClauses reads the pair subjects of turn t (before its own mentions
// are noted, so "him" means someone named before).
func (c *turnCtx) pairClauses(t ontology.Turn) {
	for _, s := range c.statements(t) {
		people, verb, ok := c.pairAt(s)
		cite := ""
		if !ok {
			people, verb, ok = c.theyPair(s)
			if ok {
				cite = c.disc.pair.turn
			}
		} else if len(people) == 2 && people[0].name != "" && people[1].name != "" {
			c.disc.pair = &namedPair{people: people, index: c.disc.index, turn: t.ID}
		}
		if !ok {
			continue
		}
		var rest string
		if verb+1 < len(s.Toks) {
			rest = " " + t.Text[s.Toks[verb+1].Start:s.End]
		}
		one, _ := pairSingular(s, verb)
		if s.Norm(verb-1) == "they" && strings.HasPrefix(s.Toks[verb].Text, "'") {
			one = "'s" // "they've left Bristol": "Tom's left Bristol"
		}
		for _, pp := range people {
			v := one
			if pp.word == "I" {
				v = map[string]string{"is": "am", "has": "have"}[one]
				if v == "" {
					v = s.Norm(verb)
				}
			}
			var others []string
			for _, o := range people {
				if o != pp && o.name != "" {
					others = append(others, o.name)
				}
			}
			want := pp.name
			sep := " "
			if strings.HasPrefix(v, "'") {
				sep = ""
			}
			word := pp.word
			if word == "I" && lowerStyle(s) {
				word = "i" // "me n her are still in shelthorpe": read as typed, in lower case
			}
			c.readKeeping(t, word+sep+v+rest, func(r ontology.Relation) bool {
				from := ontology.NormaliseName(r.From.Name)
				if !sharedTypes[r.Type] && !pairChild(r) || r.From.Type != ontology.EntityPerson {
					return false
				}
				if want != "" {
					return from == want
				}
				for _, o := range others {
					if from == o {
						return false
					}
				}
				return true
			}, cite)
		}
	}
}

// pairAt reads a pair subject opening a clause of s: a person, a join
// ("and", "&", "+", "n"), optional possessives and a relationship word,
// a second person (a name, I/me, or none after a relationship word: "Nadia
// and her brother"), optional "both"/"all", and a verb pairSingular knows.
// It returns the named people and the verb's token.
func (c *turnCtx) pairAt(s *sentence) ([]pairPerson, int, bool) {
	for k := 0; k+3 < len(s.Toks); k++ {
		if !clauseOpens(s, k) {
			continue
		}
		first, j, ok := c.pairMember(s, k, true)
		if !ok || !pairJoins[s.Norm(j)] {
			continue
		}
		j++
		if _, verb := pairSingular(s, j+1); verb && first.word == "I" && s.Is(j, "her", "him") {
			// "me n her are still in shelthorpe": him or her, the one the
			// conversation spoke of, as any "she"
			return []pairPerson{first, {word: map[string]string{"her": "she", "him": "he"}[s.Norm(j)]}}, j + 1, true
		}
		role := false
		for pairSkips[s.Norm(j)] || isRoleWord(s.Norm(j)) {
			role = role || isRoleWord(s.Norm(j))
			j++
		}
		people := []pairPerson{first}
		if second, next, ok := c.pairMember(s, j, false); ok {
			people, j = append(people, second), next
		} else if !role {
			continue
		}
		for pairTogether[s.Norm(j)] || adverbs[s.Norm(j)] && !s.Is(j, "still", "now", "currently") {
			j++
		}
		if _, ok := pairSingular(s, j); !ok || j >= len(s.Toks) {
			continue
		}
		return people, j, true
	}
	return nil, 0, false
}

// pairMember reads one person of a pair at k: I/me, him/her/he/she (only
// first), or a name typed a person or left untyped (not a place, an
// organisation, a pet, a work, a possessive).
func (c *turnCtx) pairMember(s *sentence, k int, first bool) (pairPerson, int, bool) {
	switch s.Norm(k) {
	case "me", "i":
		return pairPerson{word: "I", name: ontology.NormaliseName(c.speaker.Name)}, k + 1, true
	case "him", "he":
		return pairPerson{word: "he"}, k + 1, first
	case "her", "she":
		return pairPerson{word: "she"}, k + 1, first
	}
	sp, ok := nameAt(s, k)
	if !ok || s.Tok(sp.to-1).Poss {
		return pairPerson{}, 0, false
	}
	sp = c.known.typeName(s, sp)
	if sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept {
		return pairPerson{}, 0, false
	}
	return pairPerson{word: sp.name, name: ontology.NormaliseName(sp.name)}, sp.to, true
}

// petRoles are relationship words people also give their pets ("he's my
// baby", "she's my girl").
var petRoles = lang.Words(`baby babe boy girl son daughter kid child bby bestie buddy pal mate`)

// humanRole reports whether w, after "he's my"/"she's my", names a tie only
// a person has: a relationship word that is not also said of pets.
func humanRole(w string) bool { return isRoleWord(w) && !petRoles[w] }

// namedPair is the last pair subject of two named people ("Tom and Aisha
// moved in"), which a later "they" may mean.
type namedPair struct {
	people []pairPerson
	index  int    // the discourse index of its turn
	turn   string // its turn, which a relation read through "they" cites
}

// theyPair reads "they" opening a clause of s, with a verb pairSingular
// knows, as the pair named in this turn or the three before ("Tom and Aisha
// moved in last weekend" / "they've left Bristol for good now"), unless an
// organisation was named since ("they" may be the company) or the pair's
// people are not the last people named.
func (c *turnCtx) theyPair(s *sentence) ([]pairPerson, int, bool) {
	pr := c.disc.pair
	if pr == nil || c.disc.index-pr.index > 3 {
		return nil, 0, false
	}
	for _, m := range c.disc.mentions {
		if m.index < pr.index {
			continue
		}
		if m.ref.Type == ontology.EntityOrganization || m.ref.Type == ontology.EntityPerson && m.index > pr.index &&
			m.norm != pr.people[0].name && m.norm != pr.people[1].name && !c.disc.speakers[m.norm] {
			return nil, 0, false
		}
	}
	for k := 0; k+1 < len(s.Toks); k++ {
		if s.Norm(k) != "they" || !clauseOpens(s, k) {
			continue
		}
		j := k + 1
		for pairTogether[s.Norm(j)] || adverbs[s.Norm(j)] && !s.Is(j, "still", "now", "currently") {
			j++
		}
		if j != k+1 && strings.HasPrefix(s.Tok(k+1).Text, "'") {
			continue
		}
		if _, ok := pairSingular(s, j); ok {
			return pr.people, j, true
		}
	}
	return nil, 0, false
}

// statements are the sentences of turn t that state something (no
// question), recased, for the readers that rebuild a clause and read it
// again (pair subjects, relative "where"); none for a built statement or
// without a discourse and a speaker.
func (c *turnCtx) statements(t ontology.Turn) []*sentence { return c.recasedSentences(t, false) }

// recasedSentences are turn t's questions (questions true) or its other
// sentences, recased, when the turn reads a discourse (none otherwise).
func (c *turnCtx) recasedSentences(t ontology.Turn, questions bool) []*sentence {
	if c.disc == nil || c.speaker.Name == "" || c.built {
		return nil
	}
	q := 0
	if questions {
		q = 1
	}
	if !c.memo.recasedOK[q] {
		c.memo.recasedOK[q] = true
		for _, s := range c.sentencesOf(t.Text) {
			if s.Question == questions {
				c.known.recase(&s)
				c.memo.recased[q] = append(c.memo.recased[q], s)
			}
		}
	}
	out := make([]*sentence, len(c.memo.recased[q]))
	for i, s := range c.memo.recased[q] {
		s.Toks = slices.Clone(s.Toks) // a fresh copy: readers may change it
		out[i] = &s
	}
	return out
}
