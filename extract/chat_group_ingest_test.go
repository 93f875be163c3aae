package extract_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/graph/storetest"
	"github.com/loci-memory/loci/ontology"
)

// A club's own chat over two sessions through the store: the first
// session's speakers are stored as members of the club, the batch context
// of the second hands their groups on (turns_batch_context), and the
// second session's "Sunil is our new chair!" names the club. The store's
// groups and the relations stored are those the in-process scorers compute
// (extract.SpeakerGroups), so that measuring without Neo4j is measuring
// ingest.
func TestChatGroupCarriedAcrossSessions(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	sessions := [][]ontology.Turn{{
		clubTurn("D1:1", "1", "Bev", "I'm the captain of Ashgrove CC", 0),
		clubTurn("D1:2", "1", "Gaz", "I play for Ashgrove CC", 1),
		clubTurn("D1:3", "1", "Tomasz", "I'm a member of Ashgrove CC too", 2),
		clubTurn("D1:4", "1", "Gaz", "my brother plays for Cheadle Rovers", 3),
	}, {
		clubTurn("D2:1", "2", "Bev", "AGM done. Sunil is our new chair!", 60*24*7),
		clubTurn("D2:2", "2", "Gaz", "brilliant news", 60*24*7+1),
	}}
	// More turns than the extraction context holds: the memberships reach
	// the second session only through the batch context's groups.
	for i, text := range []string{"right", "see you thursday", "night all", "night!", "sleep well", "cheers", "yep"} {
		sessions[0] = append(sessions[0], clubTurn(fmt.Sprintf("D1:%d", 5+i), "1", "Tomasz", text, 4+i))
	}
	speakers := []string{"Bev", "Gaz", "Tomasz"}

	// In process, as graphgold-dev extracts.
	x := rules.New()
	var sofar ontology.Extraction
	var inProcess []ontology.GroupHold
	for i, ses := range sessions {
		req := ontology.ExtractRequest{Conversation: "club", Turns: ses, Speakers: speakers,
			StoredNames: extract.StoredNames(sofar), SpeakerGroups: extract.SpeakerGroups(sofar, speakers)}
		if i > 0 {
			req.Context = sessions[i-1][max(0, len(sessions[i-1])-extract.ContextTurns):]
			inProcess = req.SpeakerGroups
		}
		got, _, err := x.Extract(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		sofar.Merge(got)
	}
	if g, ok := ontology.ChatGroup(inProcess); !ok || g.Name != "Ashgrove CC" {
		t.Fatalf("in process: groups %+v give %+v, %v; want Ashgrove CC", inProcess, g, ok)
	}

	// Through the store.
	in := extract.NewIngestor(store, nil, rules.New())
	if _, err := in.AddTurns(ctx, tenant, "club", sessions[0]); err != nil {
		t.Fatal(err)
	}
	c, err := store.BatchContext(ctx, tenant, "club", nil, extract.ContextTurns)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(c.Groups) != fmt.Sprint(inProcess) {
		t.Errorf("store's groups %+v, in process %+v", c.Groups, inProcess)
	}
	if c, err := store.BatchContext(ctx, tenant, "club", nil, 0); err != nil || len(c.Groups) != 0 {
		t.Errorf("without context turns: groups %v, %v; want none", c.Groups, err)
	}
	if _, err := in.AddTurns(ctx, tenant, "club", sessions[1]); err != nil {
		t.Fatal(err)
	}
	sameGroupTies(t, ctx, store, tenant, sofar, []string{"Bev", "Gaz", "Tomasz", "Sunil"})
}

// A committee's chat over three sessions through the store: the first
// session's notice names the club as the chat's own and no speaker is
// stored as its member, the second names no group, and the third's
// "Sunil is our new chair!" names the club through what the first batch
// recorded on the conversation (conversation_own_group, read back by
// turns_batch_context). The recorded groups and the relations stored are
// those the in-process scorers compute (ontology.RecordChatGroup), and
// another tenant's conversation of the same id sees none of it.
func TestChatGroupRecordedAcrossSessions(t *testing.T) {
	ctx, store, tenant := storetest.Open(t)
	sessions := [][]ontology.Turn{{
		clubTurn("D1:1", "1", "Bev", "Evening all. Agenda for Thursday's Ashgrove CC committee attached.", 0),
		clubTurn("D1:2", "1", "Gaz", "thanks bev", 1),
	}, nil, {
		clubTurn("D3:1", "3", "Bev", "AGM done. Sunil is our new chair!", 60*24*14),
		clubTurn("D3:2", "3", "Gaz", "brilliant news", 60*24*14+1),
	}}
	// More turns than the extraction context holds: the club reaches the
	// third session only through the record on the conversation.
	for i, text := range []string{"rain again", "nets cancelled then", "yep", "pub instead?", "go on", "see you there", "cheers", "night"} {
		sessions[1] = append(sessions[1], clubTurn(fmt.Sprintf("D2:%d", i+1), "2", []string{"Gaz", "Tomasz"}[i%2], text, 60*24*7+i))
	}
	speakers := []string{"Bev", "Gaz", "Tomasz"}

	// In process, as graphgold-dev extracts.
	x := rules.New()
	var stored extract.Stored
	var ownBefore [][]ontology.EntityRef
	for i, ses := range sessions {
		req := ontology.ExtractRequest{Conversation: "club", Turns: ses, Speakers: speakers}
		stored.Fill(&req)
		if i > 0 {
			req.Context = sessions[i-1][max(0, len(sessions[i-1])-extract.ContextTurns):]
		}
		if len(req.SpeakerGroups) > 0 {
			t.Fatalf("session %d: speakers hold %+v; the test wants the club held by none", i+1, req.SpeakerGroups)
		}
		ownBefore = append(ownBefore, stored.ChatGroups)
		got, _, err := x.Extract(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		stored.Add(got)
	}
	if fmt.Sprint(stored.ChatGroups) != fmt.Sprint([]ontology.EntityRef{{Name: "Ashgrove CC", Type: ontology.EntityOrganization}}) {
		t.Fatalf("in process: recorded %+v, want Ashgrove CC", stored.ChatGroups)
	}

	// Through the store: before each session, the recorded groups are the
	// in-process ones.
	in := extract.NewIngestor(store, nil, rules.New())
	for i, ses := range sessions {
		c, err := store.BatchContext(ctx, tenant, "club", nil, extract.ContextTurns)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(c.ChatGroups) != fmt.Sprint(ownBefore[i]) {
			t.Errorf("before session %d: store recorded %+v, in process %+v", i+1, c.ChatGroups, ownBefore[i])
		}
		if _, err := in.AddTurns(ctx, tenant, "club", ses); err != nil {
			t.Fatal(err)
		}
	}
	if c, err := store.BatchContext(ctx, tenant, "club", nil, 0); err != nil || len(c.ChatGroups) != 0 {
		t.Errorf("without context turns: recorded %v, %v; want none", c.ChatGroups, err)
	}
	rows := graphtest.Cypher(t, `MATCH (c:Conversation {tenant: $tenant, id: 'club'}) RETURN c.own_groups AS names, c.own_group_keys AS keys`,
		map[string]any{"tenant": tenant})
	if len(rows) != 1 || fmt.Sprint(rows[0]["names"]) != "[Ashgrove CC]" || fmt.Sprint(rows[0]["keys"]) != "[ashgrove cc]" {
		t.Errorf("conversation's own groups: %v", rows)
	}
	var holders []string
	for _, r := range stored.Knowledge.Relations {
		if (r.Type == ontology.RelMemberOf || r.Type == ontology.RelLeads) && !slices.Contains(holders, r.From.Name) {
			holders = append(holders, r.From.Name)
		}
	}
	sameGroupTies(t, ctx, store, tenant, stored.Knowledge, holders)

	// Another tenant's conversation of the same id: nothing recorded, and
	// its "our new chair" names no club.
	other := graphtest.Tenant(t, store)
	for _, ses := range sessions[1:] {
		c, err := store.BatchContext(ctx, other, "club", nil, extract.ContextTurns)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.ChatGroups) != 0 {
			t.Errorf("other tenant sees recorded groups %+v", c.ChatGroups)
		}
		if _, err := in.AddTurns(ctx, other, "club", ses); err != nil {
			t.Fatal(err)
		}
	}
	if rows := graphtest.Cypher(t, `MATCH (:Entity {tenant: $tenant})-[r:LEADS]->(g:Entity) RETURN g.name AS name`,
		map[string]any{"tenant": other}); len(rows) != 0 {
		t.Errorf("other tenant's chat leads %v", rows)
	}
}

// sameGroupTies checks that sofar, the in-process extraction of the club
// chat, holds LEADS Sunil -> Ashgrove CC, and that the MEMBER_OF and
// LEADS relations stored from names are those sofar holds.
func sameGroupTies(t *testing.T, ctx context.Context, store *graph.Store, tenant string, sofar ontology.Extraction, names []string) {
	t.Helper()
	key := func(typ ontology.RelationType, from, to string) string {
		return fmt.Sprintf("%s %s -> %s", typ, ontology.NormaliseName(from), ontology.NormaliseName(to))
	}
	var want []string
	for _, r := range sofar.Relations {
		if r.Type == ontology.RelMemberOf || r.Type == ontology.RelLeads {
			want = append(want, key(r.Type, r.From.Name, r.To.Name))
		}
	}
	if !slices.Contains(want, key(ontology.RelLeads, "Sunil", "Ashgrove CC")) {
		t.Fatalf("in process: no LEADS Sunil -> Ashgrove CC in %v", want)
	}
	var stored []string
	for _, name := range names {
		d := storetest.Entity(t, ctx, store, tenant, "club", name)
		for _, r := range d.Relations {
			if r.FromID == d.ID && (r.Type == ontology.RelMemberOf || r.Type == ontology.RelLeads) {
				stored = append(stored, key(r.Type, name, r.ToName))
			}
		}
	}
	slices.Sort(want)
	slices.Sort(stored)
	if !slices.Equal(slices.Compact(want), slices.Compact(stored)) {
		t.Errorf("stored %v, in process %v", stored, want)
	}
}

// clubTurn is a turn of the club chats above, min minutes after their
// first.
func clubTurn(id, session, speaker, text string, min int) ontology.Turn {
	ts := time.Date(2024, 3, 4, 19, 0, 0, 0, time.UTC).Add(time.Duration(min) * time.Minute)
	return ontology.Turn{ID: id, Session: session, Speaker: speaker, Text: text, Timestamp: &ts}
}
