package rules

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// blind8Case is a short chat (turns "speaker|text") and the relations it
// must ("TYPE From -> To") and must not ("TYPE From -> To", or "TYPE" for
// any of that type) yield.
type blind8Case struct {
	turns     []string
	want, not []string
}

// blind8Turns builds timestamped turns from "speaker|text" lines.
func blind8Turns(lines []string) []ontology.Turn {
	var out []ontology.Turn
	for i, l := range lines {
		sp, text, _ := strings.Cut(l, "|")
		ts := time.Date(2025, 5, 1, 10, i, 0, 0, time.UTC)
		out = append(out, ontology.Turn{ID: fmt.Sprintf("t%d", i+1), Speaker: sp, Text: text, Timestamp: &ts})
	}
	return out
}

// checkBlind8 runs each case and checks what it yields.
func checkBlind8(t *testing.T, cases []blind8Case) {
	t.Helper()
	for _, c := range cases {
		x := extractChat(t, nil, blind8Turns(c.turns))
		got := map[string]bool{}
		for _, r := range x.Relations {
			got[fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name)] = true
			got[string(r.Type)] = true
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%q: no %s in%s", c.turns, w, relSummary(x))
			}
		}
		for _, n := range c.not {
			if got[n] {
				t.Errorf("%q: %s read in%s", c.turns, n, relSummary(x))
			}
		}
	}
}

// TestTheyAreInAfterOrganisation: "they're in X" right after an
// organisation was named, in the same burst or as a yes to "aren't they
// in X", places it there; after a person, of a visit, or asked and not
// confirmed, nothing is read.
func TestTheyAreInAfterOrganisation(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"moz|did u see the email from Halfmoon Records", "ines|the label from leeds??", "moz|ya theyre in leeds"},
			want: []string{"LOCATED_IN Halfmoon Records -> Leeds"}},
		{turns: []string{"sofi|my sis Elif just got hired by Coinwell", "greg|aren't they in Amsterdam?", "sofi|yeah"},
			want: []string{"LOCATED_IN Coinwell -> Amsterdam"}},
		{turns: []string{"sofi|Fernleaf hired my sister Elif", "sofi|they're in Amsterdam"},
			not: []string{"LOCATED_IN"}}, // "they" may be Elif and hers
		{turns: []string{"sofi|my sister works at Coinwell", "sofi|they're in Amsterdam this weekend"},
			not: []string{"LOCATED_IN"}},
		{turns: []string{"sofi|my sis Elif just got hired by Coinwell", "greg|aren't they in Amsterdam?", "sofi|no idea tbh"},
			not: []string{"LOCATED_IN"}},
		{turns: []string{"sofi|my parents loved the Coinwell advert", "sofi|my parents? they're in Amsterdam"},
			not: []string{"LOCATED_IN"}},
	})
}

// TestJoinedGroupNamed: a group joined and named after its noun, or in
// the speaker's next message ("they're called X"), makes the speaker a
// member; a group only wished for, or named by someone else, does not.
func TestJoinedGroupNamed(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"Aoife|I've also joined a rowing crew, the Harbour Belles."},
			want: []string{"MEMBER_OF Aoife -> Harbour Belles"}},
		{turns: []string{"tariq|i joined a football team called Mild Panic FC"},
			want: []string{"MEMBER_OF tariq -> Mild Panic FC"}},
		{turns: []string{"tariq|speaking of insane i joined a 5 a side team", "tariq|they're called Mild Panic FC"},
			want: []string{"MEMBER_OF tariq -> Mild Panic FC"}},
		{turns: []string{"tariq|i want to join a 5 a side team", "tariq|they're called Mild Panic FC"},
			not: []string{"MEMBER_OF"}},
		{turns: []string{"tariq|my brother joined a 5 a side team", "tariq|they're called Mild Panic FC"},
			not: []string{"MEMBER_OF"}},
		{turns: []string{"tariq|i joined a 5 a side team", "bex|lol", "bex|they're called Mild Panic FC"},
			not: []string{"MEMBER_OF"}},
		{turns: []string{"tariq|if i joined a rowing crew, the Harbour Belles would be it"},
			not: []string{"MEMBER_OF"}},
	})
}

// TestYouAreMyRelative: "you're my little brother" in a two-party chat
// makes the addressee the speaker's brother; a likeness, a negation, a
// possessive or a group chat do not.
func TestYouAreMyRelative(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"cian|big news", "Aoife|You're my little brother, I'm allowed to be hurt"},
			want: []string{"FAMILY_OF Aoife -> cian"}},
		{turns: []string{"cian|big news", "Aoife|ur my cousin lol"},
			want: []string{"FAMILY_OF Aoife -> cian"}},
		{turns: []string{"cian|big news", "Aoife|You're like my little brother"},
			not: []string{"FAMILY_OF"}},
		{turns: []string{"cian|big news", "Aoife|you're not my brother"},
			not: []string{"FAMILY_OF"}},
		{turns: []string{"cian|big news", "Aoife|you're my brother's favourite"},
			not: []string{"FAMILY_OF"}},
		{turns: []string{"cian|big news", "juno|omg", "Aoife|You're my little brother, I'm allowed to be hurt"},
			not: []string{"FAMILY_OF"}},
	})
}

// TestStillInElided: a chat's subjectless "still in X" is the speaker's
// home; "still in bed", a visit or a question are not.
func TestStillInElided(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"juno|still in Leith tho, not leaving this flat for anyone"},
			want: []string{"LIVES_IN juno -> Leith"}},
		{turns: []string{"tariq|meanwhile still stuck in croydon with my mum lol"},
			want: []string{"LIVES_IN tariq -> Croydon"}},
		{turns: []string{"tariq|still in bed lol"}, not: []string{"LIVES_IN"}},
		{turns: []string{"tariq|still in Croydon for the conference"}, not: []string{"LIVES_IN"}},
		{turns: []string{"tariq|still in Croydon?"}, not: []string{"LIVES_IN"}},
	})
}

// TestLeavingForGood: "leaving glasgow after 8 yrs" is a move away and
// "marg is leaving tallyo" a job ended; a trip or an errand is neither.
func TestLeavingForGood(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"marlo|leaving glasgow after 8 yrs 😢"}, want: []string{"MOVED_FROM marlo -> Glasgow"}},
		{turns: []string{"greg|3 yrs at Tallyo lol", "greg|ok my turn. Marguerite is leaving Tallyo"},
			want: []string{"WORKS_AT Marguerite -> Tallyo"}},
		{turns: []string{"Aoife|Maeve's leaving the Brightwater Trust."}, want: []string{"WORKS_AT Maeve -> Brightwater Trust"}},
		{turns: []string{"marlo|leaving glasgow tomorrow for the weekend"}, not: []string{"MOVED_FROM"}},
		{turns: []string{"marlo|leaving Glasgow now, see u at 6"}, not: []string{"MOVED_FROM"}},
		{turns: []string{"greg|Marguerite is leaving Tallyo now, she'll be home at 7"}, not: []string{"WORKS_AT"}},
		{turns: []string{"greg|is Marguerite leaving Tallyo?"}, not: []string{"WORKS_AT"}},
		{turns: []string{"greg|Marguerite might be leaving Tallyo"}, not: []string{"WORKS_AT"}},
	})
}

// TestEqualsCopula: "kit = my girlfriend" reads as "kit is my girlfriend".
func TestEqualsCopula(t *testing.T) {
	for in, want := range map[string]string{
		"Kit = my girlfriend 🙄":   "Kit is my girlfriend 🙄",
		"2 + 2 = 4":               "2 + 2 = 4",
		"x = y":                   "x = y",
		"Rowan = her dog, not bf": "Rowan is her dog, not bf",
	} {
		if got := equalsCopula(in); got != want {
			t.Errorf("equalsCopula(%q) = %q, want %q", in, got, want)
		}
	}
	checkBlind8(t, []blind8Case{
		{turns: []string{"moz|Kit = my girlfriend 🙄 u met her at the party"}, want: []string{"PARTNER_OF moz -> Kit"}},
	})
}

// TestLikedActivityAcrossSentences: an activity the speaker does or took
// up, then "im obsessed" or "i love it" with no object, or asked about
// ("u still doing the sourdough") and answered "Obsessed.", is liked; a
// love with its own object, a chore of one's own, a no, or another
// speaker's love is not.
func TestLikedActivityAcrossSentences(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"juno|ive been doing wild swimming at portobello every morning, im obsessed"},
			want: []string{"LIKES juno -> wild swimming"}},
		{turns: []string{"marlo|also ive taken up pottery?? i love it more than people"},
			want: []string{"LIKES marlo -> pottery"}},
		{turns: []string{"cian|u still doing the sourdough", "Aoife|Obsessed. Bringing you a loaf when I come up."},
			want: []string{"LIKES Aoife -> sourdough"}},
		{turns: []string{"juno|ive been doing wild swimming, im obsessed with my new wetsuit"},
			not: []string{"LIKES juno -> wild swimming"}},
		{turns: []string{"juno|ive been doing my taxes all day, i love it 🙃"}, not: []string{"LIKES"}},
		{turns: []string{"cian|u still doing the sourdough", "Aoife|nope, gave up. obsessed with knitting now"},
			not: []string{"LIKES Aoife -> sourdough"}},
		{turns: []string{"cian|u still doing the sourdough", "Aoife|not obsessed anymore"},
			not: []string{"LIKES Aoife -> sourdough"}},
		{turns: []string{"cian|ive been doing wild swimming", "Aoife|i love it when you send pics"},
			not: []string{"LIKES"}},
	})
}

// TestPlaceFragmentConfirmed: "The craft brewery? In Cork?" answered yes
// places the organisation just named; answered no, or asked of a
// description with no name, it does not.
func TestPlaceFragmentConfirmed(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"cian|got a job w Kavanagh Brewing", "Aoife|The craft brewery? In Cork?", "cian|ya. moving down in oct"},
			want: []string{"LOCATED_IN Kavanagh Brewing -> Cork"}},
		{turns: []string{"cian|got a job w Kavanagh Brewing", "Aoife|The craft brewery? In Cork?", "cian|nah, Kinsale"},
			not: []string{"LOCATED_IN Kavanagh Brewing -> Cork"}},
		{turns: []string{"cian|my mate Dara got a new flat", "Aoife|In Cork?", "cian|ya"},
			not: []string{"LOCATED_IN"}},
	})
}

// TestGoToNoticeRunsIt: "koji is my go-to", "handed in my notice at X",
// "guy who runs it is called X", each with a twin that states nothing.
func TestGoToNoticeRunsIt(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"sofi|Koji is my go-to forever"}, want: []string{"LIKES sofi -> Koji"}},
		{turns: []string{"sofi|Dmitri is my go-to guy for plumbing"}, not: []string{"LIKES"}},
		{turns: []string{"sofi|is Koji your go-to?"}, not: []string{"LIKES"}},
		{turns: []string{"rafa|handed in my notice at Chainring"}, want: []string{"WORKS_AT rafa -> Chainring"}},
		{turns: []string{"rafa|might hand in my notice at Chainring"}, not: []string{"WORKS_AT"}},
		{turns: []string{"rafa|my sister handed in her notice at Chainring"}, not: []string{"WORKS_AT rafa -> Chainring"}},
		{turns: []string{"moz|did u see the email from Halfmoon Records", "moz|guy who runs it is called Declan Firth"},
			want: []string{"LEADS Declan Firth -> Halfmoon Records"}},
		{turns: []string{"moz|we played a gig at the pub last night", "moz|guy who runs it is called Declan Firth"},
			not: []string{"LEADS"}},
		{turns: []string{"moz|did u see the email from Halfmoon Records", "moz|the guy who runs the stall is called Declan Firth"},
			not: []string{"LEADS"}},
	})
}

// TestOrAlternativeIsNoStatement: "Rowan the dog or Rowan ur bf" asks
// which, so "ur bf" does not make Rowan the partner; "ur bf" alone after
// a name still does.
func TestOrAlternativeIsNoStatement(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"greg|gotta log off early, Rowan has the vet at 5", "sofi|Rowan the dog or Rowan ur bf 😂"},
			not: []string{"PARTNER_OF"}},
	})
}

// TestLineupWaitsForBand: a line-up said before the band is named joins
// the band named in the next turns ("the band is the static orchids");
// an evaluation of the band, or a name too late, joins nothing.
func TestLineupWaitsForBand(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"ines|declan wants a lineup btw, me on bass, rafa on drums", "moz|we are. the band is the static orchids. deal w it"},
			want: []string{"MEMBER_OF ines -> Static Orchids", "MEMBER_OF Rafa -> Static Orchids"}},
		{turns: []string{"ines|declan wants a lineup btw, me on bass, rafa on drums", "moz|the band is the best lol"},
			not: []string{"MEMBER_OF"}},
		{turns: []string{"ines|declan wants a lineup btw, me on bass, rafa on drums", "moz|ok", "ines|?", "moz|rent?", "ines|yes",
			"moz|the band is the static orchids"},
			not: []string{"MEMBER_OF"}},
	})
}

// TestIsAlsoMy: "Yusuf is also my neighbour", "he's also my neighbour"
// after the name; "is also my favourite" names no tie.
func TestIsAlsoMy(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"tariq|some guy called Yusuf, he's also my neighbour lmao"}, want: []string{"KNOWS tariq -> Yusuf"}},
		{turns: []string{"tariq|Yusuf is now my manager"}, want: []string{"KNOWS tariq -> Yusuf"}},
		{turns: []string{"tariq|Yusuf is also my favourite"}, not: []string{"KNOWS", "FAMILY_OF"}},
		{turns: []string{"tariq|is Yusuf also my neighbour?"}, not: []string{"KNOWS"}},
	})
}

// TestYearsAt: "3 yrs at Tallyo and …", "6 yrs in bristol n …" are the
// speaker's job and home; a visit, a past or a wish are not.
func TestYearsAt(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"sofi|3 yrs at Tallyo and this is my 4th reorg"}, want: []string{"WORKS_AT sofi -> Tallyo"}},
		{turns: []string{"ines|6 yrs in bristol n ive never once had a working boiler"}, want: []string{"LIVES_IN ines -> Bristol"}},
		{turns: []string{"ines|3 days in Bristol and i'm broke"}, not: []string{"LIVES_IN"}},
		{turns: []string{"ines|6 yrs in Bristol before i moved"}, not: []string{"LIVES_IN"}},
		{turns: []string{"sofi|3 yrs at Tallyo would be a dream"}, not: []string{"WORKS_AT"}},
		{turns: []string{"sofi|3 yrs at uni and still no job"}, not: []string{"WORKS_AT"}},
	})
}

// TestWhosePetMine: "whose cat is pickle" / "MINE." gives the one who
// answers the pet; "not mine", "whose cat is that" do not.
func TestWhosePetMine(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"rafa|whose cat is pickle even. she just lives here", "ines|MINE. she came with me from my mums"},
			want: []string{"OWNS ines -> Pickle"}},
		{turns: []string{"rafa|whose cat is that", "ines|mine lol"}, not: []string{"OWNS"}},
		{turns: []string{"rafa|whose dog is Rex", "ines|not mine"}, not: []string{"OWNS"}},
		{turns: []string{"rafa|whose dog is Rex", "rafa|mine lol"}, not: []string{"OWNS"}},
	})
}

// TestMovingThere: "moving (in|down) <time>" with the home named before
// ("a place in Easton", "the one in leith", "In Cork?") is a move there; a
// move of someone else's, a plan, or a place named as someone's home is not.
func TestMovingThere(t *testing.T) {
	checkBlind8(t, []blind8Case{
		{turns: []string{"moz|we got a place in Easton, moving on the 1st"}, want: []string{"MOVED_TO moz -> Easton"}},
		{turns: []string{"juno|i got the flat", "juno|the one in leith!!!", "bex|with callum??", "juno|yep me n callum, moving in on the 1st 🫶"},
			want: []string{"MOVED_TO juno -> Leith"}},
		{turns: []string{"cian|got a job w Kavanagh Brewing", "Aoife|The craft brewery? In Cork?", "cian|ya. moving down in oct"},
			want: []string{"MOVED_TO cian -> Cork"}},
		{turns: []string{"cian|my sister got a flat in Leeds", "cian|she's moving in on the 1st"}, not: []string{"MOVED_TO"}},
		{turns: []string{"cian|we looked at a flat in Leith", "cian|might be moving in next month"}, not: []string{"MOVED_TO"}},
		{turns: []string{"cian|my brother lives in Leeds", "cian|moving on the 1st"}, not: []string{"MOVED_TO"}},
		{turns: []string{"cian|we got a place in Easton", "cian|moving on the 1st?"}, not: []string{"MOVED_TO"}},
	})
}
