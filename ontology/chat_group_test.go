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
