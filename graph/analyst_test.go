package graph_test

import (
	"context"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// analystConversation writes samKnowledge (Sam's cousin Dana founded Acme,
// which makes solar panels) and three more batches: Sam moved to Lisbon
// and works at Initech, then joins Acme (a profile update), then says so
// again (a profile skip); plus two topics. It returns the turns by id.
func analystConversation(t *testing.T, s *graph.Store, tenant, conv string) map[string]ontology.Turn {
	t.Helper()
	ctx := context.Background()
	turns, x := samKnowledge()
	addKnowledge(t, s, tenant, conv, turns, x)

	place := func(n string) ontology.EntityRef { return ontology.EntityRef{Name: n, Type: ontology.EntityPlace} }
	sam, dana, ria := person("Sam"), person("Dana"), person("Ria")
	acme, initech, lisbon := org("Acme"), org("Initech"), place("Lisbon")
	rel := func(typ ontology.RelationType, from, to ontology.EntityRef, validFrom, validTo *time.Time, ids ...string) ontology.Relation {
		return ontology.Relation{Type: typ, From: from, To: to, Confidence: 0.8, ValidFrom: validFrom, ValidTo: validTo,
			SourceTurnIDs: ids, Extractor: "test"}
	}
	employer := func(value, when string, id string) ontology.ProfileFact {
		return ontology.ProfileFact{Subject: sam, Topic: "work", SubTopic: "employer", Value: value, Confidence: 0.9,
			ValidFrom: graphtest.At(when), SourceTurnIDs: []string{id}, Extractor: "test"}
	}

	t5 := ontology.Turn{ID: "5", Session: "s2", Speaker: "Sam", Text: "I moved to Lisbon two years ago and I work at Initech.", Timestamp: graphtest.At("2023-06-01T10:01:00Z")}
	addKnowledge(t, s, tenant, conv, []ontology.Turn{t5}, ontology.Extraction{
		Entities: []ontology.EntityMention{
			{EntityRef: lisbon, SourceTurnIDs: []string{"5"}},
			{EntityRef: initech, SourceTurnIDs: []string{"5"}},
		},
		Relations: []ontology.Relation{
			rel(ontology.RelMovedTo, sam, lisbon, nil, nil, "5"),
			rel(ontology.RelWorksAt, sam, initech, nil, graphtest.At("2023-08-01T00:00:00Z"), "5"),
		},
		Events: []ontology.Event{{Participants: []ontology.EntityRef{sam}, What: "Sam moved to Lisbon", Where: &lisbon,
			When:          &ontology.TimeSpan{Start: time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC), Granularity: "year", Phrase: "two years ago"},
			SourceTurnIDs: []string{"5"}, Confidence: 0.7, Extractor: "test"}},
		Profile: []ontology.ProfileFact{employer("Initech", "2023-06-01T10:01:00Z", "5")},
	})

	t6 := ontology.Turn{ID: "6", Session: "s3", Speaker: "Sam", Text: "I joined Acme last month, so Ria and I celebrated.", Timestamp: graphtest.At("2023-09-01T09:00:00Z")}
	addKnowledge(t, s, tenant, conv, []ontology.Turn{t6}, ontology.Extraction{
		Entities:  []ontology.EntityMention{{EntityRef: acme, SourceTurnIDs: []string{"6"}}},
		Relations: []ontology.Relation{rel(ontology.RelWorksAt, sam, acme, graphtest.At("2023-08-01T00:00:00Z"), nil, "6")},
		Events: []ontology.Event{
			// Written before the dated one, to show the order is by when.
			{Participants: []ontology.EntityRef{sam, ria}, What: "Sam and Ria celebrated", SourceTurnIDs: []string{"6"}, Confidence: 0.6, Extractor: "test"},
			{Participants: []ontology.EntityRef{sam, acme}, What: "Sam joined Acme",
				When:          &ontology.TimeSpan{Start: time.Date(2023, 8, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 9, 1, 0, 0, 0, 0, time.UTC), Granularity: "month", Phrase: "last month"},
				SourceTurnIDs: []string{"6"}, Confidence: 0.7, Extractor: "test"},
		},
		Profile: []ontology.ProfileFact{employer("Acme", "2023-09-01T09:00:00Z", "6")},
	})

	t7 := ontology.Turn{ID: "7", Session: "s3", Speaker: "Ria", Text: "So you work with Dana now?", Timestamp: graphtest.At("2023-09-01T09:01:00Z")}
	t8 := ontology.Turn{ID: "8", Session: "s3", Speaker: "Sam", Text: "Yes, at ACME, with Dana.", Timestamp: graphtest.At("2023-09-01T09:02:00Z")}
	addKnowledge(t, s, tenant, conv, []ontology.Turn{t7, t8}, ontology.Extraction{
		Entities: []ontology.EntityMention{
			{EntityRef: dana, SourceTurnIDs: []string{"7", "8"}},
			{EntityRef: acme, SourceTurnIDs: []string{"8"}},
		},
		Profile: []ontology.ProfileFact{employer("ACME", "2023-09-01T09:02:00Z", "8")},
	})

	m, err := s.TopicMaterial(ctx, tenant, conv)
	if err != nil {
		t.Fatal(err)
	}
	line := func(text, id string) ontology.AnchorLine {
		return ontology.AnchorLine{Text: text, SourceTurnIDs: []string{id}}
	}
	topics := []ontology.StoredTopic{
		{Key: "family", Label: "family", Participants: []string{"Sam", "Dana Reyes"},
			Sentences:     []ontology.AnchorLine{line("Sam: My cousin Dana founded a company last year.", "1")},
			Span:          &ontology.TimeSpan{Start: time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 3, 2, 0, 0, 0, 0, time.UTC)},
			SourceTurnIDs: []string{"1", "2"}},
		{Key: "acme", Label: "acme, solar", Participants: []string{"Sam", "Acme", "Dana Reyes"},
			Sentences:     []ontology.AnchorLine{line("Sam: Acme makes solar panels now.", "4"), line("Sam: I joined Acme last month, so Ria and I celebrated.", "6")},
			Span:          &ontology.TimeSpan{Start: time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 9, 2, 0, 0, 0, 0, time.UTC)},
			SourceTurnIDs: []string{"8", "3", "4", "6"}},
	}
	// The background anchor pass of a server another test package runs on
	// the same Neo4j may have read this conversation while its topics were
	// stale and save its own build after ours. Ours clears the staleness, so
	// that happens at most once: save again until ours are the ones stored.
	for try := 0; ; try++ {
		if err := s.SaveTopics(ctx, tenant, conv, m.Version, topics); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second) // a rebuild in flight saves within it
		rows := runAnalyst(t, s, "analyst_topics", map[string]any{"tenant": tenant, "conversation": conv})
		if len(rows) == len(topics) {
			break
		}
		if try == 4 {
			t.Fatalf("topics saved %d times, %d stored, want %d", try+1, len(rows), len(topics))
		}
	}

	byID := map[string]ontology.Turn{}
	for _, tt := range append(turns, t5, t6, t7, t8) {
		byID[tt.ID] = tt
	}
	return byID
}

func runAnalyst(t *testing.T, s *graph.Store, name string, params map[string]any) []map[string]any {
	t.Helper()
	rows, err := s.Analyst(context.Background(), name, params)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rows
}

// cited returns the turn ids of a list of turn lines ("id [date] speaker:
// text") and checks each line carries its turn's date, speaker and text.
func cited(t *testing.T, v any, want map[string]ontology.Turn) []string {
	t.Helper()
	var ids []string
	for _, x := range v.([]any) {
		line := x.(string)
		id, _, _ := strings.Cut(line, " ")
		w := want[id]
		if exp := id + " [" + w.Timestamp.UTC().Format("2006-01-02") + "] " + w.Speaker + ": " + w.Text; line != exp {
			t.Errorf("turn line %q, want %q", line, exp)
		}
		ids = append(ids, id)
	}
	return ids
}

func strList(v any) []string {
	out := []string{}
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestAnalystQueries(t *testing.T) {
	s := graphtest.Store(t)
	tenant := graphtest.Tenant(t, s)
	turns := analystConversation(t, s, tenant, "c1")
	p := func(kv ...string) map[string]any {
		m := map[string]any{"tenant": tenant, "conversation": "c1"}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	ran := map[string]bool{}
	run := func(name string, params map[string]any) []map[string]any {
		ran[name] = true
		return runAnalyst(t, s, name, params)
	}

	t.Run("said_about", func(t *testing.T) {
		rows := run("analyst_said_about", p("person", "sam"))
		got := map[string]map[string]any{}
		var order []string
		for _, r := range rows {
			if r["speaker"] != "Sam" {
				t.Fatalf("speaker = %v", r["speaker"])
			}
			about := r["about"].(string)
			got[about], order = r, append(order, about)
		}
		if _, self := got["Sam"]; self {
			t.Fatalf("Sam's own entity listed: %v", order)
		}
		if len(order) < 4 || order[0] != "Acme" || order[1] != "Dana Reyes" {
			t.Fatalf("entities Sam spoke about = %v, want Acme, Dana Reyes first", order)
		}
		acme, dana := got["Acme"], got["Dana Reyes"]
		if ids := cited(t, acme["turns"], turns); !reflect.DeepEqual(ids, []string{"1", "3", "4", "6", "8"}) || acme["mentions"] != int64(5) {
			t.Errorf("Acme turns = %v (mentions %v)", ids, acme["mentions"])
		}
		if ids := cited(t, dana["turns"], turns); !reflect.DeepEqual(ids, []string{"1", "3", "8"}) || dana["type"] != "Person" {
			t.Errorf("Dana turns = %v, type %v", ids, dana["type"])
		}
		if f := strList(acme["facts"]); !reflect.DeepEqual(f, []string{"Acme makes solar panels."}) {
			t.Errorf("facts about Acme = %v", f)
		}
		if f := strList(dana["facts"]); !reflect.DeepEqual(f, []string{"Dana is Sam's cousin."}) {
			t.Errorf("facts about Dana = %v", f)
		}
		if r := strList(acme["relations"]); !reflect.DeepEqual(r, []string{"Acme MAKES solar panels", "Dana Reyes CREATED Acme", "Sam WORKS_AT Acme"}) {
			t.Errorf("relations of Acme = %v", r)
		}
		if r := strList(dana["relations"]); !reflect.DeepEqual(r, []string{"Dana Reyes CREATED Acme", "Sam FAMILY_OF (cousin) Dana Reyes"}) {
			t.Errorf("relations of Dana = %v", r)
		}
		// Entities named as relation ends or event participants count as
		// mentioned in the turns they were drawn from.
		for name, want := range map[string]string{"Initech": "5", "Lisbon": "5", "Ria": "6", "solar panels": "4"} {
			if r, ok := got[name]; !ok || !reflect.DeepEqual(cited(t, r["turns"], turns), []string{want}) {
				t.Errorf("%s = %v, want mentioned in turn %s", name, r, want)
			}
		}
		// Ria named only Dana, in turn 7.
		ria := run("analyst_said_about", p("person", "Ria"))
		if len(ria) != 1 || ria[0]["about"] != "Dana Reyes" || !reflect.DeepEqual(cited(t, ria[0]["turns"], turns), []string{"7"}) {
			t.Errorf("Ria said about = %v", ria)
		}
	})

	t.Run("paths", func(t *testing.T) {
		rows := run("analyst_paths", p("from", "dana", "to", "SOLAR PANELS"))
		if len(rows) != 1 {
			t.Fatalf("paths Dana→solar panels = %v, want one", rows)
		}
		r := rows[0]
		if r["hops"] != int64(2) || !reflect.DeepEqual(strList(r["entities"]), []string{"Dana Reyes", "Acme", "solar panels"}) {
			t.Fatalf("path = %v / %v", r["hops"], r["entities"])
		}
		steps := r["steps"].([]any)
		want := []struct {
			from, typ, to string
			turns         []string
		}{{"Dana Reyes", "CREATED", "Acme", []string{"1", "3"}}, {"Acme", "MAKES", "solar panels", []string{"4"}}}
		for i, w := range want {
			st := steps[i].(map[string]any)
			if st["from"] != w.from || st["type"] != w.typ || st["to"] != w.to || st["confidence"] != 0.9 {
				t.Errorf("step %d = %v, want %s %s %s", i, st, w.from, w.typ, w.to)
			}
			if ids := cited(t, st["source_turns"], turns); !reflect.DeepEqual(ids, w.turns) {
				t.Errorf("step %d source turns = %v, want %v", i, ids, w.turns)
			}
		}
		if _, ok := r["path"]; !ok {
			t.Errorf("no path column for Browser's graph view")
		}

		// Shortest only: Sam reaches the panels through his employer in 2
		// hops (not through his cousin in 3); the WORKS_AT step keeps its
		// validity. An alias ("Dana Reyes") and a fixed cap of 4 hops.
		rows = run("analyst_paths", p("from", "Sam", "to", "solar panels"))
		if len(rows) != 1 || !reflect.DeepEqual(strList(rows[0]["entities"]), []string{"Sam", "Acme", "solar panels"}) {
			t.Fatalf("paths Sam→solar panels = %v", rows)
		}
		st := rows[0]["steps"].([]any)[0].(map[string]any)
		if vf, ok := st["valid_from"].(time.Time); st["type"] != "WORKS_AT" || !ok || !vf.Equal(*graphtest.At("2023-08-01T00:00:00Z")) {
			t.Errorf("Sam→Acme step = %v", st)
		}
		rows = run("analyst_paths", p("from", "Lisbon", "to", "Dana Reyes"))
		if len(rows) != 1 || rows[0]["hops"] != int64(2) {
			t.Errorf("paths Lisbon→Dana Reyes = %v", rows)
		}
		if rows := run("analyst_paths", p("from", "Ria", "to", "Acme")); len(rows) != 0 {
			t.Errorf("Ria has no relations, yet paths = %v", rows)
		}
	})

	t.Run("timeline", func(t *testing.T) {
		rows := run("analyst_timeline", p("person", "SAM"))
		var what []string
		for _, r := range rows {
			what = append(what, r["what"].(string))
		}
		if !reflect.DeepEqual(what, []string{"Sam moved to Lisbon", "Sam joined Acme", "Sam and Ria celebrated"}) {
			t.Fatalf("Sam's timeline = %v", what)
		}
		moved, joined, party := rows[0], rows[1], rows[2]
		if moved["happened"] != "2021" || joined["happened"] != "2023-08" || party["happened"] != nil {
			t.Errorf("happened = %v, %v, %v; want 2021, 2023-08, nil", moved["happened"], joined["happened"], party["happened"])
		}
		if ws, ok := moved["when_start"].(time.Time); !ok || ws.Year() != 2021 || moved["phrase"] != "two years ago" || moved["granularity"] != "year" {
			t.Errorf("moved = %v", moved)
		}
		if !reflect.DeepEqual(strList(moved["place"]), []string{"Lisbon"}) || !reflect.DeepEqual(cited(t, moved["source"], turns), []string{"5"}) {
			t.Errorf("moved place/source = %v / %v", moved["place"], moved["source"])
		}
		if joined["phrase"] != "last month" || !reflect.DeepEqual(strList(joined["others"]), []string{"Acme"}) {
			t.Errorf("joined = %v", joined)
		}
		if party["when_start"] != nil || !reflect.DeepEqual(strList(party["others"]), []string{"Ria"}) ||
			!reflect.DeepEqual(cited(t, party["source"], turns), []string{"6"}) {
			t.Errorf("undated event = %v", party)
		}
		dana := run("analyst_timeline", p("person", "Dana Reyes"))
		if len(dana) != 1 || dana[0]["what"] != "Dana founded Acme" || dana[0]["phrase"] != "last year" || dana[0]["person"] != "Dana Reyes" {
			t.Errorf("Dana's timeline = %v", dana)
		}
	})

	t.Run("profile", func(t *testing.T) {
		rows := run("analyst_profile", p("person", "sam"))
		if len(rows) != 3 {
			t.Fatalf("Sam's profile = %v, want 3 facts", rows)
		}
		family, acme, initech := rows[0], rows[1], rows[2]
		if family["value"] != "cousin: Dana" || family["current"] != true || family["confidence"] != 0.9 {
			t.Errorf("family = %v", family)
		}
		actions := func(r map[string]any) []string {
			var out []string
			for _, x := range strList(r["history"]) {
				a, _, _ := strings.Cut(x, ":")
				out = append(out, a)
			}
			return out
		}
		if a := actions(family); !reflect.DeepEqual(a, []string{"insert"}) {
			t.Errorf("family history = %v", a)
		}
		if acme["value"] != "Acme" || acme["current"] != true || acme["valid_to"] != nil || acme["superseded_by"] != nil {
			t.Errorf("Acme = %v", acme)
		}
		if a := actions(acme); !reflect.DeepEqual(a, []string{"update", "skip"}) {
			t.Errorf("Acme history = %v, want update then skip", a)
		}
		if ids := cited(t, acme["source"], turns); !reflect.DeepEqual(ids, []string{"6", "8"}) {
			t.Errorf("Acme source turns = %v (the skipped restatement adds its turn)", ids)
		}
		h := strList(acme["history"])
		if want := `update: Initech -> Acme (newer value (from 2023-09-01) replaces "Initech"; rules; 6)`; h[0] != want {
			t.Errorf("update decision = %q, want %q", h[0], want)
		}
		if want := "skip: ACME, known as Acme (identical to a known value; rules; 8)"; h[1] != want {
			t.Errorf("skip decision = %q, want %q", h[1], want)
		}
		vt, ok := initech["valid_to"].(time.Time)
		if initech["value"] != "Initech" || initech["current"] != false || !ok || !vt.Equal(*graphtest.At("2023-09-01T09:00:00Z")) ||
			initech["superseded_by"] != "Acme" {
			t.Errorf("Initech = %v", initech)
		}
		if vf, ok := initech["valid_from"].(time.Time); !ok || !vf.Equal(*graphtest.At("2023-06-01T10:01:00Z")) {
			t.Errorf("Initech valid_from = %v", initech["valid_from"])
		}
		if a := actions(initech); !reflect.DeepEqual(a, []string{"insert", "update"}) {
			t.Errorf("Initech history = %v, want insert then update", a)
		}
	})

	t.Run("topics", func(t *testing.T) {
		rows := run("analyst_topics", p())
		if len(rows) != 2 {
			t.Fatalf("topics = %v", rows)
		}
		acme, family := rows[0], rows[1]
		if acme["label"] != "acme, solar" || acme["session_count"] != int64(3) ||
			!reflect.DeepEqual(strList(acme["sessions"]), []string{"s1", "s2", "s3"}) {
			t.Errorf("first topic = %v %v %v", acme["label"], acme["session_count"], acme["sessions"])
		}
		if ids := cited(t, acme["turns"], turns); !reflect.DeepEqual(ids, []string{"3", "4", "6", "8"}) || acme["turn_count"] != int64(4) {
			t.Errorf("acme topic turns = %v", ids)
		}
		if !reflect.DeepEqual(strList(acme["participants"]), []string{"Sam", "Acme", "Dana Reyes"}) ||
			!strings.Contains(acme["summary"].(string), "Acme makes solar panels now.") {
			t.Errorf("acme topic = %v / %v", acme["participants"], acme["summary"])
		}
		if ss, ok := acme["span_start"].(time.Time); !ok || !ss.Equal(time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC)) ||
			acme["span"] != "2023-03-01 .. 2023-09-02" {
			t.Errorf("span = %v (start %v)", acme["span"], acme["span_start"])
		}
		if family["label"] != "family" || !reflect.DeepEqual(strList(family["sessions"]), []string{"s1"}) ||
			!reflect.DeepEqual(cited(t, family["turns"], turns), []string{"1", "2"}) {
			t.Errorf("family topic = %v", family)
		}
	})

	for _, name := range graph.AnalystQueries() {
		if !ran[name] {
			t.Errorf("analyst query %s has no test", name)
		}
	}
}

// TestAnalystScope: every analyst query answers only for the tenant and
// conversation it is given.
func TestAnalystScope(t *testing.T) {
	s := graphtest.Store(t)
	a, b := graphtest.Tenant(t, s), graphtest.Tenant(t, s)
	analystConversation(t, s, a, "c1")
	analystConversation(t, s, a, "c2")
	params := func(tenant, conv string) map[string]any {
		return map[string]any{"tenant": tenant, "conversation": conv, "person": "Sam", "from": "Dana", "to": "solar panels"}
	}
	for _, name := range graph.AnalystQueries() {
		if n := len(runAnalyst(t, s, name, params(a, "c1"))); n == 0 {
			t.Errorf("%s: no rows for the conversation itself", name)
		}
		if rows := runAnalyst(t, s, name, params(b, "c1")); len(rows) != 0 {
			t.Errorf("%s: tenant %s sees tenant %s's conversation: %v", name, b, a, rows)
		}
		if rows := runAnalyst(t, s, name, params(a, "c3")); len(rows) != 0 {
			t.Errorf("%s: an unknown conversation answered %v", name, rows)
		}
	}
	// c1 and c2 hold the same knowledge; c1's rows never cite c2's nodes.
	rows := runAnalyst(t, s, "analyst_topics", params(a, "c1"))
	if len(rows) != 2 {
		t.Errorf("c1 topics = %d, want 2 (c2's not mixed in)", len(rows))
	}
	said := runAnalyst(t, s, "analyst_said_about", params(a, "c1"))
	if len(said) == 0 || said[0]["mentions"] != int64(5) {
		t.Errorf("c1 said_about first row = %v, want 5 mentions of Acme (not doubled by c2)", said)
	}

	ctx := context.Background()
	if _, err := s.Analyst(ctx, "entity_get", params(a, "c1")); ontology.ErrorCode(err) != ontology.EValidation {
		t.Errorf("a non-analyst statement ran: %v", err)
	}
	if _, err := s.Analyst(ctx, "analyst_nope", params(a, "c1")); ontology.ErrorCode(err) != ontology.ENotFound {
		t.Errorf("unknown analyst query: %v", err)
	}
	if _, err := s.Analyst(ctx, "analyst_topics", map[string]any{"conversation": "c1"}); ontology.ErrorCode(err) != ontology.EValidation {
		t.Errorf("analyst query without a tenant: %v", err)
	}
}

// TestAnalystQueriesFollowVocabulary: analyst_paths walks exactly the
// relation vocabulary (it is a plain file for Browser, so the types are
// spelled out), and every analyst query filters by tenant and conversation.
func TestAnalystQueriesFollowVocabulary(t *testing.T) {
	m := regexp.MustCompile(`\(a\)-\[:([A-Z_|]+)\*\.\.4\]-\(b\)`).FindStringSubmatch(cypher.Get("analyst_paths"))
	if m == nil {
		t.Fatal("analyst_paths: no (a)-[:TYPES*..4]-(b) pattern")
	}
	got := strings.Split(m[1], "|")
	var want []string
	for _, r := range ontology.RelationTypes() {
		want = append(want, string(r))
	}
	sort.Strings(got)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("analyst_paths follows %v, the vocabulary is %v", got, want)
	}
	if len(graph.AnalystQueries()) < 5 {
		t.Errorf("analyst queries = %v", graph.AnalystQueries())
	}
	for _, name := range graph.AnalystQueries() {
		q := cypher.Get(name)
		if !strings.Contains(q, "$tenant") || !strings.Contains(q, "$conversation") {
			t.Errorf("%s does not filter by $tenant and $conversation", name)
		}
	}
}

// TestAnalystStyleCoversGraph: docs/loci.grass styles every label and
// relationship type Loci writes, with a caption for each label.
func TestAnalystStyleCoversGraph(t *testing.T) {
	b, err := os.ReadFile("../docs/loci.grass")
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)(node|relationship)((?:\.[A-Za-z_]+)*)\s*\{(.*?)\n\}`).FindAllStringSubmatch(string(b), -1) {
		rules[m[1]+m[2]] = m[3]
	}
	labels := []string{"Conversation", "Session", "Turn", "Speaker", "Entity", "Fact", "Event", "ProfileFact",
		"MergeDecision", "Profile", "Topic"}
	for _, e := range ontology.EntityTypes {
		labels = append(labels, string(e))
	}
	colours := map[string]string{}
	for _, l := range labels {
		body, ok := rules["node."+l]
		if !ok {
			t.Errorf("loci.grass has no rule for node.%s", l)
			continue
		}
		if !regexp.MustCompile(`caption:\s*'[^']*\{[a-z_]+\}`).MatchString(body) {
			t.Errorf("node.%s has no caption property: %s", l, body)
		}
		c := regexp.MustCompile(`(?m)^\s*color:\s*(#[0-9A-Fa-f]{6})`).FindStringSubmatch(body)
		if c == nil {
			t.Errorf("node.%s has no colour", l)
			continue
		}
		if other, dup := colours[strings.ToUpper(c[1])]; dup {
			t.Errorf("node.%s and node.%s share colour %s", l, other, c[1])
		}
		colours[strings.ToUpper(c[1])] = l
	}
	types := []string{"HAS_SESSION", "HAS_TURN", "NEXT", "SPOKEN_BY", "IS", "MENTIONED_IN", "ABOUT", "FROM",
		"IN_SESSION", "INVOLVES", "AT", "HAS_PROFILE", "SUMMARISES", "COVERS", ontology.RelMentionedWith}
	for _, r := range ontology.RelationTypes() {
		types = append(types, string(r))
	}
	for _, ty := range types {
		if body, ok := rules["relationship."+ty]; !ok || !strings.Contains(body, "caption") {
			t.Errorf("loci.grass has no captioned rule for relationship.%s", ty)
		}
	}
}
