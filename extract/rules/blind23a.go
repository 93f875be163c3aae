package rules

import (
	_ "embed"
	"regexp"
	"strconv"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// framesBlind23a holds the frames h14-blind23a added (a start-up's chat of
// handles, a Nigerian-English family group, an orchestra committee), kept
// apart from the other frame files; all are read as one.
//
//go:embed data/frames_blind23a.txt
var framesBlind23a string

// longSinceStarts are the words after "since" that start a stretch of
// life, not of a day: a year ("since 2010") or a stage ("since uni"). The
// frames' class @since; "been in Lewes since 9 this morning" is a visit.
var longSinceStarts = func() map[string]bool {
	w := lang.Words(`uni university school college childhood birth forever ages covid lockdown`)
	for y := 1940; y <= 2040; y++ {
		w[strconv.Itoa(y)] = true
	}
	return w
}()

// onlyPunct reports whether tokens [from, to) hold no word: "!!!", "." or
// an emoji.
func onlyPunct(s *sentence, from, to int) bool {
	for k := from; k < to; k++ {
		if s.Toks[k].Word {
			return false
		}
	}
	return true
}

// ownBizNamedNext reads the business a turn names in the sentence right
// after "my own salon!!!": a sentence that is only a name of two words or
// more ("Glow by Yewande 💅🏾"), not a place's nor a person's.
func (p *sentCtx) ownBizNamedNext() (span, bool) {
	rest := p.text[p.s.End:]
	next := lang.SplitSentences(lang.Tokenize(rest))
	if len(next) == 0 {
		return span{}, false
	}
	ns := &next[0]
	f := ns.FirstWord()
	if f != 0 && !onlyPunct(ns, 0, max(f, 0)) || f < 0 {
		return span{}, false
	}
	sp, ok := nameAt(ns, f)
	if ok && ns.Is(sp.to, "by") {
		if by, ok := nameAt(ns, sp.to+1); ok {
			sp.to = by.to // "Glow by Yewande", "Hair by Jo": a business named "X by Y"
		}
	}
	if !ok || sp.to-sp.from < 2 || ns.Tok(sp.to-1).Poss || !onlyPunct(ns, sp.to, len(ns.Toks)) {
		return span{}, false
	}
	sp = p.known.typeName(ns, sp)
	if sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityPerson || p.disc.typedPerson(sp.name) {
		return span{}, false
	}
	sp.name = rest[ns.Toks[sp.from].Start:ns.Toks[sp.to-1].End]
	return sp, true
}

// answerVocatives are the words an answer may address its asker by after
// a comma ("Salford, Daddy."), which leave the answer short.
var answerVocatives = lang.Words(`daddy dad mum mummy mom mommy uncle aunty auntie sir ma madam mate bro sis babe hun
	grandma grandpa nana`)

// whereIsOrgAsked returns the organisation a question asks the place of:
// "Where is this Irwell Health?", "where's Kestrel Bikes?" → the name,
// when the conversation typed it an organisation before; "" otherwise (a
// person's whereabouts, "where is Tom?", or a name never typed).
func (d *discourse) whereIsOrgAsked(q string) string {
	sents := d.sentencesOf(q)
	if len(sents) == 0 {
		return ""
	}
	s := &sents[len(sents)-1]
	w := questionStart(s)
	if !s.Is(w, "where") || !s.Is(w+1, "is", "'s") {
		return ""
	}
	n := w + 2
	if s.Is(n, "this", "that", "the") {
		n++
	}
	sp, ok := nameAt(s, n)
	if !ok {
		return ""
	}
	for k := sp.to; k < len(s.Toks); k++ {
		if s.Toks[k].Word && !s.Is(k, "again", "even", "exactly", "now") {
			return "" // "where is Kestrel Bikes moving to"
		}
	}
	name := strings.TrimSpace(q[s.Toks[sp.from].Start:s.Toks[sp.to-1].End])
	if !d.typedAs(name, ontology.EntityOrganization) {
		return ""
	}
	return name
}

// pairBothRE finds two capitalised names joined by "and" and a comma
// before "both": "Gareth and Sunil, both play for Hove Rugby Club".
var pairBothRE = regexp.MustCompile(`\b(\p{Lu}\p{L}+ (?:and|&) \p{Lu}\p{L}+), both\b`)

// pairBoth reads a chat's "A and B, both …" as "A and B both …", so the
// pair is the clause's subject, as it is without the comma.
func pairBoth(text string) string {
	if !strings.Contains(text, ", both") {
		return text
	}
	return pairBothRE.ReplaceAllString(text, "$1 both")
}
