package lang

import (
	"strings"
	"testing"
)

func TestNicknamesPairANameWithItsOwnNicknamesOnly(t *testing.T) {
	n, err := ReadNicknames(strings.NewReader("# comment\nmargaret,maggie,peggy\n\nelizabeth,lisa,beth,liz\ntom,thomas\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]string{{"Margaret", "Maggie"}, {"maggie", "margaret"}, {"PEGGY", "margaret"}, {"thomas", "Tom"}, {"liz", "elizabeth"}} {
		if !n.Pair(p[0], p[1]) {
			t.Errorf("Pair(%q, %q) = false", p[0], p[1])
		}
	}
	for _, p := range [][2]string{{"lisa", "beth"}, {"maggie", "peggy"}, {"margaret", "margaret"}, {"maggie", "elizabeth"}, {"bob", "robert"}} {
		if n.Pair(p[0], p[1]) {
			t.Errorf("Pair(%q, %q) = true", p[0], p[1])
		}
	}
	var none *Nicknames
	if none.Pair("margaret", "maggie") || none.Len() != 0 {
		t.Error("a nil list pairs names")
	}
	if _, err := ReadNicknames(strings.NewReader("margaret\n")); err == nil {
		t.Error("a line without a nickname was accepted")
	}
}
