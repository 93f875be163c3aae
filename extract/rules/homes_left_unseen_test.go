package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestLeftUnseenHome: a town no list holds, left by a speaker who says
// they are moving (before, or later in the turn), is MOVED_FROM, and not
// a job ended. Without the move said, with a job's end said, for a trip,
// a hedge, someone else's move, a person or a firm's head word, nothing
// is read as a home left.
func TestLeftUnseenHome(t *testing.T) {
	for _, c := range []struct {
		lines []string
		from  string // "" = no MOVED_FROM at all
		place string
	}{
		{[]string{"Tolu: I finally moved. Left Oshakati on Tuesday with two suitcases 😅"}, "Tolu", "Oshakati"},
		{[]string{"Aoife: Two weeks since I left Mzuzu and I don't miss it. Moving here was the right call."}, "Aoife", "Mzuzu"},
		{[]string{"tomas: so i'm moving to tartu in june. leaving ruse after 4 years, mad"}, "tomas", "Ruse"},
		{[]string{"big al: me and jen move on the 3rd. leaving kandy after 12 years"}, "big al", "Kandy"},
		{[]string{"Nell: moving on saturday. vans booked", "Rav: omg", "Nell: leaving mzuzu after 9 yrs 😭"}, "Nell", "Mzuzu"},
		// twins
		{[]string{"Nell: leaving mzuzu after 9 yrs 😭"}, "", ""},
		{[]string{"Tolu: Left Oshakati on Tuesday for a week in Windhoek"}, "", ""},
		{[]string{"Tolu: I'm moving to Tartu next month, so I handed in my notice. Left Quorrel on Friday."}, "", ""},
		{[]string{"tomas: i might be moving to tartu. leaving ruse after 4 years?"}, "", ""},
		{[]string{"Sam: Dani's moving to Tartu. leaving Ruse after 4 years, she says"}, "", ""},
		{[]string{"Tolu: I finally moved. Left Marcus with the cat"}, "", ""},
		{[]string{"Tolu: I finally moved. Left Brightwell Motors after six years"}, "", ""},
		{[]string{"Tolu: I finally moved. Left Monday morning with two bags"}, "", ""},
		{[]string{"Tolu: I'm moving to Tartu. Left Will to sort the keys"}, "", ""},
	} {
		x := extractChat(t, nil, chat("t", c.lines...))
		var moved []ontology.Relation
		for _, r := range x.Relations {
			if r.Type == ontology.RelMovedFrom {
				moved = append(moved, r)
			}
			if r.Type == ontology.RelWorksAt && c.place != "" && r.To.Name == c.place {
				t.Errorf("%q: the town read as a job: %s", c.lines, relSummary(x))
			}
		}
		switch {
		case c.from == "" && len(moved) > 0:
			t.Errorf("%q: want no MOVED_FROM, got %s", strings.Join(c.lines, " / "), relSummary(x))
		case c.from != "" && relOf(x, ontology.RelMovedFrom, c.from, c.place) == nil:
			t.Errorf("%q: want MOVED_FROM %s -> %s, got %s", strings.Join(c.lines, " / "), c.from, c.place, relSummary(x))
		}
	}
}

// TestUnseenNamesNoJob: an unseen name the sentence itself types reads no
// job: "X's from Y" is where X comes from, a group in apposition ("btw,
// the uni badminton club") makes joining it membership, and a lower-case
// word before "shop" names a town's branch. Their twins, with the cue
// for a job, still read one.
func TestUnseenNamesNoJob(t *testing.T) {
	checkSentenceRelations(t, `Rafaela's from Bulawayo isn't she | COMES_FROM | Rafaela | Bulawayo
joined the quillfeather btw, the uni badminton club | MEMBER_OF | Quillfeather
just joined Vantaro, the running club on my road | MEMBER_OF | Vantaro
Temitope from Quorra Foods said they're hiring | WORKS_AT | Temitope | Quorra Foods
joined Quillfeather btw, the fintech on my road | WORKS_AT | Quillfeather
I start at the Quorra shop on monday | WORKS_AT | Quorra
I start at Quorra on monday | WORKS_AT | Quorra`, &ref)
	checkSentenceRelations(t, `Rafaela's from Bulawayo isn't she |
Yerlan's from Tamale originally |
joined the quillfeather btw, the uni badminton club |
just joined Vantaro, the running club on my road |
I start at the kisumu shop on monday |
he starts at the tamale branch next week |`, &ref, ontology.RelWorksAt)
}

// TestKinNameIsOrHas: after "my sister", a word no list knows with "'s"
// that is "is" or "has" ("rafaela's taking him") is her name; without a
// name ("my sister's taking him") or with a listed word ("everything's")
// there is no one to relate.
func TestKinNameIsOrHas(t *testing.T) {
	checkSentenceRelations(t, `so my sister rafaela's taking him, she lives out in cuenca | FAMILY_OF | Rafaela
my brother yerlan's moved to tamale | FAMILY_OF | Yerlan
my cousin otieno's a nurse now | FAMILY_OF | Otieno
so my sister's taking him, she lives out in cuenca |
my sister everything's fine now |
my cousin obvs's taking the car |`, &ref, ontology.RelFamilyOf)
}

// TestOriginLabelUnseen: a town no list holds in an origin's label ("iloilo
// lad originally", "cuenca born and bred") is where the speaker comes from;
// a label that is no origin ("Barbie girl til i die", "party girl"),
// someone else's ("my mum's cuenca born and bred"), a plural or a girl met
// there read nothing.
func TestOriginLabelUnseen(t *testing.T) {
	checkSentenceRelations(t, `iloilo lad originally so be nice | COMES_FROM | Iloilo
cuenca born and bred | COMES_FROM | Cuenca
Tamale lass originally, been here ten years | COMES_FROM | Tamale`, &ref)
	checkSentenceRelations(t, `Barbie girl til i die |
party girl til i die |
Jess girl til i die |
my mum's cuenca born and bred |
tamale girls are mad |
a tamale girl i met at uni |
i'm vegan originally |`, &ref, ontology.RelComesFrom)
}

// TestNoPersonInNumeralsOrAcronyms: "the first XI" is a club's side and
// "First VELTRIX meeting" a committee's acronym: neither is someone a
// "she" may mean, so nothing is related to them. A first name shouted in
// capitals ("MARIA just texted. She's moved…") still is.
func TestNoPersonInNumeralsOrAcronyms(t *testing.T) {
	for _, lines := range [][]string{
		{"Bev: Membership form in from Rafaela Nwachukwu, wants to join the first XI. She's been playing for Zentro Rovers",
			"Moira: agree. also she's lovely, she lives next door to me"},
		{"Ritu: First VELTRIX meeting as chair done", "Claire: and she's from Tabriz"},
	} {
		x := extractChat(t, nil, chat("t", lines...))
		for _, r := range x.Relations {
			if r.From.Name == "XI" || r.To.Name == "XI" || r.From.Name == "VELTRIX" {
				t.Errorf("%q: %s", lines, relSummary(x))
			}
		}
	}
	x := extractChat(t, nil, chat("t", "Ritu: MARIA just texted. She's moved to Tamale"))
	if relOf(x, ontology.RelMovedTo, "MARIA", "Tamale") == nil {
		t.Errorf("a shouted first name lost its pronoun: %s", relSummary(x))
	}
}

// TestJoinedKindInUnseenTown: "a fintech in X called Y" places Y in X, a
// town no list holds too; a department or a building there is no town.
func TestJoinedKindInUnseenTown(t *testing.T) {
	checkSentenceRelations(t, `aigerim quit quorra!! she's joined some fintech in olomouc called Bramblecode | LOCATED_IN | Bramblecode | Olomouc
i've joined a startup in Tartu called Vornix | LOCATED_IN | Vornix | Tartu
i've joined a startup in Tartu called Vornix | WORKS_AT | Vornix`, &ref)
	checkSentenceRelations(t, `i've joined a startup in marketing called Vornix |
i've joined some startup in Sarah's old building called Vornix |
i might have joined a startup in tartu called Vornix |`, &ref, ontology.RelLocatedIn)
}

// TestTheyHaveKinUnseen: "they have a daughter, Chiamaka, who …" names the
// couple's daughter though no list knows her name, the relative clause
// closing the apposition; a remark ("a daughter, Gorgeous.") or a word
// that is no name stays none.
func TestTheyHaveKinUnseen(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Ola: Yerlan and Nurlan got married. Yes, they have a daughter, Chiamaka, who just turned two."))
	if relOf(x, ontology.RelFamilyOf, "Yerlan", "Chiamaka") == nil || relOf(x, ontology.RelFamilyOf, "Nurlan", "Chiamaka") == nil {
		t.Errorf("want the couple's daughter Chiamaka: %s", relSummary(x))
	}
	for _, twin := range []string{
		"Ola: Yerlan and Nurlan got married. Yes, they have a daughter, Gorgeous, who just turned two.",
		"Ola: Yerlan and Nurlan got married. Yes, they have a daughter, Tuesday, who just turned two.",
		"Ola: Yerlan and Nurlan got married. Maybe they have a daughter, Chiamaka, who just turned two?",
	} {
		x := extractChat(t, nil, chat("t", twin))
		for _, r := range x.Relations {
			if r.Type == ontology.RelFamilyOf {
				t.Errorf("%q: %s", twin, relSummary(x))
			}
		}
	}
}

// TestUnseenTownUni: "at Olomouc uni" is a town's university though no
// list holds the town; a first name or a day before "uni", or a
// question, reads none.
func TestUnseenTownUni(t *testing.T) {
	checkSentenceRelations(t, `Kwame is at Olomouc uni now | ATTENDED | Kwame | Olomouc uni`, &ref)
	checkSentenceRelations(t, `Kwame is at Jess uni now |
Kwame is at Sunday uni now |
is Kwame at Olomouc uni now? |`, &ref, ontology.RelAttended)
}
