package budget

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
)

var words = strings.Fields(`the a support group yesterday was so powerful and I felt
	accepted she said we went hiking near Lake Tahoe in May career counseling adoption
	agency painting sunrise mentor conference café naïve résumé 東京 の 旅行 🙂 Zürich
	don't it's they're 2023 42 7:30pm well-being self-care LGBTQ transgender, friends.
	family. "quote" (aside) — dash; colon: ok!`)

var names = []string{"Caroline", "Melanie", "Jon", "Gina", "Zoë", "Łukasz"}

// sentence makes n deterministic words from rng.
func sentence(rng *rand.Rand, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = words[rng.IntN(len(words))]
	}
	return strings.Join(ws, " ")
}

func turnID(rng *rand.Rand) string {
	return fmt.Sprintf("D%d:%d", 1+rng.IntN(30), 1+rng.IntN(40))
}

// fixture builds the four Loci blocks with nTopics, nProfiles, nEvents and
// nMemories items of random-ish text, deterministically from seed.
func fixture(seed uint64, nTopics, nProfiles, nEvents, nMemories int, profileShare float64) []Block {
	rng := rand.New(rand.NewPCG(seed, 99))
	anchor := func(kind string, i int, prefix string) Item {
		cites := []string{turnID(rng), turnID(rng)}
		if rng.IntN(3) == 0 {
			cites = append(cites, turnID(rng))
		}
		text := fmt.Sprintf("- %s %s [%s]", prefix, sentence(rng, 8+rng.IntN(30)), strings.Join(cites, ", "))
		return Item{Kind: kind, ID: fmt.Sprintf("%s-%d", kind, i), Text: text, SourceTurnIDs: cites}
	}
	var topics, profiles, events, memories []Item
	for i := range nTopics {
		topics = append(topics, anchor(KindTopic, i, "Topic:"))
	}
	for i := range nProfiles {
		profiles = append(profiles, anchor(KindProfile, i, names[i%len(names)]+":"))
	}
	for i := range nEvents {
		events = append(events, anchor(KindEvent, i, fmt.Sprintf("(%d May 2023)", 1+i%28)))
	}
	for i := range nMemories {
		id := turnID(rng)
		text := fmt.Sprintf("- [%s] %s (8 May 2023): %s", id, names[rng.IntN(len(names))], sentence(rng, 10+rng.IntN(50)))
		if rng.IntN(4) == 0 {
			text += "\n  " + sentence(rng, 5+rng.IntN(10)) // a second line
		}
		memories = append(memories, Item{Kind: KindMemory, ID: fmt.Sprintf("m-%d", i), Text: text,
			SourceTurnIDs: []string{id}, Carries: []string{id}, Priority: rng.IntN(3)})
	}
	return []Block{
		{Name: "Topic Summaries", Items: topics},
		{Name: "Entity Profiles", Items: profiles, Share: profileShare},
		{Name: "Event Records", Items: events},
		{Name: "Retrieved Memories", Items: memories},
	}
}

// checkInvariants asserts what every Render result must satisfy.
func checkInvariants(t *testing.T, c Counter, blocks []Block, budget int, opts Options, got Rendered) {
	t.Helper()
	if n := c.Count(got.Text); got.Tokens != n {
		t.Fatalf("Tokens = %d, Count(Text) = %d", got.Tokens, n)
	}
	if got.Tokens > max(budget, 0) {
		t.Fatalf("Tokens = %d over budget %d", got.Tokens, budget)
	}
	if !utf8.ValidString(got.Text) {
		t.Fatalf("Text is not valid UTF-8")
	}
	total, included := 0, 0
	for _, b := range blocks {
		total += len(b.Items)
	}
	for _, items := range got.Blocks {
		included += len(items)
	}
	if got.Dropped != total-included {
		t.Fatalf("Dropped = %d, want %d", got.Dropped, total-included)
	}
	originals := map[string]Item{}
	for _, b := range blocks {
		for _, it := range b.Items {
			originals[it.ID] = it
		}
	}
	for name, items := range got.Blocks {
		if len(items) == 0 {
			t.Fatalf("block %q reported with no items", name)
		}
		cut := 0
		for k, it := range items {
			if !strings.Contains(got.Text, it.Text) {
				t.Fatalf("item %s text %q not in Text", it.ID, it.Text)
			}
			for _, id := range append(slices.Clone(it.SourceTurnIDs), it.Carries...) {
				if len(CitedIn(it.Text, []string{id})) == 0 || len(CitedIn(got.Text, []string{id})) == 0 {
					t.Fatalf("item %s reports %s, which its text %q does not show", it.ID, id, it.Text)
				}
			}
			orig := originals[it.ID]
			orig.Text = strings.ToValidUTF8(orig.Text, "\uFFFD")
			if slices.Contains(got.Truncated, it.ID) {
				cut++
				if k != len(items)-1 {
					t.Fatalf("block %q: cut item %s is not the block's last", name, it.ID)
				}
				body := strings.TrimSuffix(it.Text, opts.Marker)
				if !strings.HasPrefix(orig.Text, body) || len(body) >= len(strings.TrimRightFunc(orig.Text, unicode.IsSpace)) {
					t.Fatalf("cut item %s: %q is not a proper prefix of %q", it.ID, body, orig.Text)
				}
				next, _ := utf8.DecodeRuneInString(orig.Text[len(body):])
				last, _ := utf8.DecodeLastRuneInString(body)
				if !unicode.IsSpace(next) && !strings.ContainsRune("。！？；，、", last) || unicode.IsSpace(last) {
					t.Fatalf("cut item %s not cut at a word boundary: %q | %q", it.ID, body, orig.Text[len(body):])
				}
				if orig.Kind == KindMemory && len(CitedIn(body, orig.SourceTurnIDs)) != len(orig.SourceTurnIDs) {
					t.Fatalf("cut memory %s lost its turn id: %q", it.ID, body)
				}
			} else if it.Text != strings.TrimRightFunc(orig.Text, unicode.IsSpace) {
				t.Fatalf("item %s changed without being cut: %q", it.ID, it.Text)
			}
		}
		if cut > 1 {
			t.Fatalf("block %q has %d cut items", name, cut)
		}
	}
	for _, id := range got.Cited() {
		if len(CitedIn(got.Text, []string{id})) == 0 {
			t.Fatalf("Cited() reports %s, absent from Text", id)
		}
	}
}

// maxItemTokens is the largest single-item cost in blocks, header included.
func maxItemTokens(c Counter, blocks []Block) int {
	m := 0
	for _, b := range blocks {
		for _, it := range b.Items {
			m = max(m, c.Count("\n\n## "+b.Name+"\n"+it.Text))
		}
	}
	return m
}

func TestRenderExactBudgets(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	for _, budget := range []int{50, 100, 1000, 2000, 4000} {
		for seed := range uint64(6) {
			blocks := fixture(seed, 4, 8, 20, 150, 0.2)
			opts := Options{}
			if seed%2 == 1 {
				opts.Marker = " …"
			}
			got := Render(c, blocks, budget, opts)
			checkInvariants(t, c, blocks, budget, opts, got)
			if got.Dropped > 0 {
				if slack := budget - got.Tokens; slack > maxItemTokens(c, blocks) {
					t.Errorf("budget %d seed %d: %d tokens unused with %d items dropped", budget, seed, slack, got.Dropped)
				}
			}
			if budget >= 100 && got.Tokens < budget/2 {
				t.Errorf("budget %d seed %d: only %d tokens used", budget, seed, got.Tokens)
			}
			t.Logf("budget %4d seed %d: %4d tokens, %3d dropped, cut %v", budget, seed, got.Tokens, got.Dropped, got.Truncated)
		}
	}
}

// TestRenderEveryBudget sweeps small budgets, where headers, cuts and the
// "nothing fits" cases meet, with both encodings.
func TestRenderEveryBudget(t *testing.T) {
	for _, enc := range []string{"cl100k_base", "o200k_base"} {
		c := mustCounter(t, enc)
		blocks := fixture(11, 2, 3, 4, 10, 0.3)
		prev := -1
		for budget := -2; budget <= 400; budget++ {
			got := Render(c, blocks, budget, Options{Marker: "…"})
			checkInvariants(t, c, blocks, budget, Options{Marker: "…"}, got)
			if budget <= 0 && (got.Text != "" || got.Tokens != 0) {
				t.Fatalf("budget %d rendered %q", budget, got.Text)
			}
			if got.Tokens < prev-maxItemTokens(c, blocks) {
				t.Fatalf("%s budget %d: %d tokens, down from %d", enc, budget, got.Tokens, prev)
			}
			prev = got.Tokens
		}
	}
}

func TestRenderNonPositiveBudget(t *testing.T) {
	blocks := fixture(1, 2, 2, 2, 2, 0)
	for _, budget := range []int{0, -1, -1000} {
		got := Render(nil, blocks, budget, Options{})
		if got.Text != "" || got.Tokens != 0 || len(got.Blocks) != 0 || got.Dropped != 8 {
			t.Errorf("budget %d: %+v", budget, got)
		}
	}
}

func TestRenderDeterministic(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	blocks := fixture(3, 4, 8, 20, 150, 0.25)
	want := Render(c, blocks, 1500, Options{Marker: " …"})
	var wg sync.WaitGroup
	results := make([]Rendered, 8)
	for i := range results {
		wg.Go(func() { results[i] = Render(c, blocks, 1500, Options{Marker: " …"}) })
	}
	wg.Wait()
	for i, got := range results {
		if got.Text != want.Text || got.Tokens != want.Tokens || !slices.Equal(got.Truncated, want.Truncated) || got.Dropped != want.Dropped {
			t.Fatalf("render %d differs", i)
		}
	}
	// The input is not modified (items are sorted on a copy).
	if again := fixture(3, 4, 8, 20, 150, 0.25); fmt.Sprint(again) != fmt.Sprint(blocks) {
		t.Fatal("Render modified its input")
	}
}

func TestRenderBlockOrderAndPriority(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	blocks := fixture(5, 3, 3, 3, 12, 0)
	got := Render(c, blocks, 100000, Options{})
	checkInvariants(t, c, blocks, 100000, Options{}, got)
	if got.Dropped != 0 || len(got.Truncated) != 0 {
		t.Fatalf("large budget dropped %d, cut %v", got.Dropped, got.Truncated)
	}
	last := -1
	for _, b := range blocks {
		i := strings.Index(got.Text, "## "+b.Name+"\n")
		if i <= last {
			t.Fatalf("header %q at %d, previous at %d", b.Name, i, last)
		}
		last = i
	}
	if !strings.HasPrefix(got.Text, "## Topic Summaries\n- ") || !strings.Contains(got.Text, "]\n\n## Entity Profiles\n") {
		t.Fatalf("layout:\n%s", got.Text)
	}
	mem := got.Blocks["Retrieved Memories"]
	for k := 1; k < len(mem); k++ {
		if mem[k].Priority < mem[k-1].Priority {
			t.Fatalf("memories out of priority order at %d", k)
		}
		if mem[k].Priority == mem[k-1].Priority && strings.Index(got.Text, mem[k].Text) < strings.Index(got.Text, mem[k-1].Text) {
			t.Fatalf("equal priorities reordered at %d", k)
		}
	}
}

// blockTokens counts the tokens of one block's section of r.Text.
func blockTokens(c Counter, r Rendered, name string) int {
	items := r.Blocks[name]
	if len(items) == 0 {
		return 0
	}
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.Text
	}
	return c.Count("## " + name + "\n" + strings.Join(texts, "\n"))
}

func TestRenderReservedShare(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	// Many memories first, then the profiles: without a share the profiles
	// get nothing.
	for _, budget := range []int{300, 1000, 4000} {
		blocks := fixture(8, 0, 30, 0, 200, 0)
		blocks[0], blocks[1], blocks[3] = blocks[3], Block{}, blocks[1]
		got := Render(c, blocks, budget, Options{})
		if pt := blockTokens(c, got, "Entity Profiles"); pt > maxItemTokens(c, blocks) {
			t.Fatalf("budget %d, no share: profiles got %d tokens, more than the memories left", budget, pt)
		}
		blocks[3].Share = 0.3
		got = Render(c, blocks, budget, Options{})
		checkInvariants(t, c, blocks, budget, Options{}, got)
		pt := blockTokens(c, got, "Entity Profiles")
		want := int(0.3*float64(budget)) - maxItemTokens(c, blocks)
		if pt < want {
			t.Errorf("budget %d: profiles got %d tokens, want at least %d", budget, pt, want)
		}
		t.Logf("budget %d: profiles %d tokens (%d items), total %d", budget, pt, len(got.Blocks["Entity Profiles"]), got.Tokens)
	}
	// A share larger than the block needs is not held back from the blocks
	// before it.
	blocks := fixture(9, 0, 2, 0, 200, 0)
	blocks[0], blocks[1], blocks[3] = blocks[3], Block{}, blocks[1]
	blocks[3].Share = 0.5
	got := Render(c, blocks, 2000, Options{})
	checkInvariants(t, c, blocks, 2000, Options{}, got)
	if len(got.Blocks["Entity Profiles"]) != 2 {
		t.Fatalf("profiles: %d of 2", len(got.Blocks["Entity Profiles"]))
	}
	if slack := 2000 - got.Tokens; slack > maxItemTokens(c, blocks) {
		t.Errorf("unused share held back: %d tokens unused", slack)
	}
	// Shares over 1 in total are scaled, and never overflow the budget.
	blocks = fixture(10, 5, 10, 10, 50, 0.9)
	blocks[0].Share, blocks[3].Share = 0.8, 0.7
	got = Render(c, blocks, 500, Options{})
	checkInvariants(t, c, blocks, 500, Options{}, got)
}

func TestRenderEmptyBlocksOmitted(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	blocks := []Block{
		{Name: "Topic Summaries"},
		{Name: "Entity Profiles", Items: []Item{{ID: "p", Kind: KindProfile, Text: "  \n\t"}}, Share: 0.5},
		{Name: "Retrieved Memories", Items: []Item{{ID: "m", Kind: KindMemory, Text: "- [D1:1] Jon: hi", SourceTurnIDs: []string{"D1:1"}}}},
	}
	got := Render(c, blocks, 100, Options{})
	if got.Text != "## Retrieved Memories\n- [D1:1] Jon: hi" {
		t.Fatalf("Text = %q", got.Text)
	}
	if got.Dropped != 1 || len(got.Blocks) != 1 {
		t.Fatalf("Dropped = %d, Blocks = %v", got.Dropped, got.Blocks)
	}
	// A block whose first item cannot fit even cut is omitted, header too.
	blocks[2].Items[0].Text = "- Jon: " + strings.Repeat("x", 400) + " [D1:1]"
	got = Render(c, blocks, 20, Options{})
	if got.Text != "" || got.Dropped != 2 {
		t.Fatalf("Text = %q, Dropped %d", got.Text, got.Dropped)
	}
}

func TestRenderCitations(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	profile := Item{Kind: KindProfile, ID: "p1",
		Text:          "- Caroline: works as a school counselor, paints sunrises, and is going through adoption [D1:3, D2:5, D7:1]",
		SourceTurnIDs: []string{"D1:3", "D2:5", "D7:1", "D9:9"}}
	memory := Item{Kind: KindMemory, ID: "m1",
		Text:          "- [D4:2] Melanie (8 May 2023): we finally took the kids camping at the lake and it rained all weekend",
		SourceTurnIDs: []string{"D4:2"}, Carries: []string{"D4:2"}}
	blocks := []Block{{Name: "Entity Profiles", Items: []Item{profile}}, {Name: "Retrieved Memories", Items: []Item{memory}}}

	full := Render(c, blocks, 1000, Options{})
	p := full.Blocks["Entity Profiles"][0]
	if !slices.Equal(p.SourceTurnIDs, []string{"D1:3", "D2:5", "D7:1"}) {
		t.Errorf("whole profile cites %v; D9:9 is not in its text", p.SourceTurnIDs)
	}
	if got := full.Cited(); !slices.Equal(got, []string{"D1:3", "D2:5", "D7:1", "D4:2"}) {
		t.Errorf("Cited() = %v", got)
	}

	// Cut the profile: the citations go with the cut text.
	for budget := 5; budget < c.Count(profile.Text)+5; budget++ {
		got := Render(c, blocks[:1], budget, Options{})
		checkInvariants(t, c, blocks[:1], budget, Options{}, got)
		if items := got.Blocks["Entity Profiles"]; len(items) == 1 && slices.Contains(got.Truncated, "p1") {
			if len(items[0].SourceTurnIDs) == 3 {
				t.Errorf("budget %d: cut profile %q still cites all three turns", budget, items[0].Text)
			}
		}
	}

	// A memory keeps its id when cut, and is dropped when even the part up to
	// its id does not fit.
	idTokens := c.Count("## Retrieved Memories\n- [D4:2] Melanie")
	for budget := 1; budget < c.Count(memory.Text)+10; budget++ {
		got := Render(c, blocks[1:], budget, Options{Marker: " …"})
		checkInvariants(t, c, blocks[1:], budget, Options{Marker: " …"}, got)
		items := got.Blocks["Retrieved Memories"]
		if len(items) == 1 && !strings.Contains(items[0].Text, "[D4:2]") {
			t.Fatalf("budget %d: memory rendered without its id: %q", budget, items[0].Text)
		}
		if budget >= idTokens+2 && len(items) == 0 {
			t.Errorf("budget %d: memory dropped though its id fits", budget)
		}
	}
	// A memory whose text does not show its turn id is never cut.
	memory.Text = "- Melanie (8 May 2023): we finally took the kids camping at the lake"
	got := Render(c, []Block{{Name: "M", Items: []Item{memory}}}, 10, Options{})
	if got.Text != "" {
		t.Errorf("memory without visible id was cut: %q", got.Text)
	}
}

func TestCitedIn(t *testing.T) {
	ids := []string{"D1:3", "D2:5", "D1:35", "D11:3", "S1", "D1:3", ""}
	cases := map[string][]string{
		"[D1:3, D2:5]":           {"D1:3", "D2:5"},
		"see D1:35 and D11:3":    {"D1:35", "D11:3"},
		"(D1:3).":                {"D1:3"},
		"D1:3.5":                 nil,
		"XD1:3":                  nil,
		"S1:D1:3":                nil,
		"- [D1:3] Caroline: S1!": {"D1:3", "S1"},
		"D2:5_":                  nil,
		"D1:3\nD2:5":             {"D1:3", "D2:5"},
		"":                       nil,
		"[D1:3, D2":              {"D1:3"},
		"東京D1:3":                 nil,
		"東京 D1:3":                {"D1:3"},
	}
	for text, want := range cases {
		if got := CitedIn(text, ids); !slices.Equal(got, want) {
			t.Errorf("CitedIn(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestRenderUnicode(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	blocks := []Block{
		{Name: "Topic Summaries", Items: []Item{
			{ID: "t1", Kind: KindTopic, Text: "- 旅行：東京、大阪。京都に行きました！とても楽しかったです。また行きたい。[D1:1]", SourceTurnIDs: []string{"D1:1"}},
			{ID: "t2", Kind: KindTopic, Text: "- 🙂🙂 Zoë’s café naïve résumé Zürich Łódź 👩‍👩‍👧 emoji family [D1:2]", SourceTurnIDs: []string{"D1:2"}},
		}},
		{Name: "Retrieved Memories", Items: []Item{
			{ID: "m1", Kind: KindMemory, Text: "- [D2:1] Zoë: Ça va très bien, merci — 🎉🎉🎉 on fête ça ce soir à Montréal", SourceTurnIDs: []string{"D2:1"}},
			{ID: "m2", Kind: KindMemory, Text: "- [D2:2] Jon: bad \xff\xfe bytes here and there", SourceTurnIDs: []string{"D2:2"}},
		}},
	}
	for budget := 1; budget <= 160; budget++ {
		for _, marker := range []string{"", "…"} {
			got := Render(c, blocks, budget, Options{Marker: marker})
			checkInvariants(t, c, blocks, budget, Options{Marker: marker}, got)
		}
	}
	got := Render(c, blocks, 1000, Options{})
	if !strings.Contains(got.Text, "bad \uFFFD bytes") {
		t.Errorf("invalid UTF-8 not replaced: %q", got.Text)
	}
}

// wordCounter is a Counter unlike a BPE: a word count, plus a surcharge once
// the text is long, which no local context can predict. Render must still
// land within budget.
type wordCounter struct{}

func (wordCounter) Count(s string) int {
	n := len(strings.Fields(s))
	if len(s) > 600 {
		n += 25
	}
	return n
}
func (wordCounter) Name() string { return "words+surcharge" }

func TestRenderAnyCounter(t *testing.T) {
	var c wordCounter
	for _, budget := range []int{10, 50, 100, 150, 300, 1000} {
		blocks := fixture(uint64(budget), 3, 5, 10, 60, 0.2)
		got := Render(c, blocks, budget, Options{Marker: " …"})
		checkInvariants(t, c, blocks, budget, Options{Marker: " …"}, got)
	}
}

func TestRenderOptions(t *testing.T) {
	c := mustCounter(t, "cl100k_base")
	blocks := fixture(2, 1, 1, 1, 1, 0)
	opts := Options{Header: func(name string) string { return "<" + strings.ToLower(name) + ">" }, Separator: "\n---\n"}
	got := Render(c, blocks, 10000, opts)
	checkInvariants(t, c, blocks, 10000, opts, got)
	if !strings.HasPrefix(got.Text, "<topic summaries>\n- ") || strings.Count(got.Text, "\n---\n<") != 3 {
		t.Fatalf("Text:\n%s", got.Text)
	}
	opts.Header = func(string) string { return "" }
	got = Render(c, blocks, 10000, opts)
	if strings.Count(got.Text, "\n---\n- ") != 3 || !strings.HasPrefix(got.Text, "- Topic") {
		t.Fatalf("headerless Text:\n%s", got.Text)
	}
}

// TestRenderEstimateExact checks the claim behind Render's pricing: for
// OpenAI's encodings, summing Count(context+addition) - Count(context) gives
// exactly the count of the whole text, so the final check never has to take
// items back off and no budget is lost to estimation.
func TestRenderEstimateExact(t *testing.T) {
	for _, enc := range []string{"cl100k_base", "o200k_base"} {
		c := mustCounter(t, enc)
		for seed := range uint64(10) {
			for _, budget := range []int{37, 100, 555, 1000, 4000, 100000} {
				r := &renderer{c: c, opts: Options{Header: func(n string) string { return "## " + n }, Separator: "\n\n", Marker: " …"}, budget: budget, counts: map[string]int{}}
				r.prepare(fixture(seed, 4, 8, 20, 150, 0.2))
				r.reserve()
				r.fill()
				if n := c.Count(r.text()); n != r.used {
					t.Errorf("%s seed %d budget %d: estimated %d, counted %d", enc, seed, budget, r.used, n)
				}
			}
		}
	}
}

func ExampleRender() {
	c, _ := NewCounter("cl100k_base")
	blocks := []Block{
		{Name: "Entity Profiles", Share: 0.3, Items: []Item{
			{Kind: KindProfile, ID: "caroline", Text: "- Caroline: school counselor; adopting a child [D1:3, D2:5]", SourceTurnIDs: []string{"D1:3", "D2:5"}},
		}},
		{Name: "Retrieved Memories", Items: []Item{
			{Kind: KindMemory, ID: "m1", Text: "- [D1:3] Caroline (8 May 2023): I went to a LGBTQ support group yesterday and it was so powerful.", SourceTurnIDs: []string{"D1:3"}, Carries: []string{"D1:3"}},
			{Kind: KindMemory, ID: "m2", Text: "- [D2:5] Caroline (25 May 2023): The adoption agency called back today, we are on the list!", SourceTurnIDs: []string{"D2:5"}, Carries: []string{"D2:5"}},
		}},
	}
	r := Render(c, blocks, 70, Options{Marker: " …"})
	fmt.Println(r.Text)
	fmt.Println(r.Tokens, r.Tokens == c.Count(r.Text), r.Truncated, r.Dropped, r.Cited())
	// Output:
	// ## Entity Profiles
	// - Caroline: school counselor; adopting a child [D1:3, D2:5]
	//
	// ## Retrieved Memories
	// - [D1:3] Caroline (8 May 2023): I went to a LGBTQ support group yesterday and it was so powerful.
	// - [D2:5] Caroline (25 May …
	// 69 true [m2] 0 [D1:3 D2:5]
}
