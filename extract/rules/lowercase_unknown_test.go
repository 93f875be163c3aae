package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestLowercaseUnknownOrgSlots: after a job's or a membership's cue, a lower-case
// word outside the word list opens an organisation's name that runs over
// unknown words and organisation nouns; the everyday words, chat
// spellings, typos and slang that stand in the same slots stay words.
// Names here are of no list, no pool and no dev chat.
func TestLowercaseUnknownOrgSlots(t *testing.T) {
	const cases = `3 yrs at vornaby and this is my 4th reorg | Vornaby
		she just got hired by quessel lol | Quessel
		handed my notice in at pellory & trindlecombe today | Pellory Trindlecombe
		he's a physio at halvercote physio | Halvercote Physio
		he is accepted at brackwell bank, in the it department | Brackwell Bank
		he's at dunmorrow doing data stuff | Dunmorrow
		my news: i left deloitte | Deloitte
		last day is friday. i'm off to selvane | Selvane
		last day is friday. i'm off to selvane hahaha | Selvane
		got a job w krantle brewing | Krantle Brewing
		she runs plimwick vets near us | Plimwick Vets
		i started at ostravel last week | Ostravel
		im going to ostravel rail in august | Ostravel Rail
		since she left for monzo in april | Monzo
		my ward at halvercote is short again | Halvercote
		new starter: he joins us on the 23rd, he's coming from krantle | Krantle
		he's coming from krantle on the train |
		she's coming from leeds, she joins us monday | Leeds
		starting at the copper kettle on monday, the bar on the high street | Copper Kettle
		got a job at the blue door instead, the cafe near uni | Blue Door
		starting at the bar on monday, the one near uni |
		starting at the end of the month, the best time |
		i start at the same place, the one by the station |
		im going to halvercote in august |
		she left for krantle in april |
		the ward at night is quiet |
		3 yrs at sea and this is my 4th ship |
		i'm at wrk |
		i'm at hme now |
		he's at skool now |
		i'm at offce doing stuff |
		he's at brunchh now |
		she's at work now |
		i'm off to bed |
		i'm off to the shops |
		he left early |
		i left it at home |
		also i left vornaby |
		she joined in |
		he's still at the gym |
		i work for free |
		i work for yrs and yrs |
		i'm in bed |
		starting at uni on monday |
		got hired by them |
		handed my notice in at lunch |
		he works at nite |
		i joined the selvane hop society this term | Selvane Hop Society
		she runs marathons now |
		she runs quessel now |
		i start at 9 |
		update!! i took the vornaby job | Vornaby
		she got the quessel internship | Quessel
		i took the night job |
		i got the bar job |
		i turned down the quessel job |
		he set it up after leaving deloitte | Deloitte
		after leaving tesco i went home |
		after leaving vornaby we got lost |`
	checkRecased(t, cases)
}

// TestLowercaseUnknownPlaces: after a home's cue, a lower-case word outside the
// word list is a place's name, a plural one too ("eccles"-like); plurals
// of listed words, states and "be in" alone stay words.
func TestLowercaseUnknownPlaces(t *testing.T) {
	const cases = `fwiw i live in wembury so it's 15 min for me | Wembury
		i live in oxtables now | Oxtables
		she lives in marrowkit | Marrowkit
		i live in boots |
		we live in flats now |
		they live in fear |
		we're in oxtable now |
		yeah they're in oxtable tho, so i'd have to move | Oxtable
		they're in lockdown now |
		they're in bed |
		they're in selvane park |
		he's living in sin |`
	checkRecased(t, cases)
}

// TestLowercaseUnknownTypos: a word one edit from an everyday slot word is that
// word misspelled; an invented name is not.
func TestLowercaseUnknownTypos(t *testing.T) {
	for w, want := range map[string]bool{"wrk": true, "hoome": true, "offce": true, "wokr": true, "schol": true, "brunchh": true, "vornaby": false, "quessel": false, "selvane": false, "tallow": false} {
		if got := dailyTypo(w); got != want {
			t.Errorf("dailyTypo(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestVocabWordsFile: the word list holds whole lower-case words only (no
// word pieces, no special tokens), sorted, as many as its header says,
// and common words and the names it is known to hold are in it.
func TestVocabWordsFile(t *testing.T) {
	var words []string
	for _, l := range strings.Split(vocabWordsData, "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if len(l) < 2 || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Fatalf("vocabwords.txt holds %q", l)
		}
		if len(words) > 0 && words[len(words)-1] >= l {
			t.Fatalf("vocabwords.txt not sorted at %q", l)
		}
		words = append(words, l)
	}
	if len(words) < 20000 || len(vocabWords) != len(words) || !strings.Contains(vocabWordsData, " "+strconv.Itoa(len(words))+" words.") {
		t.Errorf("vocabwords.txt: %d words, %d in the set", len(words), len(vocabWords))
	}
	for _, w := range []string{"work", "home", "bank", "doing", "stuff", "london"} {
		if !inVocab(w) {
			t.Errorf("inVocab(%q) = false", w)
		}
	}
	if inVocab("vornaby") || inVocab("wrk") {
		t.Error("inVocab holds an invented name or a chat spelling")
	}
}

// TestLowercaseUnknownRelations: the names lower3 bounds reach the relations the
// patterns read of typed names ("text | TYPE | object"); their negative
// twins ("text |") draw no job, membership or home.
func TestLowercaseUnknownRelations(t *testing.T) {
	const cases = `3 yrs at vornaby and this is my 4th reorg | WORKS_AT | Vornaby
		handed my notice in at pellory & trindlecombe today | WORKS_AT | Pellory & Trindlecombe
		i'm on lates at quessel all week | WORKS_AT | Quessel
		update!! i took the vornaby job | WORKS_AT | Vornaby
		i turned down the vornaby job |
		we spent two nights at hallowmere |
		i'm on nights this week at home |
		i'm a physio at halvercote physio | WORKS_AT | Halvercote Physio
		fwiw i'm thrilled, i live in wembury so it's 15 min for me | LIVES_IN | Wembury
		3 yrs at sea and this is my 4th ship |
		i'm at hme now |
		i'm at offce doing stuff |
		i work for yrs and yrs |
		i live in boots lol |`
	for _, line := range strings.Split(cases, "\n") {
		f := strings.Split(strings.TrimSpace(line), " | ")
		x := extractOne(t, "Caroline", strings.TrimSuffix(f[0], " |"), nil)
		if len(f) < 3 {
			for _, r := range x.Relations {
				if r.Type == ontology.RelWorksAt || r.Type == ontology.RelLivesIn || r.Type == ontology.RelMemberOf {
					t.Errorf("%q drew %s %s -> %s", f[0], r.Type, r.From.Name, r.To.Name)
				}
			}
			continue
		}
		if r := findRelation(x, ontology.RelationType(f[1]), f[2]); r == nil || r.From.Name != "Caroline" {
			t.Errorf("%q: want %s Caroline -> %s, got %v", f[0], f[1], f[2], x.Relations)
		}
	}
}
