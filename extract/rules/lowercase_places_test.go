package rules

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// TestLowerPlaceBareRecase: a gazetteer place typed in lower case is read
// wherever its capitalised spelling is in a sentence a phone opened on a
// capital; in a sentence typed all in lower case only in a place's slot
// ("in", "to", "from", "near", "left"); its twins stay words: a place whose
// name is an everyday word, a food, a brand or a person's name, and a
// place that opens a club's, a street's or an organisation's name.
func TestLowerPlaceBareRecase(t *testing.T) {
	const cases = `leaving leeds end of march |
		swansea boy, no car, no shame |
		accra originally but his family live in croydon | Croydon
		taunton though, the commute |
		new york was amazing |
		Leaving leeds end of march | Leeds
		Moving to leeds next month | Leeds
		My sister lives in manchester now | Manchester
		turkey sandwich for lunch again |
		the china plates are chipped |
		had a bath and an early night |
		nice one |
		paris said she'd come |
		india's coming over later |
		buffalo wings again |
		phoenix rising from the ashes |
		watching leeds united tonight |
		shopping on oxford street all day | Oxford Street
		the bristol museum is free |
		moved to reading |
		we went to bath for the day |
		left glasgow with 2 suitcases | Glasgow
		turn left york street |`
	checkRecased(t, cases)
}

// TestLowerPlaceBareChats: the places read bare are ends the relations
// read as they read capitalised ones ("glasgow born and bred", "Moving to
// leeds next month"); a place beside a name the recasing capitalises
// keeps the reading it had ("south manchester tomek" answers "is
// didsbury manchester"), and "there" after a turn naming a city and a
// place that is also a word ("bristol or bath") stays unread.
func TestLowerPlaceBareChats(t *testing.T) {
	at := time.Date(2026, time.March, 2, 10, 0, 0, 0, time.UTC)
	cases := `glasgow born and bred | COMES_FROM | Glasgow
		Moving to leeds next month | MOVED_TO | Leeds
		Ferg's from dublin, been in melbourne about 3 months | COMES_FROM | Ferg | Dublin
		we moved out to kidlington last year | MOVED_TO | Kidlington
		i live in west bridgford now | LIVES_IN | West Bridgford
		We moved to Kidlington last year | MOVED_TO | Kidlington
		might move to kidlington next year |
		are you moving to west bridgford? |
		my sister lives in kidlington |
		i'm not moving to leeds |
		might move to leeds next year |
		are you moving to leeds? |
		turkey sandwich for lunch again |`
	checkSentenceRelations(t, cases, &at, ontology.RelComesFrom, ontology.RelMovedTo, ontology.RelLivesIn)

	x := extractChat(t, nil, []ontology.Turn{
		{ID: "t1", Speaker: "tomek", Text: "wait is didsbury manchester or is it its own town, i never know"},
		{ID: "t2", Speaker: "kasia", Text: "south manchester tomek. i've lived here six years"},
	})
	if relOf(x, ontology.RelLocatedIn, "Didsbury", "Manchester") == nil {
		t.Errorf("no LOCATED_IN Didsbury -> Manchester in %v", relations(x))
	}
	for _, turns := range [][]ontology.Turn{
		{{ID: "t1", Speaker: "nell", Text: "bristol or bath this weekend"}, {ID: "t2", Speaker: "rav", Text: "i grew up there"}},
		{{ID: "t1", Speaker: "nell", Text: "Bristol or bath this weekend"}, {ID: "t2", Speaker: "rav", Text: "i grew up there"}},
		{{ID: "t1", Speaker: "nell", Text: "Bristol was fun"}, {ID: "t2", Speaker: "rav", Text: "yeah"},
			{ID: "t3", Speaker: "nell", Text: "anyway"}, {ID: "t4", Speaker: "rav", Text: "i grew up there"}},
	} {
		x := extractChat(t, nil, turns)
		for _, r := range x.Relations {
			if r.Type == ontology.RelComesFrom {
				t.Errorf("%v: drew %s %s -> %s", turns, r.Type, r.From.Name, r.To.Name)
			}
		}
	}
}

// TestTownsAreData: the towns come from data/towns.txt, lower case, none a
// place of the gazetteer or a saint's name, with the licence and the
// GeoNames attribution beside it; a capitalised town is typed a place, a
// made-up name stays unknown.
func TestTownsAreData(t *testing.T) {
	if len(towns) < 3000 {
		t.Fatalf("towns holds %d names", len(towns))
	}
	for _, w := range []string{"kidlington", "west bridgford", "bradford on avon", "gorseinon"} {
		if !knownTown(w) || !knownPlace(w) {
			t.Errorf("%q missing", w)
		}
	}
	for w := range towns {
		if w != strings.ToLower(w) || strings.TrimSpace(w) != w || gazetteer[w] || strings.HasPrefix(w, "st ") || englishWords[w] {
			t.Errorf("bad town %q", w)
		}
	}
	for _, w := range []string{"wendlecombe", "slough", "mount pleasant", "st thomas", "hillsborough"} {
		if knownTown(w) {
			t.Errorf("%q is a town", w)
		}
	}
	lic, err := os.ReadFile("data/towns-license.txt")
	if err != nil || !strings.Contains(string(lic), "GeoNames") || !strings.Contains(string(lic), "Attribution 4.0 International") {
		t.Errorf("towns-license.txt: %v", err)
	}
	x := extractOne(t, "Sam", "We had a lovely week with friends near Kidlington and Wendlecombe.", nil)
	if e := findEntity(x, "Kidlington"); e == nil || e.Type != ontology.EntityPlace {
		t.Errorf("Kidlington = %+v, want a Place", e)
	}
}

// TestNames3OfficeAndRoom: an unknown lower-case word after a firm's site
// said to be in it ("their office is in kazimierz") or after "a room in"
// is a place, as after "a flat in"; their twins stay words.
func TestNames3OfficeAndRoom(t *testing.T) {
	const cases = `their office is in kazimierz, 15 min from mama's | Kazimierz
		the hq's over in bydgoszcz now | Bydgoszcz
		found a room in kralingen, it's nice | Kralingen
		their office is in chaos rn |
		their office is in the city centre |
		the room in question is tiny |
		my office is in a mess |`
	checkRecased(t, cases)
}

// TestPlaceInPlaceApposition: a place followed by ", a small town in", ",
// it's a neighbourhood in" lies in the place after (LOCATED_IN); a person
// or a firm in apposition, a question and a kind no place has read no
// place in a place.
func TestPlaceInPlaceApposition(t *testing.T) {
	cases := `I went to Woodhaven, a small town in the Midwest. | LOCATED_IN | Woodhaven | Midwest
		found a room in Kralingen, it's a neighbourhood in east Rotterdam | LOCATED_IN | Kralingen | Rotterdam
		We love Leeds, a city in Yorkshire | LOCATED_IN | Leeds | Yorkshire
		I met Sam, a guy in Leeds |
		is Woodhaven, a small town in the Midwest? |
		I told Maria, a woman from a village in Spain |
		we stayed at Woodhaven, a cabin in the Midwest |`
	checkSentenceRelations(t, cases, nil, ontology.RelLocatedIn)
}

// TestLowercaseStreetAfter: a street typed in lower case right after "on"
// or "off" is read when a street word closes it; an article, a
// possessive, a common word, a weekday and a street word that goes on
// into a noun ("road trips") leave it a phrase. Streets here are of no
// list, no pool and no dev chat.
func TestLowercaseStreetAfter(t *testing.T) {
	const cases = `i have been on quillan grove for twenty years | Quillan Grove
		we're at number 4 on brenchley road, pop round | Brenchley Road
		the shop's just off marrowby lane now | Marrowby Lane
		on the road again
		it's on my street
		we met on a long road trip
		on sunday road trips lol
		stuck on the ring road
		down memory lane
		he's on that road`
	checkRecased(t, cases)
}
