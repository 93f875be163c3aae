package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// makeMeVerbs are the verbs of "X makes me love Y".
var makeMeVerbs = lang.Words(`make makes made`)

// makesMeLove reads "nights like that make me love football even more",
// "games like that made me love sports": the speaker likes what follows.
// Negated ("doesn't make me love it"), hedged or asked, it gives nothing;
// neither does a pronoun or a deictic object ("makes me love it").
func (p *sentCtx) makesMeLove() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for m := 1; m+3 < len(s.Toks); m++ {
		if !makeMeVerbs[s.Norm(m)] || s.Norm(m+1) != "me" {
			continue
		}
		v := m + 2
		for s.Is(v, "really", "even", "just", "so", "truly") {
			v++
		}
		if s.Norm(v) != "love" && s.Norm(v) != "like" && s.Norm(v) != "adore" {
			continue
		}
		if negatedBefore(s, m) || hedgedBefore(s, m) || hedgedAfter(s, v) {
			continue
		}
		end := verbBound(s, v+1, len(s.Toks))
		for i, in := range p.interests(v+1, end) {
			if i > 0 && !plainActivity(in.value) {
				break // "made me love tennis and respect the players"
			}
			p.liking(p.speaker, in, " loves ", confWeak)
		}
	}
}

// negatedBefore reports whether a negation stands within the three words
// before m ("doesn't make me", "never made me").
func negatedBefore(s *sentence, m int) bool {
	for k := m - 1; k >= 0 && k >= m-3; k-- {
		if s.Is(k, "not", "never", "no") {
			return true
		}
	}
	return false
}

// willAlways reports whether a clause's only modal is "will always" ("I
// will always love sailing", "I'll always love hiking"): a lasting liking,
// not a plan.
func willAlways(s *sentence, cl clause) bool {
	for k := cl.subj + 1; k < cl.verb; k++ {
		if s.Norm(k) == "will" && s.Norm(k+1) == "always" {
			return true
		}
	}
	return false
}

// quotedInterest reads a quoted title at k, the opening quote, as the
// object of a liking: "I love \"Dancing Queen\"". The title must start
// with a capital and the phrase end after the closing quote (a "by" and
// its maker may follow).
func (p *sentCtx) quotedInterest(k, end int) (interest, bool) {
	w := quotedWorksAt(p.s, k)
	if len(w) != 1 || !p.s.Tok(w[0].from).Cap {
		return interest{}, false
	}
	next := w[0].to + 1
	if !p.phraseEnds(next, end) && p.s.Norm(next) != "," {
		return interest{}, false
	}
	return interest{value: w[0].name, typ: w[0].typ, sub: "favourites", end: next}, true
}

// gerundPreps are the gerunds that name a pastime only with their
// preposition and its object, and those prepositions: "learning about
// ancient history", "going on long walks", "experimenting with flavours".
// The gerund alone is too vague ("I love learning", "I love going").
var gerundPreps = map[string]string{
	"learning": "about", "going": "on", "experimenting": "with", "hanging": "out",
}

// gerundPrep reads a gerund of gerundPreps at k with its preposition and a
// plain object of up to four words, ending the phrase: no article, no
// possessive or pronoun, no name ("going on long walks"; not "going on a
// date", "learning about my family", "going on Tuesday"). "hanging out"
// takes "with" and plural company ("hanging out with friends").
func (p *sentCtx) gerundPrep(k, end int) (interest, bool) {
	s := p.s
	prep, ok := gerundPreps[s.Norm(k)]
	if !ok || s.Norm(k+1) != prep {
		return interest{}, false
	}
	j := k + 2
	if prep == "out" {
		if s.Norm(j) != "with" {
			return interest{}, false
		}
		j++
	}
	if !s.Tok(j).Word || s.Tok(j).Cap || quantifiers[s.Norm(j)] && s.Norm(j) != "other" || p.timeAt(j) != nil {
		return interest{}, false
	}
	obj, next, ok := p.phrase(j, end, 4)
	if !ok || !plainActivity("x "+obj) || hasArticle(obj) || !p.phraseEnds(next, end) && !s.Is(next, "with", "and") {
		return interest{}, false
	}
	if (prep == "on" || prep == "out") && !plural(obj) {
		return interest{}, false // "going on holiday" reads, "going on a trip" and "going on Tuesday" do not
	}
	v := joinText(s, k, next)
	return interest{value: v, typ: ontology.EntityActivity, sub: "hobbies", end: next}, true
}

// plural reports whether a phrase ends on a plural noun ("long walks",
// "friends").
func plural(phrase string) bool {
	return len(phrase) > 3 && phrase[len(phrase)-1] == 's' && phrase[len(phrase)-2] != 's'
}

// faveWords say "favourite" in "X's my fave".
var faveWords = lang.Words(`fave fav favorite favourite`)

// possMyFave reads "Green's my fave", "Pizza's my favourite food", "Jazz's
// my all-time fave, honestly" with the contracted "'s" on token m: the
// sentence opens with what is liked (up to three words, no pronoun,
// deictic or time) and "my fave" ends the phrase, or one noun after it does.
func (p *sentCtx) possMyFave(m int) {
	s := p.s
	k := m + 2
	for s.Is(k, "absolute", "all-time", "main", "biggest", "big", "true", "new") {
		k++
	}
	if !faveWords[s.Norm(k)] {
		return
	}
	if k++; s.Tok(k).Word && !s.Tok(k).Cap && !npStops[s.Norm(k)] {
		k++ // "my favourite food"
	}
	f := s.FirstWord()
	if f < 0 || m-f > 2 || !p.phraseEnds(k, len(s.Toks)) {
		return
	}
	for i := f; i <= m; i++ {
		n := s.Norm(i)
		if !s.Toks[i].Word || pronounish[n] || determiners[n] || commonWords[n] && i == m || p.timeAt(i) != nil || i < m && s.Toks[i].Poss {
			return // "That's my fave", "Today's my fave", "Tom's sister's my fave"
		}
	}
	value, typ := joinText(s, f, m+1), ontology.EntityConcept
	if sp, ok := nameAt(s, f); ok && sp.to == m+1 {
		sp = p.known.typeName(s, sp)
		value, typ = sp.name, sp.typ
	}
	if p.isSpeaker(ontology.EntityRef{Name: value, Type: ontology.EntityPerson}) {
		return
	}
	p.liking(p.self(), interest{value: value, typ: typ, sub: "favourites", end: m + 1}, " likes ", confWeak)
}

// favouriteApposition reads "my favorite, Spirited Away", "my
// favourite band, Radiohead,", "my favorite author, Neil Gaiman": LIKES
// the name in apposition. A relationship word ("my favourite cousin, Tom")
// is a tie, not a liking; a speaker's name is someone spoken to.
func (p *sentCtx) favouriteApposition() {
	s := p.s
	if s.Question {
		return
	}
	for m := 0; m+3 < len(s.Toks); m++ {
		if !s.Is(m, "my", "our") || !faveWords[s.Norm(m+1)] {
			continue
		}
		k := m + 2
		if s.Tok(k).Word && !s.Tok(k).Cap {
			if isRoleWord(s.Norm(k)) || petSpecies[s.Norm(k)] {
				continue
			}
			k++ // "my favourite band"
		}
		if s.Norm(k) != "," {
			continue
		}
		k++
		if s.Norm(k) == "the" && s.Tok(k+1).Cap {
			k++ // "my favorite team, the Leeds Rhinos"
		}
		value, typ, end := "", ontology.EntityConcept, 0
		if w := quotedWorksAt(s, k); s.Norm(k) == `"` && len(w) == 1 {
			value, typ, end = w[0].name, ontology.EntityWork, w[0].to+1
		} else if sp, ok := nameAt(s, k); ok && !s.Tok(sp.to-1).Poss {
			sp = p.known.typeName(s, sp)
			value, typ, end = sp.name, sp.typ, sp.to
		} else {
			continue
		}
		ref := ontology.EntityRef{Name: value, Type: typ}
		if !s.Is(end, ",", ".", "!", ")") && end < len(s.Toks) || p.isSpeaker(ref) || p.disc.isSpeaker(value) {
			continue
		}
		p.liking(p.self(), interest{value: value, typ: typ, sub: "favourites", end: end}, " likes ", confWeak)
	}
}
