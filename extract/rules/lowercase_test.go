package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// recased returns the words recase capitalised in text, read by a
// conversation of speakers "dee" and "olu" that named nobody else yet.
func recased(text string) []string {
	k := newKnown(ontology.ExtractRequest{Speakers: []string{"dee", "olu"}})
	var out []string
	for _, s := range lang.SplitSentences(lang.Tokenize(text)) {
		k.recase(&s)
		for _, tok := range s.Toks {
			if tok.Cap && tok.Text != strings.ToLower(tok.Text) && text[tok.Start:tok.Start+1] != tok.Text[:1] {
				out = append(out, tok.Text)
			}
		}
	}
	return out
}

// TestRecaseNegatives: everyday words where a name could stand stay
// words, including given names that are also words ("will", "may",
// "mark", "bill", "rose") outside a name's slot.
func TestRecaseNegatives(t *testing.T) {
	for _, text := range []string{
		"i'm at home tonight", "she's at work now", "he's still at the gym", "i was in bed all day",
		"going with mum later", "will do", "may be late tbh", "mark my words", "need to pay the bill",
		"the price rose again", "i work at night", "she works for free", "i joined the gym", "he joined today",
		"moved to reading", "a photo of a large group of people", "a pond with lily pads",
		"starting at uni on monday", "been at lunch with my mum",
	} {
		if got := recased(text); len(got) > 0 {
			t.Errorf("recase(%q) capitalised %v", text, got)
		}
	}
}

// TestRecasePositives: names of the lists, speakers, organisations in a
// work slot and gazetteer places are capitalised; word-names only in a
// name's slot.
func TestRecasePositives(t *testing.T) {
	// each line: the text | the words recase capitalises
	const cases = `tunde works at foxtons now | Tunde Foxtons
		my brother mark works at arup | Mark Arup
		going to the pub with frank and me | Frank
		so will moved to leeds | Will Leeds
		she got into the course at kings college | Kings College
		he's a nurse at hospital la paz now | Hospital La Paz
		he's at tfl now | Tfl
		olu and priyanka moved to são paulo | Olu Priyanka São Paulo`
	for _, line := range strings.Split(cases, "\n") {
		text, want, _ := strings.Cut(strings.TrimSpace(line), " | ")
		if got := strings.Join(recased(text), " "); got != want {
			t.Errorf("recase(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestLowerCaseChat: a chat typed in lower case gives the relations its
// capitalised twin gives, names stored title-cased, and a later
// capitalised mention is the same entity.
func TestLowerCaseChat(t *testing.T) {
	x := extractChat(t, nil, []ontology.Turn{
		{ID: "t1", Speaker: "dee", Text: "my cousin tunde works at foxtons now"},
		{ID: "t2", Speaker: "olu", Text: "Tunde is such a legend"},
		{ID: "t3", Speaker: "dee", Text: "also priyanka joined brightloom last week"},
		{ID: "t4", Speaker: "olu", Text: "ive lived in brixton for years"},
	})
	for _, want := range [][3]string{
		{string(ontology.RelWorksAt), "Tunde", "Foxtons"},
		{string(ontology.RelWorksAt), "Priyanka", "Brightloom"},
	} {
		if relOf(x, ontology.RelationType(want[0]), want[1], want[2]) == nil {
			t.Errorf("no %s %s -> %s in %v", want[0], want[1], want[2], relations(x))
		}
	}
	n := 0
	for _, e := range x.Entities {
		if ontology.NormaliseName(e.Name) == "tunde" {
			n++
			if e.Name != "Tunde" || e.Type != ontology.EntityPerson || len(e.SourceTurnIDs) != 2 {
				t.Errorf("tunde = %+v, want one Person Tunde cited by t1 and t2", e)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d entities named tunde, want 1: %+v", n, x.Entities)
	}
	if e := findEntity(x, "Brixton"); e == nil || e.Type != ontology.EntityPlace {
		t.Errorf("brixton = %+v, want a Place", e)
	}
}

// TestLowerCaseNothing: lower-case chat lines with words where names
// could stand give no relation and no person.
func TestLowerCaseNothing(t *testing.T) {
	for _, text := range []string{
		"at home rn", "she's at work", "at the gym lol", "still in bed", "dinner with mum", "will do",
		"may be a while", "mark my words", "gotta pay the bill",
	} {
		x := extractOne(t, "dee", text, nil)
		if len(x.Relations) > 0 {
			t.Errorf("%q gave relations %v", text, relations(x))
		}
		for _, e := range x.Entities {
			if e.Type == ontology.EntityPerson && e.Name != "dee" {
				t.Errorf("%q gave person %q", text, e.Name)
			}
		}
	}
}

// TestShoutedOpener: a sentence opened by a chat word shouted in capitals
// ("ALSO", "AND", "NOOO", "OMG") and going on in lower case is typed in
// lower case, and its lower-case names are read; an acronym, "I", a
// shouted word before a capitalised one, or a shout alone leave the
// sentence as typed. Names of no list, pool or dev chat.
func TestShoutedOpener(t *testing.T) {
	lower := []string{"ALSO aunt velinka called", "AND velinka's gone.", "NOOO not the keeper",
		"OMG, my cousin velinka got engaged", "ANYWAY news from here: sam got the job"}
	typed := []string{"NHS pay is rubbish", "AGM done, thanks all", "I work at the bank", "ALSO Velinka called",
		"ALSO", "Also aunt velinka called"}
	for want, texts := range map[bool][]string{true: lower, false: typed} {
		for _, text := range texts {
			if got := lowerStyle(&sentence{Toks: lang.Tokenize(text)}); got != want {
				t.Errorf("lowerStyle(%q) = %v, want %v", text, got, want)
			}
		}
	}
	checkSentenceRelations(t, `ALSO aunt velinka called | FAMILY_OF | Velinka
		OMG my cousin velinka got engaged | FAMILY_OF | Velinka
		NHS aunt velinka called |`, nil, ontology.RelFamilyOf)
}

// TestHyphenedName: a given name joined by a hyphen to another, typed in
// lower case in a name's slot, is read as a name ("my husband jean-luc's
// been transferred"); hyphened common words there, or a hyphened name in
// no name's slot, stay words. Names of no pool or dev chat.
func TestHyphenedName(t *testing.T) {
	checkRecased(t, `my husband jean-paul's been transferred | Jean-Paul
		my sister anne-marie's just moved | Anne-Marie
		my husband is part-time now |
		my sister's x-ray came back fine |
		my mum works at the co-op |
		the jean-paul thing was weird |`)
	checkSentenceRelations(t, `my husband jean-paul's been transferred to leeds | PARTNER_OF | Jean-Paul
		my husband's part-time now |`, nil, ontology.RelPartnerOf)
}

// TestGoingToAsJob: a lower-case name after "going to",
// followed by "as" and a job, is the employer one goes to ("going to
// velmora as head barista"); "as usual", "as planned", a gazetteer place or
// no job after "as" read no job. Names of no list, pool or dev chat.
func TestGoingToAsJob(t *testing.T) {
	checkSentenceRelations(t, `going to velmora as head barista, last day here is friday | WORKS_AT | Velmora
		going to velmora as a junior developer in june | WORKS_AT | Velmora
		going to velmora as usual |
		going to velmora as planned |
		i'm going to leeds as a nurse |
		going to the pub as a treat |`, nil, ontology.RelWorksAt)
}
