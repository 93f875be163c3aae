package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// namedAlone reports whether a sentence that is only a person's name,
// not a speaker's, mentions rather than addresses them: "Callum. he's a
// chef at Pellegrino's" answers who, after "my sister has a new
// boyfriend"; the people a chat addresses are its speakers.
func (k *known) namedAlone(s *sentence, sp span) bool {
	if sp.typ != ontology.EntityPerson || sp.cue != "first-name" || !sentenceStartAt(s, sp.from) {
		return false
	}
	for i := sp.to; i < len(s.Toks); i++ {
		if s.Toks[i].Word || s.Toks[i].Norm == "," {
			return false
		}
	}
	n := ontology.NormaliseName(sp.name)
	return !k.speakers[n] && !k.speakers[s.Toks[sp.from].Norm]
}

// verbFollows reports whether a verb of a statement follows the name
// ending at to: a third-person verb the patterns read, an auxiliary, or an
// adverb before one.
func verbFollows(s *sentence, to int) bool {
	for k := to; k < len(s.Toks) && k < to+3; k++ {
		n := s.Norm(k)
		if _, third := thirdSingular[n]; third || thirdVerbs[n] || personVerbsAfter[n] || (s.Is(k, "is", "was", "has", "had", "got", "just") || s.Seq(k, "used", "to") || lang.IsPastEd(s, k)) && k == to {
			return true
		}
		if !adverbs[n] {
			return false
		}
	}
	return false
}

// studyCues, before "at" and a name, make it a school: "doing my master's
// at King's", "got onto the MA at Goldsmiths", "a place at Leeds Uni".
var studyCues = []string{"study", "studies", "studying", "studied", "degree", "master", "masters", "ma", "msc",
	"mba", "phd", "bachelor", "bachelors", "ba", "bsc", "course", "programme", "program", "lecturer", "place"}

// openingPerson types a name opening a sentence that no list or cue
// typed, when the conversation says what it is: a chat handle ("@mo_j is
// back!!"), or a name an earlier turn typed as a person ("my friend
// Dagrun" … "Dagrun got the job"), else as a place or an organisation. Names outside the
// first-name list can then be what "she" means in the next message.
func (k *known) openingPerson(s *sentence, sp span) (ontology.EntityType, string, bool) {
	if s.Norm(sp.from) == "@" {
		return ontology.EntityPerson, "context:handle", true
	}
	if s.Tok(sp.to - 1).Poss {
		return "", "", false
	}
	if k.disc != nil && k.disc.typedPerson(sp.name) {
		return ontology.EntityPerson, "context:named before", true
	}
	if s.Is(sp.to, ",") && listAfter(s, sp.to) && firstName(s.Norm(sp.to+1)) {
		return ontology.EntityPerson, "context:listed with", true // "Linh, Tom and Luis were all at the reunion"
	}
	if s.Is(sp.to, "and", "&") && s.Is(sp.to+1, "her", "his") && isRoleWord(s.Norm(sp.to+2)) {
		return ontology.EntityPerson, "context:and her", true // "Aigerim and her bf Joost just moved …"
	}
	if s.Is(sp.to, "is", "was") && s.Is(sp.to+1, "the", "that", "this") && personNouns[s.Norm(sp.to+2)] {
		return ontology.EntityPerson, "context:the " + s.Norm(sp.to+2), true // "Kristjan was the girl at my bday"
	}
	if k.disc != nil {
		// "I moved here from Bulawayo. Bulawayo is my city, I am born
		// there": a place or an organisation an earlier cue typed keeps
		// its type where a capital says nothing.
		for _, t := range []ontology.EntityType{ontology.EntityPlace, ontology.EntityOrganization} {
			if k.disc.typedAs(sp.name, t) {
				return t, "context:named before", true
			}
		}
	}
	return "", "", false
}

// openingVerbs, right after a name opening a sentence, say it is someone
// who did something: "Marguerite came round", "Zorbo slept all day".
var openingVerbs = lang.Words(`came went left got said called rang slept arrived turned showed popped dropped
	stayed stopped visited wrote`)

// noteOpeningName offers a name opening the sentence that nothing typed
// ("Marguerite came round") to the next sentences' pronouns, untyped, when
// a verb of doing follows it; it emits no mention (a capital there says
// nothing on its own).
func (c *turnCtx) noteOpeningName(s *sentence, names []span) {
	if len(names) > 0 && names[0].from == 0 || titleCased(s) {
		return
	}
	sp, ok := nameAt(s, 0)
	if !ok || sp.to-sp.from != 1 || s.Tok(0).Poss || !openingVerbs[s.Norm(1)] {
		return
	}
	sp = c.known.typeName(s, sp)
	if sp.typ != ontology.EntityConcept || sp.confirmed {
		return
	}
	c.pending = append(c.pending, pendingMention{ref: ontology.EntityRef{Name: sp.name, Type: ontology.EntityConcept}})
}

// yesName reports whether the name sp, after a yes and ending its
// sentence, answers the question another speaker just asked about someone
// named by a role rather than addressing anyone: "is rafe's brother still
// best man?" / "yeah, Tom. he moved to Leeds" (a "he" then means Tom). A
// speaker's name, or one called out ("yes Sam!"), stays addressed.
func (k *known) yesName(s *sentence, sp span) bool {
	if !k.answers || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || k.speakers[ontology.NormaliseName(sp.name)] {
		return false
	}
	prev := sp.from - 1
	if s.Is(prev, ",") {
		prev--
	}
	if prev < 0 || !yesWords[s.Norm(prev)] || !s.Toks[prev].Word {
		return false
	}
	for i := sp.to; i < len(s.Toks); i++ {
		if s.Toks[i].Word || s.Toks[i].Norm == "," || s.Toks[i].Norm == "!" {
			return false // "yes Sam!" calls to Sam
		}
	}
	return true
}

// asksPolar reports whether text opens on the auxiliary of a yes/no
// question, which chat often sends without its "?" ("is rafes brother
// still doing best man").
func asksPolar(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	return len(f) > 2 && polarAux[f[0]]
}

// asksOfRole reports whether a question asks of someone it names by a
// role or a person noun, not by name, and not of its reader: "is rafes
// brother still doing best man", "is that guy from ur gym still around".
func asksOfRole(text string) bool {
	role := false
	for i, w := range strings.Fields(strings.ToLower(text)) {
		w = strings.Trim(w, ".,!?")
		if youWords[w] && i < 2 {
			return false // "are you coming?", "u still at Arup?"
		}
		role = role || isRoleWord(w) || personNouns[w]
	}
	return role
}

// youWords are the words that address the reader.
var youWords = lang.Words(`you u your ur yours you're youre you've youve`)
