package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// lowerStyle reports whether a sentence is typed in lower case from its
// first word on, as many chat messages are: there, a lower-case word after
// a relationship word may be a name ("my cousin pablo").
func lowerStyle(s *sentence) bool {
	if s.Lower {
		return true
	}
	f := s.FirstWord()
	return f >= 0 && (!s.Toks[f].Cap || shoutedOpener(s, f))
}

// shoutedOpener reports whether the word at f, opening a sentence the rest
// of which goes on in lower case, is a chat's opener shouted in capitals
// ("ALSO aunt bożena called", "AND oonagh's gone", "NOOO not the keeper",
// "ANYWAY news from here: sam got the job"): the sentence is typed in
// lower case all the same. An acronym ("NHS pay is rubbish", "AGM done")
// or "I" is no shout.
func shoutedOpener(s *sentence, f int) bool {
	t := s.Toks[f]
	if len(t.Norm) < 2 || t.Text != strings.ToUpper(t.Text) || !isLetterWord(t.Text) {
		return false
	}
	n := f + 1
	for n < len(s.Toks) && !s.Toks[n].Word && s.Is(n, ",", "!", "...") {
		n++
	}
	if n >= len(s.Toks) || !s.Toks[n].Word || s.Toks[n].Cap {
		return false
	}
	w := t.Norm
	return clauseOpeners[w] || implicitLead[w] || isFiller(w) || letterThrice(w) || greetingWords[w]
}

// titleCase capitalises each word of a name typed in lower case.
func titleCase(v string) string {
	f := strings.Fields(v)
	for i, w := range f {
		r, n := utf8.DecodeRuneInString(w)
		if r != utf8.RuneError {
			f[i] = string(unicode.ToUpper(r)) + w[n:]
		}
	}
	return strings.Join(f, " ")
}

// notLowerName are lower-case words that never name a person after a
// relationship word ("my sister said", "my mom is").
func notLowerName(w string) bool {
	return notNameWord(w) || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")
}

// notNameWord is notLowerName but for the endings "-ed" and "-ing", which
// say a verb only of a word typed in lower case: capitalised in mid-sentence
// they end names as well ("saw Rashed at the weekend"). It is read for most
// words of every sentence several times a turn, so the words it holds are
// gathered once (notNameSet); readNotNameWord says which they are.
func notNameWord(w string) bool { return notNameSet()[w] }

// readNotNameWord is notNameWord, read from the lists. A list added here
// must be added to notNameSet's too.
func readNotNameWord(w string) bool {
	_, third := thirdSingular[w]
	_, month := lang.Months[w]
	_, day := lang.Weekdays[w]
	return commonWords[w] || functionWords[w] || adverbs[w] || npStops[w] || pronounish[w] || greetingWords[w] ||
		lang.NumberWords[w] > 0 || month || day || lang.IrregularPast[w] || third || modalWords[w] || lang.PlanVerbs[w] ||
		isRoleWord(w) || petSpecies[w] || likeVerbs[w] != "" || hobbyVerbs[w] != "" || reportVerbs[w] || kinVerbs[w] || whWords[w]
}

// whWords are the question words as chats type them without an apostrophe
// ("guess whos joined", "hows dan getting on"): a question's word, never a
// name nor the subject of what follows.
var whWords = lang.Words(`who whom whose whos whod wholl whove what whats whatre where wheres whered when whens
	why whys how hows howd which`)

// reportVerbs report what someone says or thinks ("my cousin says his
// wife…"): a verb after a relationship word, never a name.
var reportVerbs = lang.Words(`says said thinks reckons tells told knows reckoned thought heard hears swears`)

// kinVerbs are what a relative does in the third person after the tie
// ("my sister keeps sending me scans", "my mum wants to know"): a verb,
// never a name.
var kinVerbs = lang.Words(`keeps wants needs gets sends texts rings calls asks sent texted rang`)

// jobWord reports whether w is a job's word ("hygienist", "barista"),
// no name when typed in lower case.
func jobWord(w string) bool {
	_, job := occupations[w]
	return job || jobNouns17[w]
}

// lowerPerson reads a person's name typed in lower case at j, in a
// lower-case sentence ("my cousin pablo").
func (p *sentCtx) lowerPerson(j int) (ontology.EntityRef, int, bool) {
	s := p.s
	if j >= len(s.Toks) || !lowerStyle(s) {
		return ontology.EntityRef{}, 0, false
	}
	t := s.Toks[j]
	if !t.Word || t.Poss || len(t.Norm) < 3 || !isLetterWord(t.Text) || notLowerName(t.Norm) {
		return ontology.EntityRef{}, 0, false
	}
	if isRoleWord(s.Norm(j-1)) && kinSlotVerbOrNoun(s, j) {
		return ontology.EntityRef{}, 0, false // "my dad set it up", "my kids primary school" (kin_slot.go)
	}
	if jobWord(t.Norm) {
		return ontology.EntityRef{}, 0, false // "they made her lead hygienist": a job, no name
	}
	if s.Is(j-1, "is", "was", "are") && !firstName(t.Norm) && !p.disc.typedPerson(t.Text) {
		return ontology.EntityRef{}, 0, false // "my boss at Ocado is mad": an adjective, most often
	}
	for _, r := range t.Norm {
		if r >= '0' && r <= '9' || r == '@' || r == '_' {
			return ontology.EntityRef{}, 0, false
		}
	}
	return ontology.EntityRef{Name: titleCase(t.Text), Type: ontology.EntityPerson}, j + 1, true
}

// lowerPlace reads a gazetteer place typed in lower case at k ("madrid",
// "new york") in a lower-case sentence.
func (p *sentCtx) lowerPlace(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if !lowerStyle(s) {
		return ontology.EntityRef{}, 0, false
	}
	for n := 3; n >= 1; n-- {
		if k+n > len(s.Toks) {
			continue
		}
		var ws []string
		for i := k; i < k+n; i++ {
			if !s.Toks[i].Word {
				break
			}
			ws = append(ws, s.Toks[i].Norm)
		}
		if len(ws) == n && inGazetteer(strings.Join(ws, " ")) {
			return ontology.EntityRef{Name: titleCase(joinText(s, k, k+n)), Type: ontology.EntityPlace}, k + n, true
		}
	}
	return ontology.EntityRef{}, 0, false
}

// implicitVerbs may open a chat sentence that drops its "I" ("moved to
// Berkeley last week", "started monday", "still living in Glasgow",
// "born in Lagos", "married Sam last year").
var implicitVerbs = lang.Words(`moved relocated started joined quit left adopted founded graduated got
	living working studying teaching dating born married starting moving`)

// implicitLead are words that may come before such a verb ("nope, moved
// to Berkeley", "still at Cabify").
var implicitLead = lang.Words(`nope nah no yes yeah yep yup also and so well ok okay oh lol haha update just finally
	actually then anyway anyways btw news still currently now been ugh omg yay woo officially`)

// shiftWords say which shifts one works, between "still" and "at": "still
// nights at Dunmore Logistics", "still lates at the garage".
var shiftWords = lang.Words(`nights days lates earlies weekends`)

// implicitStart returns the index of the verb that opens a sentence
// without a subject, or -1. "at" counts as the verb when a lasting adverb
// leads it ("still at Cabify") or ends it ("at Google now").
func implicitStart(s *sentence) int {
	for i := max(moodOpening(s), newsHeadingEnd(s)); i < len(s.Toks); i++ {
		t := s.Toks[i]
		switch {
		case !t.Word:
			if t.Norm != "," && t.Norm != ":" && t.Norm != "-" && !isEmoji(t.Text) { // "update 🎉 moved to leeds"
				return -1
			}
		case implicitLead[t.Norm]:
		case shiftWords[t.Norm] && s.Is(i-1, "still") && s.Is(i+1, "at"):
		case t.Norm == "not" && s.Is(i+1, "at"), t.Norm == "longer" && s.Is(i-1, "no") && s.Is(i+1, "at"):
			// "not at dunmore anymore", "no longer at Arup": implicitClause negates it
		case implicitVerbs[t.Norm]:
			return i
		case t.Norm == "into" && beenInto(s, i) && !s.Is(i+1, "the", "a", "an"):
			return i // "been well into foraging lately"; not "been well into the night", "been into a shop"
		case intoIntensifiers[t.Norm] && s.Is(i+1, "into") && s.Is(i-1, "been"):
		case t.Norm == "at", t.Norm == "with" && s.Is(i-1, "still"), t.Norm == "back" && s.Is(i+1, "in"):
			return i // "still at Cabify", "back in leeds now"
		case presentVerbs[t.Norm] && s.Is(i+1, "for", "at") && statedLead(s, i):
			return i // "still work for Hartwell", "yeah start at Fennick on the 1st"
		default:
			return -1
		}
	}
	return -1
}

// intoIntensifiers may stand between "been" and "into": "been well into
// foraging", "been really into pottery".
var intoIntensifiers = lang.Words(`well really so totally properly massively super`)

// beenInto reports whether "into" at i follows "been", over one
// intensifier: "been into", "been well into".
func beenInto(s *sentence, i int) bool {
	return s.Is(i-1, "been") || intoIntensifiers[s.Norm(i-1)] && s.Is(i-2, "been")
}

// presentVerbs open a subjectless sentence in the present only after a
// lead that states ("still work for Hartwell", "yep start at Fennick on
// the 1st"): alone they are as often said to someone ("work for
// Hartwell, they pay well", "start at the top").
var presentVerbs = lang.Words(`work start`)

// stateLeads are the leads that make a present verb a statement.
var stateLeads = lang.Words(`still also now currently yeah yep yup nope nah actually officially btw`)

// statedLead reports whether a lead of stateLeads comes just before the
// verb at i.
func statedLead(s *sentence, i int) bool {
	return i > 0 && stateLeads[s.Norm(i-1)]
}

// implicitOpening returns the verb a sentence that drops its "I" opens
// on (implicitStart), or a present verb right after a sentence the
// speaker opens on themselves or ends on a job got, in the same turn or
// their message just before ("i fix boilers lmao. work for Hartwell
// Heating in Derby", "got the job!!!" / "start at haldane logistics on
// the 15th"), or -1. Advice ("i'd say work for Hartwell") and a question
// are no such statement.
func (p *sentCtx) implicitOpening() int {
	s := p.s
	if f := implicitStart(s); f >= 0 {
		return f
	}
	f := afterLeads(s)
	if f < 0 || s.Question || !presentVerbs[s.Norm(f)] || !s.Is(f+1, "for", "at") {
		return -1
	}
	b, text := p.sentenceBefore(), p.text
	if b == nil {
		d := p.disc
		if s.Start > 0 || len(d.order) < 2 || d.speakerOf[d.order[len(d.order)-2]] != p.speaker.Name {
			return -1
		}
		text = d.texts[d.order[len(d.order)-2]]
		sents := d.sentencesOf(text)
		if len(sents) == 0 {
			return -1
		}
		b = &sents[len(sents)-1]
	}
	if b.Question || !ownStatement(b, strings.TrimRight(text[b.Start:b.End], " .!?…")) {
		return -1
	}
	return f
}

// ownStatement reports whether a sentence opens on the speaker ("i fix
// boilers", "i'm a plumber") but for an opinion or advice ("i'd say",
// "i think"), or ends on a job got ("got the job!!!").
func ownStatement(b *sentence, text string) bool {
	if gotJob(text) {
		return true
	}
	g := afterLeads(b)
	return g >= 0 && b.Is(g, "i", "im") && !b.Is(g+1, "'d", "would", "think", "reckon", "guess", "say", "mean")
}

// moodOpening returns where a subjectless sentence starts after a mood
// of a word or two and an emoji ("unemployed 🫠 got let go from
// Synthwell", "knackered 😴 started at the royal monday"), or 0. The
// words must be no one a verb could be said of: no name, pronoun or tie
// ("dani 😂 moved to leeds", "my sister 🙄 moved out").
func moodOpening(s *sentence) int {
	for i, t := range s.Toks {
		if t.Word {
			if i > 2 || !isLetterWord(t.Text) || t.Cap && i > 0 || !notLowerName(t.Norm) || pronounish[t.Norm] ||
				isRoleWord(t.Norm) || thirdPronouns[t.Norm] || implicitVerbs[t.Norm] || implicitLead[t.Norm] || firstName(t.Norm) {
				return 0
			}
			continue
		}
		if i > 0 && isEmoji(t.Text) {
			return i + 1
		}
		return 0
	}
	return 0
}

// implicitClause builds the clause of a sentence that drops its "I", with
// the verb at f: the words before it say its tense ("still living in" is
// "I'm still living in", "been working at" is "I've been working at").
// A gerund or "at" phrase that is itself the subject of a verb ("living
// in Leeds is so expensive", "working at Google must be fun") is no such
// clause: ok is false.
func implicitClause(s *sentence, f int) (clause, bool) {
	cl := clause{subj: f, verb: f, implicit: true, end: clauseEnd(s, f), hedged: hedgedAfter(s, f)}
	cl.neg = s.Is(f-1, "not") || s.Seq(f-2, "no", "longer")
	v := s.Norm(f)
	gerund := strings.HasSuffix(v, "ing")
	if gerund || v == "at" || v == "with" || v == "back" {
		for k := f + 1; k < cl.end && !s.Is(k, ",", "bc", "because", "cos", "coz", "but"); k++ {
			if subjectVerbs[s.Norm(k)] { // not "still at Halden, still no dog bc marcus is allergic"
				return clause{}, false
			}
		}
	}
	switch {
	case s.Is(f-1, "been") || v == "into" && beenInto(s, f):
		cl.have, cl.been = true, true
	case gerund || v == "at" || v == "with" || v == "back":
		cl.be = true
	case v == "born":
		cl.was = true
	}
	return cl, true
}

// subjectVerbs, after an opening gerund phrase, make it the subject of a
// clause rather than a statement about the speaker.
var subjectVerbs = lang.Words(`is was are were isn't wasn't must sounds sounded seems seemed looks looked feels
	felt would will can could should might makes made gets sucks sucked rocks kills`)

// isEmoji reports whether a token is an emoji or another pictograph
// ("🫠", "😂", "❤️").
func isEmoji(tok string) bool {
	r, _ := utf8.DecodeRuneInString(tok)
	return unicode.Is(unicode.So, r) || r >= 0x1F000
}

// autoCapped reports whether a sentence is typed in lower case but for
// the capital a phone gives its first word: no other word is capitalised
// but "I" and a month's or a weekday's name ("Ok big one. I quit quadra in
// December", "Also my mom gloria is doing the accounts for ceiba now"). A
// name typed with its capital makes it a sentence typed with capitals.
func autoCapped(s *sentence) bool {
	f := s.FirstWord()
	if f < 0 || !s.Toks[f].Cap {
		return false
	}
	n := 0
	for i := f + 1; i < len(s.Toks); i++ {
		t := s.Toks[i]
		if !t.Word {
			continue
		}
		n++
		if !t.Cap {
			continue
		}
		if t.Text == "I" || strings.HasPrefix(t.Text, "I'") || strings.HasPrefix(t.Text, "I’") || t.Text == "Im" {
			continue
		}
		if _, ok := lang.Months[t.Norm]; ok {
			continue
		}
		if _, ok := lang.Weekdays[t.Norm]; ok {
			continue
		}
		return false
	}
	return n >= 3
}
