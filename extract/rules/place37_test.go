package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// place37Turns makes turns t1, t2, … of "speaker: text" lines.
func place37Turns(lines ...string) []ontology.Turn {
	var turns []ontology.Turn
	for i, l := range lines {
		sp, tx, _ := strings.Cut(l, ": ")
		turns = append(turns, ontology.Turn{ID: "t" + strconv.Itoa(i+1), Speaker: sp, Text: tx})
	}
	return turns
}

// place37Case is a chat and the relation it must draw (typ from -> to) or,
// with want false, must not draw.
type place37Case struct {
	lines    []string
	typ      ontology.RelationType
	from, to string
	want     bool
}

func checkPlace37(t *testing.T, cases []place37Case) {
	t.Helper()
	for _, c := range cases {
		x := extractChat(t, nil, place37Turns(c.lines...))
		if got := relOf(x, c.typ, c.from, c.to) != nil; got != c.want {
			t.Errorf("%q: %s %s -> %s drawn %v, want %v%s", c.lines, c.typ, c.from, c.to, got, c.want, relSummary(x))
		}
	}
}

// TestPlace37TrailedQuestion: a where-question followed in its turn by a
// short remark is still the question the next speaker answers ("where are
// u from originally? the accent's not harrogate" / "gdańsk!"); a longer
// remark or a second question moves the talk on, and a hedged answer says
// nothing.
func TestPlace37TrailedQuestion(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"nell: where are u from originally? the accent's not harrogate 😂", "kasia: gdańsk! came over for uni"},
			ontology.RelComesFrom, "kasia", "Gdańsk", true},
		{[]string{"nell: Where are you from originally? Sorry, nosy", "kasia: Gdańsk! came over for uni"},
			ontology.RelComesFrom, "kasia", "Gdańsk", true},
		{[]string{"nell: where are u from originally? my mum reckons you sound like you grew up somewhere by the sea", "kasia: gdańsk! came over for uni"},
			ontology.RelComesFrom, "kasia", "Gdańsk", false},
		{[]string{"nell: where are u from originally? is it poland?", "kasia: gdańsk! came over for uni"},
			ontology.RelComesFrom, "kasia", "Gdańsk", false},
		{[]string{"nell: where are u from originally? the accent's not harrogate 😂", "kasia: maybe gdańsk, who knows"},
			ontology.RelComesFrom, "kasia", "Gdańsk", false},
	})
}

// TestPlace37WhereNamed: "where's X?" with no verb, X an organisation the
// chat named (typed in lower case too), or "where r they" right after one,
// is answered by its place ("where's thornbury hall?" / "ripon. just
// outside"); a person asked after, an organisation named too long before,
// and a hedged answer draw nothing.
func TestPlace37WhereNamed(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"gem: it's at Thornbury Hall now, not the tithe barn", "nell: where's thornbury hall? sorry still learning the patch",
			"dunc: ripon. well just outside, past the racecourse"}, ontology.RelLocatedIn, "Thornbury Hall", "Ripon", true},
		{[]string{"tobes: so starting at outwoods landscapes monday 🌳", "deepa: where r they", "tobes: quorn. the boss came to burleigh last summer"},
			ontology.RelLocatedIn, "Outwoods Landscapes", "Quorn", true},
		{[]string{"tobes: so starting at Outwoods Landscapes monday", "deepa: where's Outwoods?", "tobes: Quorn, just up the road"},
			ontology.RelLocatedIn, "Outwoods Landscapes", "Quorn", true},
		{[]string{"gem: Tom Price is coming later", "nell: where's Tom Price?", "dunc: Ripon. stuck in traffic"},
			ontology.RelLivesIn, "Tom Price", "Ripon", false},
		{[]string{"gem: Tom Price is coming later", "nell: where's Tom Price?", "dunc: Ripon. stuck in traffic"},
			ontology.RelLocatedIn, "Tom Price", "Ripon", false},
		{[]string{"tobes: so starting at outwoods landscapes monday", "deepa: nice one", "tobes: my parents are visiting too",
			"deepa: where r they", "tobes: york. back on friday"}, ontology.RelLocatedIn, "Outwoods Landscapes", "York", false},
		{[]string{"gem: it's at Thornbury Hall now, not the tithe barn", "nell: where's thornbury hall?",
			"dunc: no idea, ripon maybe"}, ontology.RelLocatedIn, "Thornbury Hall", "Ripon", false},
	})
}

// TestPlace37PairHomes: "me n her are still in X" is the speaker's home and
// hers (her the one just spoken of), in lower case too, and an offer after
// it ("if u ever need a sofa") hedges nothing; "me and zara got a flat in
// X" after "i've moved!!" is both their moves. Twins: "her" as an object,
// a pair that only might move, a move offered on a condition, and a flat
// got with no move said before (a home, no move).
func TestPlace37PairHomes(t *testing.T) {
	kasia := []string{"maz: kasia says she misses u loads btw", "jo: aw"}
	checkPlace37(t, []place37Case{
		{append(kasia, "maz: will do. me n her are still in shelthorpe if u ever need a sofa when ur down"),
			ontology.RelLivesIn, "maz", "Shelthorpe", true},
		{append(kasia, "maz: will do. me n her are still in shelthorpe if u ever need a sofa when ur down"),
			ontology.RelLivesIn, "Kasia", "Shelthorpe", true},
		{append(kasia, "maz: Me and her are still in Leicester"), ontology.RelLivesIn, "Kasia", "Leicester", true},
		{[]string{"maz: I'm still in Leicester if you ever need a sofa"}, ontology.RelLivesIn, "maz", "Leicester", true},
		{append(kasia, "maz: told me and her to move to Leeds"), ontology.RelMovedTo, "Kasia", "Leeds", false},
		{append(kasia, "maz: me and her might move to Leeds"), ontology.RelMovedTo, "Kasia", "Leeds", false},
		{[]string{"maz: I'd move to Leicester if you ever needed me"}, ontology.RelMovedTo, "maz", "Leicester", false},
		{[]string{"josh: also i've moved!! left walkley, me and my girlfriend zara got a flat in heeley"},
			ontology.RelMovedTo, "josh", "Heeley", true},
		{[]string{"josh: me and my girlfriend zara got a flat in heeley"}, ontology.RelMovedTo, "josh", "Heeley", false},
		{[]string{"josh: haven't moved yet!! me and my girlfriend zara got a flat in heeley"}, ontology.RelMovedTo, "josh", "Heeley", false},
	})
}

// TestPlace37NameIsThat: "Ledeberg is that ghent?" asks whether one place
// is in a city: a yes ("yes the south bit of ghent", "yes, other side of
// the centre") places it there (LOCATED_IN). A no, a question that goes
// on ("or further out?"), a person asked after and no known city draw
// nothing.
func TestPlace37NameIsThat(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"mari: Ledeberg is that ghent?", "fennn: yes the south bit of ghent. 10 min bike to work"},
			ontology.RelLocatedIn, "Ledeberg", "Ghent", true},
		{[]string{"fennn: wout and i signed for a flat!!! borgerhout, we get the keys 1 jan", "mari: Borgerhout is that still antwerp",
			"fennn: yes, other side of the centre from berchem"}, ontology.RelLocatedIn, "Borgerhout", "Antwerp", true},
		{[]string{"josh: got a flat in heeley", "meena: heeley, is that sheffield?", "josh: yep"},
			ontology.RelLocatedIn, "Heeley", "Sheffield", true},
		{[]string{"mari: Borgerhout is that still antwerp", "fennn: nah, it's its own district now"},
			ontology.RelLocatedIn, "Borgerhout", "Antwerp", false},
		{[]string{"mari: Borgerhout is that still antwerp or further out?", "fennn: yes"},
			ontology.RelLocatedIn, "Borgerhout", "Antwerp", false},
		{[]string{"mari: Tomek is that leeds?", "fennn: yes"}, ontology.RelLocatedIn, "Tomek", "Leeds", false},
		{[]string{"mari: Borgerhout is that still your street", "fennn: yes"}, ontology.RelLocatedIn, "Borgerhout", "Your Street", false},
	})
}

// TestPlace37OpenedOwnPlace: "opened his own place in ilkley" is a
// business (a restaurant, a shop), no home; "got his own place in X" and
// "my own flat in X" stay homes.
func TestPlace37OpenedOwnPlace(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"tobes: is amir still head chef at fennel & fig?", "gem: no he left in jan and opened his own place in ilkley. Saffron Room"},
			ontology.RelLivesIn, "Amir", "Ilkley", false},
		{[]string{"gem: Amir opened his own place in Ilkley"}, ontology.RelLivesIn, "Amir", "Ilkley", false},
		{[]string{"gem: Amir set up his own place in Ilkley"}, ontology.RelLivesIn, "Amir", "Ilkley", false},
		{[]string{"gem: I opened my own place in Ilkley"}, ontology.RelLivesIn, "gem", "Ilkley", false},
		{[]string{"gem: Amir got his own place in Ilkley"}, ontology.RelLivesIn, "Amir", "Ilkley", true},
		{[]string{"gem: I have my own flat in Ilkley finally"}, ontology.RelLivesIn, "gem", "Ilkley", true},
	})
}

// TestPlace37ItsTheSideOf: "found a room in berchem, it's the south-east
// bit of antwerp" places the neighbourhood in its city as ", on the east
// side of" does; a side that is no compass point ("the best bit of"), a
// hedge after it and a question draw nothing.
func TestPlace37ItsTheSideOf(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"fennn: yep, end of may. found a room in berchem, it's the south-east bit of antwerp. flatmate is a nurse"},
			ontology.RelLocatedIn, "Berchem", "Antwerp", true},
		{[]string{"fennn: found a flat in Berchem, which is the east side of Antwerp"}, ontology.RelLocatedIn, "Berchem", "Antwerp", true},
		{[]string{"fennn: found a flat in Berchem, on the south-east side of Antwerp"}, ontology.RelLocatedIn, "Berchem", "Antwerp", true},
		{[]string{"fennn: found a flat in Berchem, it's the best bit of Antwerp"}, ontology.RelLocatedIn, "Berchem", "Antwerp", false},
		{[]string{"fennn: found a flat in Berchem, it's the south bit of Antwerp I think"}, ontology.RelLocatedIn, "Berchem", "Antwerp", false},
		{[]string{"fennn: found a flat in Berchem, is it the south bit of Antwerp?"}, ontology.RelLocatedIn, "Berchem", "Antwerp", false},
	})
}

// TestPlace37MovedToThenLeft: "i've moved to harrogate finally!! left york
// at the weekend" announces the move, so the place left is where the
// speaker moved from (MOVED_FROM), "at the weekend" saying when, not a
// stay. Without a move said, after moving a thing, or after a move only
// hoped for, leaving a place is a trip.
func TestPlace37MovedToThenLeft(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"nell: and i've moved to harrogate finally!! left york at the weekend"}, ontology.RelMovedFrom, "nell", "York", true},
		{[]string{"nell: I finally moved. Left York at the weekend"}, ontology.RelMovedFrom, "nell", "York", true},
		{[]string{"nell: left york at the weekend, back on monday"}, ontology.RelMovedFrom, "nell", "York", false},
		{[]string{"nell: I've moved the sofa to the back room. Left York at the weekend"}, ontology.RelMovedFrom, "nell", "York", false},
		{[]string{"nell: maybe i've moved to harrogate by june!! left york at the weekend"}, ontology.RelMovedFrom, "nell", "York", false},
		{[]string{"nell: i've moved to harrogate. left york for the weekend to see mum"}, ontology.RelMovedFrom, "nell", "York", false},
	})
}

// TestPlace37TheOneAsked: "greenlane the one on ashby road?" (the "is"
// left out) and "fennick as in the pharma lot in beeston?" ask where the
// organisation just named is: a yes places it (LOCATED_IN). A no, a first
// name or a common word asked about draw nothing.
func TestPlace37TheOneAsked(t *testing.T) {
	checkPlace37(t, []place37Case{
		{[]string{"tobes: yep still fixing other ppls punctures at greenlane cycles 🙃", "maz: greenlane the one on ashby road?",
			"tobes: ya opposite the chippy"}, ontology.RelLocatedIn, "Greenlane", "Ashby Road", true},
		{[]string{"deepa: ok news from me. handed my notice in at fennick yesterday 😬", "jonjo: fennick as in the pharma lot in beeston?",
			"deepa: yep. 6 yrs there"}, ontology.RelLocatedIn, "Fennick", "Beeston", true},
		{[]string{"deepa: handed my notice in at fennick yesterday", "jonjo: fennick as in the pharma lot in beeston?",
			"deepa: nah, the other one"}, ontology.RelLocatedIn, "Fennick", "Beeston", false},
		{[]string{"jonjo: Tom the one in leeds?", "deepa: yep"}, ontology.RelLocatedIn, "Tom", "Leeds", false},
		{[]string{"jonjo: same the one in leeds?", "deepa: yep"}, ontology.RelLocatedIn, "Same", "Leeds", false},
	})
}

// TestPlace37TagQuestion: a statement asked with a tag ("he's a Glasgow
// boy isn't he", "Tony owns Marsh Lane doesn't he?") is confirmed whole by
// a yes: the tag's auxiliary alone is cut, not the statement's last word
// ("Marsh" of "Marsh Lane"). A no confirms nothing.
func TestPlace37TagQuestion(t *testing.T) {
	ewan := "deepa: my fella Ewan got a job up there"
	checkPlace37(t, []place37Case{
		{[]string{ewan, "tobes: He's a Glasgow boy isn't he", "deepa: yep born n raised"}, ontology.RelComesFrom, "Ewan", "Glasgow", true},
		{[]string{ewan, "tobes: He's a Glasgow boy isn't he", "deepa: nah he's from Paisley"}, ontology.RelComesFrom, "Ewan", "Glasgow", false},
		{[]string{"claire: Tony Vaughan owns Marsh Lane doesn't he?", "deano: yeah him and his brother phil"},
			ontology.RelOwns, "Tony Vaughan", "Marsh", false},
	})
}
