package query

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

func TestMatchSpeaker(t *testing.T) {
	speakers := []ontology.Speaker{
		{Name: "rosa_m92", Aliases: []ontology.SpeakerAlias{{Alias: "Ro", How: ontology.AliasVocative, Count: 2}}},
		{Name: "Daniel Kim", Aliases: []ontology.SpeakerAlias{{Alias: "Danny", How: ontology.AliasExplicit}}},
		{Name: "Caroline"},
		{Name: "Mary"},
		{Name: "Carla"},
	}
	cases := []struct {
		query, speaker, alias, how string
	}{
		{"What did rosa_m92 say?", "rosa_m92", "rosa_m92", MatchName},
		{"Where did Rosa go last week?", "rosa_m92", "Rosa", MatchHandle},
		{"What does Ro do for work?", "rosa_m92", "Ro", ontology.AliasVocative},
		{"What is Daniel's job?", "Daniel Kim", "Daniel", MatchFirstName},
		{"what did danny buy", "Daniel Kim", "danny", ontology.AliasExplicit},
		{"What did Roza paint?", "rosa_m92", "Roza", MatchFuzzy},
		{"What did Carolyne paint?", "Caroline", "Carolyne", MatchFuzzy},
		{"what did caroline's sister say", "Caroline", "caroline", MatchName},
		{"What did Caorline paint?", "Caroline", "Caorline", MatchFuzzy}, // one adjacent swap
		// A possessive typed without its apostrophe, before its noun.
		{"whats the name of carolines dog", "Caroline", "carolines", MatchName},
		{"who is rosas brother", "rosa_m92", "rosas", MatchHandle},
		{"Where did Carlas sister move?", "Carla", "Carlas", MatchName},
		// Refused: not alike enough, or naming two speakers, or nobody.
		{"What did Carol paint?", "", "", ""},
		{"What did Mark buy?", "", "", ""},
		{"What did Carl buy?", "", "", ""}, // one edit from Carla and alike in sound, but a name of its own
		{"Did Rosa and Daniel meet?", "", "", ""},
		{"What did they talk about?", "", "", ""},
		{"When did Marie arrive?", "", "", ""}, // close to Mary in letters and sound? two edits at 5 letters: refused
		// Not a possessive: a function word or nothing follows, or a name of its own.
		{"how many carlas?", "", "", ""},
		{"what did the marys do", "", "", ""},
	}
	for _, c := range cases {
		got := MatchSpeaker(c.query, speakers, true, nil)
		if got.Speaker != c.speaker || (c.speaker != "" && (got.Alias != c.alias || got.How != c.how)) {
			t.Errorf("MatchSpeaker(%q) = %+v, want %s by %q (%s)", c.query, got, c.speaker, c.alias, c.how)
		}
	}
}

func TestMatchSpeakerSharedAliasNamesNobody(t *testing.T) {
	speakers := []ontology.Speaker{
		{Name: "a1", Aliases: []ontology.SpeakerAlias{{Alias: "Sam", How: ontology.AliasVocative}}},
		{Name: "b2", Aliases: []ontology.SpeakerAlias{{Alias: "Sam", How: ontology.AliasIntroduction}}},
	}
	if got := MatchSpeaker("What did Sam cook?", speakers, true, nil); got.Speaker != "" {
		t.Errorf("an alias of two speakers scoped to %+v", got)
	}
}

func TestHandleForms(t *testing.T) {
	for label, want := range map[string][]string{
		"rosa_m92":      {"rosa"},
		"@Rosa.Martins": {"rosa martins", "rosa"},
		"DaveR":         {"dave"},
		"Caroline":      nil,
		"Rosa Martins":  nil,
		"x_1":           nil,
	} {
		got := handleForms(label)
		if len(got) != len(want) {
			t.Errorf("handleForms(%q) = %v, want %v", label, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("handleForms(%q) = %v, want %v", label, got, want)
			}
		}
	}
}

func TestSpeakerWordsLeaveNamesOut(t *testing.T) {
	speakers := []ontology.Speaker{{Name: "rosa_m92", Aliases: []ontology.SpeakerAlias{{Alias: "Ro", How: ontology.AliasVocative}}}}
	if got := DropSpeakerNames("What did Ro and Rosa's dog eat?", SpeakerWords(speakers)); got != "What did and dog eat?" {
		t.Errorf("got %q", got)
	}
}

func TestMatchSpeakerByNickname(t *testing.T) {
	nicks, err := lang.ReadNicknames(strings.NewReader("margaret,maggie,peggy\nwilliam,bill,will\nthomas,tom\nsamuel,sam\nsamantha,sam\nelizabeth,lisa,beth\n"))
	if err != nil {
		t.Fatal(err)
	}
	speakers := []ontology.Speaker{
		{Name: "Margaret O'Neil"},
		{Name: "will_k"},
		{Name: "Tom"},
		{Name: "Samuel"},
		{Name: "Samantha"},
		{Name: "Lisa"},
	}
	cases := []struct{ query, speaker, alias string }{
		{"What did Maggie bake for the party?", "Margaret O'Neil", "Maggie"},
		{"what did peggy say about the trip", "Margaret O'Neil", "peggy"},
		{"Where does William work?", "will_k", "William"}, // the full name of the handle's nickname
		{"What is Thomas's dog called?", "Tom", "Thomas"},
		// Refused: a nickname of two speakers' names, two nicknames of one
		// name (Beth is not Lisa), a lower-case word in a capitalised query.
		{"What did Sam cook?", "", ""},
		{"What did Beth say?", "", ""},
		{"Did you bill Maggie's client?", "Margaret O'Neil", "Maggie"},
		{"Did Maggie meet Tom?", "", ""}, // two speakers
	}
	// Tom and Thomas both speaking: "Tom" is Tom.
	both := []ontology.Speaker{{Name: "Tom"}, {Name: "Thomas"}}
	if got := MatchSpeaker("What did Tom say?", both, true, nicks); got.Speaker != "Tom" || got.How != MatchName {
		t.Errorf("with Tom and Thomas speaking, \"Tom\" matched %+v", got)
	}
	for _, c := range cases {
		got := MatchSpeaker(c.query, speakers, true, nicks)
		if got.Speaker != c.speaker || (c.speaker != "" && (got.Alias != c.alias || got.How != MatchNickname)) {
			t.Errorf("MatchSpeaker(%q) = %+v, want %q by %q (nickname)", c.query, got, c.speaker, c.alias)
		}
	}
	if got := MatchSpeaker("What did Maggie bake?", speakers, false, nicks); got.Speaker != "" {
		t.Errorf("without fuzzy matching a nickname scoped to %+v", got)
	}
	if got := MatchSpeaker("What did Maggie bake?", speakers, true, nil); got.Speaker != "" {
		t.Errorf("without a list a nickname scoped to %+v", got)
	}
}
