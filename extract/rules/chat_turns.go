package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings and tests of whole turns in a chat: a name the message only
// asks about, news told as "did you hear …?", a denial of the turn before,
// a chat's "=" and "A and B, both", an asked organisation's place, the
// business named next, and what the turns before say (an unnamed person,
// the other speaker's question, a speaker's nickname).

// rememberedName returns the person a message only asks the other to
// recall ("remember Deshawn??", "u know Priya from uni?"), whose news the
// same speaker's next message gives: "got hired by Kestrel Analytics" is
// Deshawn's (burst_name.go).
func (c *turnCtx) rememberedName(text string) (string, bool) {
	s, f, ok := oneSentence(text)
	if !ok {
		return "", false
	}
	if s.Is(f, "do", "d'you", "dyou") {
		f++
	}
	if s.Is(f, "you", "u", "ya") {
		f++
	}
	if !s.Is(f, "remember", "member", "know") {
		return "", false
	}
	name, end, ok := c.personAt(s, f+1)
	if !ok {
		return "", false
	}
	if s.Is(end, "from") { // "remember Deshawn from the bootcamp?"
		for end < len(s.Toks) && s.Toks[end].Word && end-f < 8 {
			end++
		}
	}
	return name, wordless(s, end)
}

// heardRE reads news told as a question: "did u hear Priyanka got the job
// at Stellwerk?", "have you seen that Ana moved to Leeds??".
var heardRE = regexp.MustCompile(`(?i)^\W*(?:(?:omg|so|ok|wait|btw|oh)\W+)?(?:did|have)\s+(?:you|u|ya)\s+(?:hear|heard|see|seen)\s+(?:that\s+)?(.+?)\s*\?+\W*$`)

// heardNews reads "did you hear X got Y?" as the news it tells: the asker
// takes "X got Y" as known. "did you hear if …", "… about …", "… what …"
// ask, and are left as questions.
func heardNews(text string) string {
	if low := strings.ToLower(text); !strings.Contains(low, "hear") && !strings.Contains(low, "see") {
		return text
	}
	m := heardRE.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	first, _, _ := strings.Cut(strings.ToLower(m[1]), " ")
	if heardAsks[first] || len(strings.Fields(m[1])) < 3 {
		return text // "did you see Robin?" asks about Robin: a clause tells news
	}
	return m[1] + "!"
}

// heardAsks open what "did you hear …?" really asks about.
var heardAsks = lang.Words(`if whether about abt what who how when where why the anything from back`)

// deniedRe reads another speaker's denial of what the turn before told:
// "no she didn't, that's just a rumour", "that's not true" (corrections.go
// drops the held turn's relations). "no??" (I had not heard) denies
// nothing.
var deniedRe = regexp.MustCompile(`(?i)^\W*(?:(?:no+|nope|nah|wrong|false|lol|haha)\W+)*(?:(?:she|he|they|it|that)\s+(?:didn'?t|did not|isn'?t|is not|hasn'?t|has not|wasn'?t|was not|aren'?t|weren'?t|haven'?t)(?:\s*$|\s*[,.!;]|\s+(?:lol|tho|haha|at all))|that'?s\s+(?:not\s+true|(?:just\s+)?a\s+rumou?r|fake|wrong|not\s+right)|not\s+true|fake\s+news)`)

// namedLately reports whether the conversation named name in this turn
// or the one before.
func (p *sentCtx) namedLately(name string) bool {
	n := ontology.NormaliseName(name)
	for i := len(p.disc.mentions) - 1; i >= 0 && p.disc.mentions[i].index >= p.disc.index-1; i-- {
		if p.disc.mentions[i].norm == n {
			return true
		}
	}
	return false
}

// speakerNick reports whether a lower-case word shortens a speaker's
// first name: "benj" for @benji_w, "theo" for @theodora.b (four letters
// at least, of a name of five or more).
func (k *known) speakerNick(n string) bool {
	if len(n) < 4 || strings.Contains(n, " ") {
		return false
	}
	for sp := range k.speakers {
		if len(sp) > len(n) && len(sp) >= 5 && !strings.Contains(sp, " ") && strings.HasPrefix(sp, n) {
			return true
		}
	}
	return false
}

// speakerShortForm reports whether n, one word of three letters or more,
// is the start of a speaker's one-word name, as a chat shortens the
// name of whom it speaks to ("tam" for Tamsin, "jas" for Jasmine): the
// speaker addressed more often than a third person of that name.
func (k *known) speakerShortForm(n string) bool {
	if len(n) < 3 || strings.Contains(n, " ") {
		return false
	}
	for sp := range k.speakers {
		if len(sp) > len(n)+1 && !strings.Contains(sp, " ") && strings.HasPrefix(sp, n) {
			return true
		}
	}
	return false
}

// speakerStatement reports whether the sentence states something and
// has a speaker to state it.
func (p *sentCtx) speakerStatement() bool { return !p.s.Question && p.speaker.Name != "" }

// denied reports whether a turn denies what the other speaker's turn
// before told (deniedRe), reading the expression only where a negation
// or a rumour is written.
func denied(text string) bool {
	low := strings.ToLower(text)
	for _, w := range []string{"n't", "not", "rumo", "fake", "nt"} {
		if strings.Contains(low, w) {
			return deniedRe.MatchString(text)
		}
	}
	return false
}

// equalsCopulaRE finds "kit = my girlfriend": a name, "=", and a
// possessive.
var equalsCopulaRE = regexp.MustCompile(`(\p{L})\s+=\s+(my|his|her|their|our)\b`)

// equalsCopula reads a chat's "=" between a name and a possessive as "is"
// ("kit = my girlfriend" reads "kit is my girlfriend").
func equalsCopula(text string) string {
	if !strings.Contains(text, "=") {
		return text
	}
	return equalsCopulaRE.ReplaceAllString(text, "$1 is $2")
}

// identityQuestion reports whether a question is only the name at from
// and what follows it ("PRIYA FROM OUR YEAR???", "wait, Jonas from our
// course?"): it asks who someone is and states no tie.
func (p *sentCtx) identityQuestion(from int) bool {
	s := p.s
	if !s.Question && !p.askedLine() {
		return false
	}
	k := 0
	for k < from && (!s.Toks[k].Word || chatLeads[s.Norm(k)] || s.Is(k, "wait", "the", "you", "u", "mean", "like")) {
		k++
	}
	return k == from
}

// recentTurn reports whether turn is the current one or one of the n
// read before it.
func (p *sentCtx) recentTurn(turn string, n int) bool {
	d := p.disc
	for i := len(d.order) - 1; i >= 0 && i >= len(d.order)-1-n; i-- {
		if d.order[i] == turn {
			return true
		}
	}
	return turn == p.ids[0]
}

// askedOfOther reports whether the turn before is another speaker's
// question put to someone else by name ("@nadia what do you do?"
// answered by Joe): the answer is not the speaker's own.
func (p *sentCtx) askedOfOther() bool {
	d := p.disc
	prev, text, ok := p.otherPrevious()
	if !ok || !strings.Contains(text, "?") {
		return false
	}
	me := ontology.NormaliseName(p.speaker.Name)
	for _, w := range strings.Fields(text) {
		n := ontology.NormaliseName(strings.Trim(w, ".,!?"))
		if n != "" && (d.speakers[n] || strings.HasPrefix(w, "@")) && n != me && !strings.HasPrefix(me, n+" ") && n != ontology.NormaliseName(d.speakerOf[prev]) {
			return true
		}
	}
	return false
}

// otherPrevious returns the turn read before the current one, and its
// text, when another speaker said it.
func (p *sentCtx) otherPrevious() (string, string, bool) {
	return p.disc.otherTurnBefore(p.speaker.Name, false)
}

// unnamedPersonJustBefore reports whether the sentence just before this
// one, in the same turn, names a person by a relationship word alone
// whom a pronoun asking gender want may mean: "my cousin did the same
// thing. she's still in Croydon" is the cousin, not a woman named turns
// before.
func (p *sentCtx) unnamedPersonJustBefore(want byte) bool {
	last := p.sentenceBefore()
	if last == nil {
		return false
	}
	for k := 1; k < len(last.Toks); k++ {
		if last.Toks[k].Cap && last.Toks[k].Word && last.Toks[k].Norm != "i" {
			return false // "his girlfriend, Saskia. she's from Hamburg": named
		}
	}
	return unnamedPersonBefore(last, len(last.Toks), want)
}

// sentenceBefore returns the turn's sentence before this one, tokenised
// afresh (not recased), or nil; it is read once per sentence, as every
// third-person pronoun of the sentence may ask for it.
func (p *sentCtx) sentenceBefore() *sentence {
	if !p.beforeRead {
		p.beforeRead = true
		if p.s.Start > 0 && p.s.Start <= len(p.text) {
			if prev := lang.SplitSentences(lang.Tokenize(p.text[:p.s.Start])); len(prev) > 0 {
				p.before = &prev[len(prev)-1]
				p.known.recase(p.before) // "my flatmate cormac is looking": named (lowercase_reuse.go)
			}
		}
	}
	return p.before
}

// unnamedAfter reports whether a whole turn after turn, the one that
// named a pronoun's person, spoke of someone by a relationship word alone
// whom the pronoun may mean instead ("Ferg starts monday" / "my dad came
// over for tea" / "he's been at Copperline since 2016": the dad). Turns
// without a possessive before a relationship word are skipped before any
// tokenising.
func (d *discourse) unnamedAfter(turn string, want byte) bool {
	for _, t := range d.turnsSince(turn) {
		if !possessiveRoleText(t) {
			continue
		}
		for _, s := range d.sentencesOf(t) {
			if unnamedPersonBefore(&s, len(s.Toks), want) {
				return true
			}
		}
	}
	return false
}

// possessiveRoleText reports, by its words alone, whether text holds a
// possessive before a relationship word ("my dad", "her brother").
func possessiveRoleText(text string) bool {
	words := strings.Fields(strings.ToLower(text))
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "my", "our", "your", "ur", "his", "her", "their":
			if isRoleWord(strings.Trim(words[i+1], ".,!?;:'\"")) {
				return true
			}
		}
	}
	return false
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
