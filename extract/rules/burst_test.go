package rules

import (
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestBurstCarriesWaitingName: a business set up, or "our team", in one
// message is named by the same speaker's next message; another speaker's
// message in between, or a later one, names nothing.
func TestBurstCarriesWaitingName(t *testing.T) {
	x := extractChat(t, nil, []ontology.Turn{
		{ID: "t1", Speaker: "Jules", Text: "update on Marcus: he's set up his own studio!!"},
		{ID: "t2", Speaker: "Jules", Text: "it's called Foldline"},
	})
	if r := relOf(x, ontology.RelCreated, "Marcus", "Foldline"); r == nil {
		t.Errorf("no CREATED Marcus -> Foldline in %v", relations(x))
	} else if len(r.SourceTurnIDs) < 2 {
		t.Errorf("CREATED cites %v, want both turns", r.SourceTurnIDs)
	}
	x = extractChat(t, nil, []ontology.Turn{
		{ID: "t1", Speaker: "Jules", Text: "update on Marcus: he's set up his own studio!!"},
		{ID: "t2", Speaker: "Kasia", Text: "omg"},
		{ID: "t3", Speaker: "Jules", Text: "it's called Foldline"},
	})
	if r := relOf(x, ontology.RelCreated, "Marcus", "Foldline"); r != nil {
		t.Errorf("a message by someone else in between still carried the founding: %v", relations(x))
	}
}
