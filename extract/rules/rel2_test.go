package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestEverydayNegatives lists short chat phrasings close to the everyday
// families (short messages without "I", nicknames, copulas, appositions,
// pairs) that must NOT yield a current relation of the type given (one
// closed by valid_to, as "I quit my job at Ocado" gives, is right): each
// line is said after "Jo: hi" in a two-party chat.
func TestEverydayNegatives(t *testing.T) {
	for _, tc := range []negativeCase{
		// A gerund or "at" phrase that is the subject of a verb.
		{"Kat: living in Leeds is so expensive", ontology.RelLivesIn},
		{"Kat: working at Google must be fun", ontology.RelWorksAt},
		{"Kat: Working at Deloitte sounds rough", ontology.RelWorksAt},
		{"Kat: dating Tom was a mistake", ontology.RelPartnerOf},
		// Questions and plans.
		{"Kat: still at Cabify?", ontology.RelWorksAt},
		{"Kat: at Google now?", ontology.RelWorksAt},
		{"Kat: still living in Glasgow?", ontology.RelLivesIn},
		// "at" a time, a place or a person's home, not an employer.
		{"Kat: started at 9 today", ontology.RelWorksAt},
		{"Kat: started at the bottom", ontology.RelWorksAt},
		{"Kat: at the gym now", ontology.RelWorksAt},
		{"Kat: at Heathrow now, boarding soon", ontology.RelWorksAt},
		{"Kat: at Jo's now", ontology.RelWorksAt},
		{"Kat: he's at Paris now", ontology.RelWorksAt},
		// A place of work followed by more than a lasting adverb.
		{"Kat: at Google now for the interview", ontology.RelWorksAt},
		{"Kat: at Tesco now, need anything?", ontology.RelWorksAt},
		// Nicknames as a form of address, not a relation.
		{"Kat: thanks bro", ontology.RelFamilyOf},
		{"Kat: sis you're the best Maya", ontology.RelFamilyOf},
		{"Kat: ok bf Leo", ontology.RelPartnerOf},
		// "married"/"born" not opening a statement about the speaker.
		{"Kat: married couples get a discount", ontology.RelPartnerOf},
		{"Kat: born in Lagos? no way", ontology.RelComesFrom},
		// Pairs that are not stated as pairs now.
		{"Kat: are Ana and Luis married?", ontology.RelPartnerOf},
		{"Kat: Ana and Luis are not together anymore", ontology.RelPartnerOf},
		{"Kat: if Ana and Luis got married I'd cry", ontology.RelPartnerOf},
		{"Kat: Ana and Luis are married to other people", ontology.RelPartnerOf},
		{"Kat: Ana and Luis are friends with my mum", ontology.RelFriendOf},
		{"Kat: Ana and Luis are together at the bar", ontology.RelPartnerOf},
		{"Kat: I'm friends with benefits lol", ontology.RelFriendOf},
		{"Kat: we're friends with Priya", ontology.RelFriendOf},
		// A list or a form of address is no apposition.
		{"Kat: I invited Tom, my sister, and Ana", ontology.RelFamilyOf},
		{"Kat: I invited Ana, Tom, my sister and Jo", ontology.RelFamilyOf},
		{"Kat: Tom, my brother, you're the best", ontology.RelFamilyOf},
		{"Kat: Tom, my sister Ana says hi", ontology.RelKnows},
		{"Kat: my gf, Toby, and I played board games", ontology.RelPartnerOf},
		// A colleague whose workplace is not said, or is not an organisation.
		{"Kat: my boss there is Grace", ontology.RelWorksAt},
		{"Kat: I was in Paris last week. My boss there is Grace", ontology.RelWorksAt},
		// Titles of unnamed or past organisations.
		{"Kat: Ana is the head of the department", ontology.RelLeads},
		{"Kat: Ana was the CEO of Nomad", ontology.RelLeads},
		{"Kat: is Ana the CEO of Nomad?", ontology.RelLeads},
		{"Kat: Ana might be the CEO of Nomad soon", ontology.RelLeads},
		// Singing and studying somewhere that is not a group or a school.
		{"Kat: I sing in the shower", ontology.RelMemberOf},
		{"Kat: Ana sings in Paris tonight", ontology.RelMemberOf},
		{"Kat: studying at Starbucks today", ontology.RelAttended},
		{"Kat: I went to NYC", ontology.RelAttended},
		{"Kat: I study at home", ontology.RelAttended},
		// Chat spellings and unknown names under the same guards.
		{"Kat: im not from manchester", ontology.RelComesFrom},
		{"Kat: im moving to Leeds maybe", ontology.RelMovedTo},
		{"Kat: got a puppy called what??", ontology.RelOwns},
		{"Kat: Tom is the singer in the shower lol", ontology.RelMemberOf},
		{"Kat: Tom is the drummer in Paris tonight", ontology.RelMemberOf},
		{"Kat: I accepted the offer from my parents", ontology.RelWorksAt},
		{"Kat: I might accept the offer from Ocado", ontology.RelWorksAt},
		// Working with something or someone not read as a person.
		{"Kat: I work with Python", ontology.RelKnows},
		{"Kat: I work with Amazon on the launch", ontology.RelKnows},
		{"Kat: I used to work with Priya", ontology.RelKnows},
		{"Kat: I'd love to work with Priya", ontology.RelKnows},
		// A job that is over, sought or asked about.
		{"Kat: I quit my job at Ocado", ontology.RelWorksAt},
		{"Kat: I applied for my dream job at Ocado", ontology.RelWorksAt},
		{"Kat: how's your new job at Ocado?", ontology.RelWorksAt},
		{"Kat: my new job at Ocado maybe", ontology.RelWorksAt},
		{"Kat: I lost my job at Ocado", ontology.RelWorksAt},
		// Born somewhere said of no one or asked.
		{"Kat: was Tom born and raised in Leeds?", ontology.RelComesFrom},
		// "'s" before an adjective is "is"; co-leaders must be people.
		{"Kat: she's married to her job lol", ontology.RelLivesIn},
		{"Kat: I play for the local team", ontology.RelMemberOf},
		{"Kat: Tom used to play for fun", ontology.RelMemberOf},
		// Homes that are not the current one, bands not named, partners via "our".
		{"Kat: my old flat in Hackney was tiny", ontology.RelLivesIn},
		{"Kat: our new place in Whitby maybe", ontology.RelLivesIn},
		{"Kat: if my flat in Hackney sells we'll move", ontology.RelLivesIn},
		{"Kat: my band practice is at 8", ontology.RelMemberOf},
		{"Kat: our drummer Kit is amazing", ontology.RelMemberOf},
		{"Kat: Kit joined Ocado as their drummer lol", ontology.RelWorksAt},
		{"Kat: we might be moving to Whitby", ontology.RelMovedTo},
		// An email address or a lone "@" is no handle.
		{"Kat: mail me at jo@ocado.com, I work there", ontology.RelWorksAt},
		{"Kat: @ Leeds now", ontology.RelLivesIn},
		// People somewhere now, things that are not places or teams.
		{"Kat: Ana is in Lisbon this week", ontology.RelLocatedIn},
		{"Kat: Grano is a café in my street", ontology.RelLocatedIn},
		{"Kat: I left Sam at the pub", ontology.RelMovedFrom},
		{"Kat: I left my keys in Leeds", ontology.RelMovedFrom},
		{"Kat: moving to Leeds would be nice", ontology.RelMovedTo},
		{"Kat: is Ana on my team?", ontology.RelKnows},
		{"Kat: Ana is on my team for the quiz maybe", ontology.RelKnows},
		// A hedge after the statement makes it tentative.
		{"Kat: im moving to Leeds maybe", ontology.RelMovedTo},
		{"Kat: I'm moving to Leeds, probably in June", ontology.RelMovedTo},
		{"Kat: Ana works at Ocado I think", ontology.RelWorksAt},
		{"Kat: still at Cabify, hopefully not for long", ontology.RelWorksAt},
		{"Kat: moved to Leeds if all goes well", ontology.RelMovedTo},
		{"Kat: Tom and Lily are engaged, not sure", ontology.RelPartnerOf},
	} {
		noCurrentRelation(t, tc.text, chat("t", "Jo: hi", tc.text), tc.typ)
	}
}

// negativeCase is a text and the relation type it must not give as a
// current relation.
type negativeCase struct {
	text string
	typ  ontology.RelationType
}

// noCurrentRelation fails when the chat's extraction holds a current
// relation (no valid_to) of type typ; label names the case.
func noCurrentRelation(t *testing.T, label string, turns []ontology.Turn, typ ontology.RelationType) {
	t.Helper()
	x := extractChat(t, nil, turns)
	for _, r := range x.Relations {
		if r.Type == typ && r.ValidTo == nil {
			t.Errorf("%q gave %s %s -> %s", label, r.Type, r.From.Name, r.To.Name)
		}
	}
}

// TestWithPeopleOnlyPeople: "runs X with …" and "co-founded X with …" add
// a co-leader or co-founder only for people named after "with".
func TestWithPeopleOnlyPeople(t *testing.T) {
	for _, text := range []string{
		"Kat: Ana runs Nomad Labs with an iron fist",
		"Kat: Ana co-founded Nomad with a loan from her dad",
		"Kat: Ana runs Nomad Labs with love",
	} {
		x := extractChat(t, nil, chat("t", "Jo: hi", text))
		for _, r := range x.Relations {
			if (r.Type == ontology.RelLeads || r.Type == ontology.RelCreated) && r.From.Name != "Ana" {
				t.Errorf("%q gave %s %s -> %s", text, r.Type, r.From.Name, r.To.Name)
			}
		}
	}
}
