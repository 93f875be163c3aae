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
	return f >= 0 && !s.Toks[f].Cap
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
		isRoleWord(w) || petSpecies[w] || likeVerbs[w] != "" || hobbyVerbs[w] != "" || reportVerbs[w] || kinVerbs[w]
}

// reportVerbs report what someone says or thinks ("my cousin says his
// wife…"): a verb after a relationship word, never a name.
var reportVerbs = lang.Words(`says said thinks reckons tells told knows reckoned thought heard hears swears`)

// kinVerbs are what a relative does in the third person after the tie
// ("my sister keeps sending me scans", "my mum wants to know"): a verb,
// never a name.
var kinVerbs = lang.Words(`keeps wants needs gets sends texts rings calls asks sent texted rang`)

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
	for i, t := range s.Toks {
		switch {
		case !t.Word:
			if t.Norm != "," && t.Norm != ":" && t.Norm != "-" {
				return -1
			}
		case implicitLead[t.Norm]:
		case shiftWords[t.Norm] && s.Is(i-1, "still") && s.Is(i+1, "at"):
		case t.Norm == "not" && s.Is(i+1, "at"), t.Norm == "longer" && s.Is(i-1, "no") && s.Is(i+1, "at"):
			// "not at dunmore anymore", "no longer at Arup": implicitClause negates it
		case implicitVerbs[t.Norm]:
			return i
		case t.Norm == "at", t.Norm == "with" && s.Is(i-1, "still"):
			return i
		default:
			return -1
		}
	}
	return -1
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
	if gerund || v == "at" || v == "with" {
		for k := f + 1; k < cl.end; k++ {
			if subjectVerbs[s.Norm(k)] {
				return clause{}, false
			}
		}
	}
	switch {
	case s.Is(f-1, "been"):
		cl.have, cl.been = true, true
	case gerund || v == "at" || v == "with":
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
