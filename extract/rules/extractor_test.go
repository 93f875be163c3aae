package rules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

// chatTurns is a small conversation of typical chat turns (100–200 bytes)
// mixing statements the rules read with chatter they must leave alone.
var chatTurns = []string{
	"Hey Mel! Guess what? I moved to Boston from Sweden 4 years ago and I still love it here.",
	"Wow, that's amazing Caroline! My sister Dana lives there too. She works at Acme Corp as a designer.",
	"I went to a pottery class yesterday. It was so relaxing, I think I'll go again next week!",
	"Last weekend we went camping with the kids. My son Leo caught his first fish, he was so proud.",
	"That sounds lovely. I'm a counselor at Lincoln High School, so weekends are precious to me.",
	"I adopted a puppy named Biscuit last month! He's a handful but I love him so much.",
	"My cousin Dana founded Acme, and Acme makes rocket engines. Crazy, right? I'm so proud of her.",
	"I love painting and hiking. What about you? Do you have any hobbies you enjoy these days?",
	"Thanks Caroline, that means a lot. I'm trying to take it one day at a time.",
	"I just turned 40, can you believe it? My wife Anna threw me a surprise party on Friday.",
	"I don't work at Google anymore. I joined a small startup called Brightline as an engineer.",
	"Yesterday was great! We watched \"The Midnight Library\" adaptation and I cried a little.",
}

func chatRequest(n int) ontology.ExtractRequest {
	base := time.Date(2023, time.May, 8, 13, 56, 0, 0, time.UTC)
	speakers := []string{"Caroline", "Mel"}
	req := ontology.ExtractRequest{Tenant: "default", Conversation: "c1", Speakers: speakers}
	for i := 0; i < n; i++ {
		ts := base.Add(time.Duration(i) * time.Minute)
		req.Turns = append(req.Turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Speaker: speakers[i%2],
			Text: chatTurns[i%len(chatTurns)], Timestamp: &ts})
	}
	return req
}

func turnIDs(req ontology.ExtractRequest) map[string]bool {
	ids := map[string]bool{}
	for _, t := range req.Turns {
		ids[t.ID] = true
	}
	return ids
}

func TestExtractorIdentity(t *testing.T) {
	var x ontology.Extractor = New()
	if x.ID() != ontology.ExtractorRules {
		t.Fatalf("ID() = %q", x.ID())
	}
	_, usage, err := x.Extract(context.Background(), ontology.ExtractRequest{})
	if err != nil || usage.Extractor != "rules" || usage.Calls != 0 || usage.PromptTokens != 0 {
		t.Fatalf("empty batch: usage %+v err %v", usage, err)
	}
}

func TestBatchMergesAndCites(t *testing.T) {
	req := chatRequest(len(chatTurns))
	x, _, err := New().Extract(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, x, turnIDs(req))
	seen := map[string]bool{}
	for _, e := range x.Entities {
		key := string(e.Type) + "/" + ontology.NormaliseName(e.Name)
		if seen[key] {
			t.Errorf("entity %s listed twice", key)
		}
		seen[key] = true
	}
	// Dana is named in turns 1 and 6, as Person both times.
	dana := findEntity(x, "Dana")
	if dana == nil || dana.Type != person || !reflect.DeepEqual(dana.SourceTurnIDs, []string{"t1", "t6"}) {
		t.Errorf("Dana = %+v", dana)
	}
	// "She works at Acme Corp" follows "My sister Dana": Dana's job, not
	// the speaker's. Acme Corp (turn 1) and Acme (turn 6) are different names.
	if r := findRelation(x, ontology.RelWorksAt, "Acme Corp"); r == nil || r.From.Name != "Dana" {
		t.Errorf("Dana's job = %+v", r)
	}
	// The speaker of turn 0 moved; the speaker of turn 1 did not.
	if r := findRelation(x, ontology.RelMovedTo, "Boston"); r == nil || r.From.Name != "Caroline" {
		t.Errorf("MOVED_TO = %+v", r)
	}
	if r := findRelation(x, ontology.RelPartnerOf, "Anna"); r == nil || r.From.Name != "Mel" {
		t.Errorf("PARTNER_OF = %+v", r)
	}
	if r := findRelation(x, ontology.RelWorksAt, "Brightline"); r == nil || r.Role != "engineer" {
		t.Errorf("WORKS_AT Brightline = %+v", r)
	}
}

// TestSameAcrossTurns merges one fact said in two turns.
func TestSameAcrossTurns(t *testing.T) {
	ts := ref
	req := ontology.ExtractRequest{Turns: []ontology.Turn{
		{ID: "a", Speaker: "Sam", Text: "I live in Seattle.", Timestamp: &ts},
		{ID: "b", Speaker: "Sam", Text: "Yes, I live in Seattle.", Timestamp: &ts},
	}}
	x, _, _ := New().Extract(context.Background(), req)
	checkInvariants(t, x, turnIDs(req))
	if len(x.Relations) != 1 || !reflect.DeepEqual(x.Relations[0].SourceTurnIDs, []string{"a", "b"}) {
		t.Errorf("relations %+v", x.Relations)
	}
}

func TestDeterministic(t *testing.T) {
	req := chatRequest(48)
	a, _, _ := New().Extract(context.Background(), req)
	b, _, _ := New().Extract(context.Background(), req)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs differ")
	}
}

// TestConcurrent runs one extractor from many goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	x := New()
	req := chatRequest(36)
	want, _, _ := x.Extract(context.Background(), req)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				got, _, err := x.Extract(context.Background(), req)
				if err != nil || !reflect.DeepEqual(got, want) {
					errs <- fmt.Errorf("run %d differs (err %v)", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	x, usage, err := New().Extract(ctx, chatRequest(10))
	if !errors.Is(err, context.Canceled) || usage.Error == "" || !x.Empty() {
		t.Fatalf("err %v usage %+v extraction %+v", err, usage, x)
	}
}

// TestOddTurns feeds turns the store could hold but patterns rarely see.
func TestOddTurns(t *testing.T) {
	ts := ref
	odd := []string{
		"", " ", "I", "my", "My sister", "I'm a", "I moved to", "I love", "\"", "\"\"", "...", "!!!?",
		"I'm 999 years old", "I turned 2 pages", "my name is", "call me", "Dana is my", "is my sister",
		"2023-13-45", "May 32, 2023", "on the 31st of February", "12345678901234567890 days ago",
		strings.Repeat("I love painting. ", 200), strings.Repeat("a", 700) + " I moved to Boston.",
		"I moved to Boston" + strings.Repeat(" and more", 80) + " yesterday.",
		"ÉMILE est à Paris 🎉🎉 I love café ☕️ and crêpes!", "\x00\x01 I live in Oslo",
	}
	for _, text := range odd {
		req := ontology.ExtractRequest{Turns: []ontology.Turn{{ID: "t1", Speaker: "Sam", Text: text, Timestamp: &ts}}}
		x, _, err := New().Extract(context.Background(), req)
		if err != nil {
			t.Errorf("%q: %v", text, err)
		}
		checkInvariants(t, x, turnIDs(req))
	}
	// A turn without an id or speaker yields nothing about a speaker.
	req := ontology.ExtractRequest{Turns: []ontology.Turn{{ID: "", Speaker: "Sam", Text: "I live in Oslo."},
		{ID: "t2", Speaker: "", Text: "I live in Oslo."}}}
	x, _, _ := New().Extract(context.Background(), req)
	if len(x.Relations)+len(x.Profile) != 0 {
		t.Errorf("speakerless turns gave %+v", x)
	}
}

// TestSanitiseLoCoMo runs the bundled LoCoMo sample (and the full dataset
// when it is present) through the extractor and SanitiseExtraction.
func TestSanitiseLoCoMo(t *testing.T) {
	for _, path := range []string{"../testdata/mini_locomo.json", config.MustLoad().LoCoMoPath()} {
		convs, err := loadLoCoMo(path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			t.Fatalf("%s: %v", path, err)
		}
		for _, req := range convs {
			x, _, err := New().Extract(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, x, turnIDs(req))
		}
	}
}

// loadLoCoMo reads a LoCoMo-format file into one request per conversation,
// timestamping turns with their session's date.
func loadLoCoMo(path string) ([]ontology.ExtractRequest, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var data []struct {
		SampleID     string                     `json:"sample_id"`
		Conversation map[string]json.RawMessage `json:"conversation"`
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", path, err)
	}
	var out []ontology.ExtractRequest
	for ci, c := range data {
		req := ontology.ExtractRequest{Conversation: fmt.Sprintf("conv-%d", ci)}
		var sessions []int
		for k := range c.Conversation {
			var n int
			if _, err := fmt.Sscanf(k, "session_%d", &n); err == nil && !strings.HasSuffix(k, "date_time") {
				sessions = append(sessions, n)
			}
		}
		sort.Ints(sessions)
		for _, n := range sessions {
			key := fmt.Sprintf("session_%d", n)
			var when string
			_ = json.Unmarshal(c.Conversation[key+"_date_time"], &when)
			var ts *time.Time
			if t, err := time.Parse("3:04 pm on 2 January, 2006", when); err == nil {
				ts = &t
			}
			var turns []struct {
				Speaker string `json:"speaker"`
				DiaID   string `json:"dia_id"`
				Text    string `json:"text"`
			}
			if err := json.Unmarshal(c.Conversation[key], &turns); err != nil {
				continue
			}
			for _, tu := range turns {
				req.Turns = append(req.Turns, ontology.Turn{ID: tu.DiaID, Speaker: tu.Speaker, Text: tu.Text, Timestamp: ts})
			}
		}
		out = append(out, req)
	}
	return out, nil
}

// BenchmarkExtract measures throughput on typical chat turns and reports
// turns per second on one core.
func BenchmarkExtract(b *testing.B) {
	req := chatRequest(len(chatTurns) * 4)
	x := New()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := x.Extract(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(req.Turns))/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkExtractLoCoMo measures throughput on the LoCoMo dataset, when
// present (about 5,900 real chat turns).
func BenchmarkExtractLoCoMo(b *testing.B) {
	convs, err := loadLoCoMo(config.MustLoad().LoCoMoPath())
	if err != nil {
		b.Skip(err)
	}
	x := New()
	ctx := context.Background()
	turns := 0
	for _, req := range convs {
		turns += len(req.Turns)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, req := range convs {
			if _, _, err := x.Extract(ctx, req); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*turns)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkExtractLoCoMoSessions measures the rules extractor on LoCoMo as
// ingest runs it with the similarity stage: a batch per session, the
// previous session's last six turns as context, candidates too.
func BenchmarkExtractLoCoMoSessions(b *testing.B) {
	convs, err := loadLoCoMo(config.MustLoad().LoCoMoPath())
	if err != nil {
		b.Skip(err)
	}
	var reqs []ontology.ExtractRequest
	turns := 0
	for _, c := range convs {
		speakers := map[string]bool{}
		var names []string
		for start := 0; start < len(c.Turns); {
			end := start + 1
			for end < len(c.Turns) && sameTime(c.Turns[end].Timestamp, c.Turns[start].Timestamp) {
				end++
			}
			for _, t := range c.Turns[start:end] {
				if !speakers[t.Speaker] {
					speakers[t.Speaker] = true
					names = append(names, t.Speaker)
				}
			}
			req := ontology.ExtractRequest{Conversation: c.Conversation, Turns: c.Turns[start:end],
				Context: c.Turns[max(0, start-6):start], Speakers: slices.Clone(names)}
			reqs = append(reqs, req)
			turns += end - start
			start = end
		}
	}
	x := New()
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, req := range reqs {
			if _, _, _, err := x.ExtractCandidates(ctx, req); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*turns)/b.Elapsed().Seconds(), "turns/s")
}

// sameTime reports whether a and b are the same session time (nil both).
func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}
