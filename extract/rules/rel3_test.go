package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestBelongingAndHome: the third round's families (boards, groups named
// after their head noun, in charge of / head up / chairing, living said
// with "we're in X now" or whereabouts, named possessions, a pet named in
// the speaker's next turn), each in messaging style. Each case is a chat
// (turns split on "|") and the relation it must give, "TYPE From -> To".
func TestBelongingAndHome(t *testing.T) {
	for _, tc := range []struct{ chat, want string }{
		{"Jo: hi|bea: ok my news: i'm on the board of Leeds Refugee Support now", "MEMBER_OF bea -> Leeds Refugee Support"},
		{"Jo: hi|Dev: I sit on the board of Greenwich Housing Co-op now", "MEMBER_OF Dev -> Greenwich Housing Co-op"},
		{"Jo: hi|Kat: my aunt Rosa sits on the board of Oxfam", "MEMBER_OF Rosa -> Oxfam"},
		{"Jo: hi|Kat: I joined the board of trustees of Shelter last year", "MEMBER_OF Kat -> Shelter"},
		{"Jo: hi|tomi: i'm in a book club here, it's called Livros ao Sábado", "MEMBER_OF tomi -> Livros ao Sábado"},
		{"Jo: hi|Kat: I'm in a running club called Hackney Harriers", "MEMBER_OF Kat -> Hackney Harriers"},
		{"Jo: hi|Kat: I'm in Headingley Community Choir now", "MEMBER_OF Kat -> Headingley Community Choir"},
		{"Jo: hi|tomi: meanwhile i'm in charge of the whole UX team at Sonae 🫠", "LEADS tomi -> UX team"},
		{"Jo: hi|tomi: meanwhile i'm in charge of the whole UX team at Sonae 🫠", "WORKS_AT tomi -> Sonae"},
		{"Jo: hi|Dev: Still at Monzo. I head up the fraud team there", "LEADS Dev -> fraud team"},
		{"Jo: hi|Olu: Me, I'm chairing the Peckham Allotment Society this year 🥕", "LEADS Olu -> Peckham Allotment Society"},
		{"Jo: hi|Kat: Ana chairs the Leeds Chess Club", "LEADS Ana -> Leeds Chess Club"},
		{"tomi: I'm in a book club, it's called Livros ao Sábado|tomi: she handed it over to me so i run it now", "LEADS tomi -> Livros ao Sábado"},
		{"Jo: hi|tomi: we're in porto now!!!", "LIVES_IN tomi -> Porto"},
		{"Jo: hi|bea: i'm still stuck in leeds 😭", "LIVES_IN bea -> Leeds"},
		{"Jo: hi|Kat: we're back in Leeds for good", "LIVES_IN Kat -> Leeds"},
		{"marta: Our coach is Priya, she's brilliant|Olu: She lives on my street in Clapton", "LIVES_IN Priya -> Clapton"},
		{"Olu: my sister Funmi is great|Olu: She lives on it in Oxford now", "LIVES_IN Funmi -> Oxford"},
		{"Jo: hi|tomi: also we got a dog 🐶|tomi: his name is Bolacha", "OWNS tomi -> Bolacha"},
		{"Jo: hi|tomi: we bought a car lol. a tiny fiat we call Gelado", "OWNS tomi -> Gelado"},
		{"Jo: hi|Olu: Random, but my sister Funmi just bought a narrowboat. It's called the Slow Heron", "OWNS Funmi -> Slow Heron"},
		{"Jo: hi|Kat: we got a van called Betty", "OWNS Kat -> Betty"},
		{"Jo: hi|Olu: anyone want to join our five-a-side team? We're called Real Ale Madrid 😂", "MEMBER_OF Olu -> Real Ale Madrid"},
		{"Jo: hi|Kat: our team is called the Badgers", "MEMBER_OF Kat -> Badgers"},
		{"Jo: hi|Kat: our book club is called Slow Readers", "MEMBER_OF Kat -> Slow Readers"},
		{"Jo: hi|Kat: I've been in the Leeds Chess Club for years", "MEMBER_OF Kat -> Leeds Chess Club"},
		{"Jo: hi|Kat: I'm the captain of Hackney Wick Netball Club", "MEMBER_OF Kat -> Hackney Wick Netball Club"},
		{"Jo: hi|Kat: I play bass in a band called Mud", "MEMBER_OF Kat -> Mud"},
		{"Jo: hi|Kat: I play in a band called Mud", "MEMBER_OF Kat -> Mud"},
		{"Jo: hi|Kat: Lisbon is home now lol", "LIVES_IN Kat -> Lisbon"},
		{"Jo: hi|Kat: home is Porto these days", "LIVES_IN Kat -> Porto"},
		{"Jo: hi|Kat: we have two cats, Miso and Tofu", "OWNS Kat -> Tofu"},
		{"Jo: hi|Kat: we have 2 dogs called Rex and Ace", "OWNS Kat -> Ace"},
		{"Jo: hi|Kat: Rex, my dog, is 3", "OWNS Kat -> Rex"},
		{"Jo: hi|Kat: meet Rex, our new puppy", "OWNS Kat -> Rex"},
		{"Jo: hi|Kat: Grano Labs is run by Tom", "LEADS Tom -> Grano Labs"},
		{"Jo: hi|Kat: Tom, who runs Grano Labs, says hi", "LEADS Tom -> Grano Labs"},
		{"Jo: hi|Kat: my friend Tom who lives in Leeds is here", "LIVES_IN Tom -> Leeds"},
		{"Jo: hi|Kat: my sister Ana, who works at Grano Labs, says hi", "WORKS_AT Ana -> Grano Labs"},
		{"Jo: hi|Kat: Tom is on the Leeds Rhinos squad", "MEMBER_OF Tom -> Leeds Rhinos"},
		{"Jo: hi|Kat: Kit is in the band Mud", "MEMBER_OF Kit -> Mud"},
		{"Jo: hi|Kat: I rejoined the Bach Choir", "MEMBER_OF Kat -> Bach Choir"},
		{"Jo: hi|Kat: we're in a band called Mud|Kat: Mud's new drummer is Kit", "MEMBER_OF Kit -> Mud"},
		{"Jo: hi|Kat: I'm an engineer over at Ocado", "WORKS_AT Kat -> Ocado"},
		{"Jo: hi|Kat: our band, The Rivets, is back|Kat: Tom plays keys in the Rivets", "MEMBER_OF Tom -> Rivets"},
		{"Jo: hi|Kat: Kit drums for The Rivets", "MEMBER_OF Kit -> Rivets"},
		{"Jo: hi|Kat: I'm in a band called Mud|Kat: Kit is our drummer", "MEMBER_OF Kit -> Mud"},
		{"Jo: hi|Kat: we have two cats now, Mochi and Bean", "OWNS Kat -> Bean"},
		{"Jo: hi|Kat: my dog's called Rex", "OWNS Kat -> Rex"},
		{"Jo: hi|Kat: I'm on the data team at Brightwater Analytics", "WORKS_AT Kat -> Brightwater Analytics"},
		{"Jo: hi|Kat: we're in a band called Mud|Kat: Kit's on drums", "MEMBER_OF Kit -> Mud"},
		{"Jo: hi|Kat: we're in a band called Mud|Kat: I'm on bass now", "MEMBER_OF Kat -> Mud"},
		{"Jo: hi|Kat: Kit joined Mud on bass", "MEMBER_OF Kit -> Mud"},
		{"Jo: hi|Kat: Brightwater Analytics hired me last year", "WORKS_AT Kat -> Brightwater Analytics"},
		{"Jo: hi|Kat: I've been at Brightwater Analytics three years now", "WORKS_AT Kat -> Brightwater Analytics"},
		{"Jo: hi|Kat: Sam's the head of data at Brightwater Analytics", "WORKS_AT Sam -> Brightwater Analytics"},
		{"Jo: hi|Kat: Sam's on the board of Oxfam", "MEMBER_OF Sam -> Oxfam"},
		{"Jo: hi|Kat: we got a dog!|Kat: she's called Pip", "OWNS Kat -> Pip"},
		{"Jo: hi|Kat: Tom's a nurse down at the Royal Infirmary", "WORKS_AT Tom -> Royal Infirmary"},
		{"Jo: hi|Kat: we both work at Ocado", "WORKS_AT Kat -> Ocado"},
		{"Jo: hi|Kat: it's my first day at Grano Labs", "WORKS_AT Kat -> Grano Labs"},
		{"Jo: hi|Kat: I got an offer from Ocado|Kat: first week at Ocado done", "WORKS_AT Kat -> Ocado"},
		{"Jo: hi|Kat: first day at Leeds University!", "ATTENDED Kat -> Leeds University"},
	} {
		x := extractChat(t, nil, chat("t", strings.Split(tc.chat, "|")...))
		var got []string
		found := false
		for _, r := range x.Relations {
			s := string(r.Type) + " " + r.From.Name + " -> " + r.To.Name
			got = append(got, s)
			found = found || s == tc.want && r.ValidTo == nil
		}
		if !found {
			t.Errorf("%q: want %s, got %q", tc.chat, tc.want, got)
		}
	}
}

// TestBelongingAndHomeNegatives: phrasings close to the families above
// that state no current relation of the type given: modality, endings,
// hypotheticals, visits, unnamed groups and things, other people's things.
func TestBelongingAndHomeNegatives(t *testing.T) {
	for _, tc := range []negativeCase{
		{"Jo: hi|Kat: I might join the board of Oxfam", ontology.RelMemberOf},
		{"Jo: hi|Kat: I was on the board of Oxfam", ontology.RelMemberOf},
		{"Jo: hi|Kat: are you on the board of Oxfam?", ontology.RelMemberOf},
		{"Jo: hi|Kat: I'm on the board of the company", ontology.RelMemberOf},
		{"Jo: hi|Kat: I'm in a book club lol", ontology.RelMemberOf},
		{"Jo: hi|Kat: i'm in a book club in Leeds called what again?", ontology.RelMemberOf},
		{"Jo: hi|Kat: I'm in Leeds now", ontology.RelMemberOf},
		{"Jo: hi|Kat: if I were in a band called Mud I'd quit", ontology.RelMemberOf},
		{"Jo: hi|Kat: I want to be in charge of the UX team", ontology.RelLeads},
		{"Jo: hi|Kat: I was in charge of the UX team at Sonae", ontology.RelLeads},
		{"Jo: hi|Kat: I'm in charge of dinner tonight", ontology.RelLeads},
		{"Jo: hi|Kat: I'm in charge of Tuesdays", ontology.RelLeads},
		{"Jo: hi|Kat: I'll head up the stairs", ontology.RelLeads},
		{"Jo: hi|Kat: I'm chairing the meeting", ontology.RelLeads},
		{"Jo: hi|Kat: I'm in Paris now, just landed", ontology.RelLivesIn},
		{"Jo: hi|Kat: we're in Rome now for the conference", ontology.RelLivesIn},
		{"Jo: hi|Kat: we're back in Leeds for the weekend", ontology.RelLivesIn},
		{"Jo: hi|Kat: I'm in Vibe Studio now", ontology.RelLivesIn},
		{"Jo: hi|Kat: we might be in Porto now", ontology.RelLivesIn},
		{"Jo: hi|Kat: she lives with Tom in Leeds", ontology.RelLivesIn},
		{"Jo: hi|Kat: we got a dog 🐶|Jo: his name is Bolacha", ontology.RelOwns},
		{"Jo: hi|Kat: we got a dog 🐶|Kat: cute|Kat: his name is Bolacha", ontology.RelOwns},
		{"Jo: hi|Kat: we might buy a car. we'd call it Gelado", ontology.RelOwns},
		{"Jo: hi|Kat: if I had a car I'd call it Kevin", ontology.RelOwns},
		{"Jo: hi|Kat: we hired a van. It's called Betty", ontology.RelOwns},
		{"Jo: hi|Kat: I sold my car. It's called Betty?", ontology.RelOwns},
		{"Jo: hi|Kat: we're called Acme lol", ontology.RelMemberOf},
		{"Jo: hi|Kat: their team is called the Badgers", ontology.RelMemberOf},
		{"Jo: hi|Kat: I play in the park", ontology.RelMemberOf},
		{"Jo: hi|Kat: I used to play in a band called Mud", ontology.RelMemberOf},
		{"Jo: hi|Kat: I'm the secretary of the committee", ontology.RelMemberOf},
		{"Jo: hi|Kat: Lisbon is home to 500k people", ontology.RelLivesIn},
		{"Jo: hi|Kat: is Lisbon home now?", ontology.RelLivesIn},
		{"Jo: hi|Kat: Lisbon was home for years", ontology.RelLivesIn},
		{"Jo: hi|Kat: home is where the heart is", ontology.RelLivesIn},
		{"Jo: hi|Kat: Tom, my dog is sick", ontology.RelOwns},
		{"Jo: hi|Kat: That one is Max, my childhood dog.", ontology.RelOwns},
		{"Jo: hi|Kat: Ana, Rex, my dog, and I went out", ontology.RelOwns},
		{"Jo: hi|Kat: we had two cats, Miso and Tofu", ontology.RelOwns},
		{"Jo: hi|Kat: is Grano Labs run by Tom?", ontology.RelLeads},
		{"Jo: hi|Kat: the project is led by Ana", ontology.RelLeads},
		{"Jo: hi|Kat: Grano Labs is run by Tom I think", ontology.RelLeads},
		{"Jo: hi|Kat: anyone who lives in Leeds?", ontology.RelLivesIn},
		{"Jo: hi|Kat: Tom, who used to live in Leeds, says hi", ontology.RelLivesIn},
		{"Jo: hi|Kat: Tom was on the Leeds Rhinos squad", ontology.RelMemberOf},
		{"Jo: hi|Kat: Tom is on the phone", ontology.RelMemberOf},
		{"Jo: hi|Kat: Mud's new drummer is Kit maybe", ontology.RelMemberOf},
		{"Jo: hi|Kat: my boss at Ocado is mad", ontology.RelKnows},
		{"Jo: hi|Kat: Kit is their drummer", ontology.RelMemberOf},
		{"Jo: hi|Kat: Kit was their drummer", ontology.RelMemberOf},
		{"Jo: hi|Kat: Kit drums for fun", ontology.RelMemberOf},
		{"Jo: hi|Kat: Kit joined Mud on bass", ontology.RelWorksAt},
		{"Jo: hi|Kat: Kit is on drums", ontology.RelMemberOf},
		{"Jo: hi|Kat: I'm on the phone at Brightwater Analytics", ontology.RelWorksAt},
		{"Jo: hi|Kat: I'm on the data team at Brightwater Analytics maybe", ontology.RelWorksAt},
		{"Jo: hi|Kat: if Brightwater Analytics hired me I'd cry", ontology.RelWorksAt},
		{"Jo: hi|Kat: Brightwater Analytics hired a new CEO", ontology.RelWorksAt},
		{"Jo: hi|Kat: Sam was the head of data at Brightwater Analytics", ontology.RelWorksAt},
		{"Jo: hi|Kat: we got a van. she's called Betty", ontology.RelOwns},
		{"Jo: hi|Kat: we got a dog!|Kat: she's called Pip?", ontology.RelOwns},
		{"Jo: hi|Kat: my friend got a dog!|Kat: she's called Pip", ontology.RelOwns},
		{"Jo: hi|Kat: Tom plays keys in the kitchen", ontology.RelMemberOf},
		{"Jo: hi|Kat: my boss at Ocado is mad", ontology.RelWorksAt},
		{"Jo: hi|Kat: we work at home", ontology.RelWorksAt},
		{"Jo: hi|Kat: we used to work at Ocado", ontology.RelWorksAt},
		{"Jo: hi|Kat: first day at Glastonbury!", ontology.RelWorksAt},
		{"Jo: hi|Kat: his first day at Grano Labs went well", ontology.RelWorksAt},
		{"Jo: hi|Kat: how was your first day at Grano Labs?", ontology.RelWorksAt},
		{"Jo: hi|Kat: first day at Grano Labs maybe", ontology.RelWorksAt},
	} {
		noCurrentRelation(t, tc.text, chat("t", strings.Split(tc.text, "|")...), tc.typ)
	}
}

// TestLeavingAGroup: leaving a board, a choir or a band closes MEMBER_OF
// (valid_to at the turn's time) and stores no job, current or ended.
func TestLeavingAGroup(t *testing.T) {
	for _, tc := range []struct{ chat, want string }{
		{"Jo: hi|bea: i quit the board at Leeds Refugee Support", "MEMBER_OF bea -> Leeds Refugee Support"},
		{"Jo: hi|Kat: I left the Bach Choir last year", "MEMBER_OF Kat -> Bach Choir"},
		{"Jo: hi|Kat: I'm in a band called Mud|Kat: I left the band in May", "MEMBER_OF Kat -> Mud"},
	} {
		x := extractChat(t, nil, chat("t", strings.Split(tc.chat, "|")...))
		closed := false
		for _, r := range x.Relations {
			if r.Type == ontology.RelWorksAt {
				t.Errorf("%q gave %s %s -> %s", tc.chat, r.Type, r.From.Name, r.To.Name)
			}
			closed = closed || string(r.Type)+" "+r.From.Name+" -> "+r.To.Name == tc.want && r.ValidTo != nil
		}
		if !closed {
			t.Errorf("%q: want %s closed", tc.chat, tc.want)
		}
	}
}
