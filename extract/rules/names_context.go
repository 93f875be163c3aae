package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// confContext is the strength of a type read from the words around a name
// that nothing else typed: below a first name from the list (confFirst),
// so any cue of the name's own, of a pattern or of the store wins, and
// every mention of the conversation votes through the strongest cue (the
// accumulator and the planner keep it; a stronger later cue retypes).
const confContext = 0.4

// contextType reads a type for a name [sp.from, sp.to) that typeName left
// a Concept, from the words around it in chat phrasing:
//   - an organisation: "3 yrs at Tidewater", "he's at Hubtel", "left for
//     Monzo", "organises EdinburghJS", "the Maersk group", "a choir, the
//     Wiener Chorgemeinschaft", "your old headteacher from Moorside",
//     "Tidewater's CEO";
//   - a place: "flight to X", "back to X", "a trip to X";
//   - a person: "Zofia texted", "told Zofia", "Zofia's birthday",
//     "dating Zofia", "Zofia, my flatmate", "Zofia and I", "me and Zofia".
//
// It says nothing (ok false) when no such word is there. The cue is
// "context:<word>".
func contextType(s *sentence, sp span) (t ontology.EntityType, cue string, ok bool) {
	prev, prev2 := s.Norm(sp.from-1), s.Norm(sp.from-2)
	next := s.Norm(sp.to)
	last := s.Tok(sp.to - 1)
	switch {
	case last.Poss && possessedByPeople[next]:
		return ontology.EntityPerson, "context:'s " + next, true
	case last.Poss && possessedByOrgs[next]:
		return ontology.EntityOrganization, "context:'s " + next, true
	case !last.Poss && next == "," && s.Is(sp.to+1, "my", "our", "his", "her", "their", "your") && isRoleWord(s.Norm(sp.to+2)):
		return ontology.EntityPerson, "context:, " + s.Norm(sp.to+1) + " " + s.Norm(sp.to+2), true
	case !last.Poss && (s.Seq(sp.to, "and", "i") || prev == "and" && s.Is(sp.from-2, "me", "i")):
		return ontology.EntityPerson, "context:and me", true
	case !last.Poss && personVerbsAfter[next]:
		return ontology.EntityPerson, "context:" + next, true
	case personVerbsBefore[prev] && !last.Poss:
		return ontology.EntityPerson, "context:" + prev, true
	case prev == "at" && !notAtOrg[prev2] && !occasions[s.Norm(sp.from)] && !s.Question:
		return ontology.EntityOrganization, "context:at", true
	case prev == "for" && s.Is(sp.from-2, "left", "leaving", "leave", "leaves", "quit", "quitting", "ditched"):
		return ontology.EntityOrganization, "context:" + prev2 + " for", true
	case orgVerbsBefore[prev]:
		return ontology.EntityOrganization, "context:" + prev, true
	case prev == "from" && prev2 == "us" && s.Is(sp.from-3, "joining", "joins", "joined", "join"),
		prev == "-" && prev2 == "ex" && s.Tok(sp.from-1).End == s.Tok(sp.from).Start:
		// "Elena's joining us from Stripe", "ex-Stripe": a former employer
		return ontology.EntityOrganization, "context:ex", true
	case prev == "from" && schoolPeople[prev2]:
		return ontology.EntityOrganization, "context:" + prev2 + " from", true
	case !last.Poss && prev == "the" && orgHeadsAfter[next]:
		return ontology.EntityOrganization, "context:the " + next, true
	case appositionIntro(s, sp.from):
		return ontology.EntityOrganization, "context:apposition", true
	case !last.Poss && next == "," && describedAsOrg(s, sp.to+1):
		return ontology.EntityOrganization, "context:, the <organisation>", true
	case prev == "to" && placeBefore[prev2]:
		return ontology.EntityPlace, "context:" + prev2 + " to", true
	}
	return "", "", false
}

// afterNameCue reports whether a context cue was read after the name
// ("'s birthday", "and I", "texted"), which holds for a name opening a
// sentence as well as inside one.
func afterNameCue(cue string) bool {
	return strings.HasPrefix(cue, "context:'s ") || cue == "context:and me" ||
		strings.HasPrefix(cue, "context:, ") || personVerbsAfter[strings.TrimPrefix(cue, "context:")]
}

// appositionIntro reports whether the name at from follows a group noun
// and a comma: "a choir, the Wiener Chorgemeinschaft", "my band, Ashgrove".
func appositionIntro(s *sentence, from int) bool {
	k := from - 1
	if s.Norm(k) == "the" {
		k--
	}
	return s.Norm(k) == "," && introNouns[s.Norm(k-1)]
}

// possessedByPeople, after a name and "'s", make it a person's name: kin,
// partners and the things only people have.
var possessedByPeople = lang.Words(`wife husband mum mom mam dad mother father sister brother sis bro
	boyfriend girlfriend bf gf partner fiance fiancé fiancee fiancée son daughter kids kid baby babies
	parents nan nana gran granny grandma grandpa grandad grandmother grandfather cousin aunt auntie uncle
	niece nephew birthday bday wedding funeral hen stag`)

// possessedByOrgs, after a name and "'s", make it an organisation:
// "Tidewater's CEO", "Hubtel's new office", "Velvet Moths' drummer".
var possessedByOrgs = lang.Words(`ceo cto cfo headquarters hq offices office website app shares stock
	founders employees staff clients customers drummer bassist guitarist frontman frontwoman keyboardist
	lineup setlist`)

// bandParts, right before "in" and a name, make it a band: "plays bass in
// Velvet Moths", "the drummer in Slow Heron"; a weak place reading of
// "in X" gives way.
var bandParts = lang.Words(`bass guitar drums keys keyboards vocals drummer bassist guitarist singer
	keyboardist trumpet sax saxophone violin cello fiddle banjo`)

// bandIn reports whether the name at i follows "in" after a part in a
// band.
func bandIn(s *sentence, i int) bool {
	k := i - 1
	if s.Norm(k) == "the" {
		k--
	}
	return s.Norm(k) == "in" && bandParts[s.Norm(k-1)]
}

// personVerbsAfter, right after a name, make it a person: who texts, tells
// and asks ("Zofia texted me", "Tom reckons").
var personVerbsAfter = lang.Words(`texted texts texting messaged messages dmed dm'd rang phoned replied says sends
	reckons reckoned cried laughed hugged whatsapped facetimed snapchatted`)

// personVerbsBefore, right before a name, make it a person: "told Zofia",
// "dating Aisha", "marrying Noor".
var personVerbsBefore = lang.Words(`texted text texting messaged message dm dmed told tell telling asked
	ask asking dating date dated marrying marry married hugged kissed phoned ring rang facetimed`)

// notAtOrg, before "at", make the name after it no organisation: "look at
// Tom", "mad at Tom", "arrived at Heathrow", a time ("at Easter").
var notAtOrg = lang.Words(`look looking looked laugh laughing laughed mad angry yelled yelling shouting
	shouted staring stared smiled smiling waved waving pointed arrived arriving arrive landed landing
	stopped stopping stop met meet meeting married wedding party dinner lunch drinks good bad better
	worse great terrible rubbish decent best worst`)

// occasions are times, not places or organisations: "at Christmas", "see
// you at Diwali".
var occasions = lang.Words(`christmas xmas easter hogmanay diwali eid ramadan hanukkah chanukah
	thanksgiving halloween passover new newyear carnival pride midsummer`)

// orgVerbsBefore, right before a name, make it an organisation: "organises
// EdinburghJS", "joined Arup".
var orgVerbsBefore = lang.Words(`organises organizes organising organizing organised organized joined joining
	joins employs employed quit quitting`)

// schoolPeople, before "from" and a name, come from a school or firm:
// "your old headteacher from Moorside", "a recruiter from Ocado".
var schoolPeople = lang.Words(`headteacher headmaster headmistress teacher teachers lecturer lecturers
	recruiter recruiters tutor principal`)

// orgHeadsAfter, after "the" and a name, make it an organisation: "the
// Maersk group", "the Arup office", "the Hubtel team".
var orgHeadsAfter = lang.Words(`group team office offices company firm band club shop store branch app
	headquarters hq factory warehouse staff choir orchestra brand label startup`)

// placeBefore, before "to" and a name, make it a place: "a flight to X",
// "back to X".
var placeBefore = lang.Words(`flight flights train trains bus ferry drive trip holiday holidays ticket
	tickets back roadtrip`)

// noteSpecies remembers the last pet species the sentence names, for the
// rest of the turn: "my housemate Lena just adopted a greyhound. his name
// is Biscuit and he's enormous".
func (c *turnCtx) noteSpecies(s *sentence) {
	for i, t := range s.Toks {
		switch {
		case s.Is(i, toyWords...):
			c.species = "" // "that stuffed animal dog you gave me"
		case petSpecies[t.Norm] && (s.Is(i-1, petDeterminers...) || s.Is(i-2, petDeterminers...)):
			c.species = t.Norm
		}
	}
}

// petDeterminers introduce one pet: "adopted a greyhound", "my new cat".
var petDeterminers = []string{"a", "an", "my", "our", "his", "her", "their", "new"}

// toyWords before a species make it a toy: "that stuffed animal dog".
var toyWords = []string{"stuffed", "toy", "plush", "cuddly", "soft", "robot", "fake"}

// petNameAt reports whether the name at i is given as a name: "his name is
// X", "her name's X", "named X", "named him X", "called X" (after a species the turn
// named, a pet's, which a later "he" must not make a person).
func petNameAt(s *sentence, i int) bool {
	switch {
	case s.Is(i-1, "named", "called"):
		return !s.Is(i-2, "is") || !s.Is(i-3, "it") // "it's called X" names a business as often
	case s.Is(i-1, "him", "her", "it") && s.Is(i-2, "named", "called"): // "she named him Biscuit"
		return true
	case s.Norm(i-1) == "is" && s.Norm(i-2) == "name":
		return s.Is(i-3, "his", "her", "its")
	case s.Norm(i-1) == "name" && s.Toks[i-1].Poss:
		return s.Is(i-2, "his", "her", "its")
	}
	return false
}

// weekdayOpensName reports whether the weekday at i opens a name: after
// "the", when a capitalised word continues it ("the Sunday Stragglers",
// "the Tuesday Club").
func weekdayOpensName(s *sentence, i int) bool {
	return s.Is(i-1, "the") && i+1 < len(s.Toks) && nameContinues(s, i+1) && !s.Toks[i].Poss
}

// titleCased reports whether most words of the sentence are capitalised,
// as in a heading or a shouted line, where capitals say nothing.
func titleCased(s *sentence) bool {
	n, caps := 0, 0
	for _, t := range s.Toks {
		if t.Word {
			n++
			if t.Cap && t.Norm != "i" { // "Can I bring Aigerim?" is no heading
				caps++
			}
		}
	}
	return n >= 4 && caps*10 >= n*7
}
