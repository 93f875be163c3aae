package rules

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/loci-memory/loci/ontology"
)

// fuzzTime maps a fuzzed number to a second of years 1 to 9999, the range
// ontology.ValidateTurns accepts for a turn's timestamp, in UTC.
func fuzzTime(unix int64) time.Time {
	lo := ontology.MinTime.Unix()
	span := ontology.MaxTime.Unix() - lo + 1
	return time.Unix(lo+((unix%span)+span)%span, 0).UTC()
}

// fuzzRequest builds a one-turn request (text by speaker), or a two-turn
// one when text2 is not empty (text2 said by "Caroline" a minute later).
// hasTS false leaves the turns without a timestamp.
func fuzzRequest(text, speaker, text2 string, hasTS bool, unix int64) ontology.ExtractRequest {
	var ts *time.Time
	if hasTS {
		t := fuzzTime(unix)
		ts = &t
	}
	turns := []ontology.Turn{{ID: "t1", Session: "1", Speaker: speaker, Text: text, Timestamp: ts}}
	if text2 != "" {
		var ts2 *time.Time
		if ts != nil {
			t := ts.Add(time.Minute)
			ts2 = &t
		}
		turns = append(turns, ontology.Turn{ID: "t2", Session: "1", Speaker: "Caroline", Text: text2, Timestamp: ts2})
	}
	return ontology.ExtractRequest{Tenant: "default", Conversation: "c1", Turns: turns,
		Speakers: []string{speaker, "Caroline", "Mel"},
		KnownEntities: []ontology.EntityRef{{Name: "Boston", Type: ontology.EntityPlace},
			{Name: "Acme Corp", Type: ontology.EntityOrganization}, {Name: "Biscuit", Type: ontology.EntityConcept}}}
}

// FuzzExtract fuzzes the rules extractor over a one- or two-turn batch.
//
// Invariants:
//   - nothing panics; Extract fails never (the context is not done) and
//     gives the same extraction for the same batch;
//   - every item cites at least one turn, only turns of the batch, each
//     once;
//   - confidences are within [ontology.MinConfidence, ontology.MaxConfidence]
//     = [0.5, 1]; types are valid; the extractor is "rules"; profile facts
//     use known sub-topics; event spans are non-empty; one mention per
//     entity (type and normalised name);
//   - every string is non-empty where it must be;
//   - for a batch that ontology.ValidateTurns accepts (the only batches
//     ingest passes to extractors): every string is valid UTF-8 without NUL,
//     and ontology.SanitiseExtraction neither drops nor changes anything
//     (the rules emit items already in sanitised form);
//   - for any batch, sanitising the sanitised extraction again changes and
//     drops nothing (SanitiseExtraction is idempotent).
func FuzzExtract(f *testing.F) {
	ts := time.Date(2023, time.May, 8, 13, 56, 0, 0, time.UTC).Unix()
	for i, s := range append(append([]string{}, chatTurns...),
		"I moved to Boston from Sweden 4 years ago. My sister Dana works at Acme Corp as a designer.",
		"My wife Anna and my son Leo adopted a puppy named Biscuit last month. I love painting.",
		`I work at "Robert'); DROP TABLE turns;--" and I live in MATCH (n) DETACH DELETE n.`,
		`My name is text:(+foo -bar) AND "baz"~2 OR qux* [a TO z] {x} \ / ^ !`,
		"I live in Bos\x00ton. My sister \x00Dana\x00 works at Ac\x00me.",
		"I moved to M\xfcnchen \xff\xfe last week. My brother \xc3 works at Siemens.",
		"Ich wohne in München. 我住在东京。 I moved to Zürich in 2019. My sister Zoë works at Nestlé.",
		"I moved to 99999999999999999999 in 1e308. I am -9223372036854775808 years old.",
		strings.Repeat("I moved to Boston. ", 400),
		strings.Repeat("My sister Dana ", 100)+"works at Acme.",
		"I'm   a\tteacher\u00a0at\u2028Lincoln  High   School.\r\nMy dog's name is Max.",
	) {
		text2 := ""
		if i%2 == 1 {
			text2 = chatTurns[(i/2)%len(chatTurns)]
		}
		f.Add(s, "Mel", text2, i%3 != 0, ts+int64(i)*86400)
	}
	f.Add("I moved to Boston.", "", "", false, int64(0))
	f.Add("I moved to Boston.", "Bos\x00ton", "My cousin Dana founded Acme.", true, int64(-62135596800))
	f.Fuzz(func(t *testing.T, text, speaker, text2 string, hasTS bool, unix int64) {
		req := fuzzRequest(text, speaker, text2, hasTS, unix)
		ids := map[string]bool{}
		for _, tn := range req.Turns {
			ids[tn.ID] = true
		}
		x, usage, err := New().Extract(context.Background(), req)
		if err != nil || usage.Extractor != ontology.ExtractorRules || usage.Calls != 0 {
			t.Fatalf("Extract: usage %+v, err %v", usage, err)
		}
		again, _, _ := New().Extract(context.Background(), fuzzRequest(text, speaker, text2, hasTS, unix))
		if !reflect.DeepEqual(x, again) {
			t.Fatalf("Extract not deterministic:\n%+v\n%+v", x, again)
		}
		checked := append([]ontology.Turn(nil), req.Turns...)
		clean := ontology.ValidateTurns(req.Conversation, checked) == nil
		checkExtraction(t, x, ids, clean)

		// SanitiseExtraction writes through Event.When pointers, so each
		// pass gets copies of them and s1 stays as the first pass left it.
		s1, dropped := ontology.SanitiseExtraction(copyWhens(x), ids)
		if clean && dropped != 0 {
			t.Fatalf("SanitiseExtraction dropped %d items of %+v", dropped, x)
		}
		if clean && !reflect.DeepEqual(nilEmpty(s1), nilEmpty(copyWhens(x))) {
			t.Fatalf("SanitiseExtraction changed the extraction of a valid batch:\n%+v\n%+v", x, s1)
		}
		s2, dropped2 := ontology.SanitiseExtraction(copyWhens(s1), ids)
		if dropped2 != 0 || !reflect.DeepEqual(s1, s2) {
			t.Fatalf("SanitiseExtraction not idempotent (dropped %d):\n%+v\n%+v", dropped2, s1, s2)
		}
	})
}

// checkExtraction checks the invariants of FuzzExtract on one extraction;
// clean says the batch was valid input, so strings must be clean too.
func checkExtraction(t *testing.T, x ontology.Extraction, ids map[string]bool, clean bool) {
	t.Helper()
	cites := func(what string, turns []string) {
		if len(turns) == 0 {
			t.Fatalf("%s cites no turn", what)
		}
		seen := map[string]bool{}
		for _, id := range turns {
			if !ids[id] || seen[id] {
				t.Fatalf("%s cites %q (unknown or twice): %q", what, id, turns)
			}
			seen[id] = true
		}
	}
	conf := func(what string, c float64) {
		if !(c >= ontology.MinConfidence && c <= ontology.MaxConfidence) {
			t.Fatalf("%s has confidence %v", what, c)
		}
	}
	str := func(what, s string, required bool) {
		if required && strings.TrimSpace(s) == "" {
			t.Fatalf("%s is empty", what)
		}
		if clean && (!utf8.ValidString(s) || strings.ContainsRune(s, 0)) {
			t.Fatalf("%s %q is not valid UTF-8 or holds a NUL", what, s)
		}
	}
	ref := func(what string, r ontology.EntityRef) {
		str(what+" name", r.Name, true)
		if !r.Type.Valid() {
			t.Fatalf("%s %q has type %q", what, r.Name, r.Type)
		}
	}
	entities := map[string]bool{}
	for _, e := range x.Entities {
		ref("entity", e.EntityRef)
		cites("entity "+e.Name, e.SourceTurnIDs)
		for _, a := range e.Aliases {
			str("alias of "+e.Name, a, true)
		}
		key := string(e.Type) + "\x00" + ontology.NormaliseName(e.Name)
		if entities[key] {
			t.Fatalf("entity %s %q mentioned twice", e.Type, e.Name)
		}
		entities[key] = true
	}
	for _, r := range x.Relations {
		what := "relation " + string(r.Type)
		ref(what+" from", r.From)
		ref(what+" to", r.To)
		str(what+" role", r.Role, false)
		cites(what, r.SourceTurnIDs)
		conf(what, r.Confidence)
		if !r.Type.Valid() || r.Extractor != ontology.ExtractorRules {
			t.Fatalf("%s: valid %v, extractor %q", what, r.Type.Valid(), r.Extractor)
		}
	}
	for _, fc := range x.Facts {
		what := "fact " + fc.Statement
		ref(what+" subject", fc.Subject)
		str("fact statement", fc.Statement, true)
		str(what+" speaker", fc.Speaker, false)
		cites(what, fc.SourceTurnIDs)
		conf(what, fc.Confidence)
		if fc.Extractor != ontology.ExtractorRules {
			t.Fatalf("%s: extractor %q", what, fc.Extractor)
		}
	}
	for _, e := range x.Events {
		what := "event " + e.What
		str("event what", e.What, true)
		if len(e.Participants) == 0 {
			t.Fatalf("%s has no participant", what)
		}
		for _, p := range e.Participants {
			ref(what+" participant", p)
		}
		if e.Where != nil {
			ref(what+" place", *e.Where)
		}
		if e.When != nil {
			if e.When.Start.IsZero() || !e.When.Start.Before(e.When.End) {
				t.Fatalf("%s: empty span [%v, %v)", what, e.When.Start, e.When.End)
			}
			str(what+" phrase", e.When.Phrase, false)
		}
		cites(what, e.SourceTurnIDs)
		conf(what, e.Confidence)
		if e.Extractor != ontology.ExtractorRules {
			t.Fatalf("%s: extractor %q", what, e.Extractor)
		}
	}
	for _, p := range x.Profile {
		what := "profile " + p.Topic + "/" + p.SubTopic
		ref(what+" subject", p.Subject)
		str(what+" value", p.Value, true)
		if _, ok := ontology.LookupSubTopic(p.Topic, p.SubTopic); !ok {
			t.Fatalf("%s is not a known sub-topic", what)
		}
		cites(what, p.SourceTurnIDs)
		conf(what, p.Confidence)
		if p.Extractor != ontology.ExtractorRules {
			t.Fatalf("%s: extractor %q", what, p.Extractor)
		}
	}
}

// copyWhens returns x with its events' spans copied, so changes to them
// do not show in x.
func copyWhens(x ontology.Extraction) ontology.Extraction {
	x.Events = append([]ontology.Event(nil), x.Events...)
	for i, e := range x.Events {
		if e.When != nil {
			w := *e.When
			x.Events[i].When = &w
		}
	}
	return x
}

// nilEmpty returns a copy of x with its empty lists nil, so that x
// compares equal to its sanitised form, which leaves empty lists nil.
func nilEmpty(x ontology.Extraction) ontology.Extraction {
	x.Entities = nilIfEmpty(append([]ontology.EntityMention(nil), x.Entities...))
	x.Relations = nilIfEmpty(x.Relations)
	x.Facts = nilIfEmpty(x.Facts)
	x.Events = nilIfEmpty(append([]ontology.Event(nil), x.Events...))
	x.Profile = nilIfEmpty(x.Profile)
	for i := range x.Entities {
		x.Entities[i].Aliases = nilIfEmpty(x.Entities[i].Aliases)
	}
	for i := range x.Events {
		x.Events[i].Participants = nilIfEmpty(x.Events[i].Participants)
	}
	return x
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
