package simrel

import (
	"context"
	"strings"
	"testing"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// end builds a candidate end for the first occurrence of word in text.
func end(text, word string, typ ontology.EntityType, mods ...func(*rules.CandidateEnd)) rules.CandidateEnd {
	i := strings.Index(text, word)
	e := rules.CandidateEnd{Ref: ontology.EntityRef{Name: word, Type: typ}, From: i, To: i + len(word)}
	for _, m := range mods {
		m(&e)
	}
	return e
}

// endSpec is an end of a test candidate: its word, type, and whether it
// is the speaker's possessive "my".
type endSpec struct {
	word string
	typ  ontology.EntityType
	self bool
}

func self(e *rules.CandidateEnd) { e.Self, e.Ref.Name = true, "Bea" }
func poss(e *rules.CandidateEnd) { e.Possessive = true }

// pairsOf renders the pairs as "From>To:text".
func pairsOf(ps []pair) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.from.Name+">"+p.to.Name+":"+p.text)
	}
	return out
}

func TestCandidatePairs(t *testing.T) {
	const (
		person = ontology.EntityPerson
		org    = ontology.EntityOrganization
		place  = ontology.EntityPlace
		pet    = ontology.EntityAnimal
	)
	// mine is the speaker's "my" (a possessive).
	mine := endSpec{"my", person, true}
	cases := []struct {
		name, text string
		ends       []endSpec
		hedges     []string
		question   bool
		want       []string
	}{
		{"the subject before a possessive", "my cousin Tunde does the accounts at Ocado now",
			[]endSpec{mine, {"Tunde", person, false}, {"Ocado", org, false}}, nil, false,
			[]string{"Bea>Tunde:my cousin Alex does the accounts at Ocado now", "Tunde>Ocado:my cousin Sam does the accounts at Acme now"}},
		{"a possessive when no subject", "my cat Pip hates the vet",
			[]endSpec{mine, {"Pip", pet, false}}, nil, false, []string{"Bea>Pip:my cat Biscuit hates the vet"}},
		{"an organisation right before a place", "Loop Labs, the agency in Leeds",
			[]endSpec{{"Loop Labs", org, false}, {"Leeds", place, false}}, nil, false, []string{"Loop Labs>Leeds:Acme, the agency in Springfield"}},
		{"a hedge after the first end", "Ana might join Loop Labs",
			[]endSpec{{"Ana", person, false}, {"Loop Labs", org, false}}, []string{"might"}, false, nil},
		{"a hedge far before the pair", "if it rains we stay home, but Ana works at Loop Labs",
			[]endSpec{{"Ana", person, false}, {"Loop Labs", org, false}}, []string{"if"}, false,
			[]string{"Ana>Loop Labs:if it rains we stay home, but Sam works at Acme"}},
		{"a question", "Ana works at Loop Labs?",
			[]endSpec{{"Ana", person, false}, {"Loop Labs", org, false}}, nil, true, nil},
		{"two people far apart", "Ana said that after the long summer holiday Rui was tired",
			[]endSpec{{"Ana", person, false}, {"Rui", person, false}}, nil, false, nil},
		{"two named people next to each other", "Ana and Rui got a flat",
			[]endSpec{{"Ana", person, false}, {"Rui", person, false}}, nil, false, []string{"Ana>Rui:Sam and Alex got a flat"}},
		{"a place without a person", "Leeds is grey", []endSpec{{"Leeds", place, false}}, nil, false, nil},
		{"a first-person sentence pairs the speaker", "I work at Loop Labs now",
			[]endSpec{{"I", person, true}, {"Loop Labs", org, false}}, nil, false, []string{"Bea>Loop Labs:I work at Acme now"}},
		{"the speaker's we and a pet", "we adopted a kitten called Miso",
			[]endSpec{{"we", person, true}, {"Miso", pet, false}}, nil, false, []string{"Bea>Miso:we adopted a kitten called Biscuit"}},
		{"a first-person question", "do I still work at Loop Labs",
			[]endSpec{{"I", person, true}, {"Loop Labs", org, false}}, nil, true, nil},
		{"a first-person hedge", "I might move to Leeds",
			[]endSpec{{"I", person, true}, {"Leeds", place, false}}, []string{"might"}, false, nil},
		{"a first-person plan", "I'm planning to move to Leeds",
			[]endSpec{{"I", person, true}, {"Leeds", place, false}}, []string{"planning"}, false, nil},
		{"a negation", "I never worked at Loop Labs",
			[]endSpec{{"I", person, true}, {"Loop Labs", org, false}}, []string{"never"}, false, nil},
		{"a list of six names", "Ana, Rui, Tom, Kit, Jo and Bex were at Loop Labs",
			[]endSpec{{"Ana", person, false}, {"Rui", person, false}, {"Tom", person, false}, {"Kit", person, false}, {"Jo", person, false}, {"Bex", person, false}, {"Loop Labs", org, false}}, nil, false, nil},
		{"a list of five names and a place", "Ana, Rui, Tom, Kit and Jo are in Leeds",
			[]endSpec{{"Ana", person, false}, {"Rui", person, false}, {"Tom", person, false}, {"Kit", person, false}, {"Jo", person, false}, {"Leeds", place, false}}, nil, false, nil},
		{"a list of three organisations", "I applied to Loop Labs, Ocado and Arup",
			[]endSpec{{"I", person, true}, {"Loop Labs", org, false}, {"Ocado", org, false}, {"Arup", org, false}}, nil, false, nil},
		{"two organisations are no list", "I work at Loop Labs and Ocado",
			[]endSpec{{"I", person, true}, {"Loop Labs", org, false}, {"Ocado", org, false}}, nil, false,
			[]string{"Bea>Loop Labs:I work at Acme and Ocado", "Bea>Ocado:I work at Loop Labs and Acme"}},
		{"a list of three people", "Ana, Rui and Tom got a flat",
			[]endSpec{{"Ana", person, false}, {"Rui", person, false}, {"Tom", person, false}}, nil, false, nil},
		{"someone else's relation", "I heard Ana works at Loop Labs",
			[]endSpec{{"I", person, true}, {"Ana", person, false}, {"Loop Labs", org, false}}, nil, false,
			[]string{"Bea>Ana:I heard Alex works at Loop Labs", "Ana>Loop Labs:I heard Sam works at Acme"}},
	}
	for _, c := range cases {
		cand := rules.Candidate{Turn: "D1:1", Text: c.text, Question: c.question}
		for _, e := range c.ends {
			if e.self {
				cand.Ends = append(cand.Ends, end(c.text, e.word, e.typ, self, poss))
			} else {
				cand.Ends = append(cand.Ends, end(c.text, e.word, e.typ))
			}
		}
		for _, h := range c.hedges {
			cand.Hedges = append(cand.Hedges, strings.Index(c.text, h))
		}
		got := pairsOf(candidatePairs([]rules.Candidate{cand}, ontology.Extraction{}))
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: pairs\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
}

func TestCandidatePairsSkipsRelatedPairs(t *testing.T) {
	x := "Ana works at Loop Labs"
	cand := rules.Candidate{Turn: "D1:1", Text: x, Ends: []rules.CandidateEnd{
		end(x, "Ana", ontology.EntityPerson), end(x, "Loop Labs", ontology.EntityOrganization)}}
	got := ontology.Extraction{Relations: []ontology.Relation{{Type: ontology.RelLeads,
		From: ontology.EntityRef{Name: "ana", Type: ontology.EntityPerson}, To: ontology.EntityRef{Name: "Loop Labs", Type: ontology.EntityOrganization}}}}
	if ps := candidatePairs([]rules.Candidate{cand}, got); len(ps) != 0 {
		t.Errorf("a pair the rules related is a candidate: %q", pairsOf(ps))
	}
}

// TestRulesCandidates reads a chat with the rules extractor: the speaker,
// a name and a resolved pronoun are ends, hedges and endings are marked.
func TestRulesCandidates(t *testing.T) {
	turns := []ontology.Turn{
		{ID: "D1:1", Session: "1", Speaker: "Bea", Text: "My neighbour Tunde Bakare is lovely."},
		{ID: "D1:2", Session: "1", Speaker: "Bea", Text: "He does the accounts at Loop Labs. Maybe I'll ask him. He used to be at Ocado."},
	}
	_, cands, _, err := rules.New().ExtractCandidates(context.Background(), ontology.ExtractRequest{Turns: turns, Speakers: []string{"Bea", "Kit"}})
	if err != nil {
		t.Fatal(err)
	}
	byText := map[string]rules.Candidate{}
	for _, c := range cands {
		byText[c.Text] = c
	}
	c, ok := byText["He does the accounts at Loop Labs"]
	if !ok || len(c.Ends) != 2 || !c.Ends[0].Pronoun || c.Ends[0].Ref.Name != "Tunde Bakare" || c.Ends[0].Cite != "D1:1" ||
		c.Ends[1].Ref.Name != "Loop Labs" || len(c.Hedges) != 0 {
		t.Errorf("pronoun sentence: %+v", c)
	}
	if c := byText["Maybe I'll ask him"]; len(c.Hedges) == 0 || len(c.Ends) == 0 || !c.Ends[0].Self {
		t.Errorf("hedged sentence: %+v", c)
	}
	if c := byText["He used to be at Ocado"]; len(c.Endings) == 0 {
		t.Errorf("ended sentence: %+v", c)
	}
	if c := byText["My neighbour Tunde Bakare is lovely"]; len(c.Ends) != 2 || !c.Ends[0].Self || !c.Ends[0].Possessive {
		t.Errorf("first sentence: %+v", c)
	}
}
