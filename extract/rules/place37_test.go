package rules

import (
	"strconv"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// place37Case is a chat, turns "speaker: text" split by " / ", and the
// relation it must draw (typ from -> to) or, with want false, must not.
type place37Case struct {
	chat     string
	typ      ontology.RelationType
	from, to string
	want     bool
}

// place37Cases are h14-place37's readings, each with twins that must not
// fire.
var place37Cases = []place37Case{
	// A where-question followed in its turn by a short remark is still the question the next
	// speaker answers ("where are u from originally? the accent's not harrogate" / "gdańsk!"); a
	// longer remark or a second question moves the talk on, and a hedged answer says nothing.
	{"nell: where are u from originally? the accent's not harrogate 😂 / kasia: gdańsk! came over for uni",
		ontology.RelComesFrom, "kasia", "Gdańsk", true},
	{"nell: Where are you from originally? Sorry, nosy / kasia: Gdańsk! came over for uni",
		ontology.RelComesFrom, "kasia", "Gdańsk", true},
	{"nell: where are u from originally? my mum reckons you sound like you grew up somewhere by the sea / kasia: gdańsk! came over for uni",
		ontology.RelComesFrom, "kasia", "Gdańsk", false},
	{"nell: where are u from originally? is it poland? / kasia: gdańsk! came over for uni",
		ontology.RelComesFrom, "kasia", "Gdańsk", false},
	{"nell: where are u from originally? the accent's not harrogate 😂 / kasia: maybe gdańsk, who knows",
		ontology.RelComesFrom, "kasia", "Gdańsk", false},
	// "where's X?" with no verb, X an organisation the chat named (typed in lower case too), or
	// "where r they" right after one, is answered by its place ("where's thornbury hall?" /
	// "ripon. just outside"); a person asked after, an organisation named too long before, and a
	// hedged answer draw nothing.
	{"gem: it's at Thornbury Hall now, not the tithe barn / nell: where's thornbury hall? sorry still learning the patch / dunc: ripon. well just outside, past the racecourse",
		ontology.RelLocatedIn, "Thornbury Hall", "Ripon", true},
	{"tobes: so starting at outwoods landscapes monday 🌳 / deepa: where r they / tobes: quorn. the boss came to burleigh last summer",
		ontology.RelLocatedIn, "Outwoods Landscapes", "Quorn", true},
	{"tobes: so starting at Outwoods Landscapes monday / deepa: where's Outwoods? / tobes: Quorn, just up the road",
		ontology.RelLocatedIn, "Outwoods Landscapes", "Quorn", true},
	{"gem: Tom Price is coming later / nell: where's Tom Price? / dunc: Ripon. stuck in traffic",
		ontology.RelLivesIn, "Tom Price", "Ripon", false},
	{"gem: Tom Price is coming later / nell: where's Tom Price? / dunc: Ripon. stuck in traffic",
		ontology.RelLocatedIn, "Tom Price", "Ripon", false},
	{"tobes: so starting at outwoods landscapes monday / deepa: nice one / tobes: my parents are visiting too / deepa: where r they / tobes: york. back on friday",
		ontology.RelLocatedIn, "Outwoods Landscapes", "York", false},
	{"gem: it's at Thornbury Hall now, not the tithe barn / nell: where's thornbury hall? / dunc: no idea, ripon maybe",
		ontology.RelLocatedIn, "Thornbury Hall", "Ripon", false},
	// "me n her are still in X" is the speaker's home and hers (her the one just spoken of), in
	// lower case too, and an offer after it ("if u ever need a sofa") hedges nothing; "me and
	// zara got a flat in X" after "i've moved!!" is both their moves. Twins: "her" as an object,
	// a pair that only might move, a move offered on a condition, and a flat got with no move
	// said before (a home, no move).
	{"maz: kasia says she misses u loads btw / jo: aw / maz: will do. me n her are still in shelthorpe if u ever need a sofa when ur down",
		ontology.RelLivesIn, "maz", "Shelthorpe", true},
	{"maz: kasia says she misses u loads btw / jo: aw / maz: will do. me n her are still in shelthorpe if u ever need a sofa when ur down",
		ontology.RelLivesIn, "Kasia", "Shelthorpe", true},
	{"maz: kasia says she misses u loads btw / jo: aw / maz: Me and her are still in Leicester",
		ontology.RelLivesIn, "Kasia", "Leicester", true},
	{"maz: I'm still in Leicester if you ever need a sofa",
		ontology.RelLivesIn, "maz", "Leicester", true},
	{"maz: kasia says she misses u loads btw / jo: aw / maz: told me and her to move to Leeds",
		ontology.RelMovedTo, "Kasia", "Leeds", false},
	{"maz: kasia says she misses u loads btw / jo: aw / maz: me and her might move to Leeds",
		ontology.RelMovedTo, "Kasia", "Leeds", false},
	{"maz: I'd move to Leicester if you ever needed me",
		ontology.RelMovedTo, "maz", "Leicester", false},
	{"josh: also i've moved!! left walkley, me and my girlfriend zara got a flat in heeley",
		ontology.RelMovedTo, "josh", "Heeley", true},
	{"josh: me and my girlfriend zara got a flat in heeley",
		ontology.RelMovedTo, "josh", "Heeley", false},
	{"josh: haven't moved yet!! me and my girlfriend zara got a flat in heeley",
		ontology.RelMovedTo, "josh", "Heeley", false},
	// "Ledeberg is that ghent?" asks whether one place is in a city: a yes ("yes the south bit
	// of ghent", "yes, other side of the centre") places it there (LOCATED_IN). A no, a question
	// that goes on ("or further out?"), a person asked after and no known city draw nothing.
	{"mari: Ledeberg is that ghent? / fennn: yes the south bit of ghent. 10 min bike to work",
		ontology.RelLocatedIn, "Ledeberg", "Ghent", true},
	{"fennn: wout and i signed for a flat!!! borgerhout, we get the keys 1 jan / mari: Borgerhout is that still antwerp / fennn: yes, other side of the centre from berchem",
		ontology.RelLocatedIn, "Borgerhout", "Antwerp", true},
	{"josh: got a flat in heeley / meena: heeley, is that sheffield? / josh: yep",
		ontology.RelLocatedIn, "Heeley", "Sheffield", true},
	{"mari: Borgerhout is that still antwerp / fennn: nah, it's its own district now",
		ontology.RelLocatedIn, "Borgerhout", "Antwerp", false},
	{"mari: Borgerhout is that still antwerp or further out? / fennn: yes",
		ontology.RelLocatedIn, "Borgerhout", "Antwerp", false},
	{"mari: Tomek is that leeds? / fennn: yes",
		ontology.RelLocatedIn, "Tomek", "Leeds", false},
	{"mari: Borgerhout is that still your street / fennn: yes",
		ontology.RelLocatedIn, "Borgerhout", "Your Street", false},
	// "opened his own place in ilkley" is a business (a restaurant, a shop), no home; "got his
	// own place in X" and "my own flat in X" stay homes.
	{"tobes: is amir still head chef at fennel & fig? / gem: no he left in jan and opened his own place in ilkley. Saffron Room",
		ontology.RelLivesIn, "Amir", "Ilkley", false},
	{"gem: Amir opened his own place in Ilkley",
		ontology.RelLivesIn, "Amir", "Ilkley", false},
	{"gem: Amir set up his own place in Ilkley",
		ontology.RelLivesIn, "Amir", "Ilkley", false},
	{"gem: I opened my own place in Ilkley",
		ontology.RelLivesIn, "gem", "Ilkley", false},
	{"gem: Amir got his own place in Ilkley",
		ontology.RelLivesIn, "Amir", "Ilkley", true},
	{"gem: I have my own flat in Ilkley finally",
		ontology.RelLivesIn, "gem", "Ilkley", true},
	// "found a room in berchem, it's the south-east bit of antwerp" places the neighbourhood in
	// its city as ", on the east side of" does; a side that is no compass point ("the best bit
	// of"), a hedge after it and a question draw nothing.
	{"fennn: yep, end of may. found a room in berchem, it's the south-east bit of antwerp. flatmate is a nurse",
		ontology.RelLocatedIn, "Berchem", "Antwerp", true},
	{"fennn: found a flat in Berchem, which is the east side of Antwerp",
		ontology.RelLocatedIn, "Berchem", "Antwerp", true},
	{"fennn: found a flat in Berchem, on the south-east side of Antwerp",
		ontology.RelLocatedIn, "Berchem", "Antwerp", true},
	{"fennn: found a flat in Berchem, it's the best bit of Antwerp",
		ontology.RelLocatedIn, "Berchem", "Antwerp", false},
	{"fennn: found a flat in Berchem, it's the south bit of Antwerp I think",
		ontology.RelLocatedIn, "Berchem", "Antwerp", false},
	{"fennn: found a flat in Berchem, is it the south bit of Antwerp?",
		ontology.RelLocatedIn, "Berchem", "Antwerp", false},
	// "i've moved to harrogate finally!! left york at the weekend" announces the move, so the
	// place left is where the speaker moved from (MOVED_FROM), "at the weekend" saying when, not
	// a stay. Without a move said, after moving a thing, or after a move only hoped for, leaving
	// a place is a trip.
	{"nell: and i've moved to harrogate finally!! left york at the weekend",
		ontology.RelMovedFrom, "nell", "York", true},
	{"nell: I finally moved. Left York at the weekend",
		ontology.RelMovedFrom, "nell", "York", true},
	{"nell: left york at the weekend, back on monday",
		ontology.RelMovedFrom, "nell", "York", false},
	{"nell: I've moved the sofa to the back room. Left York at the weekend",
		ontology.RelMovedFrom, "nell", "York", false},
	{"nell: maybe i've moved to harrogate by june!! left york at the weekend",
		ontology.RelMovedFrom, "nell", "York", false},
	{"nell: i've moved to harrogate. left york for the weekend to see mum",
		ontology.RelMovedFrom, "nell", "York", false},
	// "greenlane the one on ashby road?" (the "is" left out) and "fennick as in the pharma lot
	// in beeston?" ask where the organisation just named is: a yes places it (LOCATED_IN). A no,
	// a first name or a common word asked about draw nothing.
	{"tobes: yep still fixing other ppls punctures at greenlane cycles 🙃 / maz: greenlane the one on ashby road? / tobes: ya opposite the chippy",
		ontology.RelLocatedIn, "Greenlane", "Ashby Road", true},
	{"deepa: ok news from me. handed my notice in at fennick yesterday 😬 / jonjo: fennick as in the pharma lot in beeston? / deepa: yep. 6 yrs there",
		ontology.RelLocatedIn, "Fennick", "Beeston", true},
	{"deepa: handed my notice in at fennick yesterday / jonjo: fennick as in the pharma lot in beeston? / deepa: nah, the other one",
		ontology.RelLocatedIn, "Fennick", "Beeston", false},
	{"jonjo: Tom the one in leeds? / deepa: yep",
		ontology.RelLocatedIn, "Tom", "Leeds", false},
	{"jonjo: same the one in leeds? / deepa: yep",
		ontology.RelLocatedIn, "Same", "Leeds", false},
	// A statement asked with a tag ("he's a Glasgow boy isn't he", "Tony owns Marsh Lane doesn't
	// he?") is confirmed whole by a yes: the tag's auxiliary alone is cut, not the statement's
	// last word ("Marsh" of "Marsh Lane"). A no confirms nothing.
	{"deepa: my fella Ewan got a job up there / tobes: He's a Glasgow boy isn't he / deepa: yep born n raised",
		ontology.RelComesFrom, "Ewan", "Glasgow", true},
	{"deepa: my fella Ewan got a job up there / tobes: He's a Glasgow boy isn't he / deepa: nah he's from Paisley",
		ontology.RelComesFrom, "Ewan", "Glasgow", false},
	{"claire: Tony Vaughan owns Marsh Lane doesn't he? / deano: yeah him and his brother phil",
		ontology.RelOwns, "Tony Vaughan", "Marsh", false},
}

// TestPlace37Readings runs place37Cases.
func TestPlace37Readings(t *testing.T) {
	for _, c := range place37Cases {
		turns := turnsOf(c.chat)
		for i := range turns {
			turns[i].ID = "t" + strconv.Itoa(i+1)
		}
		x := extractChat(t, nil, turns)
		if got := relOf(x, c.typ, c.from, c.to) != nil; got != c.want {
			t.Errorf("%q: %s %s -> %s drawn %v, want %v%s", c.chat, c.typ, c.from, c.to, got, c.want, relSummary(x))
		}
	}
}
