package rules

import (
	_ "embed"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// organisationsData lists well-known organisations, one name a line; a
// leading "~" marks a name that is also an ordinary word.
//
//go:embed data/organisations.txt
var organisationsData string

// orgKind says what being "at" a well-known organisation tells.
type orgKind int

// Organisation kinds of data/organisations.txt.
const (
	orgEmployer orgKind = iota // "at Siemens now": a job
	orgVenue                   // "at Tesco now", "at Arsenal now": where one is
	orgSchool                  // "at Harvard now": a student
)

// knownOrg is one name of data/organisations.txt.
type knownOrg struct {
	kind orgKind
	word bool // also an ordinary word ("apple"): marked "~"
}

// knownOrgs maps the names of data/organisations.txt, with "&" written
// without spaces, to their kind.
var knownOrgs = orgList(organisationsData)

// orgList reads data/organisations.txt: one name a line, "[venue]",
// "[employer]" or "[school]" setting the kind of the names after it.
func orgList(data string) map[string]knownOrg {
	kinds := map[string]orgKind{"[employer]": orgEmployer, "[venue]": orgVenue, "[school]": orgSchool}
	m := map[string]knownOrg{}
	kind := orgEmployer
	for _, l := range strings.Split(data, "\n") {
		l = strings.ToLower(strings.Join(strings.Fields(l), " "))
		if k, ok := kinds[l]; ok {
			kind = k
			continue
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		m[orgKey(strings.TrimPrefix(l, "~"))] = knownOrg{kind: kind, word: strings.HasPrefix(l, "~")}
	}
	return m
}

// orgKey writes "&" without spaces, so that "Procter & Gamble" matches
// however the tokenizer splits it.
func orgKey(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, " & ", "&"), " &", "&")
}

// lookupOrg finds a lower-case name in knownOrgs, also in its "'s" form
// when the name was possessive ("Sainsbury's") and with accents folded.
func lookupOrg(key string, poss bool) (knownOrg, bool) {
	key = orgKey(key)
	o, ok := knownOrgs[key]
	if !ok && poss {
		o, ok = knownOrgs[key+"'s"]
	}
	if !ok {
		o, ok = knownOrgs[lang.FoldAccents(key)]
	}
	return o, ok
}

// wellKnownOrg reports whether the name at sp, of lower-case key, is a
// well-known organisation: "Tesco", "Sainsbury's", "Procter & Gamble". A
// name that is also a word ("Apple", "Amazon") counts only capitalised in
// mid-sentence of a sentence that is not title-cased, where the word
// would be written in lower case, and not after an article ("down the
// Amazon", "a Shell").
func wellKnownOrg(s *sentence, sp span, key string) bool {
	o, ok := lookupOrg(key, s.Toks[sp.to-1].Poss)
	if !ok || !o.word {
		return ok
	}
	return s.Toks[sp.from].Cap && !sentenceStartAt(s, sp.from) && !titleCased(s) && !s.Is(sp.from-1, "the", "a", "an")
}

// knownOrgKind reports the kind of a well-known organisation's name at sp
// of s, or false when it is not one.
func knownOrgKind(s *sentence, sp span) (orgKind, bool) {
	o, ok := lookupOrg(lowerKey(s, sp), s.Toks[sp.to-1].Poss)
	return o.kind, ok
}

// orgVerbCues, before "at" or "for" and a name, make it an employer.
var orgVerbCues = []string{"work", "works", "working", "worked", "job", "interview", "interviewing", "internship",
	"intern", "interning", "shift", "shifts", "employed", "hired", "volunteer", "volunteering", "volunteers",
	"starting", "started", "starts", "start", "placement", "apprenticeship", "contract", "accepted",
	"clean", "cleans", "cleaned", "cleaning"}

// venue reports whether a name read at sp is a well-known shop, chain or
// ground one visits ("at Tesco now" tells where one is).
func (p *sentCtx) venue(sp span) bool {
	k, ok := knownOrgKind(p.s, sp)
	return ok && k == orgVenue
}
