package plan

import (
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// chat makes a batch's turns from "speaker: text" lines, a minute apart
// from t0 (ids "1", "2", …); a line starting with "+" comes an hour later.
func chat(lines ...string) []ontology.Turn {
	var out []ontology.Turn
	when := t0
	for i, l := range lines {
		if l[0] == '+' {
			l, when = l[1:], when.Add(time.Hour)
		}
		sp, text, _ := cutSpeaker(l)
		ts := when.Add(time.Duration(i) * time.Minute)
		out = append(out, ontology.Turn{ID: string(rune('1' + i)), Session: "s", Speaker: sp, Text: text, Timestamp: &ts})
	}
	return out
}

func cutSpeaker(l string) (string, string, bool) {
	for i := 0; i+1 < len(l); i++ {
		if l[i] == ':' && l[i+1] == ' ' {
			return l[:i], l[i+2:], true
		}
	}
	return "", l, false
}

// coMentionsOf plans ts with the mentions given (entity, turn ids) and
// returns the co-mentions by the names of their ends ("A|B", sorted).
func coMentionsOf(t *testing.T, speakers []string, ts []ontology.Turn, ms ...ontology.EntityMention) map[string]CoMention {
	t.Helper()
	b := Batch{Tenant: "t", Conversation: "c", Turns: ts, Speakers: speakers,
		Knowledge: ontology.Extraction{Entities: ms}, Now: t0.Add(48 * time.Hour)}
	p := Plan(Snapshot{}, b)
	name := map[string]string{}
	for _, e := range p.Entities {
		name[e.UID] = e.Name
	}
	out := map[string]CoMention{}
	for _, c := range p.CoMentions {
		a, z := name[c.FromUID], name[c.ToUID]
		if z < a {
			a, z = z, a
		}
		out[a+"|"+z] = c
	}
	return out
}

func wantPair(t *testing.T, got map[string]CoMention, pair string, turns ...string) {
	t.Helper()
	c, ok := got[pair]
	if !ok {
		t.Fatalf("no co-mention %s in %v", pair, keys(got))
	}
	if !slices.Equal(c.SourceTurnIDs, turns) || c.Count != len(turns) {
		t.Fatalf("%s = %+v, want turns %v counted", pair, c, turns)
	}
}

func keys(m map[string]CoMention) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestCoMentionOverABurst(t *testing.T) {
	// Two messages of one speaker a minute apart are one unit: the person
	// of the first and the organisation of the second are co-mentioned,
	// citing both turns; "got" has no first person, "my" in the next burst
	// brings its speaker in.
	ts := chat("kiko: Rui got a new job!!", "kiko: at Norvik Shipping", "ana: omg", "+kiko: my sister Bea lives in Faro", "kiko: still")
	got := coMentionsOf(t, []string{"kiko", "ana"}, ts,
		mention(person("Rui"), "1"), mention(org("Norvik Shipping"), "2"), mention(person("Bea Costa"), "4"), mention(place("Faro"), "4"))
	wantPair(t, got, "Norvik Shipping|Rui", "1", "2")
	wantPair(t, got, "Bea Costa|kiko", "4")
	wantPair(t, got, "Faro|kiko", "4")
	if _, ok := got["Rui|kiko"]; ok {
		t.Fatal("the speaker took part in a burst without a first person")
	}
	// The burst ends at the other speaker's turn and after an hour's pause.
	for _, k := range []string{"Faro|Rui", "Bea Costa|Norvik Shipping"} {
		if _, ok := got[k]; ok {
			t.Fatalf("%s co-mentioned across bursts: %v", k, keys(got))
		}
	}
}

func TestCoMentionQuestionAndAnswer(t *testing.T) {
	// A question and the answer that follows it are one unit; the
	// question's "your" names whoever answers.
	ts := chat("tom: the one who works at Aardman?", "jess: yes! Hollie animates Shaun the Sheep",
		"zoe: update!! took the job", "lin: congrats!!! who's your manager", "zoe: a woman named Keisha Grant",
		"lin: nice", "zoe: Mei starts monday")
	got := coMentionsOf(t, []string{"tom", "jess", "lin", "zoe"}, ts,
		mention(org("Aardman"), "1"), mention(person("Hollie"), "2"), mention(person("Keisha Grant"), "5"), mention(person("Mei"), "7"))
	wantPair(t, got, "Aardman|Hollie", "1", "2")
	wantPair(t, got, "Keisha Grant|zoe", "4", "5")
	// "nice" asks nothing: Mei is not co-mentioned with Keisha, nor "lin"
	// (who asked, without a first person) with anyone.
	for k := range got {
		if k == "Keisha Grant|Mei" || k == "Keisha Grant|lin" || k == "Mei|lin" {
			t.Fatalf("unexpected co-mention %s", k)
		}
	}
}

func TestCoMentionAddressee(t *testing.T) {
	// In a two-party chat "you" is the other speaker; in a group, the
	// speaker just answered. "I" and "you" alone make no pair.
	ts := chat("Nan: your old headteacher Mr Bell runs a bookshop now", "Leo: I miss you")
	got := coMentionsOf(t, []string{"Nan", "Leo"}, ts, mention(person("Mr Bell"), "1"))
	wantPair(t, got, "Leo|Mr Bell", "1")
	if _, ok := got["Leo|Nan"]; ok {
		t.Fatalf("co-mentions = %v: two pronouns made a pair", keys(got))
	}
	ts = chat("tom: starting in october. Aisha got in too", "jess: your girlfriend is smarter than you", "mum: well done Tom")
	got = coMentionsOf(t, []string{"tom", "jess", "mum"}, ts, mention(person("Aisha"), "1"), mention(person("tom"), "3"))
	wantPair(t, got, "Aisha|tom", "1", "2")
	if _, ok := got["jess|tom"]; ok {
		t.Fatal("two pronouns made a pair")
	}
}

func TestPronounsAndQuestions(t *testing.T) {
	for _, c := range []struct {
		text          string
		first, second bool
		question      bool
	}{
		{"I'm on the Didsbury Dragons squad now", true, false, false},
		{"im so tired lol", true, false, false},
		{"we adopted a beagle!!", true, false, false},
		{"moved to the US last year", false, false, false},
		{"WE WON", true, false, false},
		{"Tom’s new place is huge", false, false, false},
		{"did u see Ana's post?? 😂", false, true, true},
		{"congrats!!! who's your manager", false, true, true},
		{"did u get it", false, true, true},
		{"how lovely. Tom starts monday", false, false, false},
		{"That's him. He's 15", false, false, false},
		{"The one who plays for Dulwich Hamlet? 🙂", false, false, true},
	} {
		if FirstPerson(c.text) != c.first || SecondPerson(c.text) != c.second || IsQuestion(c.text) != c.question {
			t.Errorf("%q: first %v second %v question %v, want %v %v %v", c.text, FirstPerson(c.text),
				SecondPerson(c.text), IsQuestion(c.text), c.first, c.second, c.question)
		}
	}
	if a := Addressee([]string{"a", "b"}, "a", ""); a != "b" {
		t.Errorf("two-party addressee = %q", a)
	}
	if a := Addressee([]string{"a", "b", "c"}, "a", "c"); a != "c" {
		t.Errorf("group addressee = %q", a)
	}
	if a := Addressee([]string{"a", "b", "c"}, "a", "a"); a != "" {
		t.Errorf("group addressee after own turn = %q", a)
	}
}

func TestCoMentionUnits(t *testing.T) {
	ts := chat("a: one", "a: two?", "b: three", "b: four", "+b: five", "a: six")
	bursts, answers := CoMentionUnits(ts, DefaultBurstGap)
	if len(bursts) != 4 || !slices.Equal(bursts[0], []int{0, 1}) || !slices.Equal(bursts[1], []int{2, 3}) ||
		!slices.Equal(bursts[2], []int{4}) || !slices.Equal(bursts[3], []int{5}) {
		t.Fatalf("bursts = %v", bursts)
	}
	if !slices.Equal(answers, [][2]int{{0, 1}}) {
		t.Fatalf("answers = %v", answers)
	}
}
