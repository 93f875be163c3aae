package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// favouriteSubs files "my favourite <thing>" under a profile sub-topic.
var favouriteSubs = map[string]string{
	"book": "books", "novel": "books", "author": "books", "writer": "books",
	"movie": "movies", "film": "movies", "show": "movies", "series": "movies", "actor": "movies",
	"actress": "movies", "song": "music", "band": "music", "singer": "music", "album": "music",
	"artist": "music", "musician": "music", "genre": "music", "music": "music", "food": "food",
	"dish": "food", "meal": "food", "snack": "food", "dessert": "food", "cuisine": "food",
	"restaurant": "food", "drink": "food", "sport": "sports", "team": "sports",
}

// favourite reads "<thing> is Y" after "my favourite" at k ("my favourite
// book is \"Becoming\"", "my favorite color is blue"). It reports whether
// the pattern matched.
func (p *sentCtx) favourite(k int) bool {
	s := p.s
	j := k
	for j < len(s.Toks) && j-k < 2 && s.Toks[j].Word && !s.Toks[j].Cap && s.Norm(j) != "is" && s.Norm(j) != "are" {
		j++
	}
	if j == k || !s.Is(j, "is", "are") {
		return false
	}
	thing := strings.ToLower(joinText(s, k, j))
	head := s.Norm(j - 1)
	value, typ, ok := p.favouriteValue(j+1, workCues[head])
	if !ok {
		return false
	}
	sub, entry := "favourites", thing+": "+value
	if fs, found := favouriteSubs[head]; found {
		sub, entry = fs, value
	}
	me := p.self()
	p.relation(rel{typ: ontology.RelLikes, from: me, to: ontology.EntityRef{Name: value, Type: typ}, conf: confStrong, validFrom: p.ts})
	p.profile(me, "interests", sub, entry, confStrong, p.ts)
	text := possessive(me.Name) + " favorite " + thing + " " + s.Norm(j) + " " + value
	if s.Seq(k-4, "one", "of") {
		text = "One of " + text
	}
	p.fact(me, stmt(text), confStrong, p.ts, nil)
	return true
}

// favouriteValue reads what a favourite is: a quoted title, a name or a
// short phrase. work says the thing is a titled work.
func (p *sentCtx) favouriteValue(k int, work bool) (string, ontology.EntityType, bool) {
	s := p.s
	if s.Norm(k) == `"` {
		for _, w := range quotedWorksAt(s, k) {
			return w.name, ontology.EntityWork, true
		}
		return "", "", false
	}
	if sp, ok := nameAt(s, k); ok && p.phraseEnds(sp.to, len(s.Toks)) && !s.Toks[sp.to-1].Poss {
		sp = p.known.typeName(s, sp)
		if work {
			sp.typ = ontology.EntityWork
		}
		return sp.name, sp.typ, true
	}
	if in, ok := p.bareInterest(k, len(s.Toks)); ok && !stateWord(s, k) {
		return in.value, in.typ, true // not "my fave pub is closed tho"
	}
	return "", "", false
}

// quotedWorksAt returns the quoted title opening at token k, if any.
func quotedWorksAt(s *sentence, k int) []span {
	j := k + 1
	for j < len(s.Toks) && s.Toks[j].Norm != `"` && j-k <= 10 {
		j++
	}
	if j >= len(s.Toks) || j == k+1 || s.Toks[j].Norm != `"` {
		return nil
	}
	return []span{{from: k + 1, to: j, name: quotedText(s, k+1, j), typ: ontology.EntityWork, confirmed: true}}
}

// hobbyNouns end "X and Y are my (main) hobbies".
var hobbyNouns = lang.Words(`hobby hobbies passion passions fave fav favorite favourite thing things`)

// myHobbies reads "Playing video games and watching movies are my main
// hobbies", "Blue's my fave" with "is"/"are" at m: LIKES each.
func (p *sentCtx) myHobbies(m int) {
	s := p.s
	k := m + 2
	for s.Is(k, "main", "biggest", "two", "big", "true", "greatest", "absolute") ||
		s.Is(k, "favorite", "favourite") && hobbyNouns[s.Norm(k+1)] {
		k++
	}
	if !hobbyNouns[s.Norm(k)] || !p.phraseEnds(k+1, len(s.Toks)) {
		return
	}
	f := s.FirstWord()
	if f < 0 || f >= m {
		return
	}
	p.likeInterests(f, m)
}

// loveOf reads "my love of reading", "I've always had a love for horses"
// with "love" at m: LIKES.
func (p *sentCtx) loveOf(m int) {
	if p.s.Norm(m-1) == "a" && !p.has(0, m, "i") {
		return // "a love for horses" must be the speaker's ("I've always had…")
	}
	for i, in := range p.interests(m+2, verbBound(p.s, m+2, len(p.s.Toks))) {
		last := strings.ToLower(in.value[strings.LastIndex(in.value, " ")+1:])
		if lang.IrregularPast[last] || strings.HasSuffix(last, "ed") && strings.Contains(in.value, " ") {
			return // "my love for car engineering began": the phrase runs into a verb
		}
		if i > 0 && bareVerbAfterAnd(p.s, in) {
			return // "share my love of gaming and connect with others"
		}
		p.liking(p.self(), in, " loves ", confWeak)
	}
}
