package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestLowerGroupSlots: in a lower-case sentence one word no list knows is
// a band's, team's or choir's name in a slot that leaves no other reading
// (after "plays for|in (the)" or "the drummer of" with the clause ending
// on it, or in apposition to a group's noun); the common words, places of
// play and descriptions in the same slots stay words.
func TestLowerGroupSlots(t *testing.T) {
	const cases = `yes, i play for hexwell now | Hexwell
		he was the drummer of kinetiq | Kinetiq
		she's the captain of tarkonia now | Tarkonia
		i'm joining a choir, the zentro, every tuesday | Zentro
		he's joined the bowls club at last, tessaly club, he's competitive | Tessaly Club
		my neighbour is a drummer of a fado band now, pyxa. | Pyxa
		he plays in goal now |
		she plays for fun now |
		i play for them now |
		he plays in the park |
		she sings in the shower |
		he plays for keeps |
		he was the drummer of ours |
		he was the drummer of the band |
		she's the captain of the team now |
		i play in the band now, lol |
		i joined a band, honestly |
		i joined a band, the best decision |
		we're starting a firm, slowly |
		she's in a choir, every tuesday |
		i play guitar in the evenings |
		he plays for a while, then stops |`
	checkRecased(t, cases)
}

// TestOpeningSpellings: a sentence's first "were" with no subject after
// it is "we're" (after an opening "so" too), a first "n" before a
// pronoun, a possessive, a number or a name is "and"; a question's "were",
// "were" after a subject or mid-sentence, and an "n" before a common word
// or elsewhere stay.
func TestOpeningSpellings(t *testing.T) {
	const cases = `were in tamale now!!! => we're in tamale now!!!
		ok. were called pyxa => ok. we're called pyxa
		were all at thanh's this year => we're all at thanh's this year
		n i am joinin a choir => and i am joining a choir
		n my little sis has a new bf => and my little sis has a new bf
		were you there? => were you there?
		were the kids ok? => were the kids ok?
		were u at the party => were you at the party
		they were called back => they were called back
		n/a => n/a
		n stuff => n stuff
		n shes officially my gf => and she's officially my gf
		its Noor. n im the rep => its Noor. and i'm the rep
		n gethin now sings for larkspur voices => and gethin now sings for larkspur voices
		n two years at fernlight on friday => and two years at fernlight on friday
		n me n kai broke up => and me and kai broke up
		n sure => n sure
		so were movin to Cardiff => so we're moving to Cardiff
		so were the kids ok? => so were the kids ok?
		so were we => so were we
		dad were not happy => dad were not happy
		they said so were moving => they said so were moving
		we were in bed => we were in bed
		were there many people? => were there many people?
		were ur parents ok with it? => were your parents ok with it?`
	for _, line := range strings.Split(cases, "\n") {
		in, want, _ := strings.Cut(strings.TrimSpace(line), " => ")
		if got := chatSpelling(in); got != want {
			t.Errorf("chatSpelling(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLowerSayers: a lower-case word no list knows opening a clause
// before a verb only people use ("says", "texted", "reckons") is a name;
// a role, a common word or a noun after an article stays a word.
func TestLowerSayers(t *testing.T) {
	const cases = `thanh says he's the best boss | Thanh
		omg temitope texted me | Temitope
		mum says hi |
		mam says ur renting off some fisherman |
		nan loves it |
		the forecast says rain |
		everyone reckons it's fine |
		my boss texted me |`
	checkRecased(t, cases)
}

// TestLowerAskedAndBased: the subject of a yes-no question a personal
// pronoun then refers to is a name ("does radu still have his band?"),
// and "based out of" is a place's cue; common words, roles and abstract
// nouns in those slots stay words.
func TestLowerAskedAndBased(t *testing.T) {
	const cases = `ok so by the way, does radu still have his band in cluj? | Radu Cluj
		is aroha still with her bf? | Aroha
		theyre based out of tamale, right by the port | Tamale
		does work still pay for his lunch? |
		is mum still at her sister's? |
		does rent still go up in may? |
		did football start again? |
		is the boss still on his holiday? |
		radu does still have his band |
		we're based out of necessity |
		they're based out of spite |
		it's based out of my kitchen |`
	checkRecased(t, cases)
}

// TestLowerOrigins: the place in "a <place> girl|boy|lad originally" is a
// name; a kind of person there stays a word.
func TestLowerOrigins(t *testing.T) {
	const cases = `yerlan's a kisumu girl originally so she's thrilled | Yerlan Kisumu
		he's a leeds lad originally | Leeds
		she's a farm girl originally |
		he's a city boy originally |
		she's a party girl these days |
		he's a kisumu guy through and through |
		mum's a farm girl originally |`
	checkRecased(t, cases)
}

// TestCopulaGender: "X's a <place> girl" says X is a woman, so a later
// "he" is not X; without the noun the same "he" is X.
func TestCopulaGender(t *testing.T) {
	drawn := map[string]bool{
		"yerlan's a kisumu girl originally so she's thrilled": false,
		"Yerlan's a lovely woman, you'd like her":             false,
		"Yerlan is from Kisumu originally":                    true,
	}
	for first, want := range drawn {
		x := extractChat(t, nil, []ontology.Turn{
			{ID: "t1", Speaker: "kasia", Text: first},
			{ID: "t2", Speaker: "kasia", Text: "he's a physio at Pyxa now"},
		})
		if got := relOf(x, ontology.RelWorksAt, "Yerlan", "Pyxa") != nil; got != want {
			t.Errorf("%q then \"he's a physio at Pyxa\": WORKS_AT Yerlan -> Pyxa %v, want %v (%v)", first, got, want, relations(x))
		}
	}
}

// TestLowerBeInPlace: the word a person is still in is a place's name;
// states, departments, "it" as subject and a word without "still" stay
// words ("we're in tamale now" may be a bar).
func TestLowerBeInPlace(t *testing.T) {
	const cases = `yep, she's still in kisumu lmao | Kisumu
		is thanh still in kisumu? | Thanh Kisumu
		i'm still in cuenca, still at pyxa | Cuenca Pyxa
		she's still in shock |
		he's in rehab now |
		we're in lockdown now |
		i'm still in pain lol |
		he's in charge now |
		it's still in beta |
		the cake is still in the oven |
		she's in tamale |
		we're in tamale now!!! |
		we're in trouble now |
		he's still in touch with her |
		i'm still in bed |
		she's in labour now |
		he's in surgery now |
		they're in town now |
		she's still in oncology |
		he's in finance now |`
	checkRecased(t, cases)
}

// TestLowerBusinessHeads: a plural business noun ending a name after a
// naming verb belongs to it when the clause ends there ("its called
// vantaro books, lovely shop"); elsewhere it stays a word.
func TestLowerBusinessHeads(t *testing.T) {
	const cases = `its called vantaro books, lovely shop | Vantaro Books
		a firm called hartley motors | Hartley Motors
		a shop called vantaro, it sells books | Vantaro
		its called vantaro books and coffee | Vantaro
		she sells books |
		he loves cakes |`
	checkRecased(t, cases)
}

// TestLowerLeftFor: a word no list knows opening a clause, perhaps after
// "since" or "when", before "left for|to" is a name; a common word, a
// turn to the left and a clause of "the bus" stay words.
func TestLowerLeftFor(t *testing.T) {
	const cases = `ok so since nurlan left for hexwell in april | Nurlan
		when temitope left to join quorra | Temitope
		since everyone left for the day |
		when the bus left for town |
		since tuesday left me broke |
		turn left for the station |
		keep left to the end |`
	checkRecased(t, cases)
}

// TestLowerAfterTopic: "speaking of <word>" opens the clause whose
// subject follows it.
func TestLowerAfterTopic(t *testing.T) {
	const cases = `speakin of jobs rafaela finally quit pyxa | Rafaela Pyxa
		talking of moves temitope moved to cuenca | Temitope Cuenca
		speaking of jobs everyone quit |
		speaking of work it works for me |
		thinking of jobs rafaela quit |`
	checkRecased(t, cases)
}

// TestLowerFromAndHome: "<name>'s from <place>" and "<place> is home"
// read the place (and the name opening the sentence); common words,
// roles and states there stay words.
func TestLowerFromAndHome(t *testing.T) {
	const cases = `rafaela's from bulawayo isn't she | Rafaela Bulawayo
		tamale is home now, i think im stayin | Tamale
		kisumu is my home | Kisumu
		mum's from the country |
		mum's from kisumu | Kisumu
		the car's from work |
		work is home now |
		bed is home now lol |
		this is home now |`
	checkRecased(t, cases)
}

// TestLowerFeelsAbout: a word no list knows opening a clause before
// "loves|hates|misses" and what is loved is a name; common words, roles
// and a feeling about "me" stay words.
func TestLowerFeelsAbout(t *testing.T) {
	const cases = `nurlan loves it, she says its closer | Nurlan
		omg temitope misses her so much | Temitope
		everyone loves it |
		nobody misses the old office |
		coffee hates me |
		mum loves it |
		the cat loves it |
		honestly loves it |`
	checkRecased(t, cases)
}

// TestLowerTalkedToAndSetUp: someone talked to ("talk to nurlan from our
// year") and the subject of "set it up" are names; services, roles,
// plurals and pronouns there stay words.
func TestLowerTalkedToAndSetUp(t *testing.T) {
	const cases = `quick question, do u still talk to nurlan from our year? | Nurlan
		i spoke to temitope yesterday | Temitope
		temitope set it up last year | Temitope
		i need to talk to management |
		she spoke to reception |
		i'll talk to my boss |
		talk to strangers |
		he talks to himself |
		i'll talk to hr about it |
		i spoke to the landlord |
		i'll talk to someone about it |
		i talked to tech about it |
		everyone set it up |
		i set it up |`
	checkRecased(t, cases)
}

// checkRecased checks recased against cases, one a line: a text, " |"
// and the words recase must capitalise (none: nothing).
func checkRecased(t *testing.T, cases string) {
	t.Helper()
	for _, line := range strings.Split(cases, "\n") {
		text, want, _ := strings.Cut(strings.TrimSpace(line), " |")
		want = strings.TrimSpace(want)
		if got := strings.Join(recased(text), " "); got != want {
			t.Errorf("recase(%q) = %q, want %q", text, got, want)
		}
	}
}
