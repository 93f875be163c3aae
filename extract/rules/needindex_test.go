package rules

import (
	"maps"
	"slices"
	"testing"

	"github.com/loci-memory/loci/lang"
)

// costTexts are sentences of several styles for the checks below: each
// shortcut must answer as what it replaces does, on every one of them.
var costTexts = append(slices.Clone(benchTurns),
	"we got a flat in leith, moving in march!! my boss at ocado is mad",
	"She's been at Norvik for 3 yrs now, under Priya. Their office is in Bergen.",
	"who's ur fave band rn?",
	"Jonah joined",
	"lol",
	"",
	"my sister said she's leaving the band, they're called The Lamplighters",
	"My tutor Dana, who runs the club, grew up there. He's staying in Cork.",
	"i'm obsessed w tofu already, me n my bf femi r moving to madrid")

// TestNeedIndexMatchesHasAnyWord checks that the index finds, for every
// sentence, exactly the slot-first frames mayMatch admits and the readings
// of each blind round hasAnyWord admits.
func TestNeedIndexMatchesHasAnyWord(t *testing.T) {
	lists := map[string][]sentenceReading{"blind8": blind8Readings, "blind9": blind9Readings,
		"blind10": blind10Readings, "blind11": blind11Readings}
	checked := 0
	for _, text := range costTexts {
		sentences := lang.SplitSentences(lang.Tokenize(text))
		for i := range sentences {
			p := &sentCtx{turnCtx: &turnCtx{}, s: &sentences[i]}
			var want []*frame
			for k := range slotFirstFrames {
				if p.mayMatch(slotFirstFrames[k]) {
					want = append(want, &slotFirstFrames[k])
				}
			}
			if got := p.slotFirstMayMatch(); !slices.Equal(got, want) {
				t.Errorf("%q sentence %d: slot-first frames %d, mayMatch admits %d", text, i, len(got), len(want))
			}
			for name, rs := range lists {
				may := make([]bool, len(rs))
				readingsIndex(rs).mark(p, may)
				for k, r := range rs {
					if may[k] != p.hasAnyWord(r.need) {
						t.Errorf("%s reading %d on %q: index %v, hasAnyWord %v", name, k, text, may[k], !may[k])
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no reading checked")
	}
}

// TestNeedIndexNil checks what a nil or empty need means: always for a
// frame, never for a reading, as mayMatch and hasAnyWord read them.
func TestNeedIndexNil(t *testing.T) {
	needs := []map[string]bool{nil, {}, lang.Words(`moving`)}
	s := lang.SplitSentences(lang.Tokenize("we are moving"))[0]
	p := &sentCtx{turnCtx: &turnCtx{}, s: &s}
	for _, tc := range []struct {
		nilAlways bool
		want      []bool
	}{{true, []bool{true, false, true}}, {false, []bool{false, false, true}}} {
		may := make([]bool, len(needs))
		newNeedIndex(needs, tc.nilAlways).mark(p, may)
		if !slices.Equal(may, tc.want) {
			t.Errorf("nilAlways %v: %v, want %v", tc.nilAlways, may, tc.want)
		}
	}
}

// TestNotNameSetMatchesLists checks the gathered set against the lists it
// was gathered from, on every word of them and of the texts above (which
// also shows it was gathered after every init function added its words).
func TestNotNameSetMatchesLists(t *testing.T) {
	words := map[string]bool{"priya": true, "rashed": true, "bergen": true, "": true}
	for _, text := range costTexts {
		for _, tok := range lang.Tokenize(text) {
			words[tok.Norm] = true
		}
	}
	for w := range notNameSet() {
		words[w] = true
	}
	for _, m := range []map[string]bool{commonWords, npStops, lang.PlanVerbs, petSpecies} {
		maps.Copy(words, m)
	}
	for w := range roleWords {
		words[w] = true
	}
	for w := range likeVerbs {
		words[w] = true
	}
	held := 0
	for w := range words {
		if got, want := notNameWord(w), readNotNameWord(w); got != want {
			t.Errorf("notNameWord(%q) = %v, the lists say %v", w, got, want)
		}
		if notNameWord(w) {
			held++
		}
	}
	if held == 0 || notNameWord("priya") {
		t.Errorf("%d words held, priya %v", held, notNameWord("priya"))
	}
}

// TestSentencesOfIsAFreshTokenisation checks that every copy equals a
// fresh tokenisation, laid out in one array as lang lays it out, and that
// changing one copy leaves the next unchanged.
func TestSentencesOfIsAFreshTokenisation(t *testing.T) {
	c := &turnCtx{}
	for _, text := range costTexts {
		for round := 0; round < 2; round++ {
			want := lang.SplitSentences(lang.Tokenize(text))
			got := c.sentencesOf(text)
			if len(got) != len(want) || (got == nil) != (want == nil) {
				t.Fatalf("%q: %d sentences, want %d", text, len(got), len(want))
			}
			for i := range got {
				if !slices.Equal(got[i].Toks, want[i].Toks) || got[i].Start != want[i].Start || got[i].End != want[i].End ||
					got[i].Question != want[i].Question || got[i].Lower != want[i].Lower {
					t.Errorf("%q sentence %d: %+v, want %+v", text, i, got[i], want[i])
				}
				if i > 0 && cap(got[i-1].Toks)-cap(got[i].Toks) != cap(want[i-1].Toks)-cap(want[i].Toks) {
					t.Errorf("%q sentence %d: not laid out as lang lays it out", text, i)
				}
				capitalise(&got[i], 0, len(got[i].Toks)) // the next round must not see it
			}
		}
	}
}
