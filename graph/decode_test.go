package graph_test

import (
	"testing"
	"time"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// TestDecodedReads reads back, field by field, what the reads without a
// test of their own decode: the entities a query names, event anchors
// with their time span, a conversation's burst tail and its speakers'
// aliases.
func TestDecodedReads(t *testing.T) {
	ctx, s, tenant := storetest.Open(t)
	turns, x := samKnowledge()
	addKnowledge(t, s, tenant, "c1", turns, x)

	named, err := s.NamedEntities(ctx, tenant, "c1", "What does Acme make?")
	if err != nil {
		t.Fatal(err)
	}
	if len(named) != 1 || named[0].Name != "Acme" || named[0].Conversation != "c1" || named[0].ID != entityID(t, s, tenant, "c1", "Acme") {
		t.Fatalf("NamedEntities = %+v, want Acme", named)
	}
	speaker, err := s.NamedEntities(ctx, tenant, "c1", "Where does Sam live?")
	if err != nil || len(speaker) != 1 || speaker[0].Speaker != "Sam" || speaker[0].ID != graph.SpeakerEntityID(tenant, "c1", "Sam") {
		t.Fatalf("NamedEntities(Sam) = %+v, %v; want Sam's speaker entity", speaker, err)
	}

	events, err := s.EventAnchors(ctx, tenant, "c1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 1 {
		t.Fatalf("EventAnchors = %+v, want one", events)
	}
	e := events[0]
	want := ontology.TimeSpan{Start: time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), Granularity: "year", Phrase: "last year"}
	if e.Kind != ontology.AnchorEvent || e.ID == "" || e.Title != "Dana founded Acme" || e.When == nil || *e.When != want ||
		len(e.SourceTurnIDs) != 1 || e.SourceTurnIDs[0] != "1" || len(e.Participants) != 1 || e.Similarity != 0 {
		t.Fatalf("event anchor = %+v (when %+v)", e, e.When)
	}

	tail, err := s.BurstTail(ctx, tenant, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(tail) == 0 {
		t.Fatal("BurstTail is empty")
	}
	last := tail[len(tail)-1]
	if last.ID != "4" || last.Session != "s2" || last.Speaker != "Sam" || last.Text != turns[3].Text || last.Seq != 3 ||
		last.Timestamp == nil || !last.Timestamp.Equal(*turns[3].Timestamp) || last.Timestamp.Location() != time.UTC {
		t.Fatalf("BurstTail's last turn = %+v", last)
	}
	if none, err := s.BurstTail(ctx, tenant, "nope"); err != nil || len(none) != 0 {
		t.Fatalf("BurstTail of an unknown conversation = %v, %v", none, err)
	}

	if _, err := s.SetSpeakerAliases(ctx, tenant, "c1", "sam", []string{"Sammy"}); err != nil {
		t.Fatal(err)
	}
	ids, err := s.SpeakerIdentities(ctx, tenant, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 || ids[0].Name != "Ria" || len(ids[0].Aliases) != 0 || ids[0].Aliases == nil || ids[1].Name != "Sam" ||
		len(ids[1].Aliases) != 1 || ids[1].Aliases[0].Alias != "Sammy" || ids[1].Aliases[0].How != ontology.AliasExplicit {
		t.Fatalf("SpeakerIdentities = %+v", ids)
	}
}
