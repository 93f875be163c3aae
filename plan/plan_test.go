package plan

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/loci-memory/loci/internal/casefile"
	"github.com/loci-memory/loci/ontology"
)

// The planner's tests run without Neo4j: a Snapshot stands for what the
// store holds, a Batch for what arrives, and the WritePlan is checked.

var t0 = time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)

func at(min int) *time.Time { t := t0.Add(time.Duration(min) * time.Minute); return &t }

func ref(name string, typ ontology.EntityType) ontology.EntityRef {
	return ontology.EntityRef{Name: name, Type: typ}
}
func person(n string) ontology.EntityRef { return ref(n, ontology.EntityPerson) }
func org(n string) ontology.EntityRef    { return ref(n, ontology.EntityOrganization) }
func place(n string) ontology.EntityRef  { return ref(n, ontology.EntityPlace) }

// turns makes turns "1".."n" of speakers alternating Sam and Ria, a minute
// apart from start.
func turns(start, n int) []ontology.Turn {
	var out []ontology.Turn
	for i := start; i < start+n; i++ {
		sp := "Sam"
		if i%2 == 0 {
			sp = "Ria"
		}
		out = append(out, ontology.Turn{ID: fmt.Sprint(i), Session: "s", Speaker: sp, Text: "…", Timestamp: at(i)})
	}
	return out
}

func batch(ts []ontology.Turn, x ontology.Extraction) Batch {
	return Batch{Tenant: "t", Conversation: "c", Turns: ts, Speakers: []string{"Ria", "Sam"}, Knowledge: x, Now: t0.Add(24 * time.Hour)}
}

func mention(r ontology.EntityRef, ids ...string) ontology.EntityMention {
	return ontology.EntityMention{EntityRef: r, SourceTurnIDs: ids}
}

func cued(r ontology.EntityRef, conf float64, cue string, ids ...string) ontology.EntityMention {
	return ontology.EntityMention{EntityRef: r, SourceTurnIDs: ids, TypeConfidence: conf, TypeCue: cue}
}

func rel(t ontology.RelationType, from, to ontology.EntityRef, role string, ids ...string) ontology.Relation {
	return ontology.Relation{Type: t, From: from, To: to, Role: role, Confidence: 0.8, SourceTurnIDs: ids, Extractor: "rules"}
}

func stored(uid, name string, typ ontology.EntityType, conf float64, aliases ...string) StoredEntity {
	e := &entity{uid: uid, name: name, typ: typ}
	e.addName(name, typ)
	for _, a := range aliases {
		e.addName(a, typ)
	}
	return StoredEntity{UID: uid, Name: name, Type: typ, TypeConfidence: conf, AliasKeys: e.aliasKeys, Aliases: e.aliases, Mentions: 3}
}

// entityOf returns the planned entity named name (by its name).
func entityOf(t *testing.T, p WritePlan, name string) EntityWrite {
	t.Helper()
	for _, e := range p.Entities {
		if e.Name == name {
			return e
		}
	}
	t.Fatalf("no entity named %q in %+v", name, p.Entities)
	return EntityWrite{}
}

func TestResolution(t *testing.T) {
	danaUID, acmeUID, brightUID := "e-dana", "e-acme", "e-bright"
	snap := Snapshot{Entities: []StoredEntity{
		stored(danaUID, "Dana Reyes", ontology.EntityPerson, 0.6),
		stored(acmeUID, "Acme", ontology.EntityConcept, 0),
		stored(brightUID, "Brightwater Analytics", ontology.EntityOrganization, 0.9),
		stored("e-bob", "Bob", ontology.EntityPerson, 0.6),
		{UID: SpeakerEntityUID("t", "c", "Sam Lee"), Name: "Sam Lee", Type: ontology.EntityPerson, Speaker: "Sam Lee",
			AliasKeys: []string{"sam lee", "sam"}, Aliases: []string{"Sam Lee"}},
	}}
	cases := []struct {
		name string
		ref  ontology.EntityRef
		want string // uid, or "new"
	}{
		{"first name to full name", person("Dana"), danaUID},
		{"possessive", person("Dana's"), danaUID},
		{"full name possessive, other case", person("DANA REYES's"), danaUID},
		{"specific type matches a stored Concept", org("Acme"), acmeUID},
		{"short form of an organisation", org("Brightwater"), brightUID},
		{"short form typed Concept", ref("Brightwater", ontology.EntityConcept), brightUID},
		{"speaker by full name", person("Sam Lee"), SpeakerEntityUID("t", "c", "Sam Lee")},
		{"speaker by first name", person("Sam"), SpeakerEntityUID("t", "c", "Sam Lee")},
		{"full name completes a first name", person("Bob Marley"), "e-bob"},
		{"incompatible type is another entity", place("Dana"), "new"},
		{"unknown name", person("Tiago"), "new"},
		{"a word that is not a prefix", org("Water"), "new"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := batch(turns(10, 1), ontology.Extraction{Entities: []ontology.EntityMention{mention(c.ref, "10")}})
			b.Speakers = nil
			p := Plan(snap, b)
			var got *EntityWrite
			for i := range p.Entities {
				if slices.Contains(p.Entities[i].TurnIDs, "10") {
					got = &p.Entities[i]
				}
			}
			if got == nil {
				t.Fatalf("no entity mentioned in turn 10: %+v", p.Entities)
			}
			if c.want == "new" {
				if !got.New || got.UID != EntityUID("t", "c", string(c.ref.Type), ontology.NormaliseName(c.ref.Name)) {
					t.Fatalf("%q resolved to %+v, want a new entity", c.ref.Name, got)
				}
				return
			}
			if got.UID != c.want || got.New {
				t.Fatalf("%q resolved to %s (%s), want %s", c.ref.Name, got.UID, got.Name, c.want)
			}
		})
	}
	// Completing names: the stored first-name-only person takes the full
	// name, an organisation known by a short form takes the full one.
	b := batch(turns(10, 1), ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Bob Marley"), "10")}})
	if e := entityOf(t, Plan(snap, b), "Bob Marley"); e.UID != "e-bob" {
		t.Fatalf("Bob not completed: %+v", e)
	}
	short := Snapshot{Entities: []StoredEntity{stored("e-nor", "Norvik", ontology.EntityOrganization, 0.6)}}
	b = batch(turns(10, 1), ontology.Extraction{Entities: []ontology.EntityMention{mention(org("Norvik Shipping"), "10")}})
	if e := entityOf(t, Plan(short, b), "Norvik Shipping"); e.UID != "e-nor" {
		t.Fatalf("Norvik not completed: %+v", e)
	}
	// Two organisations sharing a short form: it resolves to neither.
	two := Snapshot{Entities: []StoredEntity{stored("e-1", "Acme Robotics", ontology.EntityOrganization, 0.9),
		stored("e-2", "Acme Foods", ontology.EntityOrganization, 0.9)}}
	b = batch(turns(10, 1), ontology.Extraction{Entities: []ontology.EntityMention{mention(org("Acme"), "10")}})
	if e := entityOf(t, Plan(two, b), "Acme"); !e.New {
		t.Fatalf("an ambiguous short form resolved to %+v", e)
	}
}

func TestSpeakers(t *testing.T) {
	b := batch(turns(1, 2), ontology.Extraction{Relations: []ontology.Relation{
		rel(ontology.RelFamilyOf, person("Sam"), person("Ana"), "sister", "1")}})
	p := Plan(Snapshot{}, b)
	sam := entityOf(t, p, "Sam")
	if sam.Speaker != "Sam" || sam.UID != SpeakerEntityUID("t", "c", "Sam") || sam.Type != ontology.EntityPerson {
		t.Fatalf("speaker entity = %+v", sam)
	}
	if len(p.Relations) != 1 || p.Relations[0].FromUID != sam.UID {
		t.Fatalf("relations = %+v", p.Relations)
	}
	if ria := entityOf(t, p, "Ria"); !ria.New || len(ria.TurnIDs) != 0 {
		t.Fatalf("the other speaker = %+v", ria)
	}
	// A speaker already stored is found, not created again.
	snap := Snapshot{Entities: []StoredEntity{{UID: sam.UID, Name: "Sam", Type: ontology.EntityPerson, Speaker: "Sam", AliasKeys: []string{"sam"}}}}
	p = Plan(snap, b)
	if e := entityOf(t, p, "Sam"); e.New {
		t.Fatalf("stored speaker made new: %+v", e)
	}
	if p.Report.NewEntities != 2 { // Ria and Ana
		t.Fatalf("new entities = %d, want 2", p.Report.NewEntities)
	}
}

// TestDecoratedSpeakerLabels checks that a person the text names as a
// chat label reads without its emoji ("Mossy" for "mossy🍄", "Lottie" for
// "Lottie 💍") is that speaker, while a concept so named ("car" beside
// "car🍼") and a longer name ("Mossy Bank") are not.
func TestDecoratedSpeakerLabels(t *testing.T) {
	ts := []ontology.Turn{
		{ID: "1", Session: "s", Speaker: "mossy🍄", Text: "…", Timestamp: at(1)},
		{ID: "2", Session: "s", Speaker: "car🍼", Text: "…", Timestamp: at(2)},
		{ID: "3", Session: "s", Speaker: "Lottie 💍", Text: "…", Timestamp: at(3)},
	}
	b := Batch{Tenant: "t", Conversation: "c", Turns: ts, Speakers: []string{"mossy🍄", "car🍼", "Lottie 💍"}, Now: t0.Add(24 * time.Hour),
		Knowledge: ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Mossy"), "2"), mention(person("Lottie"), "1"),
			mention(ref("car", ontology.EntityConcept), "3"), mention(person("Mossy Bank"), "3")}}}
	p := Plan(Snapshot{}, b)
	for label, turn := range map[string]string{"mossy🍄": "2", "Lottie 💍": "1"} {
		if e := entityOf(t, p, label); e.UID != SpeakerEntityUID("t", "c", label) || !slices.Contains(e.TurnIDs, turn) {
			t.Errorf("%s not named in turn %s: %+v", label, turn, e)
		}
	}
	for _, name := range []string{"car", "Mossy Bank"} {
		if e := entityOf(t, p, name); e.Speaker != "" {
			t.Errorf("%s resolved to a speaker: %+v", name, e)
		}
	}
}

// retypeCase is a row of testdata/retypes.txt.
type retypeCase struct {
	name       string
	stored     StoredEntity
	mention    ontology.EntityMention
	wantType   ontology.EntityType
	wantRetype bool
}

// readRetypes reads testdata/retypes.txt.
func readRetypes(t *testing.T) []retypeCase {
	t.Helper()
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	var out []retypeCase
	for _, f := range casefile.Read(t, "testdata/retypes.txt", 9) {
		if f[8] != "retyped" && f[8] != "kept" {
			t.Fatalf("%s: %q, want retyped or kept", f[0], f[8])
		}
		out = append(out, retypeCase{name: f[0],
			stored:   stored("e", f[1], ontology.EntityType(f[2]), num(f[3])),
			mention:  cued(ref(f[1], ontology.EntityType(f[4])), num(f[5]), f[6], "10"),
			wantType: ontology.EntityType(f[7]), wantRetype: f[8] == "retyped"})
	}
	return out
}

func TestRetypes(t *testing.T) {
	for _, c := range readRetypes(t) {
		t.Run(c.name, func(t *testing.T) {
			b := batch(turns(10, 1), ontology.Extraction{Entities: []ontology.EntityMention{c.mention}})
			p := Plan(Snapshot{Entities: []StoredEntity{c.stored}}, b)
			var got *EntityWrite
			for i := range p.Entities {
				if p.Entities[i].UID == "e" {
					got = &p.Entities[i]
				}
			}
			if got == nil {
				if c.wantRetype || c.wantType == c.mention.Type {
					t.Fatalf("stored entity not touched: %+v", p.Entities)
				}
				return // resolved to a new entity of the other type: the stored one is untouched
			}
			if got.Type != c.wantType {
				t.Fatalf("type = %s, want %s", got.Type, c.wantType)
			}
			if c.wantRetype != (len(p.Retypes) == 1) || c.wantRetype != (p.Report.Decisions[ontology.MergeRetype] == 1) {
				t.Fatalf("retypes = %+v, decisions %v", p.Retypes, p.Report.Decisions)
			}
			if !c.wantRetype {
				if got.TypeConfidence != c.stored.TypeConfidence {
					t.Fatalf("a cue that is not stronger changed the confidence: %+v", got)
				}
				return
			}
			rt, d := p.Retypes[0], p.Decisions[0].Decision
			if rt.From != c.stored.Type || rt.To != c.wantType || d.Action != ontology.MergeRetype ||
				d.Value != string(c.wantType) || d.Previous != string(c.stored.Type) || d.Reason == "" ||
				!slices.Equal(d.SourceTurnIDs, []string{"10"}) || got.TypeCue != c.mention.TypeCue || got.TypeConfidence != c.mention.TypeConfidence {
				t.Fatalf("retype %+v, decision %+v, entity %+v", rt, d, got)
			}
		})
	}
	// A new entity takes the strongest type of the batch without a recorded
	// retype (it was never stored).
	b := batch(turns(10, 2), ontology.Extraction{Entities: []ontology.EntityMention{
		cued(ref("Nutmeg", ontology.EntityConcept), 0, "", "10"), cued(ref("Nutmeg", ontology.EntityAnimal), 0.8, "pet:called", "11")}})
	p := Plan(Snapshot{}, b)
	if e := entityOf(t, p, "Nutmeg"); e.Type != ontology.EntityAnimal || len(p.Retypes) != 0 || len(p.Decisions) != 0 {
		t.Fatalf("new entity %+v, retypes %+v", e, p.Retypes)
	}
}

func TestKeepItem(t *testing.T) {
	snap := Snapshot{Turns: []StoredTurn{{ID: "5", Time: at(5)}}}
	x := ontology.Extraction{
		Relations: []ontology.Relation{
			rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "5", "10"),    // antecedent stored before + own turn
			rel(ontology.RelLivesIn, person("Ana"), place("Faro"), "", "5"),        // only a turn stored before
			rel(ontology.RelLikes, person("Ana"), ref("jazz", ""), "", "10", "99"), // an unknown id is dropped
		},
		Facts: []ontology.Fact{
			{Subject: person("Ana"), Statement: "Ana met Sam.", Session: "s2", Extractor: "x"}, // session-tied
			{Subject: person("Ana"), Statement: "Ana likes jazz.", SourceTurnIDs: []string{"5"}, Extractor: "x"},
		},
	}
	p := Plan(snap, batch(turns(10, 1), x))
	if len(p.Relations) != 2 || p.Report.Relations != 2 {
		t.Fatalf("relations = %+v", p.Relations)
	}
	if !slices.Equal(p.Relations[0].SourceTurnIDs, []string{"5", "10"}) || !slices.Equal(p.Relations[1].SourceTurnIDs, []string{"10"}) {
		t.Fatalf("sources = %v, %v", p.Relations[0].SourceTurnIDs, p.Relations[1].SourceTurnIDs)
	}
	if len(p.Facts) != 1 || p.Facts[0].Session != "s2" || len(p.Facts[0].TurnIDs) != 0 {
		t.Fatalf("facts = %+v", p.Facts)
	}
	// A resent batch (no turn created) plans nothing but its speakers.
	b := batch(nil, x)
	b.Speakers = nil
	// The session-tied fact stays (with its subject): it cites no turn.
	if p := Plan(snap, b); len(p.Relations)+len(p.CoMentions) != 0 || len(p.Facts) != 1 || len(p.Entities) != 1 {
		t.Fatalf("resent batch planned %+v", p)
	}
}

func TestRelationValidFrom(t *testing.T) {
	given := at(-1000)
	r1 := rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "11", "10")
	r2 := rel(ontology.RelLivesIn, person("Ana"), place("Faro"), "", "10")
	r2.ValidFrom = given
	r3 := rel(ontology.RelWorksAt, person("Ana"), org("Globex"), "", "11")
	r3.ValidTo = at(11)
	p := Plan(Snapshot{}, batch(turns(10, 2), ontology.Extraction{Relations: []ontology.Relation{r1, r2, r3}}))
	if !p.Relations[0].ValidFrom.Equal(*at(10)) || !p.Relations[1].ValidFrom.Equal(*given) || p.Relations[2].ValidFrom != nil {
		t.Fatalf("valid_from = %v, %v, %v: want the earliest turn's time, the extractor's, none for an ended one",
			p.Relations[0].ValidFrom, p.Relations[1].ValidFrom, p.Relations[2].ValidFrom)
	}
	if !p.Relations[2].ValidTo.Equal(*at(11)) {
		t.Fatalf("an ended relation without a stored one is written closed: %+v", p.Relations[2])
	}
}

func TestRelationEndings(t *testing.T) {
	ana := stored("e-ana", "Ana", ontology.EntityPerson, 0.6)
	acme := stored("e-acme", "Acme", ontology.EntityOrganization, 0.9)
	faro := stored("e-faro", "Faro", ontology.EntityPlace, 0.9)
	lisbon := stored("e-lis", "Lisbon", ontology.EntityPlace, 0.9)
	bo := stored("e-bo", "Bo", ontology.EntityPerson, 0.6)
	ents := []StoredEntity{ana, acme, faro, lisbon, bo}
	openWork := StoredRelation{ID: "r-work", Type: ontology.RelWorksAt, FromUID: "e-ana", ToUID: "e-acme", ValidFrom: at(-500)}
	closedWork := StoredRelation{ID: "r-work-old", Type: ontology.RelWorksAt, FromUID: "e-ana", ToUID: "e-acme", ValidFrom: at(-900), ValidTo: at(-600)}
	livesFaro := StoredRelation{ID: "r-faro", Type: ontology.RelLivesIn, FromUID: "e-ana", ToUID: "e-faro", ValidFrom: at(-500)}
	partner := StoredRelation{ID: "r-bo", Type: ontology.RelPartnerOf, FromUID: "e-bo", ToUID: "e-ana", ValidFrom: at(-500)}
	ended := func(r ontology.Relation) ontology.Relation { r.ValidTo = at(10); return r }
	cases := []struct {
		name        string
		stored      []StoredRelation
		incoming    []ontology.Relation
		wantNew     int
		wantUpdates map[string]*time.Time // stored id → valid_to it is given (nil: restated only)
	}{
		{"an ending closes the open relation", []StoredRelation{openWork},
			[]ontology.Relation{ended(rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "10"))}, 0,
			map[string]*time.Time{"r-work": at(10)}},
		{"an ending with none stored is written closed", nil,
			[]ontology.Relation{ended(rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "10"))}, 1, nil},
		{"an ending restates a closed relation", []StoredRelation{closedWork},
			[]ontology.Relation{ended(rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "10"))}, 0,
			map[string]*time.Time{"r-work-old": nil}},
		{"a current statement restates the open one", []StoredRelation{openWork, closedWork},
			[]ontology.Relation{rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "10")}, 0,
			map[string]*time.Time{"r-work": nil}},
		{"a current statement after the end starts anew", []StoredRelation{closedWork},
			[]ontology.Relation{rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "10")}, 1, nil},
		{"a role is part of the relation", []StoredRelation{openWork},
			[]ontology.Relation{ended(rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "nurse", "10"))}, 1, nil},
		{"a symmetric relation ends either way", []StoredRelation{partner},
			[]ontology.Relation{ended(rel(ontology.RelPartnerOf, person("Ana"), person("Bo"), "", "10"))}, 0,
			map[string]*time.Time{"r-bo": at(10)}},
		{"a directed relation does not match reversed", []StoredRelation{{ID: "r-k", Type: ontology.RelKnows, FromUID: "e-bo", ToUID: "e-ana", Role: "manager"}},
			[]ontology.Relation{ended(rel(ontology.RelKnows, person("Ana"), person("Bo"), "manager", "10"))}, 1, nil},
		{"moving away from a place closes living there", []StoredRelation{livesFaro},
			[]ontology.Relation{rel(ontology.RelMovedFrom, person("Ana"), place("Faro"), "", "10")}, 1,
			map[string]*time.Time{"r-faro": at(10)}},
		{"a newer LIVES_IN leaves the older open", []StoredRelation{livesFaro},
			[]ontology.Relation{rel(ontology.RelLivesIn, person("Ana"), place("Lisbon"), "", "10")}, 1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Plan(Snapshot{Entities: ents, Relations: c.stored}, batch(turns(10, 1), ontology.Extraction{Relations: c.incoming}))
			if len(p.Relations) != c.wantNew || len(p.RelationUpdates) != len(c.wantUpdates) {
				t.Fatalf("new %+v, updates %+v", p.Relations, p.RelationUpdates)
			}
			for _, u := range p.RelationUpdates {
				want, ok := c.wantUpdates[u.ID]
				if !ok || (want == nil) != (u.ValidTo == nil) || want != nil && !want.Equal(*u.ValidTo) || !slices.Contains(u.SourceTurnIDs, "10") {
					t.Fatalf("update %+v, want valid_to %v", u, want)
				}
			}
		})
	}
	// Within one batch: stated, then ended two turns later, is one
	// relation written closed.
	x := ontology.Extraction{Relations: []ontology.Relation{rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "10"),
		ended(rel(ontology.RelWorksAt, person("Ana"), org("Acme"), "", "12"))}}
	p := Plan(Snapshot{}, batch(turns(10, 3), x))
	if len(p.Relations) != 1 || p.Relations[0].ValidTo == nil || !p.Relations[0].ValidFrom.Equal(*at(10)) ||
		!slices.Equal(p.Relations[0].SourceTurnIDs, []string{"10", "12"}) {
		t.Fatalf("stated and ended in one batch = %+v", p.Relations)
	}
}

func TestCoMentions(t *testing.T) {
	x := ontology.Extraction{Entities: []ontology.EntityMention{
		mention(person("Ana"), "10", "11"), mention(org("Acme"), "10", "11"), mention(place("Faro"), "11"),
		mention(person("Ana Costa"), "11"), // the same person again: no pair with herself
		mention(person("Sam"), "12"),       // the speaker, named in a turn alone
		mention(person("Bo"), "5", "12"),   // turn 5 was stored before: it adds no co-mention
		mention(org("Globex"), "5"),        // only an earlier turn: dropped
	}}
	b := batch(turns(10, 3), x)
	b.Turns[1].Timestamp = nil // a turn without a time counts at the record time
	p := Plan(Snapshot{Turns: []StoredTurn{{ID: "5"}}}, b)
	uid := func(n string) string { return entityOf(t, p, n).UID }
	pair := func(a, b string) *CoMention {
		x, y := uid(a), uid(b)
		if y < x {
			x, y = y, x
		}
		for i := range p.CoMentions {
			if p.CoMentions[i].FromUID == x && p.CoMentions[i].ToUID == y {
				return &p.CoMentions[i]
			}
		}
		return nil
	}
	if len(p.CoMentions) != 4 {
		t.Fatalf("co-mentions = %+v, want Ana–Acme, Ana–Faro, Acme–Faro, Sam–Bo", p.CoMentions)
	}
	aa := pair("Ana Costa", "Acme")
	if aa == nil || aa.Count != 2 || !slices.Equal(aa.SourceTurnIDs, []string{"10", "11"}) ||
		!aa.FirstSeen.Equal(*at(10)) || !aa.LastSeen.Equal(b.Now) {
		t.Fatalf("Ana–Acme = %+v", aa)
	}
	if sb := pair("Sam", "Bo"); sb == nil || sb.Count != 1 || !slices.Equal(sb.SourceTurnIDs, []string{"12"}) {
		t.Fatalf("Sam–Bo = %+v", sb)
	}
	if pair("Ria", "Ana Costa") != nil {
		t.Fatal("a speaker not mentioned took part")
	}
	// A resent batch adds nothing; the source turns are bounded.
	b.Turns = nil
	if p := Plan(Snapshot{}, b); len(p.CoMentions) != 0 {
		t.Fatalf("resent batch co-mentions = %+v", p.CoMentions)
	}
	var many ontology.Extraction
	ts := turns(100, MaxCoMentionTurns+5)
	for _, tt := range ts {
		many.Entities = append(many.Entities, mention(person("Ana"), tt.ID), mention(org("Acme"), tt.ID))
	}
	p = Plan(Snapshot{}, batch(ts, many))
	if len(p.CoMentions) != 1 || p.CoMentions[0].Count != MaxCoMentionTurns+5 || len(p.CoMentions[0].SourceTurnIDs) != MaxCoMentionTurns ||
		p.CoMentions[0].SourceTurnIDs[MaxCoMentionTurns-1] != ts[len(ts)-1].ID {
		t.Fatalf("bounded co-mention = %+v", p.CoMentions)
	}
}

func TestProfileDecisions(t *testing.T) {
	alice := stored("e-alice", "Alice", ontology.EntityPerson, 0.6)
	pf := func(id, topic, sub, value string, from *time.Time) ontology.ProfileFact {
		return ontology.ProfileFact{Subject: person("Alice"), Topic: topic, SubTopic: sub, Value: value, Confidence: 0.9,
			SourceTurnIDs: []string{id}, Extractor: "rules", ValidFrom: from}
	}
	current := []StoredProfile{
		{UID: "p-emp", SubjectUID: "e-alice", Fact: ontology.ProfileFact{Topic: "work", SubTopic: "employer", Value: "Acme", ValidFrom: at(-100)}},
		{UID: "p-hob", SubjectUID: "e-alice", Fact: ontology.ProfileFact{Topic: "interests", SubTopic: "hobbies", Value: "hiking"}},
	}
	cases := []struct {
		name   string
		fact   ontology.ProfileFact
		want   ontology.MergeAction
		end    string // stored value closed
		seen   string // stored value restated
		create bool
	}{
		{"insert", pf("10", "work", "title", "nurse", nil), ontology.MergeInsert, "", "", true},
		{"skip an equal value", pf("10", "work", "employer", "ACME", nil), ontology.MergeSkip, "", "p-emp", false},
		{"update a more complete value", pf("10", "work", "employer", "Acme Robotics", nil), ontology.MergeUpdate, "p-emp", "", true},
		{"update a newer value", pf("10", "work", "employer", "Globex", at(10)), ontology.MergeUpdate, "p-emp", "", true},
		{"append to a list", pf("10", "interests", "hobbies", "painting", nil), ontology.MergeAppend, "", "", true},
		{"append an ambiguous conflict", pf("10", "work", "employer", "Initech", nil), ontology.MergeAppend, "", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Plan(Snapshot{Entities: []StoredEntity{alice}, Profiles: current},
				batch(turns(10, 1), ontology.Extraction{Profile: []ontology.ProfileFact{c.fact}}))
			if p.Report.Decisions[c.want] != 1 || len(p.Decisions) != 1 || p.Decisions[0].SubjectUID != "e-alice" {
				t.Fatalf("decisions %v / %+v", p.Report.Decisions, p.Decisions)
			}
			if c.create != (len(p.ProfileNew) == 1) || c.create && p.Decisions[0].ProfileFactUID != p.ProfileNew[0].UID {
				t.Fatalf("new values %+v, decision %+v", p.ProfileNew, p.Decisions[0])
			}
			if (c.end == "") != (len(p.ProfileEnds) == 0) || c.end != "" && p.ProfileEnds[0].UID != c.end {
				t.Fatalf("ends %+v, want %q", p.ProfileEnds, c.end)
			}
			if (c.seen == "") != (len(p.ProfileSeen) == 0) || c.seen != "" && p.ProfileSeen[0].UID != c.seen {
				t.Fatalf("seen %+v, want %q", p.ProfileSeen, c.seen)
			}
		})
	}
	// An LLM ruling carried by the batch overrides the ambiguous rule.
	b := batch(turns(10, 1), ontology.Extraction{Profile: []ontology.ProfileFact{pf("10", "work", "employer", "Initech", nil)}})
	b.Rulings = []ontology.MergeDecision{{Subject: person("Alice"), Action: ontology.MergeUpdate, Topic: "work", SubTopic: "employer",
		Value: "Initech", Previous: "Acme", Confidence: 0.8, Decider: "llm", Reason: "replaces"}}
	p := Plan(Snapshot{Entities: []StoredEntity{alice}, Profiles: current}, b)
	if d := p.Decisions[0].Decision; d.Decider != "llm" || d.Action != ontology.MergeUpdate || len(p.ProfileEnds) != 1 ||
		!p.ProfileEnds[0].ValidTo.Equal(b.Now) || !slices.Equal(d.SourceTurnIDs, []string{"10"}) {
		t.Fatalf("ruled decision %+v, ends %+v", d, p.ProfileEnds)
	}
	// Within one batch: a value superseded or restated by a later fact is
	// written closed, or with the extra source.
	b = batch(turns(10, 3), ontology.Extraction{Profile: []ontology.ProfileFact{
		pf("10", "work", "occupation", "nurse", at(10)), pf("11", "work", "occupation", "NURSE", at(11)),
		pf("12", "work", "occupation", "teacher", at(12))}})
	p = Plan(Snapshot{Entities: []StoredEntity{alice}}, b)
	if len(p.ProfileNew) != 2 || p.ProfileNew[0].ValidTo == nil || !p.ProfileNew[0].ValidTo.Equal(*at(12)) ||
		p.ProfileNew[0].SupersededBy != p.ProfileNew[1].UID || !slices.Equal(p.ProfileNew[0].Fact.SourceTurnIDs, []string{"10", "11"}) ||
		len(p.ProfileEnds) != 0 || len(p.ProfileSeen) != 0 {
		t.Fatalf("one-batch profile = %+v / ends %+v / seen %+v", p.ProfileNew, p.ProfileEnds, p.ProfileSeen)
	}
}

func TestProfileConflicts(t *testing.T) {
	emp := func(subject, value string, from *time.Time) ontology.ProfileFact {
		return ontology.ProfileFact{Subject: person(subject), Topic: "work", SubTopic: "employer", Value: value, ValidFrom: from, Confidence: 0.9}
	}
	current := []ontology.ProfileFact{emp("Maya", "Globex", at(0))}
	got := ProfileConflicts(current, []ontology.ProfileFact{
		emp("maya", "Initech", nil),   // ambiguous: no date
		emp("Maya", "Globex", nil),    // known
		emp("Maya", "Hooli", at(100)), // newer: an update
		emp("Leo", "Initech", nil),    // another subject, nothing known
	})
	if len(got) != 1 || got[0].Incoming.Value != "Initech" || got[0].Current.Value != "Globex" || got[0].Decision.Previous != "Globex" {
		t.Fatalf("conflicts = %+v", got)
	}
}

func TestSnapshotQuery(t *testing.T) {
	x := ontology.Extraction{
		Entities:  []ontology.EntityMention{mention(org("Norvik Shipping"), "10", "4"), {EntityRef: person("Melanie"), Aliases: []string{"Mel"}, SourceTurnIDs: []string{"10"}}},
		Relations: []ontology.Relation{rel(ontology.RelMovedFrom, person("Dana Reyes"), place("Faro"), "", "10", "3")},
		Profile:   []ontology.ProfileFact{{Subject: person("Dana"), Topic: "work", SubTopic: "employer", Value: "x", SourceTurnIDs: []string{"10"}}},
	}
	q := SnapshotQuery(batch(turns(10, 1), x))
	for _, k := range []string{"norvik shipping", "norvik", "melanie", "mel", "dana reyes", "dana", "faro"} {
		if !slices.Contains(q.Keys, k) {
			t.Errorf("keys %v lack %q", q.Keys, k)
		}
	}
	if !slices.Equal(q.Prefixes, []string{"norvik shipping"}) || !slices.Equal(q.RelationTypes, []string{"LIVES_IN", "MOVED_FROM"}) ||
		!slices.Equal(q.ProfileKeys, []string{"work/employer"}) || !slices.Equal(q.CitedTurnIDs, []string{"4", "3"}) {
		t.Fatalf("query = %+v", q)
	}
}

// The store returns what it collects in no fixed order; the plan must not
// depend on it. Two stored persons fit "Dana" equally well, two open
// relations fit the ending, so a planner taking the first candidate of the
// order it was given would plan differently for a reordered snapshot.
func TestPlanIgnoresSnapshotOrder(t *testing.T) {
	ents := []StoredEntity{
		stored("e-dana-r", "Dana Reyes", ontology.EntityPerson, 0.6),
		stored("e-dana-c", "Dana Cole", ontology.EntityPerson, 0.6),
		stored("e-acme", "Acme", ontology.EntityOrganization, 0.9),
		stored("e-faro", "Faro", ontology.EntityPlace, 0.9),
		{UID: SpeakerEntityUID("t", "c", "Sam"), Name: "Sam", Type: ontology.EntityPerson, Speaker: "Sam",
			AliasKeys: []string{"sam"}, Aliases: []string{"Sam"}},
	}
	rels := []StoredRelation{
		{ID: "r-2", Type: ontology.RelWorksAt, FromUID: "e-dana-c", ToUID: "e-acme", ValidFrom: at(-500)},
		{ID: "r-1", Type: ontology.RelWorksAt, FromUID: "e-dana-r", ToUID: "e-acme", ValidFrom: at(-400)},
		{ID: "r-3", Type: ontology.RelLivesIn, FromUID: "e-dana-r", ToUID: "e-faro", ValidFrom: at(-400)},
		{ID: "r-4", Type: ontology.RelLivesIn, FromUID: "e-dana-c", ToUID: "e-faro", ValidFrom: at(-300)},
	}
	left := rel(ontology.RelWorksAt, person("Dana"), org("Acme"), "", "10")
	left.ValidTo = at(10)
	x := ontology.Extraction{
		Entities: []ontology.EntityMention{mention(person("Dana"), "10"), mention(org("Acme"), "10"), mention(place("Faro"), "11")},
		Relations: []ontology.Relation{left, rel(ontology.RelMovedFrom, person("Dana"), place("Faro"), "", "11"),
			rel(ontology.RelFriendOf, person("Sam"), person("Dana"), "", "11")},
	}
	want := Plan(Snapshot{Entities: ents, Relations: rels}, batch(turns(10, 2), x))
	if len(want.RelationUpdates) == 0 {
		t.Fatalf("the ending and the move closed nothing: %+v", want)
	}
	for i := range len(ents) {
		e := append(slices.Clone(ents[i:]), ents[:i]...)
		r := slices.Clone(rels)
		slices.Reverse(e)
		if i%2 == 0 {
			slices.Reverse(r)
		}
		got := Plan(Snapshot{Entities: e, Relations: r}, batch(turns(10, 2), x))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("order %d planned\n%+v\nwant\n%+v", i, got, want)
		}
	}
	// A uid is drawn from the tenant, so the two Danas' uids may sort
	// either way: the same Dana is still chosen.
	swap := func(uid string) string {
		switch uid {
		case "e-dana-r":
			return "e-dana-c"
		case "e-dana-c":
			return "e-dana-r"
		}
		return uid
	}
	e, r := slices.Clone(ents), slices.Clone(rels)
	for i := range e {
		e[i].UID = swap(e[i].UID)
	}
	for i := range r {
		r[i].FromUID, r[i].ToUID = swap(r[i].FromUID), swap(r[i].ToUID)
	}
	got := Plan(Snapshot{Entities: e, Relations: r}, batch(turns(10, 2), x))
	mentioned := func(p WritePlan) []string {
		var out []string
		for _, w := range p.Entities {
			if slices.Contains(w.TurnIDs, "10") {
				out = append(out, w.Name)
			}
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(mentioned(got), mentioned(want)) || len(got.RelationUpdates) != len(want.RelationUpdates) {
		t.Fatalf("with the uids swapped turn 10 names %v (%d updates), want %v (%d)", mentioned(got), len(got.RelationUpdates),
			mentioned(want), len(want.RelationUpdates))
	}
}
