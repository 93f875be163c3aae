package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Kin introduced by "have" with the name after it (issue 14, h14-kin25):
// "Malik has a daughter, Ada", "we've got two kids, Ruby and Alfie", "I
// have a brother (Tom) who…", "I've got a sister called Jo".

// kinCounts open the kin phrase; the value says whether the number asks
// for a plural role word ("two kids") or a singular one ("a daughter").
var kinCounts = map[string]bool{"a": false, "an": false, "another": false, "one": false,
	"two": true, "three": true, "four": true, "2": true, "3": true, "4": true}

// kinHadIntro are the tokens that may stand between the role word and its
// name(s): a comma, a bracket, a dash, or "named"/"called".
var kinHadIntro = lang.Words(`, ( named called — – - :`)

// haveKin reads the kin a "have"/"has"/"'ve got" clause gives its subject
// with the name after the role word: FAMILY_OF (or PARTNER_OF) for each
// name. A role word with no name ("has a daughter"), a word that is no
// name ("a daughter, apparently"), a count the names do not fill ("two
// kids, both at uni") and a list that goes on past an apposition ("a
// sister, Jo and Kate") say nothing; the clause must be plain and no
// question.
func (p *sentCtx) haveKin(cl clause) {
	s := p.s
	v := s.Norm(cl.verb)
	if s.Question || !cl.plain() || cl.be || cl.was || cl.had ||
		!(v == "have" || v == "has") && !(v == "got" && cl.have) || cl.have && v != "got" {
		return
	}
	me := p.self()
	for k, n := cl.verb+1, 0; k > 0 && n < 3; n++ {
		end := p.kinHad(me, k)
		if end < 0 {
			return
		}
		if s.Norm(end) == "," {
			end++
		}
		if s.Norm(end) != "and" {
			return
		}
		k = end + 1 // "a daughter, Ada, and a son, Ben"
	}
}

// kinHad reads one kin phrase at k, the count that opens it ("a
// daughter, Ada"), records it for me and returns where it ends, or -1.
func (p *sentCtx) kinHad(me ontology.EntityRef, k int) int {
	s := p.s
	plural, ok := kinCounts[s.Norm(k)]
	if !ok {
		return -1
	}
	first := k + 1
	k = p.skipAdjectives(first)
	if k < 0 {
		return -1
	}
	info, ok := roleWords[s.Norm(k)]
	if !ok || info.plural != plural || s.Toks[k].Poss ||
		info.kind != kindFamily && info.kind != kindChild && info.kind != kindPartner {
		return -1
	}
	j := k + 1
	if s.Is(j, "now", "too", "as", "well") {
		return -1 // "a sister too, Jo": rarer than the lists it would misread
	}
	if !kinHadIntro[s.Norm(j)] {
		return -1
	}
	if p.built && !s.Is(j, "named", "called") && !firstName(s.Norm(j+1)) && (englishWords[s.Norm(j+1)] || inVocab(s.Norm(j+1)) || !apposedClosed(s, j+1)) {
		// "has a new boyfriend" / "Gorgeous.", read joined: a word sent
		// after may be a remark (namedPartner reads a partner's name)
		return -1
	}
	bracket := s.Norm(j) == "("
	j++
	var people []ontology.EntityRef
	end := j
	if plural {
		people, end = p.kinList(j) // "two kids, Ruby and Alfie", "we have 2 kids, ruby and alfie"
		if len(people) < 2 {
			return -1
		}
	} else if ref, e, ok := p.kinName(j); ok {
		people, end = []ontology.EntityRef{ref}, e
	} else if ref, e, ok := p.lowerPerson(j); ok && !bracket {
		people, end = []ontology.EntityRef{ref}, e
	}
	if len(people) == 0 || !p.kinHadEnds(end, bracket, plural) {
		return -1
	}
	for _, person := range people {
		p.relRole(me, info.kind, roleName(info, p.bestBefore(first, k)), person, confStrong)
	}
	if bracket {
		end++
	}
	return end
}

// apposedClosed reports whether the name at i is closed by a relative
// clause in the same sentence ("a daughter, Chiamaka, who just turned
// two"): no remark sent after, but the name the apposition gives (a
// listed word there, "Gorgeous", stays a remark).
func apposedClosed(s *sentence, i int) bool {
	sp, ok := nameAt(s, i)
	if !ok {
		return false
	}
	e := sp.to
	if s.Norm(e) == "," {
		e++
	}
	return e > sp.to && s.Is(e, "who", "whos", "aged", "born") || s.Is(e, "who", "whos")
}

// kinHadEnds reports whether the name(s) ending at end close the
// apposition: a closing bracket after an opening one; otherwise the end
// of the sentence, a comma, a dash, "who", or a word that is no name and
// no list. A single name followed by "and" or a comma and a name is a
// list ("I have a sister, Jo and Kate came too").
func (p *sentCtx) kinHadEnds(end int, bracket, plural bool) bool {
	s := p.s
	if bracket {
		return s.Norm(end) == ")"
	}
	if end >= len(s.Toks) || plural && (s.Norm(end-1) == "," || s.Is(end, "both", "all")) {
		return true // "two kids, Ruby and Alfie, both at uni"
	}
	if s.Seq(end, ",", "and") && isKinCount(s, end+2) || s.Norm(end) == "and" && isKinCount(s, end+1) {
		return true // "a daughter, Ada, and a son, Ben"
	}
	if !plural && (s.Is(end, "and", "or") || s.Norm(end) == "," && s.Is(end+1, "and", "or")) {
		return false
	}
	if !plural && s.Norm(end) == "," && s.Is(end+1, "my", "his", "her") {
		return false // "a sister, Jo, my cousin…": a list of people
	}
	return !s.Toks[end].Word || s.Is(end, "who", "whos", "that", "aged", "age", "lol", "haha") || p.phraseEnds(end, len(s.Toks))
}

// kinList reads the names of a plural kin phrase at j, capitalised or,
// when that finds fewer than two, in lower case.
func (p *sentCtx) kinList(j int) ([]ontology.EntityRef, int) {
	if people, end := p.personList(j); len(people) >= 2 {
		return people, end
	}
	return p.namesList(j, p.lowerPerson)
}

// isKinCount reports whether a count that opens a kin phrase stands at k.
func isKinCount(s *sentence, k int) bool {
	_, ok := kinCounts[s.Norm(k)]
	return ok
}

// pairChild reports whether r makes its object the child of its subject:
// a pair's child is each one's ("they have a daughter, Ada", "Malik and
// Elif have a son, Ben"), unlike a sister or a partner, which a pair
// subject does not share.
func pairChild(r ontology.Relation) bool {
	info, ok := roleWords[r.Role]
	return r.Type == ontology.RelFamilyOf && ok && info.kind == kindChild
}

// grandkinWords are the kin a speaker names with "the" and means their
// own ("the grandkids, Ruby and Alfie"): grandparents talk so of their
// grandchildren, while "the kids" may be a teacher's or a coach's.
var grandkinWords = lang.Words(`grandkids grandchildren grandsons granddaughters grandson granddaughter`)

// theGrandkids reads "the grandkids, Ruby and Alfie, came over", "the
// grandson, Ben, starts school": FAMILY_OF, the speaker's, weakly.
// Questions and hedged sentences say nothing; the names must close the
// apposition as kinHadEnds says.
func (p *sentCtx) theGrandkids() {
	s := p.s
	if s.Question || p.speaker.Name == "" {
		return
	}
	for k := 0; k+3 < len(s.Toks); k++ {
		if s.Norm(k) != "the" || !grandkinWords[s.Norm(k+1)] || s.Norm(k+2) != "," || p.reachedBy(k, "if", "maybe") {
			continue
		}
		info := roleWords[s.Norm(k+1)]
		var people []ontology.EntityRef
		end := k + 3
		if info.plural {
			people, end = p.kinList(end)
		} else if ref, e, ok := p.person(end); ok {
			people, end = []ontology.EntityRef{ref}, e
		}
		if len(people) == 0 || !p.kinHadEnds(end, false, info.plural) {
			continue
		}
		for _, person := range people {
			p.relRole(p.speaker, info.kind, info.role, person, confWeak)
		}
	}
}

// kinName reads the one name of a kin phrase at j, as person does, but
// refuses a single word typed by no cue that reads as a word ("a
// daughter, Typical", "a son, Gorgeous").
func (p *sentCtx) kinName(j int) (ontology.EntityRef, int, bool) {
	s := p.s
	ref, end, ok := p.person(j)
	if !ok {
		return ref, end, false
	}
	sp, _ := nameAt(s, j)
	if sp = p.known.typeName(s, sp); sp.typ == ontology.EntityPerson {
		return ref, end, true
	}
	n := s.Norm(j)
	if end-j == 1 && (commonSpan(sp) || englishWords[n] && !firstName(n) || partnerRemarks[n]) {
		return ref, end, false
	}
	for _, e := range adjectiveEndings {
		if end-j == 1 && strings.HasSuffix(n, e) && !firstName(n) {
			return ref, end, false
		}
	}
	return ref, end, true
}

// lowerWordAt reports whether the token at j is a common word written in
// lower case that is no given name ("live" in "her parents live in
// bergen"), which a recased message may offer as a name.
func (p *sentCtx) lowerWordAt(j int) bool {
	t := p.s.Tok(j)
	return t.Text != "" && (lowerStyle(p.s) || strings.ToLower(t.Text) == t.Text) && (englishWords[t.Norm] || inVocab(t.Norm)) && !firstName(t.Norm) &&
		!p.disc.typedPerson(t.Text)
}
