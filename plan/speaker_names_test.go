package plan

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

func TestLabelParts(t *testing.T) {
	// Each label, then the parts it must give.
	cases := [][2]string{{"@bouldr_kat", "bouldr kat"}, {"mo.runs", "mo runs"}, {"kofi_b", "kofi b"},
		{"Steph (admin)", "steph"}, {"Tomasz (locum)", "tomasz"}, {"KatNap", "kat nap"}, {"craigR", "craig r"},
		{"Debz 🌻", "debz"}, {"sam92", "sam"}, {"Zain's Mum", "mum"}, {"Big Sam", "big sam"}}
	for _, c := range cases {
		if got := strings.Join(labelParts(c[0]), " "); got != c[1] {
			t.Errorf("labelParts(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// TestNamesSpeaker checks which names in the text name a speaker by their
// label's parts, and the twins that must not: another name a letter or
// two longer or shorter ("Kat" and "Kate", "Ria" and "Riaan"), a
// possessor ("Zain" in "Zain's Mum"), a full name whose second part
// disagrees ("Sam Reed" for "@sam.o").
func TestNamesSpeaker(t *testing.T) {
	yes := map[string]string{
		"Kat": "@bouldr_kat", "Mo": "mo.runs", "Kofi": "kofi_b", "Steph": "Steph (admin)", "Tom": "Tomasz (locum)",
		"Oskar": "oskarr", "Priya": "Priyaa", "Rhiannon": "rhi.climbs", "Louise": "lou.b", "Declan": "dec",
		"Kez": "kezza_b", "Anj": "anjali_r", "Ian": "mossy_ian", "Sam": "Big Sam", "Mel": "Melissa Rourke",
		"Dean": "Deano", "Craig": "craigR", "Treen": "treeen_nz", "Sam Oduya": "@sam.o", "Jide Okafor": "j.okafor",
		"Keeley Moss": "keeley.moss", "Veronica": "Vero 💅", "Ben": "Benedict Cumber",
	}
	no := map[string]string{
		"Kat": "Kate", "Kate": "Kat", "Eric": "Erica", "Ria": "Riaan", "Dan": "Dana", "Zain": "Zain's Mum",
		"Sam Reed": "@sam.o", "Ro": "rosa_m", "Mossy": "mossy_ian_2", "Sara": "Sarah", "Nat": "Nate_k",
	}
	words := func(n string) []string { return strings.Fields(ontology.NormaliseName(n)) }
	for name, label := range yes {
		if !namesSpeaker(words(name), label) {
			t.Errorf("%q should name speaker %q", name, label)
		}
	}
	for name, label := range no {
		if name == "Mossy" {
			continue // "mossy" is the label's first part: it does name mossy_ian_2
		}
		if namesSpeaker(words(name), label) {
			t.Errorf("%q must not name speaker %q", name, label)
		}
	}
}

func labelled(speakers ...string) func(ids ...string) []ontology.Turn {
	return func(ids ...string) []ontology.Turn {
		var out []ontology.Turn
		for i, id := range ids {
			out = append(out, ontology.Turn{ID: id, Session: "s" + id, Speaker: speakers[i%len(speakers)], Text: "…", Timestamp: at(i)})
		}
		return out
	}
}

func speakerBatch(ts []ontology.Turn, speakers []string, x ontology.Extraction) Batch {
	return Batch{Tenant: "t", Conversation: "c", Turns: ts, Speakers: speakers, Knowledge: x, Now: t0.Add(24 * time.Hour)}
}

// TestHandleSpeakerNamedInText checks that the name the text uses for a
// speaker labelled by a handle resolves to that speaker, and that it does
// not when two speakers' labels fit it or it is a person known already.
func TestHandleSpeakerNamedInText(t *testing.T) {
	sp := []string{"@bouldr_kat", "mo.runs"}
	b := speakerBatch(labelled(sp...)("1", "2"), sp, ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Kat"), "2")}})
	p := Plan(Snapshot{}, b)
	if e := entityOf(t, p, "@bouldr_kat"); !slices.Contains(e.TurnIDs, "2") {
		t.Fatalf("Kat not resolved to @bouldr_kat: %+v", p.Entities)
	}
	// Twin: two speakers whose handles both carry "kat".
	sp = []string{"@bouldr_kat", "@mossy_kat"}
	b = speakerBatch(labelled(sp...)("1", "2"), sp, ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Kat"), "2")}})
	p = Plan(Snapshot{}, b)
	if e := entityOf(t, p, "Kat"); e.Speaker != "" {
		t.Fatalf("Kat merged with one of two speakers it fits: %+v", e)
	}
	// Twin: a stored person "Kat" is that person, not the speaker "Kate".
	sp = []string{"Kate", "Mo"}
	snap := Snapshot{Entities: []StoredEntity{stored("kat", "Kat", ontology.EntityPerson, 0)}}
	b = speakerBatch(labelled(sp...)("1", "2"), sp, ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Kat"), "2")}})
	p = Plan(snap, b)
	if e := entityOf(t, p, "Kat"); e.UID != "kat" {
		t.Fatalf("Kat resolved away from the stored Kat: %+v", e)
	}
	// Twin: "Kat" new beside a speaker "Kate" is someone else.
	p = Plan(Snapshot{}, b)
	if e := entityOf(t, p, "Kat"); e.Speaker != "" {
		t.Fatalf("Kat merged with speaker Kate: %+v", e)
	}
}

// TestSharedFirstNameNotMerged: two people sharing a first name, one of
// them a speaker known by a full name, stay two.
func TestSharedFirstNameNotMerged(t *testing.T) {
	sp := []string{"@sam.o", "jwu"}
	b := speakerBatch(labelled(sp...)("1", "2", "3"), sp, ontology.Extraction{Entities: []ontology.EntityMention{
		mention(person("Sam Oduya"), "2"), mention(person("Sam Reed"), "3")}})
	p := Plan(Snapshot{}, b)
	if e := entityOf(t, p, "@sam.o"); !slices.Contains(e.Aliases, "Sam Oduya") {
		t.Fatalf("Sam Oduya not resolved to @sam.o: %+v", e)
	}
	if e := entityOf(t, p, "Sam Reed"); e.Speaker != "" {
		t.Fatalf("Sam Reed merged with @sam.o: %+v", e)
	}
	// A second full name that also fits the handle is someone else once
	// the speaker is known by the first.
	b = speakerBatch(labelled(sp...)("1", "2", "3"), sp, ontology.Extraction{Entities: []ontology.EntityMention{
		mention(person("Sam Oduya"), "2"), mention(person("Sam Okoro"), "3")}})
	p = Plan(Snapshot{}, b)
	if e := entityOf(t, p, "Sam Okoro"); e.Speaker != "" {
		t.Fatalf("Sam Okoro merged with @sam.o (known as Sam Oduya): %+v", e)
	}
}

// TestRespeltLabel checks that a label respelt in a later session (case,
// one doubled letter) is the stored speaker, and that two labels speaking
// in one batch stay two people.
func TestRespeltLabel(t *testing.T) {
	first := Plan(Snapshot{}, speakerBatch(labelled("Priyaa", "Mo")("1", "2"), []string{"Mo", "Priyaa"},
		ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Priyaa"), "1")}}))
	priyaa := entityOf(t, first, "Priyaa")
	snap := Snapshot{Entities: []StoredEntity{priyaa.StoredEntity, entityOf(t, first, "Mo").StoredEntity}}
	b := speakerBatch(labelled("priya", "Mo")("3", "4"), []string{"Mo", "priya"},
		ontology.Extraction{Entities: []ontology.EntityMention{mention(person("priya"), "3")}})
	p := Plan(snap, b)
	for _, e := range p.Entities {
		if e.Speaker == "priya" || e.New && e.Name == "priya" {
			t.Fatalf("respelt label made a new entity: %+v", p.Entities)
		}
	}
	if e := entityOf(t, p, "Priyaa"); e.UID != priyaa.UID || !slices.Contains(e.TurnIDs, "3") {
		t.Fatalf("priya not resolved to Priyaa: %+v", e)
	}
	// Twin: both labels speak in one batch: two people.
	b = speakerBatch(labelled("priya", "Priyaa")("3", "4"), []string{"Priyaa", "priya"},
		ontology.Extraction{Entities: []ontology.EntityMention{mention(person("priya"), "3")}})
	p = Plan(snap, b)
	if e := entityOf(t, p, "priya"); e.UID == priyaa.UID || e.Speaker != "priya" {
		t.Fatalf("priya merged with Priyaa while both speak: %+v", e)
	}
}

// TestSpeakerTakesNamedPerson: a person the text named before they spoke
// ("Dani"), then a speaker labelled "dani", are one entity; a speaker
// "Dan" does not take "Dani".
func TestSpeakerTakesNamedPerson(t *testing.T) {
	snap := Snapshot{Entities: []StoredEntity{stored("dani", "Dani", ontology.EntityPerson, 0)}}
	b := speakerBatch(labelled("dani", "Mo")("3", "4"), []string{"Mo", "dani"},
		ontology.Extraction{Entities: []ontology.EntityMention{mention(person("dani"), "3")}})
	p := Plan(snap, b)
	if e := entityOf(t, p, "Dani"); e.UID != "dani" || e.Speaker != "dani" || !slices.Contains(e.TurnIDs, "3") {
		t.Fatalf("speaker dani did not take the stored Dani: %+v", p.Entities)
	}
	b = speakerBatch(labelled("Dan", "Mo")("3", "4"), []string{"Mo", "Dan"},
		ontology.Extraction{Entities: []ontology.EntityMention{mention(person("Dan"), "3")}})
	p = Plan(snap, b)
	if e := entityOf(t, p, "Dan"); e.UID == "dani" {
		t.Fatalf("speaker Dan took the stored Dani: %+v", e)
	}
}

// TestPersonOnHearsay checks that a name typed Person only by a pronoun
// pointing at it ("coref") or by the company it keeps is the animal or
// organisation known by that name, in either order, and the twins: a
// person typed by a cue of its own (a role) stays a person, a place never
// takes a person, and two animals of one name leave it new.
func TestPersonOnHearsay(t *testing.T) {
	animal := ref("Biscuit", ontology.EntityAnimal)
	// The animal stored first: the pronoun's person is the animal.
	snap := Snapshot{Entities: []StoredEntity{stored("dog", "Biscuit", ontology.EntityAnimal, 0.9)}}
	p := Plan(snap, batch(turns(1, 2), ontology.Extraction{Entities: []ontology.EntityMention{cued(person("Biscuit"), 0.6, "coref", "1")}}))
	if e := entityOf(t, p, "Biscuit"); e.UID != "dog" || e.Type != ontology.EntityAnimal {
		t.Fatalf("coref Biscuit = %+v, want the stored dog", e)
	}
	// The person on hearsay stored first: the animal's cue retypes it.
	hearsay := stored("p", "Biscuit", ontology.EntityPerson, 0.6)
	hearsay.TypeCue = "coref"
	p = Plan(Snapshot{Entities: []StoredEntity{hearsay}}, batch(turns(1, 2), ontology.Extraction{Entities: []ontology.EntityMention{cued(animal, 0.6, "rel:OWNS", "1")}}))
	if e := entityOf(t, p, "Biscuit"); e.UID != "p" || e.Type != ontology.EntityAnimal || len(p.Retypes) != 1 {
		t.Fatalf("OWNS Biscuit = %+v, retypes %+v: want the stored person retyped Animal", e, p.Retypes)
	}
	// Twin: a person typed by a role stays a person beside the dog.
	p = Plan(snap, batch(turns(1, 2), ontology.Extraction{Entities: []ontology.EntityMention{cued(person("Biscuit"), 0.9, "role:colleague", "1")}}))
	if e := entityOf(t, p, "Biscuit"); e.UID == "dog" || e.Type != ontology.EntityPerson {
		t.Fatalf("role-typed Biscuit = %+v, want a person of its own", e)
	}
	roled := stored("p", "Biscuit", ontology.EntityPerson, 0.9)
	roled.TypeCue = "role:colleague"
	p = Plan(Snapshot{Entities: []StoredEntity{roled}}, batch(turns(1, 2), ontology.Extraction{Entities: []ontology.EntityMention{cued(animal, 0.95, "pet:dog", "1")}}))
	if e := entityOf(t, p, "Biscuit"); e.UID == "p" || len(p.Retypes) != 0 {
		t.Fatalf("the dog took the role-typed person: %+v %+v", e, p.Retypes)
	}
	// Twin: a place does not take a person on hearsay ("Florence").
	snapPlace := Snapshot{Entities: []StoredEntity{stored("fl", "Florence", ontology.EntityPlace, 0.9)}}
	p = Plan(snapPlace, batch(turns(1, 2), ontology.Extraction{Entities: []ontology.EntityMention{cued(person("Florence"), 0.6, "coref", "1")}}))
	if e := entityOf(t, p, "Florence"); e.UID == "fl" {
		t.Fatalf("coref Florence resolved to the place: %+v", e)
	}
	// Twin: two animals of one name: the pronoun's person picks neither.
	two := Snapshot{Entities: []StoredEntity{stored("dog", "Biscuit", ontology.EntityAnimal, 0.9), stored("co", "Biscuit", ontology.EntityOrganization, 0.9)}}
	p = Plan(two, batch(turns(1, 2), ontology.Extraction{Entities: []ontology.EntityMention{cued(person("Biscuit"), 0.6, "coref", "1")}}))
	for _, e := range p.Entities {
		if e.Name == "Biscuit" && e.Type != ontology.EntityPerson {
			t.Fatalf("coref Biscuit picked one of two: %+v", p.Entities)
		}
	}
}
