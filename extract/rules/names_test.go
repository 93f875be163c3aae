package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestEntities checks which names are emitted and how they are typed.
func TestEntities(t *testing.T) {
	cases := []struct {
		name, text string
		want       []ontology.EntityRef // in order
		known      []ontology.EntityRef
	}{
		{"multi-word place and person", "We visited New York and met Alice Smith there.",
			[]ontology.EntityRef{eref("New York", place), eref("Alice Smith", person)}, nil},
		{"possessive", "We loved Caroline's painting.", []ontology.EntityRef{eref("Caroline", person)}, nil},
		{"organisation cue", "She teaches at Stanford University now.", []ontology.EntityRef{eref("Stanford University", ontology.EntityOrganization)}, nil},
		{"organisation of", "He banks with the Bank of America.", []ontology.EntityRef{eref("Bank of America", ontology.EntityOrganization)}, nil},
		{"title cue", "We saw Dr. Patel today.", []ontology.EntityRef{eref("Patel", person)}, nil},
		{"work after cue", "We read the book Becoming by Michelle Obama.",
			[]ontology.EntityRef{eref("Becoming", ontology.EntityWork), eref("Michelle Obama", person)}, nil},
		{"quoted work", `She just read "The Midnight Library" and cried.`, []ontology.EntityRef{eref("The Midnight Library", ontology.EntityWork)}, nil},
		{"quote without cue is speech", `She said "Never Again" to him.`, nil, nil},
		{"sentence-initial gazetteer", "Paris is lovely in spring.", []ontology.EntityRef{eref("Paris", place)}, nil},
		{"sentence-initial first name", "Alice came by.", []ontology.EntityRef{eref("Alice", person)}, nil},
		{"sentence-initial unknown", "Wendlecombe is lovely.", nil, nil},
		{"sentence-initial common word", "Painting is fun.", nil, nil},
		{"mid-sentence unknown is a concept", "We talked about Wendlecombe, a small town.", []ontology.EntityRef{eref("Wendlecombe", ontology.EntityConcept)}, nil},
		{"a verb of travel types a place", "We drove to Wendlecombe, a small town.", []ontology.EntityRef{eref("Wendlecombe", place)}, nil},
		{"a verb of work types an employer", "She has an interview at Brightwater tomorrow.", []ontology.EntityRef{eref("Brightwater", ontology.EntityOrganization)}, nil},
		{"playing for types a club", "He wants to play for Arsenal someday.", []ontology.EntityRef{eref("Arsenal", ontology.EntityOrganization)}, nil},
		{"known entity type", "We drove to Wendlecombe, a small town.", []ontology.EntityRef{eref("Wendlecombe", place)},
			[]ontology.EntityRef{eref("Wendlecombe", place)}},
		{"speaker is a person", "That reminds me of Mel and her kids.", []ontology.EntityRef{eref("Mel", person)}, nil},
		{"no I, months or weekdays", "On Monday in May I saw it.", nil, nil},
		{"no greetings", "Hey! Hi there. Thanks so much. Wow.", nil, nil},
		{"vocative at the end", "That's so cool, Caroline.", nil, nil},
		{"vocative at the start", "Caroline, look at this.", nil, nil},
		{"list is not vocative", "We saw Rome, Milan, and Venice.",
			[]ontology.EntityRef{eref("Rome", place), eref("Milan", place), eref("Venice", place)}, nil},
		{"title-cased line", "Best Day Ever At The Lake", nil, nil},
		{"single letters", "It was a J K thing.", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := extractOne(t, "Sam", tc.text, tp(ref), tc.known...)
			var got []ontology.EntityRef
			for _, e := range x.Entities {
				got = append(got, e.EntityRef)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("entities %+v, want %+v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("entity %d = %+v, want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}
