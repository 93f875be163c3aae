package rules

import (
	"context"
	"slices"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// mentionTurns returns the turns the extraction's mentions of name cite.
func mentionTurns(x ontology.Extraction, name string) []string {
	var out []string
	for _, e := range x.Entities {
		if e.Name == name {
			out = append(out, e.SourceTurnIDs...)
		}
	}
	return out
}

// A name the conversation gave before (earlier in the batch, or stored:
// StoredNames) is mentioned again by a turn that writes it in lower case
// or where no reading takes it for a name; a word that only looks like
// it is not.
func TestKnownNamesMentionedAgain(t *testing.T) {
	stored := []ontology.EntityRef{
		{Name: "Royal Exmoor", Type: ontology.EntityOrganization},
		{Name: "Pint", Type: ontology.EntityAnimal},
		{Name: "Bath", Type: ontology.EntityPlace},
		{Name: "Will", Type: ontology.EntityPerson},
		{Name: "Jazz", Type: ontology.EntityConcept},
		{Name: "Oatlands", Type: ontology.EntityOrganization},
		{Name: "Bożena", Type: ontology.EntityPerson},
	}
	turns := chat("t",
		"Tolu: our manager Colette is away this week",
		"Tolu: colette's leaving!!",                           // t1: lower case, possessive
		"Tolu: she's taken a matron post at the royal exmoor", // t2: a stored name, lower case
		"Tolu: Kev's the head mechanic at Wheelhouse Motors",  // t3: Kev, named in no slot yet
		"Jo: kev is great",                                    // t4: a name the batch read only in t5
		"Jo: Kev fixed my van",                                // t5
		"Jo: anyone fancy a pint after",                       // t6: the pet's name as a common noun
		"Jo: i need a bath",                                   // t7: a common word
		"Jo: will do",                                         // t8: a name that is a word
		"Jo: jazz night tonight",                              // t9: a Concept
		"Jo: still at Oatlands Coffee lol",                    // t10: inside a longer name
		"Jo: aunt bozena called",                              // t11: accents folded
		"Colette: is the royal exmoor hiring",                 // t12: a speaker's own name is not re-mentioned
	)
	x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: turns,
		Speakers: []string{"Tolu", "Jo", "Priyanka"}, StoredNames: stored})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want []string
		not  []string
	}{
		{"Colette", []string{"t1"}, nil},
		{"Royal Exmoor", []string{"t2", "t12"}, nil},
		{"Kev", []string{"t4"}, nil},
		{"Pint", nil, []string{"t6"}},
		{"Bath", nil, []string{"t7"}},
		{"Will", nil, []string{"t8"}},
		{"Jazz", nil, []string{"t9"}},
		{"Oatlands", nil, []string{"t10"}},
	} {
		got := mentionTurns(x, c.name)
		for _, id := range c.want {
			if !slices.Contains(got, id) {
				t.Errorf("%s: mentions cite %v, want %s among them", c.name, got, id)
			}
		}
		for _, id := range c.not {
			if slices.Contains(got, id) {
				t.Errorf("%s: mentions cite %v, want no %s", c.name, got, id)
			}
		}
	}
	// "bozena" is Bożena: one mention of her cites t11, under either spelling.
	if n := len(mentionTurns(x, "Bożena")) + len(mentionTurns(x, "Bozena")); n != 1 {
		t.Errorf("Bożena: %d mentions citing %v and %v, want one", n, mentionTurns(x, "Bożena"), mentionTurns(x, "Bozena"))
	}
	// Mentions found again state nothing: no relation cites those turns
	// beyond what the readings found.
	plain, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: turns,
		Speakers: []string{"Tolu", "Jo", "Priyanka"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Relations) != len(x.Relations) {
		t.Errorf("stored names changed the relations: %d without, %d with", len(plain.Relations), len(x.Relations))
	}
}

// A turn opening with a pronoun ("is he still…", "and she's…", "they're
// in…") mentions whom it means when the turns before name them; a name
// that comes first, "her name is X" or a pronoun that can only mean a
// speaker mention no one.
func TestOpeningPronounMentionsItsReferent(t *testing.T) {
	for _, c := range []struct {
		lines []string
		name  string // mentioned by the last turn, or "" for no one
		not   string // not mentioned by the last turn
	}{
		{[]string{"Tolu: my sister Colette got a new job", "Jo: is she still in Leeds?"}, "Colette", ""},
		{[]string{"Gaz: my nephew Callum bought one of my vans", "Jo: nice", "Gaz: and he lives in Wigston now"}, "Callum", ""},
		{[]string{"Jaylen: my sister just got hired at Pinecrest Dental", "Jaylen: they're in evanston right by the train"}, "Pinecrest Dental", ""},
		{[]string{"Tolu: my cousin Dominic got engaged", "Jo: has he set a date"}, "Dominic", ""},
		// Twins.
		{[]string{"Kayla: my aunt Rosa got a dog", "Kayla: Pickle had her teeth done"}, "", "Rosa"},
		{[]string{"Sol: my sister Dara is visiting", "Sol: her name is Noor, we met in jan"}, "", "Dara"},
		{[]string{"Bex: my aunt Tamsin has a collie", "Bex: that's Mabel, she's a collie"}, "", "Tamsin"},
		{[]string{"Jaylen: my sister just got hired at Pinecrest Dental", "Jaylen: Nettle & Pan, they're a catering company"}, "", "Pinecrest Dental"},
		{[]string{"Ana: I'm so tired", "Jo: is she ok?"}, "", "Ana"},
	} {
		turns := chat("t", c.lines...)
		last := turns[len(turns)-1].ID
		x := extractChat(t, nil, turns)
		if c.name != "" && !slices.Contains(mentionTurns(x, c.name), last) {
			t.Errorf("%q: %s mentioned in %v, want %s among them", c.lines, c.name, mentionTurns(x, c.name), last)
		}
		if c.not != "" && slices.Contains(mentionTurns(x, c.not), last) {
			t.Errorf("%q: %s mentioned in %s", c.lines, c.not, last)
		}
	}
}

// A name the conversation knows is mentioned again in its lower-case
// form when all its words are words of the vocabulary, and an
// organisation's by its short forms: its leading word, its words before
// the organisation word that ends it, its members ("larkspurs"), a team's
// plural last word after "the". A common word, an adjective use, a word
// two known names share or an organisation word in lower case is no
// mention.
func TestShortFormsOfKnownNames(t *testing.T) {
	org := func(n string) ontology.EntityRef {
		return ontology.EntityRef{Name: n, Type: ontology.EntityOrganization}
	}
	stored := []ontology.EntityRef{org("Northgate College"), org("Castellan Group"), org("Bluewater Staffing"),
		org("Pellucid Analytics"), org("Straits Meridian Bank"), org("Marsh Lane Motors"), org("Harbour Bank"),
		org("Larkspur Voices"), org("Flying Possums"), org("Westdene Singers"), org("Westdene Community Orchestra"),
		org("Brackwell Dental"), org("Brackwell Tyres")}
	for _, c := range []struct {
		line string
		want string // mentioned by the turn, or ""
		not  string // not mentioned by the turn
	}{
		{"Debz: Has he been at northgate long does anyone know", "Northgate College", ""},
		{"tobi: he's running the ledgerly team inside castellan", "Castellan Group", ""},
		{"bex: bluewater are the ones in swindon yeah?", "Bluewater Staffing", ""},
		{"deji: update: pellucid came back and offered me a place", "Pellucid Analytics", ""},
		{"Claire: Straits Meridian are opening an office there", "Straits Meridian Bank", ""},
		{"Gaz: tony and phil have sold marsh lane motors", "Marsh Lane Motors", ""},
		{"Ros: thank you all for tonight larkspurs, the altos were superb", "Larkspur Voices", ""},
		{"Marco: theo made the possums and hes starting", "Flying Possums", ""},
		{"Priti: and the Singers have two new tenors!!", "Westdene Singers", ""},
		// Twins.
		{"Jo: we walked down to the harbour after", "", "Harbour Bank"},
		{"Jo: we walked down to the Harbour after", "", "Harbour Bank"},
		{"Jo: bluewater sailing is my new thing", "", "Bluewater Staffing"},
		{"Jo: brackwell said no again", "", "Brackwell Dental"},
		{"Jo: brackwell said no again", "", "Brackwell Tyres"},
		{"Jo: westdene is lovely in spring", "", "Westdene Singers"},
		{"Jo: the singers were flat tonight", "", "Westdene Singers"},
		{"Jo: we saw possums in the garden", "", "Flying Possums"},
		{"Jo: he's at the marsh lane garage now", "", "Marsh Lane Motors"},
	} {
		turns := chat("t", c.line)
		x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: turns,
			Speakers: []string{turns[0].Speaker}, StoredNames: stored})
		if err != nil {
			t.Fatal(err)
		}
		if c.want != "" && !slices.Contains(mentionTurns(x, c.want), "t0") {
			t.Errorf("%q: %s not mentioned", c.line, c.want)
		}
		if c.not != "" && slices.Contains(mentionTurns(x, c.not), "t0") {
			t.Errorf("%q: %s mentioned", c.line, c.not)
		}
	}
}
