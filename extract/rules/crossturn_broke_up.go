package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// brokeUpAnswered reads a break-up told in answer to a question about the
// other one: "is Calum still about" / "god no. we broke up in may", "how's
// Tom?" / "we split up lol": the answerer and the one asked about were
// partners (PARTNER_OF, ended), read as "Calum and I broke up in may",
// citing the question. The question must name one person and no other (a
// capitalised name a list or an earlier turn knows as a person's, or a
// given name in lower case); "we" must open the answer's first or second
// sentence. Another's break-up ("they split up", "Jo and Calum broke up"),
// a question naming two people or none, a hedge ("i think we split up"),
// "broke up the fight", a question back or the asker's own next turn
// reads nothing.
func (c *turnCtx) brokeUpAnswered(t ontology.Turn, prev *prevTurn) {
	if prev == nil || c.speaker.Name == "" || prev.speaker == t.Speaker || !prev.question && !asksAfter(prev.last) {
		return
	}
	name, ok := c.askedOnePerson(prev.last)
	if !ok {
		return
	}
	sents := c.sentencesOf(t.Text)
	for i := 0; i < len(sents) && i < 2; i++ {
		s := &sents[i]
		if s.Question {
			return
		}
		f := weOpening(s)
		if f < 0 || !pairParted(s, f+1) || hedgedBefore(s, f) {
			continue
		}
		end := pairPartedEnd(s, f+1)
		if !plainEnd(s, end) && !chatTailWords[s.Norm(end)] && !s.Is(end, "actually", "in", "last", "ages", "months", "years", "a", "like", "back", "over", "after") {
			return // "we broke up the fight"
		}
		v := f + 1
		aux := ""
		if s.Is(v, "have", "'ve") && !s.Tok(v).Cap {
			aux, v = "have ", v+1 // "we've split up"
		}
		rest := aux + t.Text[s.Toks[v].Start:s.Toks[end-1].End] + "." // "in may" is no modal
		keep := func(r ontology.Relation) bool { return r.Type == ontology.RelPartnerOf }
		c.readKeeping(t, titleCase(name)+" and I "+rest, keep, prev.turn)
		return
	}
}

// weOpening returns where "we" opens the sentence, after chat leads or
// after a short interjection the splitter kept with it ("God no. We broke
// up"), or -1.
func weOpening(s *sentence) int {
	if f := afterLeads(s); f >= 0 && s.Is(f, "we") {
		return f
	}
	for j := 1; j < len(s.Toks) && j <= 4; j++ {
		if s.Is(j, "we") && s.Is(j-1, ".", "!", ",") {
			return j
		}
	}
	return -1
}

// asksAfter reports whether a line with no question mark asks after
// someone by its first words: "and is calum still about", "hows tom doing".
func asksAfter(line string) bool {
	f := strings.Fields(strings.ToLower(line))
	for len(f) > 0 && (f[0] == "and" || f[0] == "so" || f[0] == "oh") {
		f = f[1:]
	}
	return len(f) > 1 && (polarAux[f[0]] || f[0] == "hows" || f[0] == "how's")
}

// brokeUpAskWords are the words of a question that ask after a person
// rather than name one: "is Calum still about", "how's Tom".
var brokeUpAskWords = lang.Words(`is are was hows how and what about still around about with doing up to`)

// askedOnePerson returns the one person a question names: a name typed a
// person's (by the lists or an earlier turn), a given name in lower case
// that is no common word, a capitalised word no list knows as a word, a
// place or an organisation, or a lower-case word no English list knows
// asked after ("is calum still about", "hows calum doing"); none when it
// names two, or a speaker.
func (c *turnCtx) askedOnePerson(q string) (string, bool) {
	sents := c.sentencesOf(q)
	if len(sents) == 0 {
		return "", false
	}
	s := &sents[len(sents)-1]
	caps := 0
	for k, tok := range s.Toks {
		if tok.Word && tok.Cap && k > s.FirstWord() && tok.Norm != "i" {
			caps++
		}
	}
	if caps > 1 {
		return "", false // "is Jo still with Calum": two people
	}
	found := ""
	for k, tok := range s.Toks {
		if !tok.Word || tok.Poss || functionWords[tok.Norm] || brokeUpAskWords[tok.Norm] {
			continue
		}
		person := c.disc.typedPerson(tok.Text) ||
			firstName(tok.Norm) && !wordNames[tok.Norm] && (tok.Cap && k > s.FirstWord() || !tok.Cap && !englishWords[tok.Norm]) ||
			tok.Cap && k > s.FirstWord() && lettersOnly(tok.Norm) && !inVocab(tok.Norm) && !inGazetteer(tok.Norm) &&
				!c.disc.typedAs(tok.Text, ontology.EntityOrganization) && !c.disc.typedAs(tok.Text, ontology.EntityPlace) ||
			!tok.Cap && s.Is(k-1, "is", "hows") && s.Is(k+1, "still", "doing") && lettersOnly(tok.Norm) && !inVocab(tok.Norm) &&
				!englishWords[tok.Norm] && !inGazetteer(tok.Norm) && !chatForm(tok.Norm) // "is calum still about"
		if !person {
			continue
		}
		if c.disc.isSpeaker(tok.Text) || found != "" {
			return "", false
		}
		found = tok.Text
	}
	if found == "" {
		return "", false
	}
	return found, true
}
