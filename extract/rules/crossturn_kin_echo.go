package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// kinEchoed reads a relative asked after as "your brother" and named back
// by the one asked, as a question that checks who is meant: "is ur brother
// still doing the band" / "jamie? yeah still the drowned pylons", "how's
// your sister?" / "Mia? she's grand": the answerer's kin (FAMILY_OF, or
// PARTNER_OF for "your girlfriend"), read as "My brother is Jamie.",
// citing the question. The question must be put to the answerer (the
// other one of a two-party chat) and name one kin word after "your"; the
// answer must open on the name alone, asked back, and go on with no
// denial ("Jamie? no, I meant Tom", "Jamie? who's that", "he's not my
// brother"). A common word asked back ("what?", "band?") reads nothing.
func (c *turnCtx) kinEchoed(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.speaker.Name == "" || prev.speaker == t.Speaker || !prev.question && !asksAfter(prev.last) ||
		c.disc.addressee(prev.speaker).Name != t.Speaker {
		return
	}
	role, ok := yourKinAsked(prev.last)
	if !ok {
		return
	}
	sents := c.sentencesOf(t.Text)
	if len(sents) == 0 {
		return
	}
	s := &sents[0]
	if !s.Question || len(s.Toks) == 0 || !s.Toks[0].Word || s.Toks[0].Poss || len(s.Toks) > 1 && s.Tok(1).Word {
		return
	}
	name := s.Toks[0]
	person := c.disc.typedPerson(name.Text) || firstName(name.Norm) && !wordNames[name.Norm] ||
		lettersOnly(name.Norm) && !inVocab(name.Norm) && !englishWords[name.Norm] && !knownPlace(name.Norm) && !chatForm(name.Norm)
	if !person || c.disc.isSpeaker(name.Text) {
		return
	}
	rest := strings.ToLower(t.Text[name.End:])
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return !isWordRune(r) }) {
		if echoDenials[w] {
			return
		}
	}
	keep := func(r ontology.Relation) bool {
		return r.Type == ontology.RelFamilyOf || r.Type == ontology.RelPartnerOf
	}
	c.readKeeping(t, "My "+role+" is "+titleCase(name.Text)+".", keep, prev.turn)
}

// echoDenials in the answer make the name asked back no answer: "Jamie?
// no, Tom", "who's that", "not my brother".
var echoDenials = lang.Words(`no nah nope not who whos which never wrong meant mean`)

// yourKinAsked returns the one kin or partner word a question puts after
// "your" ("is ur brother still doing the band"), or false.
func yourKinAsked(q string) (string, bool) {
	f := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !isWordRune(r) && r != '\'' })
	role := ""
	for i := 0; i+1 < len(f); i++ {
		if f[i] != "your" && f[i] != "ur" {
			continue
		}
		info, ok := roleWords[f[i+1]]
		if !ok || info.plural || info.kind != kindFamily && info.kind != kindPartner || role != "" {
			return "", false
		}
		role = f[i+1]
	}
	return role, role != ""
}
