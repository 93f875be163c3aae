package ontology

import "testing"

// TestChatGroup checks the decision of whose own chat a conversation is:
// a group clearly held by the most speakers, else none.
func TestChatGroup(t *testing.T) {
	hold := func(name string, n int) GroupHold {
		return GroupHold{Group: EntityRef{Name: name, Type: EntityOrganization}, Speakers: n}
	}
	cases := []struct {
		name  string
		holds []GroupHold
		want  string
	}{
		{"none stored", nil, ""},
		{"one speaker's group only", []GroupHold{hold("Ashgrove CC", 1)}, ""},
		{"two speakers share it", []GroupHold{hold("Static Orchids", 2)}, "Static Orchids"},
		{"clearly the most held", []GroupHold{hold("Ashgrove CC", 3), hold("Cheadle Rovers", 1)}, "Ashgrove CC"},
		{"in any order", []GroupHold{hold("Cheadle Rovers", 1), hold("Ashgrove CC", 3)}, "Ashgrove CC"},
		{"two about as held", []GroupHold{hold("Ashgrove CC", 2), hold("Cheadle Rovers", 1)}, ""},
		{"a tie", []GroupHold{hold("Comets", 2), hold("Yarrow Vale Juniors", 2)}, ""},
		{"a tie behind the most held", []GroupHold{hold("Larkspur Voices", 5), hold("A", 2), hold("B", 2)}, "Larkspur Voices"},
		{"a close second behind it", []GroupHold{hold("Larkspur Voices", 4), hold("A", 2)}, ""},
	}
	for _, c := range cases {
		got, ok := ChatGroup(c.holds)
		if got.Name != c.want || ok != (c.want != "") {
			t.Errorf("%s: ChatGroup = %+v, %v; want %q", c.name, got, ok, c.want)
		}
		if ok && got.Type != EntityOrganization {
			t.Errorf("%s: type %s, want Organization", c.name, got.Type)
		}
	}
}

// TestOwnChatGroup checks that a recorded group decides before the
// speakers' holds, and that two recorded groups decide none.
func TestOwnChatGroup(t *testing.T) {
	org := func(name string) EntityRef { return EntityRef{Name: name, Type: EntityOrganization} }
	hold := func(name string, n int) GroupHold { return GroupHold{Group: org(name), Speakers: n} }
	cases := []struct {
		name     string
		recorded []EntityRef
		holds    []GroupHold
		want     string
	}{
		{"nothing known", nil, nil, ""},
		{"recorded only", []EntityRef{org("Ashgrove CC")}, nil, "Ashgrove CC"},
		{"recorded before the holds", []EntityRef{org("Ashgrove CC")}, []GroupHold{hold("Cheadle Rovers", 3)}, "Ashgrove CC"},
		{"holds when none recorded", nil, []GroupHold{hold("Static Orchids", 2)}, "Static Orchids"},
		{"two recorded decide none", []EntityRef{org("Ashgrove CC"), org("Cheadle Rovers")}, []GroupHold{hold("Ashgrove CC", 3)}, ""},
	}
	for _, c := range cases {
		got, ok := OwnChatGroup(c.recorded, c.holds)
		if got.Name != c.want || ok != (c.want != "") {
			t.Errorf("%s: OwnChatGroup = %+v, %v; want %q", c.name, got, ok, c.want)
		}
	}
}

// TestRecordChatGroup checks the record a conversation keeps of its own
// groups: new ones appended in order, a group named again (in any case)
// kept once, nil ignored, at most MaxChatGroups.
func TestRecordChatGroup(t *testing.T) {
	ref := func(name string) *EntityRef { return &EntityRef{Name: name, Type: EntityOrganization} }
	var rec []EntityRef
	rec = RecordChatGroup(rec, nil)
	rec = RecordChatGroup(rec, ref("Ashgrove CC"))
	rec = RecordChatGroup(rec, ref("ashgrove cc"))
	if len(rec) != 1 || rec[0].Name != "Ashgrove CC" || rec[0].Type != EntityOrganization {
		t.Fatalf("after one group: %+v", rec)
	}
	for _, n := range []string{"B", "C", "D", "E", "F"} {
		rec = RecordChatGroup(rec, ref(n))
	}
	if len(rec) != MaxChatGroups || rec[1].Name != "B" {
		t.Fatalf("bounded record: %+v", rec)
	}
	a := []EntityRef{{Name: "A"}}
	b := RecordChatGroup(a[:1:1], ref("B"))
	if len(a) != 1 || len(b) != 2 {
		t.Fatalf("record shares its input: %+v %+v", a, b)
	}
}
