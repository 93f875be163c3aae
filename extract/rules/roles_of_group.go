package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A post held in a named group, "<post> of <group>" (h14-roles33): "i'm
// head coach of the Mile End Mosquitoes now", "I got voted in as secretary
// of the Filipino Nurses Association", "Claire here, team manager for the
// U10 Hornets", "I used to be captain of Heaton Rovers", "stepping down as
// run director at Fernleigh parkrun". The older readings take a one-word
// title after "be" (headOf, bandRole) or after "stepped down as"
// (steppingDown); this one takes a post of two words ("head coach", "run
// director", "social secretary", "nights rep") and the other ways one
// comes to hold a post: voted in, elected, appointed, made, became, took
// over, stayed on, or an introduction ("I'm Brenda, chair of X"). A chair,
// a president, a captain, a coach or a team's manager LEADS the group; a
// treasurer, a secretary, a rep, a trustee or a vice anything is a
// MEMBER_OF it with the post as role. "used to be", "was" and stepping down
// end it. A hedge ("might run for chair of X", "would love to be captain
// of X"), a negation, a question, a group with no name and a job's title
// at a company ("secretary at Deloitte") read nothing.

// postLeadHeads are the one-word posts that lead a group; postMemberHeads
// the ones held in it.
var (
	postLeadHeads   = lang.Words(`chair chairman chairwoman chairperson chairlady president captain skipper`)
	postMemberHeads = lang.Words(`treasurer secretary rep trustee`)
	// postLeadCompounds are the heads that lead a group only after a first
	// word ("head coach", "team manager", "run director"); alone they are
	// a job's title.
	postLeadCompounds = map[string]map[string]bool{
		"coach":     lang.Words(`head`),
		"manager":   lang.Words(`team club`),
		"director":  lang.Words(`run race musical artistic`),
		"organiser": lang.Words(`head chief lead`),
	}
	// postMemberCompounds are the heads held in a group only after a first
	// word ("welfare officer", "committee member").
	postMemberCompounds = map[string]map[string]bool{
		"officer": lang.Words(`welfare safeguarding membership press`),
		"member":  lang.Words(`committee board`),
	}
	// postFirstWords may open a post of postLeadHeads or postMemberHeads:
	// "club captain", "social secretary", "nights rep", "vice chair".
	postFirstWords = lang.Words(`vice deputy club team social fixtures membership match general union nights
		shop ward section fresher freshers welfare first second`)
	// postAtOK are the posts a club's name may follow with "at" ("chair at
	// Hove Rowing Club", "run director at Fernleigh parkrun"); after
	// "secretary at" or "rep at" a company is a job's.
	postAtOK = lang.Words(`chair chairman chairwoman chairperson chairlady president captain skipper treasurer trustee director`)
)

// postAt reads a group's post whose last word is at r: where it starts,
// the post as said, and whether it leads the group.
func postAt(s *sentence, r int) (start int, post string, leads, ok bool) {
	head := s.Norm(r)
	start = r
	switch {
	case postLeadCompounds[head] != nil:
		if !postLeadCompounds[head][s.Norm(r-1)] {
			return 0, "", false, false
		}
		start, leads = r-1, true
	case postMemberCompounds[head] != nil:
		if !postMemberCompounds[head][s.Norm(r-1)] {
			return 0, "", false, false
		}
		start = r - 1
	case postLeadHeads[head], postMemberHeads[head]:
		leads = postLeadHeads[head]
		if postFirstWords[s.Norm(r-1)] && !s.Toks[r-1].Cap {
			start = r - 1
			leads = leads && !s.Is(start, "vice", "deputy")
		}
	default:
		return 0, "", false, false
	}
	words := make([]string, 0, r+1-start)
	for i := start; i <= r; i++ {
		words = append(words, s.Norm(i))
	}
	return start, strings.Join(words, " "), leads, true
}

// postFrame is how a post is held: the first word of the frame (where its
// subject is read), and whether it is over.
type postFrame struct {
	verb  int
	ended bool
	intro bool // "I'm Brenda, chair of X", "Claire here, team manager for X": the speaker
}

// postAdverbs may come between a frame and its post: "i'm still chair",
// "been officially made captain".
var postAdverbs = lang.Words(`still now also just officially currently actually finally`)

// postAsVerbs are the verbs before "as" that give a post: "voted in as",
// "elected as", "took over as", "staying on as", "stepped down as".
var (
	postAsElected = lang.Words(`elected appointed re-elected reelected confirmed installed`)
	postAsStay    = lang.Words(`stay stays stayed staying`)
	postAsTakeOn  = lang.Words(`took taken`)
	postMadeVerbs = lang.Words(`elected appointed made named`)
	postBecome    = lang.Words(`became become`)
	postAuxBefore = lang.Words(`got get was were been is 's has 've have`)
)

// frameBefore reads the frame that ends right before the post's first
// word at ps (over "the", "new" and adverbs).
func (p *sentCtx) frameBefore(ps int) (postFrame, bool) {
	s := p.s
	j := ps - 1
	if s.Is(j, "new", "acting", "interim", "current") {
		j--
	}
	if s.Is(j, "the") {
		j--
	}
	for j >= 0 && postAdverbs[s.Norm(j)] {
		j--
	}
	switch {
	case j < 0:
		return postFrame{}, false
	case s.Is(j, "'m", "am", "im"):
		return postFrame{verb: j}, true
	case s.Is(j, "is", "'s") && !s.Tok(j).Poss || s.Tok(j).Poss && s.Norm(j) != "'s":
		return postFrame{verb: j}, true
	case s.Is(j, "been") && s.Is(j-1, "'ve", "have", "has", "'s", "ive"):
		return postFrame{verb: j - 1}, true
	case s.Is(j, "was"):
		return postFrame{verb: j, ended: true}, true
	case s.Is(j, "be") && s.Seq(j-2, "used", "to"):
		return postFrame{verb: j - 2, ended: true}, true
	case postBecome[s.Norm(j)], postMadeVerbs[s.Norm(j)] && postAuxBefore[s.Norm(j-1)]:
		return postFrame{verb: auxStart(s, j)}, true
	case s.Is(j, ","):
		return p.introFrame(j)
	case !s.Is(j, "as"):
		return postFrame{}, false
	}
	v := j - 1
	switch {
	case s.Is(v, "in") && s.Is(v-1, "voted"):
		return postFrame{verb: auxStart(s, v-1)}, true
	case postAsElected[s.Norm(v)]:
		return postFrame{verb: auxStart(s, v)}, true
	case s.Is(v, "on") && postAsStay[s.Norm(v-1)], postAsStay[s.Norm(v)]:
		if s.Is(v, "on") {
			v--
		}
		return postFrame{verb: auxStart(s, v)}, true
	case s.Is(v, "over") && postAsTakeOn[s.Norm(v-1)]:
		return postFrame{verb: auxStart(s, v-1)}, true
	case s.Is(v, "down") && s.Is(v-1, "stepped", "stepping", "stepdown", "stood", "standing"):
		return postFrame{verb: auxStart(s, v-1), ended: true}, true
	}
	return postFrame{}, false
}

// auxStart returns where the verb group ending at v starts, over "got",
// "was", "been", "has", "'ve" and adverbs: "i got voted in", "she's been
// elected".
func auxStart(s *sentence, v int) int {
	for v > 0 && (postAuxBefore[s.Norm(v-1)] && !s.Tok(v-1).Cap || postAdverbs[s.Norm(v-1)] || s.Is(v-1, "am", "'m", "im")) {
		v--
	}
	return v
}

// introFrame reads an introduction before the comma at c: "I'm Brenda,",
// "Claire here,", "Hi all, Claire here,": the speaker, naming themself
// ("here" opens the sentence, after a greeting at most).
func (p *sentCtx) introFrame(c int) (postFrame, bool) {
	s := p.s
	if p.speaker.Name == "" {
		return postFrame{}, false
	}
	k := c - 1
	here := s.Is(k, "here")
	if here {
		k--
	}
	if k < 0 || !s.Toks[k].Word || !p.selfName(k) {
		return postFrame{}, false
	}
	i := k - 1
	switch {
	case here && (i < 0 || !s.Toks[i].Word || chatLeads[s.Norm(i)] || s.Is(i, "all")):
	case !here && (s.Is(i, "im") || s.Is(i, "'m", "am") && s.Is(i-1, "i")):
	default:
		return postFrame{}, false
	}
	return postFrame{verb: c, intro: true}, true
}

// selfName reports whether the word at k may be the name a speaker goes
// by: a first name, or a capitalised word that is no common word. The
// speaker's label is not asked: it may be a handle ("@claire.h").
func (p *sentCtx) selfName(k int) bool {
	s := p.s
	w := s.Norm(k)
	return !s.Tok(k).Poss && (firstName(w) || s.Tok(k).Cap && !commonWords[w] && !englishWords[w]) && !functionWords[w]
}

// postOfGroup reads a post held in a named group (this file's comment).
func (p *sentCtx) postOfGroup() {
	s := p.s
	for r := 1; r+2 < len(s.Toks); r++ {
		if !s.Is(r+1, "of", "for", "at") || s.Tok(r).Poss {
			continue
		}
		ps, post, leads, ok := postAt(s, r)
		if !ok || s.Is(r+1, "at") && !postAtOK[s.Norm(r)] {
			continue
		}
		f, ok := p.frameBefore(ps)
		if !ok || p.hedgedAt(f.verb) || p.tieHedged(f.verb) || p.negatedBefore(f.verb) ||
			p.reachedBy(f.verb, "if", "when", "would", "might", "could", "unless") {
			continue
		}
		group, ok := p.postGroup(r + 2)
		if !ok {
			continue
		}
		if s.Is(r+1, "at") && stepDownOccasions[strings.ToLower(lastWord(group.Name))] {
			continue // "stepping down as chair at the AGM": when, not where
		}
		r0 := rel{typ: ontology.RelMemberOf, to: group, role: post, conf: confWeak, validFrom: p.ts}
		if leads {
			r0.typ = ontology.RelLeads
		}
		if f.ended {
			r0.validFrom, r0.validUntil = nil, p.ts
		}
		cite := ""
		if f.intro {
			r0.from = p.speaker
		} else if r0.from, cite, ok = p.verbSubject(f.verb); !ok {
			continue
		}
		if !p.relatedInTurn(r0) {
			p.relationCitingAll(r0, cite)
		}
		return
	}
}

// relatedInTurn reports whether the turn already holds r's relation (its
// type and ends), read by an older reading.
func (p *sentCtx) relatedInTurn(r rel) bool {
	for _, o := range p.out.Relations {
		if o.Type == r.typ && ontology.NormaliseName(o.From.Name) == ontology.NormaliseName(r.from.Name) &&
			ontology.NormaliseName(o.To.Name) == ontology.NormaliseName(r.to.Name) {
			return true
		}
	}
	return false
}

// postGroup reads the group named after a post's "of", "for" or "at" at
// k: a name read as an organisation (not a place, a person or a bare
// unknown word), that ends the phrase.
func (p *sentCtx) postGroup(k int) (ontology.EntityRef, bool) {
	s := p.s
	j := optional(s, k, "the")
	if p.typedLower(j) {
		return p.lowerPostGroup(k) // "the mile end mosquitoes": its own bounds, not the slots'
	}
	group, end, ok := p.groupNamedAt(k)
	if !ok || !orgPhraseEndsAt(s, end) && lastingAfter(s, end) == lastingNone && !s.Is(end, "since", "till", "until", "(") {
		return ontology.EntityRef{}, false
	}
	if inGazetteer(ontology.NormaliseName(group.Name)) {
		return ontology.EntityRef{}, false
	}
	sp, typed := p.typed(j)
	if !typed {
		return ontology.EntityRef{}, false
	}
	if !p.orgConfirmed(sp) && !(sp.typ == ontology.EntityConcept && (s.Is(k, "the") || sp.to-sp.from >= 2)) && !endsInGroupHead(sp.name) {
		return ontology.EntityRef{}, false // "captain of Dave's lot"
	}
	return group, true
}

// typedLower reports whether a token stands at j and was typed in lower
// case.
func (p *sentCtx) typedLower(j int) bool { return j < len(p.s.Toks) && !p.typedUpper(j) }

// typedUpper reports whether the token at j was typed with a capital (not
// capitalised by a lower-case reading).
func (p *sentCtx) typedUpper(j int) bool {
	t := p.s.Toks[j]
	if t.Start >= len(p.text) {
		return t.Cap
	}
	r := p.text[t.Start]
	return r >= 'A' && r <= 'Z' || r >= 0x80 && t.Cap
}

// lowerPostGroupWords bound a lower-case group's name after a post's "of
// the": a word of them is a description's ("the local club", "the school
// team"), never a name's.
var lowerPostGroupWords = lang.Words(`local school church work uni new old little same whole other first second under`)

// lowerPostGroup reads a group's name typed in lower case after a post's
// "of the": "head coach of the mile end mosquitoes now", "secretary of the
// filipino nurses association midlands 🙌". The name runs to the phrase's
// end over three to five plain words (two read as a description: "the
// football club", "the residents association"), none a function word or a
// description's.
func (p *sentCtx) lowerPostGroup(k int) (ontology.EntityRef, bool) {
	s := p.s
	if !s.Is(k, "the") || !s.Is(k-1, "of") {
		return ontology.EntityRef{}, false
	}
	j := k + 1
	words := []string{}
	for ; j < len(s.Toks) && len(words) <= 5; j++ {
		if orgPhraseEndsAt(s, j) || s.Is(j, "since", "till", "until") || lastingAfter(s, j) != lastingNone {
			break
		}
		if !plainWord(s, j) || p.typedUpper(j) || s.Toks[j].Poss || functionWords[s.Norm(j)] || pronounish[s.Norm(j)] ||
			lowerPostGroupWords[s.Norm(j)] || timeWord(s.Norm(j)) {
			return ontology.EntityRef{}, false
		}
		words = append(words, titleCase(s.Toks[j].Text))
	}
	if len(words) < 3 || len(words) > 5 || !orgPhraseEndsAt(s, j) && !s.Is(j, "since", "till", "until") {
		return ontology.EntityRef{}, false
	}
	name := strings.Join(words, " ")
	if p.disc.typedPerson(name) || inGazetteer(ontology.NormaliseName(name)) {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, true
}

// postWords are the last words of the posts postOfGroup reads, one of
// which a sentence must hold for it to be tried.
var postWords = func() map[string]bool {
	m := map[string]bool{}
	for _, set := range []map[string]bool{postLeadHeads, postMemberHeads} {
		for w := range set {
			m[w] = true
		}
	}
	for w := range postLeadCompounds {
		m[w] = true
	}
	for w := range postMemberCompounds {
		m[w] = true
	}
	return m
}()
