package query

import "testing"

func TestNamedSpeaker(t *testing.T) {
	speakers := []string{"Caroline", "Melanie", "Jon Snow", "José"}
	cases := map[string]string{
		"What did Caroline research?":        "Caroline",
		"what did caroline research?":        "Caroline",
		"CAROLINE?":                          "Caroline",
		"Caroline's favourite book":          "Caroline",
		"Caroline’s favourite book":          "Caroline",
		"Where does Jon work?":               "Jon Snow",
		"Where does Jon Snow work?":          "Jon Snow",
		"Did José go hiking?":                "José",
		"Did Caroline and Melanie meet?":     "",
		"Who painted the lake?":              "",
		"Carolines are common":               "",
		"Is Carol here?":                     "",
		"Josée is someone else":              "",
		"Jonathan is not Jon":                "Jon Snow",
		"caroline and CAROLINE are the same": "Caroline",
	}
	for q, want := range cases {
		if got := NamedSpeaker(q, speakers); got != want {
			t.Errorf("NamedSpeaker(%q) = %q, want %q", q, got, want)
		}
	}
	if got := NamedSpeaker("Jon?", []string{"Jon Snow", "Jon Arryn"}); got != "" {
		t.Errorf("ambiguous first name: %q, want none", got)
	}
	if got := NamedSpeaker("anything", nil); got != "" {
		t.Errorf("no speakers: %q", got)
	}
}
