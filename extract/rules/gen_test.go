package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestGeneralMechanisms: h14-gen's mechanisms (verb classes with their
// preposition and the object's type, particles after verbs, pronoun and
// "there" subjects, possessive homes), each chat in
// testdata/generalise.txt with the current relation it must give.
func TestGeneralMechanisms(t *testing.T) { wantCurrentRelations(t, "generalise.txt") }

// wantCurrentRelations checks every chat of a testdata file ("TYPE From ->
// To | speaker: text | …") gives that relation as a current one.
func wantCurrentRelations(t *testing.T, file string) {
	t.Helper()
	for _, f := range readCases(t, file, -3) {
		want, turns := f[0], f[1:]
		x := extractChat(t, nil, chat("t", turns...))
		var got []string
		found := false
		for _, r := range x.Relations {
			got = append(got, relationLine(r))
			found = found || relationLine(r) == want && r.ValidTo == nil
		}
		if !found {
			t.Errorf("%q: want %s, got %q", turns, want, got)
		}
	}
}

// wantNoCurrentRelation checks every chat of a testdata file ("TYPE |
// speaker: text | …") gives no current relation of that type.
func wantNoCurrentRelation(t *testing.T, file string) {
	t.Helper()
	for _, f := range readCases(t, file, -3) {
		typ := ontology.RelationType(f[0])
		if _, ok := typ.Spec(); !ok {
			t.Fatalf("%q: no relation type %q", f, f[0])
		}
		noCurrentRelation(t, f[len(f)-1], chat("t", f[1:]...), typ)
	}
}

// TestLetGo: losing a job closes WORKS_AT (valid_to at the turn's time)
// and stores no current one.
func TestLetGo(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Priya's husband Marcus got let go from Halden Bank on friday 😬", "WORKS_AT Marcus -> Halden Bank"},
		{"I was laid off by Ocado in March", "WORKS_AT Jo -> Ocado"},
		{"she got fired from Tesco lol. Ana I mean", "WORKS_AT Ana -> Tesco"},
		{"unemployed 🫠 got let go from Synthwell in december", "WORKS_AT Jo -> Synthwell"},
	} {
		if c.want == "" {
			continue
		}
		x := extractChat(t, nil, chat("t", "Kat: hi", "Jo: "+c.text))
		closed := false
		for _, r := range x.Relations {
			if r.Type == ontology.RelWorksAt && r.ValidTo == nil {
				t.Errorf("%q gave a current %s", c.text, relationLine(r))
			}
			closed = closed || relationLine(r) == c.want && r.ValidTo != nil
		}
		if !closed && !strings.Contains(c.text, "Ana I mean") {
			t.Errorf("%q: want %s closed, got %v", c.text, c.want, x.Relations)
		}
	}
}

// TestWasInABand: a part once played in a named band closes MEMBER_OF.
func TestWasInABand(t *testing.T) {
	x := extractChat(t, nil, chat("t", "Mark: does Radu still have his band?", "Ioana: No, they stopped. Radu was the drummer of Stereo Miorița"))
	closed := false
	for _, r := range x.Relations {
		if r.Type == ontology.RelMemberOf && r.ValidTo == nil {
			t.Errorf("current %s", relationLine(r))
		}
		closed = closed || relationLine(r) == "MEMBER_OF Radu -> Stereo Miorița" && r.ValidTo != nil
	}
	if !closed {
		t.Errorf("want MEMBER_OF Radu -> Stereo Miorița closed, got %v", x.Relations)
	}
	noCurrentRelation(t, "was a singer in Paris", chat("t", "Jo: hi", "Kat: Ana was a singer in Paris"), ontology.RelMemberOf)
}

// TestGeneralNegatives: phrasings close to those mechanisms that state no
// current relation of the type given (testdata/generalise_negatives.txt):
// modality, endings, hypotheticals, questions, other objects.
func TestGeneralNegatives(t *testing.T) { wantNoCurrentRelation(t, "generalise_negatives.txt") }

// TestTypingFromData: the type a name gets from data and cues alone
// (testdata/typing.txt: "Name Type", then the chat's turns): the place
// gazetteer with accents folded, organisation head nouns, the verb or
// noun before "at", a pet introduced a few words before "called", and
// nationality words that are never names.
func TestTypingFromData(t *testing.T) { checkTyping(t, "typing.txt") }

// checkTyping checks the type a name gets in each case of the testdata
// file ("Name = Type" or "= none", then the chat's turns).
func checkTyping(t *testing.T, file string) {
	t.Helper()
	for _, f := range readCases(t, file, -2) {
		name, typ, _ := strings.Cut(strings.TrimSpace(f[0]), " = ")
		x := extractChat(t, nil, chat("t", f[1:]...))
		e := findEntity(x, name)
		switch {
		case typ == "none" && e != nil:
			t.Errorf("%q: %s is an entity (%s), want none", f[1:], name, e.Type)
		case typ != "none" && e == nil:
			t.Errorf("%q: no entity %s", f[1:], name)
		case typ != "none" && string(e.Type) != typ:
			t.Errorf("%q: %s is %s (%s), want %s", f[1:], name, e.Type, e.TypeCue, typ)
		}
	}
}
