package extract_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/extract/topics"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

func TestProfileConsolidationAndStaleness(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	in := extract.NewIngestor(store, nil, rules.New())
	b := extract.NewAnchorBuilder(store, nil)
	at := func(d string) *time.Time { x, _ := time.Parse("2006-01-02", d); return &x }
	turn := func(id, text, day string) []ontology.Turn {
		return []ontology.Turn{{ID: id, Session: day, Speaker: "Ria", Text: text, Timestamp: at(day)}}
	}
	if _, err := in.AddTurns(ctx, tenant, "c", turn("1", "I work at Globex as a designer.", "2023-01-10")); err != nil {
		t.Fatal(err)
	}
	ria := graph.SpeakerEntityID(tenant, "c", "Ria")
	anchor := func() ontology.Anchor {
		t.Helper()
		as, err := store.ProfileAnchors(ctx, tenant, []string{ria}, nil)
		if err != nil || len(as) != 1 {
			t.Fatalf("profile anchors: %+v, %v", as, err)
		}
		return as[0]
	}
	// The background anchor pass of any `loci serve` on the server (another
	// test package's, a developer's) rebuilds every tenant's stale profiles
	// every few seconds: a profile found built since the write was stale
	// and rebuilt, and one that new evidence did not mark stale is never
	// rebuilt, so "stale, or rebuilt since" still fails without the mark.
	if a := anchor(); !a.Stale && a.BuiltAt.IsZero() {
		t.Fatalf("profile not stale before any build: %+v", a)
	}
	if err := b.RefreshProfile(ctx, tenant, ria); err != nil {
		t.Fatal(err)
	}
	a := anchor()
	built := a.BuiltAt
	if a.Stale || len(a.Lines) < 2 || !strings.Contains(a.Lines[1].Text, "Globex") {
		t.Fatalf("built profile = %+v", a)
	}
	for _, l := range a.Lines[1:] {
		if len(l.SourceTurnIDs) == 0 {
			t.Fatalf("profile line %q cites no turn", l.Text)
		}
	}
	// New evidence about Ria marks the profile stale; the rebuild
	// consolidates it: the new employer current, the old one kept as former.
	if _, err := in.AddTurns(ctx, tenant, "c", turn("2", "I just started working at Initech.", "2023-06-01")); err != nil {
		t.Fatal(err)
	}
	if a := anchor(); !a.Stale && !a.BuiltAt.After(built) {
		t.Fatalf("profile not stale after new evidence: %+v", a)
	}
	if err := b.RefreshProfile(ctx, tenant, ria); err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, l := range anchor().Lines {
		text += l.Text + "\n"
	}
	if !strings.Contains(text, "employer: Initech") || !strings.Contains(text, "formerly employer: Globex") {
		t.Fatalf("consolidated profile:\n%s", text)
	}
}

// A hand-written conversation of four sessions with one theme running
// across three of them (an adoption) and chit-chat around it.
func TestTopicsBuiltAndStored(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	addAdoptionSessions(t, store, tenant)
	// Stale, or already rebuilt by the background anchor pass of another
	// process on the server (see TestProfileConsolidationAndStaleness).
	if stale, built, err := store.TopicsStale(ctx, tenant, "c"); err != nil || !stale && built.IsZero() {
		t.Fatalf("topics stale = %v (built %v), %v; want stale after new turns", stale, built, err)
	}
	if err := extract.NewAnchorBuilder(store, nil).RefreshTopics(ctx, tenant, "c"); err != nil {
		t.Fatal(err)
	}
	if stale, built, _ := store.TopicsStale(ctx, tenant, "c"); stale || built.IsZero() {
		t.Fatal("topics still stale after the build")
	}
	topics, err := store.TopicAnchors(ctx, tenant, "c", nil)
	if err != nil || len(topics) == 0 {
		t.Fatalf("topics = %+v, %v", topics, err)
	}
	var adoption *ontology.Anchor
	for i := range topics {
		if strings.Contains(strings.ToLower(topics[i].Title), "adoption") || strings.Contains(strings.ToLower(topics[i].Title), "agency") {
			adoption = &topics[i]
		}
	}
	if adoption == nil {
		t.Fatalf("no adoption topic among %+v", topics)
	}
	cites := map[string]bool{}
	for _, id := range adoption.SourceTurnIDs {
		cites[id] = true
	}
	for _, id := range []string{"t1", "t3", "t7", "t13"} {
		if !cites[id] {
			t.Errorf("adoption topic does not cover %s: %v", id, adoption.SourceTurnIDs)
		}
	}
	if cites["t4"] || cites["t10"] {
		t.Errorf("adoption topic covers chit-chat: %v", adoption.SourceTurnIDs)
	}
	if adoption.When == nil || adoption.When.Start.Month() != time.March || adoption.When.End.Before(time.Date(2023, 6, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("adoption span = %+v", adoption.When)
	}
	page, _ := store.Turns(ctx, tenant, "c", -1, 100)
	texts := map[string]string{}
	for _, tr := range page.Turns {
		texts[tr.ID] = tr.Text
	}
	for _, l := range adoption.Lines {
		if len(l.SourceTurnIDs) != 1 {
			t.Fatalf("summary line %q cites %v", l.Text, l.SourceTurnIDs)
		}
		_, sentence, _ := strings.Cut(l.Text, ": ")
		if !strings.Contains(texts[l.SourceTurnIDs[0]], sentence) {
			t.Errorf("summary sentence %q is not verbatim from turn %s %q", sentence, l.SourceTurnIDs[0], texts[l.SourceTurnIDs[0]])
		}
	}
}

// addAdoptionSessions stores a hand-written four-session conversation "c":
// an adoption process that runs through sessions 1, 2 and 4, between
// chit-chat (turns t1…t15, one session a month from March 2023).
func addAdoptionSessions(t *testing.T, store *graph.Store, tenant string) {
	t.Helper()
	ctx := context.Background()
	in := extract.NewIngestor(store, nil)
	sessions := [][]string{
		{"Caroline: I finally called the adoption agency about adopting a child.", "Melanie: That is wonderful news about the adoption!",
			"Caroline: The agency said the home study comes first.", "Melanie: The weather was lovely today.", "Caroline: Yes, sunny and warm."},
		{"Melanie: I bought new running shoes.", "Caroline: The home study for the adoption went well, the agency was kind.",
			"Melanie: So the adoption agency approved the home study?", "Caroline: They did, next come the adoption papers."},
		{"Caroline: I watched a movie last night.", "Melanie: Which one?", "Caroline: A comedy, it was fun."},
		{"Caroline: I signed the adoption papers at the agency today!", "Melanie: The adoption is really happening, congratulations!",
			"Caroline: The agency says the child could come home next month."},
	}
	n := 0
	for si, ses := range sessions {
		day := time.Date(2023, time.Month(3+si), 1, 10, 0, 0, 0, time.UTC)
		var turns []ontology.Turn
		for _, line := range ses {
			spk, text, _ := strings.Cut(line, ": ")
			n++
			ts := day.Add(time.Duration(n) * time.Minute)
			turns = append(turns, ontology.Turn{ID: fmt.Sprintf("t%d", n), Session: fmt.Sprint(si + 1), Speaker: spk, Text: text, Timestamp: &ts})
		}
		if _, err := in.AddTurns(ctx, tenant, "c", turns); err != nil {
			t.Fatal(err)
		}
	}
}

// countingStore counts TopicMaterial calls, and how many run at once, on
// the real store; gate, when not nil, holds every call until it is closed.
type countingStore struct {
	*graph.Store
	gate                chan struct{}
	mu                  sync.Mutex
	calls, now, maxSeen int
}

func (c *countingStore) TopicMaterial(ctx context.Context, tenant, conversation string) (ontology.TopicMaterial, error) {
	c.mu.Lock()
	c.calls++
	c.now++
	c.maxSeen = max(c.maxSeen, c.now)
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.now--
		c.mu.Unlock()
	}()
	if c.gate != nil {
		<-c.gate
	}
	return c.Store.TopicMaterial(ctx, tenant, conversation)
}

// TestTopicRebuildsShared: eight readers of one stale conversation share
// one rebuild (one read of its material, not eight), and rebuilds of many
// conversations run at most GOMAXPROCS at once, so a burst of /v1/context
// calls does not hold one similarity matrix per caller.
func TestTopicRebuildsShared(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	addAdoptionSessions(t, store, tenant)

	cs := &countingStore{Store: store, gate: make(chan struct{})}
	b := extract.NewAnchorBuilder(cs, nil)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- b.RefreshTopics(ctx, tenant, "c")
		}()
	}
	time.Sleep(300 * time.Millisecond) // every caller joins the first rebuild
	close(cs.gate)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	// One shared rebuild; a second only if a caller was scheduled after
	// the first ended (a loaded machine). Without sharing it would be 8.
	if cs.calls > 2 {
		t.Errorf("8 concurrent rebuilds of one conversation read its material %d times, want 1", cs.calls)
	}
	if stale, _, err := store.TopicsStale(ctx, tenant, "c"); err != nil || stale {
		t.Errorf("topics stale = %v, %v after the shared rebuild", stale, err)
	}

	// Many conversations at once: at most GOMAXPROCS rebuild together.
	in := extract.NewIngestor(store, nil)
	convs := runtime.GOMAXPROCS(0) + 3
	for i := range convs {
		turns := []ontology.Turn{{ID: "a", Speaker: "Ann", Text: "I started the adoption papers with the agency today."},
			{ID: "b", Speaker: "Bo", Text: "The adoption agency will do the home study next."}}
		if _, err := in.AddTurns(ctx, tenant, fmt.Sprintf("m%d", i), turns); err != nil {
			t.Fatal(err)
		}
	}
	cs = &countingStore{Store: store}
	b = extract.NewAnchorBuilder(cs, nil)
	errs = make(chan error, convs)
	for i := range convs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- b.RefreshTopics(ctx, tenant, fmt.Sprintf("m%d", i))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if cs.calls != convs || cs.maxSeen > runtime.GOMAXPROCS(0) {
		t.Errorf("%d conversations: %d material reads, at most %d at once; want %d, at most %d",
			convs, cs.calls, cs.maxSeen, convs, runtime.GOMAXPROCS(0))
	}
}

// TestTopicMaterialBounded: the material of a conversation longer than the
// topics' window is its last topics.DefaultMaxTurns turns, in order, so
// neither the record read from Neo4j nor the similarity matrix grows with
// the conversation.
func TestTopicMaterialBounded(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	in := extract.NewIngestor(store, nil)
	total := topics.DefaultMaxTurns + 150
	for start := 0; start < total; start += 1000 {
		var turns []ontology.Turn
		for i := start; i < min(start+1000, total); i++ {
			turns = append(turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Session: fmt.Sprint(i / 100), Speaker: "Ann",
				Text: fmt.Sprintf("Turn %d about the garden and the tomatoes.", i)})
		}
		if _, err := in.AddTurns(ctx, tenant, "long", turns); err != nil {
			t.Fatal(err)
		}
	}
	m, err := store.TopicMaterial(ctx, tenant, "long")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Turns) != topics.DefaultMaxTurns {
		t.Fatalf("material has %d turns, want the last %d of %d", len(m.Turns), topics.DefaultMaxTurns, total)
	}
	if first, last := m.Turns[0].ID, m.Turns[len(m.Turns)-1].ID; first != fmt.Sprintf("t%d", total-topics.DefaultMaxTurns) || last != fmt.Sprintf("t%d", total-1) {
		t.Errorf("material runs %s…%s, want the last turns in order", first, last)
	}
}
