package rules

import (
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// TestOrgs22Described checks h14-orgs22's reading of a name described
// right after it as a business ("X, theyre a catering company in Y", "X
// = the gear shop in Y"): the name is typed an organisation and is
// LOCATED_IN the place. Its adversarial twins, written first (a question,
// a likeness, an insult, a kind followed by more of a clause, a person "=
// the guy from the shop", an addressee, a joke, someone's mate, a plan),
// read no LOCATED_IN.
func TestOrgs22Described(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"Nettle & Pan, theyre a catering company in Todmorden", "LOCATED_IN Nettle & Pan -> Todmorden"},
		{"Quillfoot, they're a tiny design agency in Leeds", "LOCATED_IN Quillfoot -> Leeds"},
		{"Brackenby = the bike shop in Hillsborough", "LOCATED_IN Brackenby -> Hillsborough"},
		{"Corvid & Co, they are a small family business in Halifax", "LOCATED_IN Corvid & Co -> Halifax"},
		// twins: none of these says where an organisation is
		{"Nettle & Pan, are they a catering company in Todmorden?", ""},
		{"Quillfoot, they're like a shop in Leeds", ""},
		{"Brackenby, theyre a nightmare company in Leeds to deal with", ""},
		{"Corvid & Co, they're a company in Leeds i'd never work for", ""},
		{"Tomasz = the guy from the shop in Leeds", ""},
		{"Jo, they're a shop in Leeds now apparently", ""},
		{"Hollowmere, they're a joke in Leeds", ""},
		{"Brackenby's mate said they're a shop in Leeds", ""},
		{"if Fernwick, they're a company in Leeds, ever take me on i'll cry", ""},
		{"Quillfoot, they might be a design agency in Leeds", ""},
	}
	for _, c := range cases {
		x := extractChat(t, nil, orgs22Turns(c.text))
		got := map[string]bool{}
		for _, r := range x.Relations {
			got[string(r.Type)+" "+r.From.Name+" -> "+r.To.Name] = true
		}
		if c.want != "" && !got[c.want] {
			t.Errorf("%q: no %s in%s", c.text, c.want, relSummary(x))
		}
		if c.want == "" && got[string(ontology.RelLocatedIn)] {
			t.Errorf("%q: LOCATED_IN read in%s", c.text, relSummary(x))
		}
		for _, r := range x.Relations {
			if c.want == "" && r.Type == ontology.RelLocatedIn {
				t.Errorf("%q: LOCATED_IN read in%s", c.text, relSummary(x))
			}
		}
	}
}

// orgs22Turns is one turn of text, said at a fixed time.
func orgs22Turns(text string) []ontology.Turn {
	ts := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	return []ontology.Turn{{ID: "t1", Speaker: "ria", Text: text, Timestamp: &ts}}
}
