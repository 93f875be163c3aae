package rules

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Helpers the readings share: who a verb is said of (a name, "I", he or
// she) and emitting a relation from them, and tests of the words around a
// token (the speaker's "I'm", chat leads, a plain end, number words, a
// place's name, a common word shouted in capitals).

// shouted reports whether the word at i is a common word written in
// capitals for stress after a word that is not: "mr okonkwo FINALLY fixed
// it" ends the name before "FINALLY" ("BBC News" keeps its words).
func shouted(s *sentence, i int) bool {
	t := s.Toks[i]
	if len(t.Text) < 3 || !upperAlready(t.Text) || i == 0 || upperAlready(s.Toks[i-1].Text) {
		return false
	}
	return adverbs[t.Norm] || commonWords[t.Norm] || englishWords[t.Norm] || functionWords[t.Norm]
}

// shoutedVerb reports whether the word at i, in a sentence typed all in
// capitals, is a verb or an adverb a name stands before as its subject or
// its sentence's time: "MY GRANDSON OLLY STARTED WITH US", "MY BUDGIE
// CAPTAIN SAYS HELLO", "SHE IS MANAGER AT HOLLOWAY FARM SHOP IN THURSTON
// NOW", "KERRY HAS LEFT". Capitals mark no name there, so these words end it as lower case
// would ("BBC News" in mixed case keeps its words).
func shoutedVerb(s *sentence, i int) bool {
	t := s.Toks[i]
	if len(t.Text) < 2 || i == 0 || !(adverbs[t.Norm] || surnameVetoes(t.Norm) || shoutedAux[t.Norm]) || !upperAlready(t.Text) || !upperAlready(s.Toks[i-1].Text) {
		return false
	}
	if i-1 == s.FirstWord() {
		return false // "HALLAM SAID YES": a word opening a shout is no name's start, read alone or not at all
	}
	for _, u := range s.Toks {
		if u.Word && !upperAlready(u.Text) {
			return false
		}
	}
	return true
}

// shoutedAux are the auxiliaries a shouted name stands before as subject:
// "KERRY HAS LEFT LARK AND LINNET".
var shoutedAux = lang.Words(`is was has had have will would can could does did are were am gets got says`)

// upperAlready reports whether strings.ToUpper(w) == w without building
// the upper-cased copy: no rune changes, and no invalid byte (which
// ToUpper would replace).
func upperAlready(w string) bool {
	for k, r := range w {
		if r == utf8.RuneError {
			if _, width := utf8.DecodeRuneInString(w[k:]); width == 1 {
				return false
			}
		}
		if unicode.ToUpper(r) != r {
			return false
		}
	}
	return true
}

// pastVerbs are verbs a name may end on in a short message: "teodora quit
// 😭" is Teodora quitting, not Teodora Quit.
var pastVerbs = lang.Words(`quit left said says texted called came went agreed cried laughed won lost replied
	joined moved started resigned retired arrived proposed dumped ghosted graduated`)

// surnameVetoes reports whether a lower-case word after a name is a verb
// of which the name is the subject, not its surname.
func surnameVetoes(w string) bool {
	return pastVerbs[w] || nameSlotVerbs[w] || frameSubjectVerbs[w]
}

// stateWord reports whether the lower-case word at k says how something
// is ("closed", "shut", "rubbish", "ill"), not what it is.
func stateWord(s *sentence, k int) bool {
	t := s.Toks[k]
	if t.Cap || k+1 < len(s.Toks) && s.Toks[k+1].Word && !chatFillers[s.Norm(k+1)] && !s.Is(k+1, "tho", "though", "now", "again", "today", "atm") {
		return false // "fried chicken": the word opens a name
	}
	return strings.HasSuffix(t.Norm, "ed") || roleStates[t.Norm] || thingStates[t.Norm]
}

// thingStates are how a place or a thing is.
var thingStates = lang.Words(`open shut gone rubbish shit dead overrated underrated`)

// likingState reports whether "is obsessed with", "'s really into" opens
// at k: a lower-case word before it is a person's name ("raff is obsessed
// w fugazi rn").
func likingState(s *sentence, k int) bool {
	if s.Is(k, "is", "'s") {
		k++ // after "raff's" the 's is read with the name
	}
	if adverbs[s.Norm(k)] || s.Is(k, "so", "totally", "really", "properly", "lowkey") {
		k++
	}
	return s.Is(k, "obsessed", "hooked", "addicted", "into") || s.Is(k, "mad", "crazy", "nuts") && s.Is(k+1, "about", "on", "for")
}

// imBefore reports whether "I'm" ("i'm", "i am", "im") comes right before
// token k.
func imBefore(s *sentence, k int) bool {
	return s.Is(k-1, "im") || s.Is(k-1, "'m", "am") && s.Is(k-2, "i")
}

// chatLeads may open a chat sentence before its subject or its verb ("ya
// theyre in leeds", "meanwhile still stuck in croydon").
var chatLeads = lang.Words(`ya yeah yep yes yup no nope nah ok okay oh lol haha so and but also btw anyway anyways
	meanwhile honestly tbh well plus update news ugh omg fyi`)

// afterLeads returns the first word of s after the chat leads and commas.
func afterLeads(s *sentence) int {
	for k, t := range s.Toks {
		if t.Word && !chatLeads[t.Norm] {
			return k
		}
		if !t.Word && t.Norm != "," && t.Norm != "." && t.Norm != "!" && t.Norm != "-" {
			return -1
		}
	}
	return -1
}

// firstPersonVerb reports whether the verb at k has the speaker as its
// subject: "I joined", "I've just joined", or a sentence that opens on it
// ("joined a choir!!").
func firstPersonVerb(s *sentence, k int) bool {
	j := k - 1
	for s.Is(j, "just", "also", "finally", "officially", "recently", "actually") {
		j--
	}
	if j < 0 || afterLeads(s) == j+1 {
		return true
	}
	return s.Is(j, "i") || s.Is(j, "have") && s.Is(j-1, "i")
}

// countWords are the numbers a chat writes in words before "years":
// lang.NumberWords from two.
var countWords = numberWords(func(n int) bool { return n >= 2 })

// tensWords are the counts of countWords a unit may follow: "forty one".
var tensWords = numberWords(func(n int) bool { return n >= 20 })

// unitWords follow a tens word in a count: "twenty six", "forty one".
var unitWords = numberWords(func(n int) bool { return n <= 9 })

// numberWords returns the words of lang.NumberWords whose value keep
// accepts.
func numberWords(keep func(int) bool) map[string]bool {
	out := map[string]bool{}
	for w, n := range lang.NumberWords {
		if keep(n) {
			out[w] = true
		}
	}
	return out
}

// countEnd returns the token after a count of countWord at k, over a unit
// after its tens ("forty one years": the index of "years"), or k+1.
func countEnd(s *sentence, k int) int {
	if tensWords[s.Norm(k)] && unitWords[s.Norm(k+1)] {
		return k + 2
	}
	return k + 1
}

// orgClasses are the description classes of organisations
// (descriptionClass): not places, not groups of people one plays in.
var orgClasses = lang.Words(`company clinic school cafe restaurant bakery bar shop gym museum library charity`)

// describedAsOrg reports whether an apposition at k describes an
// organisation: "the climate startup", "a tiny bakery", "the bar on
// stokes croft" after "Fernleaf," or "the Lantern Tap,".
func describedAsOrg(s *sentence, k int) bool {
	if !s.Is(k, "the", "a", "an", "this") {
		return false
	}
	for j := k + 1; j < len(s.Toks) && j <= k+3; j++ {
		t := s.Toks[j]
		if !t.Word || t.Cap {
			return false
		}
		if orgClasses[descriptionClass[t.Norm]] {
			return !s.Is(j+1, "of", "'s") // "the company of wolves", "the startup's founder"
		}
	}
	return false
}

// firstPersonSubject reports whether the verb at k has the speaker as
// its subject, "we" included: "we got", "got a flat" opening the sentence.
func firstPersonSubject(s *sentence, k int) bool {
	j := k - 1
	for s.Is(j, "just", "also", "finally", "recently", "actually", "now", "'ve", "have") {
		j--
	}
	return j < 0 || afterLeads(s) == j+1 || s.Is(j, "i", "we", "weve")
}

// plainEnd reports whether a statement read up to token k ends there:
// the sentence ends, punctuation or "and" follows, or a chat's tail
// ("now", "again", "lol", "apparently"). "in the studio", "for the tour"
// or "this weekend" after it make it another statement.
func plainEnd(s *sentence, k int) bool {
	if k >= len(s.Toks) {
		return true
	}
	if !s.Toks[k].Word {
		return s.Toks[k].Norm != "&" && s.Toks[k].Norm != "@"
	}
	return plainTails[s.Norm(k)]
}

// plainTails may follow a statement without changing it.
var plainTails = map[string]bool{"now": true, "again": true, "lol": true, "apparently": true, "and": true, "tho": true,
	"though": true, "omg": true, "btw": true, "haha": true, "finally": true, "officially": true}

// memberHeadsAfter, written in lower case right after a name, make it a
// group one belongs to: "joined the Lindy Hop society", "the Boulder
// club". "joined the Barclays team" stays a job.
var memberHeadsAfter = lang.Words(`society soc club choir band orchestra league`)

// memberHeadAfter reports whether the word at k is such a lower-case head.
func memberHeadAfter(s *sentence, k int) bool {
	return k < len(s.Toks) && !s.Toks[k].Cap && memberHeadsAfter[s.Norm(k)]
}

// subjectSkips are the auxiliaries and adverbs between a subject and its
// verb: "has signed", "'s only gone and become", "now sings".
var subjectSkips = lang.Words(`has is now just officially finally actually already gone and only`)

// memberSubjectBefore reads the person a third-person verb at v is said of: a
// name ("Stevie has signed", "gethin now sings") or "he"/"she" resolved to
// a person (pronoun), over the auxiliaries and adverbs between. The
// speaker, "I", "we" or a plural is none; a hedge or a past ("used to")
// before the verb is none. cite is the antecedent's turn for a pronoun.
func (p *sentCtx) memberSubjectBefore(v int) (ontology.EntityRef, string, bool) {
	s := p.s
	j := v - 1
	for j >= 0 && subjectSkips[s.Norm(j)] && !s.Tok(j).Cap {
		j--
	}
	if j < 0 || p.tieHedged(v) || p.hedgedAt(v) || p.reachedBy(v, "used", "if", "when", "would", "might") {
		return ontology.EntityRef{}, "", false
	}
	if s.Is(j, "he", "she") {
		a, ok := p.pronoun(j, s.Norm(j))
		if !ok || p.disc.isSpeaker(a.ref.Name) {
			return ontology.EntityRef{}, "", false
		}
		return a.ref, a.turn, true
	}
	if s.Tok(j).Poss {
		// "Stevie's signed", "Ollie's only gone and become": the "'s" is "has"
		sp, found := p.nameEndingAt(j + 1)
		if !found || !personLike(sp.typ) || p.disc.isSpeaker(sp.name) || sp.to-sp.from == 1 && !sp.confirmed && commonSpan(sp) {
			return ontology.EntityRef{}, "", false
		}
		return ontology.EntityRef{Name: strings.TrimSuffix(sp.name, "'s"), Type: ontology.EntityPerson}, "", true
	}
	if label, ok := p.disc.speakerCalled(s.Tok(j).Text); ok && (clauseOpening(s, j) || s.Is(j-1, "and")) {
		// "and gethin now sings for …": another speaker, called by label
		if label == p.speaker.Name {
			return ontology.EntityRef{}, "", false
		}
		return ontology.EntityRef{Name: label, Type: ontology.EntityPerson}, "", true
	}
	who, _, ok := p.personBefore(j + 1)
	if !ok {
		who, _, ok = p.lowerPersonBefore(j + 1)
	}
	if !ok || p.isSpeaker(who) || p.disc.isSpeaker(who.Name) {
		return ontology.EntityRef{}, "", false
	}
	return who, "", true
}

// subjectRelation emits r from the person the verb at v is said of
// (memberSubjectBefore), citing a pronoun's antecedent turn too, and
// reports whether it did.
func (p *sentCtx) subjectRelation(v int, r rel) bool {
	who, cite, ok := p.memberSubjectBefore(v)
	if !ok {
		return false
	}
	r.from = who
	p.relationCitingAll(r, cite)
	return true
}

// relationCitingAll emits r citing also the turns given (the one that named
// the organisation, the one a pronoun's person was named in), besides
// the current turn.
func (p *sentCtx) relationCitingAll(r rel, turns ...string) {
	saved := p.cite
	for _, t := range turns {
		if t != "" && t != p.ids[0] {
			p.cite = union(slices.Clone(p.cite), []string{t})
		}
	}
	p.relation(r)
	p.cite = saved
}

// groupNamedAt reads an organisation's name at k, after an optional "the"
// ("the Bath Male Voice Choir", "Clifton Rovers"): one typed a person, a
// place, a possessive or a first name is none.
func (p *sentCtx) groupNamedAt(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Is(k, "the") {
		k++
	}
	sp, ok := p.nameStartingAt(k)
	if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss ||
		sp.to == k+1 && firstName(s.Norm(k)) || p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
}

// plainAt reports whether one of ws stands at k, neither hedged before
// ("i think", "maybe") nor in a tie's hedge.
func (p *sentCtx) plainAt(k int, ws ...string) bool {
	return p.s.Is(k, ws...) && !hedgedBefore(p.s, k) && !p.tieHedged(k)
}

// speakerOpens reports whether the verb at v is the speaker's: it opens
// the sentence (first, after the chat leads) or follows "i'm", "im", "i am".
func speakerOpens(s *sentence, first, v int) bool {
	switch {
	case first >= 0 && v == first:
		return true
	case s.Is(v-1, "im"):
		return v-1 == first
	case s.Is(v-1, "'m", "am") && s.Is(v-2, "i"):
		return v-2 == first
	}
	return false
}

// lettersOnly reports whether w is a plain lower-case word of letters: a
// subject such as "anatomy", not "8am" nor a name.
func lettersOnly(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}

// optThen reads, from j, one optional word of opt and then want ("days
// for", "alto with"): the index after want, and whether want was there.
func optThen(s *sentence, j int, opt map[string]bool, want string) (int, bool) {
	if opt[s.Norm(j)] {
		j++
	}
	return j + 1, s.Is(j, want)
}

// wordsInAny reports whether a token of s is one of set.
func wordsInAny(s *sentence, set map[string]bool) bool {
	for range wordsIn(s, set) {
		return true
	}
	return false
}

// placeNamed reports whether the name at i is typed a place.
func (p *sentCtx) placeNamed(i int) bool {
	sp, ok := p.typed(i)
	return ok && sp.typ == ontology.EntityPlace
}

// questionAfter reports whether a question mark follows token k before
// the sentence ends ("Rosie from X? no idea who that is").
func (p *sentCtx) questionAfter(k int) bool {
	for j := k + 1; j < len(p.s.Toks); j++ {
		if p.s.Norm(j) == "?" {
			return true
		}
	}
	return false
}

// personEndingAt returns the person whose name ends right before k and
// opens its clause (the sentence's start after the chat leads, or after
// "and", a comma, "with"): "and Rosie from", not "a quote from X for Kev".
func (p *sentCtx) personEndingAt(k int) (ontology.EntityRef, bool) {
	s := p.s
	for i := max(0, k-3); i < k; i++ {
		ref, end, ok := p.person(i)
		if !ok || end != k {
			continue
		}
		if i > 0 && i != afterLeads(s) && !s.Is(i-1, ",", "with", "that", "said") {
			return ontology.EntityRef{}, false
		}
		return ref, true
	}
	return ontology.EntityRef{}, false
}

// hypotheticalWords before a statement make it a hypothetical ("if I get in,
// second year at X would be").
var hypotheticalWords = []string{"if", "unless", "would", "might", "maybe", "hopefully", "imagine"}

// orgPhraseEnds are the words that may follow the organisation a reading
// names after its verb (tookPostAt, turnOutFor, daysAtOrg …): "at the
// Royal Exmoor on monday", "for the Dynamo every
// sunday", a comma, the sentence's end.
var orgPhraseEnds = lang.Words(`on from in this next starting and now last after today tomorrow for since every
	these , . ! lol tho though at as an`)

// orgPhraseEndsAt reports whether the organisation read ends the phrase at end.
func orgPhraseEndsAt(s *sentence, end int) bool {
	return end >= len(s.Toks) || orgPhraseEnds[s.Norm(end)]
}

// subjectAdverbs are the adverbs and auxiliaries between a subject and the
// verb iBeforeVerb reads: "me n shuggie still turn out", "she's just taken".
var subjectAdverbs = lang.Words(`still just now also finally officially already only`)

// iBeforeVerb reads the subject before the verb at v, over the adverbs between
// ("me n shuggie still turn out"): where memberSubjectBefore should look
// (next), whether it is the speaker's "I" ("ive joined", "in other news i
// got onto"), and whether that I is blocked by a hedge, a negation or an
// "if" before it.
func (p *sentCtx) iBeforeVerb(v int) (next int, isI, blocked bool) {
	s := p.s
	k := v - 1
	for k >= 0 && subjectAdverbs[s.Norm(k)] {
		k--
	}
	i := k
	if s.Is(i, "have", "am") && s.Is(i-1, "i") {
		i--
	}
	if !s.Is(i, "i", "ive", "im") {
		return k + 1, false, false
	}
	blocked = p.speaker.Name == "" || p.negatedBefore(i) || hedgedBefore(s, i) || p.reachedBy(i, "if", "when", "unless")
	return k + 1, true, blocked
}

// verbSubject reads who the verb at v is said of: the speaker for "I",
// else a named person or he/she (memberSubjectBefore), with the turn a
// pronoun's person was named in.
func (p *sentCtx) verbSubject(v int) (ontology.EntityRef, string, bool) {
	next, isI, blocked := p.iBeforeVerb(v)
	switch {
	case blocked:
		return ontology.EntityRef{}, "", false
	case isI:
		return p.speaker, "", true
	}
	return p.memberSubjectBefore(next)
}

// verbSubjectRelation emits r from the subject of the verb at v (as verbSubject
// reads it), citing a pronoun's antecedent too, and reports whether it did.
func (p *sentCtx) verbSubjectRelation(v int, r rel) bool {
	next, isI, blocked := p.iBeforeVerb(v)
	switch {
	case blocked:
		return false
	case isI:
		r.from = p.speaker
		p.relation(r)
		return true
	}
	return p.subjectRelation(next, r)
}

// numberish reports whether w is a number or a number word: "26", "six".
func numberish(w string) bool {
	if w == "" {
		return false
	}
	if strings.Trim(w, "0123456789") == "" {
		return true
	}
	return lang.Words(`one six seven eight nine ten thirteen fourteen sixteen seventeen eighteen nineteen thirty forty`)[w]
}

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
