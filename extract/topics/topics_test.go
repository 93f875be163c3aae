package topics

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/lang"
)

// themeWords are words of which a theme's label must contain one.
var themeWords = map[string][]string{
	adoption: {"adoption", "agency", "home study", "caseworker", "papers", "child"},
	marathon: {"marathon", "miles", "running", "run", "race", "training"},
}

// overlap returns |got ∩ want| / |want| and |got ∩ want| / |got|.
func overlap(got, want []string) (recall, precision float64) {
	n := 0
	for _, id := range got {
		if slices.Contains(want, id) {
			n++
		}
	}
	if len(want) == 0 || len(got) == 0 {
		return 0, 0
	}
	return float64(n) / float64(len(want)), float64(n) / float64(len(got))
}

// byTheme matches topics to the fixture's themes, failing unless exactly
// the adoption and marathon topics are found, each with ≥90% recall and
// precision of its turns.
func byTheme(t *testing.T, sessions [][]line, topics []Topic) map[string]Topic {
	t.Helper()
	for _, tp := range topics {
		t.Logf("topic %s %q sessions=%v turns=%v", tp.Key, tp.Label, tp.Sessions, tp.SourceTurnIDs)
		for _, s := range tp.Summary {
			t.Logf("   [%s] %s", s.TurnID, s.Text)
		}
	}
	if len(topics) != 2 {
		t.Fatalf("got %d topics, want 2 (adoption, marathon)", len(topics))
	}
	out := map[string]Topic{}
	for _, theme := range []string{adoption, marathon} {
		want := expected(sessions, theme)
		for _, tp := range topics {
			r, p := overlap(tp.SourceTurnIDs, want)
			if r >= 0.9 && p >= 0.9 {
				out[theme] = tp
			}
		}
		if _, ok := out[theme]; !ok {
			t.Fatalf("no topic matches theme %s (want turns %v)", theme, want)
		}
	}
	return out
}

// checkTopic checks what every topic of the fixture must satisfy.
func checkTopic(t *testing.T, in Input, theme string, tp Topic, wantSessions []string, withVectors bool) {
	t.Helper()
	text := map[string]string{}
	pos := map[string]int{}
	for i, tu := range in.Turns {
		text[tu.ID], pos[tu.ID] = tu.Text, i
	}
	// Label.
	if !slices.ContainsFunc(themeWords[theme], func(w string) bool { return strings.Contains(tp.Label, w) }) {
		t.Errorf("%s: label %q has no theme word of %v", theme, tp.Label, themeWords[theme])
	}
	if n := len(strings.Split(tp.Label, ", ")); n < 2 || n > 4 {
		t.Errorf("%s: label %q has %d words, want 2-4", theme, tp.Label, n)
	}
	for _, name := range []string{"maria", "jon"} {
		if strings.Contains(strings.ToLower(tp.Label), name) {
			t.Errorf("%s: label %q names a speaker", theme, tp.Label)
		}
	}
	// Summary: verbatim sentences of cited topic turns, in order.
	if len(tp.Summary) != DefaultSummarySentences {
		t.Errorf("%s: %d summary sentences, want %d", theme, len(tp.Summary), DefaultSummarySentences)
	}
	last := -1
	for _, s := range tp.Summary {
		if !slices.Contains(tp.SourceTurnIDs, s.TurnID) {
			t.Errorf("%s: summary cites %s, not a turn of the topic", theme, s.TurnID)
		}
		if !strings.Contains(text[s.TurnID], s.Text) {
			t.Errorf("%s: summary sentence %q is not verbatim in turn %s", theme, s.Text, s.TurnID)
		}
		if strings.HasSuffix(s.Text, "?") || len(s.Text) < minSentenceBytes {
			t.Errorf("%s: summary sentence %q is a question or a fragment", theme, s.Text)
		}
		if pos[s.TurnID] < last {
			t.Errorf("%s: summary not in conversation order", theme)
		}
		last = pos[s.TurnID]
		if s.Speaker == "" {
			t.Errorf("%s: summary sentence without speaker", theme)
		}
	}
	// Turns in conversation order; sessions.
	for i := 1; i < len(tp.SourceTurnIDs); i++ {
		if pos[tp.SourceTurnIDs[i]] <= pos[tp.SourceTurnIDs[i-1]] {
			t.Errorf("%s: SourceTurnIDs not in conversation order: %v", theme, tp.SourceTurnIDs)
		}
	}
	if !reflect.DeepEqual(tp.Sessions, wantSessions) {
		t.Errorf("%s: sessions %v, want %v", theme, tp.Sessions, wantSessions)
	}
	// Span: from the first session's day to the end of the last's.
	first, lastDay := sessionDays[0], sessionDays[3]
	if !tp.Span.Start.Equal(first) || !tp.Span.End.Equal(lastDay.Add(24*time.Hour)) || tp.Span.Granularity != "day" {
		t.Errorf("%s: span %v..%v (%s), want %v..%v day", theme, tp.Span.Start, tp.Span.End, tp.Span.Granularity, first, lastDay.Add(24*time.Hour))
	}
	// Participants: both speakers.
	for _, who := range []string{"Maria", "Jon"} {
		if !slices.Contains(tp.Participants, who) {
			t.Errorf("%s: participants %v lack %s", theme, tp.Participants, who)
		}
	}
	// Centroid.
	if withVectors {
		var n float64
		for _, x := range tp.Centroid {
			n += float64(x) * float64(x)
		}
		if math.Abs(n-1) > 1e-4 {
			t.Errorf("%s: centroid norm² %v, want 1", theme, n)
		}
	} else if tp.Centroid != nil {
		t.Errorf("%s: centroid without vectors", theme)
	}
	if !strings.HasPrefix(tp.Key, "topic-") {
		t.Errorf("%s: key %q", theme, tp.Key)
	}
}

func testThemes(t *testing.T, withVectors bool) {
	in := build(conversation, withVectors)
	in.Facts = facts
	got := Build(in, Config{})
	th := byTheme(t, conversation, got)
	checkTopic(t, in, adoption, th[adoption], []string{"session_1", "session_2", "session_4"}, withVectors)
	checkTopic(t, in, marathon, th[marathon], []string{"session_1", "session_3", "session_4"}, withVectors)

	if a := th[adoption]; !slices.Contains(a.Participants, "Hope Adoption Agency") {
		t.Errorf("adoption participants %v lack the agency", a.Participants)
	}
	if m := th[marathon]; !slices.Contains(m.Participants, "Chicago Marathon") {
		t.Errorf("marathon participants %v lack the race", m.Participants)
	}
	if kf := th[adoption].KeyFacts; !reflect.DeepEqual(sorted(kf), []string{"f-adopt", "f-approved"}) {
		t.Errorf("adoption key facts %v, want f-adopt and f-approved", kf)
	}
	if kf := th[marathon].KeyFacts; !reflect.DeepEqual(sorted(kf), []string{"f-marathon", "f-shoes"}) {
		t.Errorf("marathon key facts %v, want f-marathon and f-shoes", kf)
	}

	// Determinism: the same input twice gives the same output, and Build
	// does not change its input.
	in2 := build(conversation, withVectors)
	in2.Facts = facts
	if again := Build(in2, Config{}); !reflect.DeepEqual(got, again) {
		t.Errorf("Build is not deterministic")
	}
	if !reflect.DeepEqual(in, in2) {
		t.Errorf("Build modified its input")
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestThemesWithVectors: synthetic embeddings separate the two
// cross-session themes from each other and from one-session chat.
func TestThemesWithVectors(t *testing.T) { testThemes(t, true) }

// TestThemesLexical: the same conversation without vectors, clustered by
// TF-IDF similarity alone.
func TestThemesLexical(t *testing.T) { testThemes(t, false) }

// TestKeyStableWhenSessionAppended: appending an unrelated session keeps
// the same two topics under the same keys.
func TestKeyStableWhenSessionAppended(t *testing.T) {
	for _, withVectors := range []bool{true, false} {
		before := byTheme(t, conversation, Build(build(conversation, withVectors), Config{}))
		longer := append(slices.Clone(conversation), extraSession)
		after := byTheme(t, longer, Build(build(longer, withVectors), Config{}))
		for _, theme := range []string{adoption, marathon} {
			if before[theme].Key != after[theme].Key {
				t.Errorf("vectors=%v %s: key %s became %s", withVectors, theme, before[theme].Key, after[theme].Key)
			}
		}
	}
}

// TestMinSessions: one-session chats are topics only when MinSessions
// allows it, and no theme spans four sessions.
func TestMinSessions(t *testing.T) {
	for _, withVectors := range []bool{true, false} {
		in := build(conversation, withVectors)
		if got := Build(in, Config{MinSessions: 4}); len(got) != 0 {
			t.Errorf("vectors=%v: MinSessions 4 gave %d topics, want 0", withVectors, len(got))
		}
		got := Build(in, Config{MinSessions: 1, MinTurns: 3})
		var cookingTopic bool
		for _, tp := range got {
			if slices.Equal(tp.Sessions, []string{"session_2"}) && slices.Contains(tp.SourceTurnIDs, "D2:7") {
				cookingTopic = true
			}
		}
		if !cookingTopic || len(got) <= 2 {
			t.Errorf("vectors=%v: MinSessions 1 gave %d topics without the one-session cooking chat", withVectors, len(got))
		}
	}
}

// TestMaxTopics: the largest, most spread topic comes first.
func TestMaxTopics(t *testing.T) {
	in := build(conversation, true)
	all := Build(in, Config{})
	one := Build(in, Config{MaxTopics: 1})
	if len(one) != 1 || !reflect.DeepEqual(one[0], all[0]) {
		t.Fatalf("MaxTopics 1 gave %d topics, want the first of %d", len(one), len(all))
	}
	for i := 1; i < len(all); i++ {
		if len(all[i].SourceTurnIDs) > len(all[i-1].SourceTurnIDs) && len(all[i].Sessions) >= len(all[i-1].Sessions) {
			t.Errorf("topic %d ranks below a smaller, no more spread one", i)
		}
	}
}

// TestMaxTurns: only the last MaxTurns turns are clustered: the result is
// that of the conversation cut to them, no topic cites an earlier turn, and
// a conversation within the bound is clustered whole.
func TestMaxTurns(t *testing.T) {
	for _, withVectors := range []bool{true, false} {
		in := build(conversation, withVectors)
		all := Build(in, Config{})
		if whole := Build(in, Config{MaxTurns: len(in.Turns)}); !reflect.DeepEqual(whole, all) {
			t.Errorf("vectors=%v: MaxTurns = all turns changed the topics", withVectors)
		}
		keep := len(in.Turns) - len(conversation[0]) // drop session 1
		got := Build(in, Config{MaxTurns: keep})
		cut := Input{Turns: in.Turns[len(in.Turns)-keep:], Facts: in.Facts}
		if want := Build(cut, Config{}); !reflect.DeepEqual(got, want) {
			t.Errorf("vectors=%v: MaxTurns %d gave other topics than the conversation cut to its last %d turns", withVectors, keep, keep)
		}
		if len(got) == 0 {
			t.Fatalf("vectors=%v: no topics in the last %d turns", withVectors, keep)
		}
		for _, tp := range got {
			for _, id := range tp.SourceTurnIDs {
				if strings.HasPrefix(id, "D1:") {
					t.Errorf("vectors=%v: topic %q cites %s, before the window", withVectors, tp.Label, id)
				}
			}
		}
		if reflect.DeepEqual(got, all) {
			t.Errorf("vectors=%v: dropping session 1 changed nothing; the test shows nothing", withVectors)
		}
	}
}

// TestEmpty: no turns, or only short ones, give no topics.
func TestEmpty(t *testing.T) {
	if got := Build(Input{}, Config{}); got != nil {
		t.Errorf("empty input gave %v", got)
	}
	var in Input
	for i, s := range []string{"lol", "thanks!", "ok cool", "haha yes", "See you soon!"} {
		in.Turns = append(in.Turns, TurnInput{ID: turnID(i%2+1, i), Session: turnID(i%2+1, 0), Speaker: "A", Text: s})
	}
	if got := Build(in, Config{}); got != nil {
		t.Errorf("short turns gave %v", got)
	}
}

// TestMixedVectorsFallBack: when some content turn lacks a vector, the
// conversation is clustered lexically (no centroid).
func TestMixedVectorsFallBack(t *testing.T) {
	in := build(conversation, true)
	in.Turns[1].Vector = nil
	got := Build(in, Config{})
	th := byTheme(t, conversation, got)
	if th[adoption].Centroid != nil {
		t.Errorf("centroid from partial vectors")
	}
}

// TestExplicitSimilarity: an absolute threshold replaces the adaptive
// one; a threshold above every similarity merges nothing.
func TestExplicitSimilarity(t *testing.T) {
	in := build(conversation, true)
	if got := Build(in, Config{Similarity: 5}); len(got) != 0 {
		t.Errorf("threshold 5 gave %d topics", len(got))
	}
	byTheme(t, conversation, Build(in, Config{Similarity: 0.6}))
}

func TestSentences(t *testing.T) {
	text := "Dr. Smith said hi! We met at 3.5 miles. Was it fun?\"Yes.\" Then e.g. this... and\nthat \"quoted.\" End"
	var got []string
	for _, sp := range sentences(text) {
		got = append(got, text[sp.start:sp.end])
	}
	want := []string{"Dr. Smith said hi!", "We met at 3.5 miles.", "Was it fun?\"Yes.\"", "Then e.g. this...", "and", "that \"quoted.\"", "End"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sentences:\n got %q\nwant %q", got, want)
	}
	if !lang.EndsInQuestion("Did you go?\"") || lang.EndsInQuestion("I went.") {
		t.Errorf("question detection")
	}
}

func TestTokenize(t *testing.T) {
	var got []string
	skip := newNames()
	skip.add("Maria Lopez")
	for _, tk := range tokenize("Maria's running 20 miles; the home-study papers, 5k races and studies! Mar car", skip) {
		s := tk.stem
		if tk.brk {
			s = "|" + s
		}
		got = append(got, s)
	}
	want := []string{"|run", "|mile", "|home", "study", "paper", "|5k", "race", "|study", "|car"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokenize: got %v, want %v", got, want)
	}
	for w, s := range map[string]string{"running": "run", "trained": "train", "spring": "spring", "studies": "study", "class": "class", "falling": "fall"} {
		if stem(w) != s {
			t.Errorf("stem(%q) = %q, want %q", w, stem(w), s)
		}
	}
}

// TestAverageLinkage checks the clustering on a small matrix: two tight
// groups joined by one bridging pair (above the threshold) stay apart
// under average linkage.
func TestAverageLinkage(t *testing.T) {
	// items 0,1,2 similar; 3,4,5 similar; 2-3 bridge.
	n := 6
	sim := make([]float32, n*n)
	set := func(a, b int, s float32) { sim[a*n+b], sim[b*n+a] = s, s }
	for _, g := range [][]int{{0, 1, 2}, {3, 4, 5}} {
		set(g[0], g[1], 0.9)
		set(g[0], g[2], 0.8)
		set(g[1], g[2], 0.85)
	}
	set(2, 3, 0.6) // single linkage would chain the groups at 0.5
	got := averageLinkage(sim, n, 0.5)
	want := [][]int{{0, 1, 2}, {3, 4, 5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("averageLinkage = %v, want %v", got, want)
	}
}

// TestBoostEntities: only distinctive non-speaker entities draw turns
// together: not a speaker's name, not an entity every turn mentions.
func TestBoostEntities(t *testing.T) {
	texts := []string{
		"We visited the Hope Agency office for the interview.",
		"The Hope Agency called back about the paperwork today.",
		"My garden tomatoes finally turned red this afternoon.",
		"The basil plants need more sunlight on the balcony.",
		"Our kitchen renovation started with new cabinets.",
		"The contractor quoted a budget for kitchen tiles.",
		"Rex chewed my favourite running shoes again.",
		"The vet said Rex needs shorter walks for now.",
	}
	var in Input
	for i, s := range texts {
		ents := []string{"Rex", "Ann"}
		if i < 2 {
			ents = append(ents, []string{"Hope Agency", "the hope agency"}[i])
		}
		in.Turns = append(in.Turns, TurnInput{ID: fmt.Sprint(i), Session: fmt.Sprint(i % 3), Speaker: []string{"Ann", "Bob"}[i%2], Text: s, Entities: ents})
	}
	c := newCorpus(in, Config{}.withDefaults())
	n := len(c.content)
	if n != len(texts) {
		t.Fatalf("%d content turns, want %d", n, len(texts))
	}
	sim := make([]float32, n*n)
	c.boostEntities(sim, 0.5)
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			want := float32(0)
			if a != b && a < 2 && b < 2 {
				want = 0.5
			}
			if sim[a*n+b] != want {
				t.Errorf("boost(%d,%d) = %v, want %v", a, b, sim[a*n+b], want)
			}
		}
	}
}

// TestLabelNeedsSharedWords: a cluster whose turns share no content word
// (held together by style, not theme) is not nameable, so not a topic.
func TestLabelNeedsSharedWords(t *testing.T) {
	in := Input{Turns: []TurnInput{
		{Speaker: "Ann", Text: "Your garden pictures are gorgeous, truly."},
		{Speaker: "Bob", Text: "That concert sounded unforgettable, wow."},
		{Speaker: "Ann", Text: "Such a lovely puppy, what a cutie."},
		{Speaker: "Bob", Text: "Those cookies look delicious, yum."},
		{Speaker: "Ann", Text: "Our garden tomatoes ripened early this summer."},
		{Speaker: "Bob", Text: "The garden needs compost before planting."},
	}}
	c := newCorpus(in, Config{}.withDefaults())
	if label, ok := c.label([]int{0, 1, 2, 3}); ok {
		t.Errorf("style cluster named %q", label)
	}
	if label, ok := c.label([]int{0, 4, 5}); !ok || !strings.HasPrefix(label, "garden") {
		t.Errorf("garden cluster: label %q, %v", label, ok)
	}
}
