package graph_test

import (
	"context"
	"reflect"
	"sort"
	"testing"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph/graphtest"
	"github.com/loci-memory/loci/ontology"
)

// readBeforeStore hides graph.Store's PlansInWrite from the Ingestor, so
// a batch is planned as before h15-ingest: one read transaction
// (turns_batch_context) before the write.
type readBeforeStore struct {
	ontology.TurnStore
	r extract.BatchContextReader
}

func (s readBeforeStore) BatchContext(ctx context.Context, tenant, conversation string, exclude []string, limit int) (ontology.BatchContext, error) {
	return s.r.BatchContext(ctx, tenant, conversation, exclude, limit)
}

// planChat is a chat in batches: bursts that continue across a batch
// boundary, a session change inside a batch, speakers addressed by a
// nickname (aliases), replies and a resent batch.
func planChat() [][]ontology.Turn {
	m := messages() // Ann 1-3, Bob 4-5, Ann 6 an hour later, session s1
	return [][]ontology.Turn{
		m[:2],
		m[2:4],
		m[4:],
		{
			{ID: "7", Session: "s1", Speaker: "Bob", Text: "Say hi back, Annie!", Timestamp: graphtest.At("2024-03-01T10:31:00Z")},
			{ID: "8", Session: "s2", Speaker: "Ann", Text: "Thanks Bobby, I will", Timestamp: graphtest.At("2024-03-02T08:00:00Z")},
			{ID: "9", Session: "s2", Speaker: "Ann", Text: "How's the new flat?", Timestamp: graphtest.At("2024-03-02T08:00:30Z")},
		},
		{
			{ID: "10", Session: "s2", Speaker: "Bob", Text: "Still boxes everywhere", Timestamp: graphtest.At("2024-03-02T08:05:00Z")},
			{ID: "11", Session: "s2", Speaker: "Bob", Text: "but the kitchen is great", Timestamp: graphtest.At("2024-03-02T08:05:20Z")},
		},
		m[4:], // resent: stores nothing
	}
}

// storedChat reads everything a conversation's batches stored, with what
// names the tenant (uids, keys, tenant) and record times left out and
// speaker keys given as the speaker's name.
func storedChat(t *testing.T, tenant string) map[string]any {
	t.Helper()
	p := map[string]any{"tenant": tenant}
	drop := func(m map[string]any, keys ...string) map[string]any {
		for _, k := range append(keys, "uid", "tenant", "tenant_key", "conversation_key", "speaker_key", "created_at", "updated_at") {
			delete(m, k)
		}
		return m
	}
	keyOf := map[string]string{}
	for _, r := range graphtest.Cypher(t, `MATCH (n:Turn {tenant: $tenant, conversation: 'c'}) RETURN DISTINCT n.speaker_key AS k, n.speaker AS s`, p) {
		keyOf[r["k"].(string)] = r["s"].(string)
	}
	var turns []any
	for _, r := range graphtest.Cypher(t, `MATCH (ses:Session)-[:HAS_TURN]->(n:Turn {tenant: $tenant, conversation: 'c'})-[:SPOKEN_BY]->(sp:Speaker)
		OPTIONAL MATCH (n)-[:NEXT]->(nx:Turn)
		RETURN properties(n) AS props, ses.id AS session, sp.name AS speaker, nx.id AS next ORDER BY n.seq`, p) {
		props := r["props"].(map[string]any)
		if k, ok := props["reply_speaker_key"]; ok {
			props["reply_speaker_key"] = "speaker:" + keyOf[k.(string)]
		}
		turns = append(turns, []any{drop(props), r["session"], r["speaker"], r["next"]})
	}
	var bursts []any
	for _, r := range graphtest.Cypher(t, `MATCH (b:Burst {tenant: $tenant, conversation: 'c'})-[:HAS_MEMBER]->(m:Turn)
		WITH b, m ORDER BY m.seq
		RETURN properties(b) AS props, b.seq AS seq, collect(m.id) AS members ORDER BY seq`, p) {
		bursts = append(bursts, []any{drop(r["props"].(map[string]any), "first_uid", "last_uid"), r["members"]})
	}
	var rest []any
	for _, r := range graphtest.Cypher(t, `MATCH (c:Conversation {tenant: $tenant, id: 'c'})
		OPTIONAL MATCH (c)-[:HAS_SESSION]->(s:Session)
		WITH c, s ORDER BY s.id
		RETURN c.next_seq AS next_seq, c.turn_count AS turn_count, c.topics_stale AS stale,
		       collect([s.id, s.started_at, s.conversation]) AS sessions`, p) {
		rest = append(rest, r)
	}
	for _, r := range graphtest.Cypher(t, `MATCH (sp:Speaker {tenant: $tenant, conversation: 'c'})
		OPTIONAL MATCH (x:SpeakerAlias)-[:ALIAS_OF]->(sp)
		WITH sp, x ORDER BY x.alias, x.how
		RETURN sp.name AS name, collect(x {.alias, .how, .count, .turn_ids, .speaker, .conversation}) AS aliases ORDER BY name`, p) {
		rest = append(rest, r)
	}
	return map[string]any{"turns": turns, "bursts": bursts, "rest": rest}
}

// TestPlanInWriteStoresWhatReadBeforeStored: with no embedder and no
// extractor a batch's aliases and bursts are planned inside its write
// transaction (one transaction a batch); the same chat ingested the old
// way (a read transaction before the write) stores the same turns,
// properties, NEXT chain, context windows, reply keys, bursts, sessions,
// speakers and aliases, field by field; and what is stored is what
// ontology.ContextWindow and the chat say.
func TestPlanInWriteStoresWhatReadBeforeStored(t *testing.T) {
	ctx := context.Background()
	s := graphtest.Store(t)
	inWrite, before := graphtest.Tenant(t, s), graphtest.Tenant(t, s)
	for _, run := range []struct {
		tenant string
		in     *extract.Ingestor
	}{{inWrite, extract.NewIngestor(s, nil)}, {before, extract.NewIngestor(readBeforeStore{TurnStore: s, r: s}, nil)}} {
		for i, b := range planChat() {
			if _, err := run.in.AddTurns(ctx, run.tenant, "c", b); err != nil {
				t.Fatalf("batch %d: %v", i, err)
			}
		}
	}
	got, want := storedChat(t, inWrite), storedChat(t, before)
	for _, k := range []string{"turns", "bursts", "rest"} {
		if !reflect.DeepEqual(got[k], want[k]) {
			t.Errorf("%s planned in the write:\n%v\nread before it:\n%v", k, got[k], want[k])
		}
	}

	// What is stored is what the chat says, not only the same both ways.
	var all []ontology.Turn
	for _, b := range planChat()[:5] {
		all = append(all, b...)
	}
	turns := got["turns"].([]any)
	if len(turns) != len(all) {
		t.Fatalf("%d turns stored, want %d", len(turns), len(all))
	}
	var before2 []ontology.WindowTurn
	for i, tu := range all {
		row := turns[i].([]any)
		props := row[0].(map[string]any)
		wt := ontology.WindowTurn{Session: tu.Session, Text: tu.Text}
		if w := ontology.ContextWindow(before2, wt); props["window"] != w || props["seq"] != int64(i) || props["id"] != tu.ID || props["text"] != tu.Text {
			t.Errorf("turn %s stored %v, want seq %d and window %q", tu.ID, props, i, w)
		}
		before2 = append(before2, wt)
		var next any
		var reply any
		if i+1 < len(all) {
			next = all[i+1].ID
			if all[i+1].Session == tu.Session && all[i+1].Speaker != tu.Speaker {
				reply = "speaker:" + all[i+1].Speaker
			}
		}
		if row[1] != tu.Session || row[2] != tu.Speaker || row[3] != next || props["reply_speaker_key"] != reply {
			t.Errorf("turn %s: session %v speaker %v next %v reply key %v, want %s %s %v %v",
				tu.ID, row[1], row[2], row[3], props["reply_speaker_key"], tu.Session, tu.Speaker, next, reply)
		}
	}
	var members [][]any
	for _, b := range got["bursts"].([]any) {
		members = append(members, b.([]any)[1].([]any))
	}
	// Ann's 1-3 grow across batches 1 and 2, Bob's 4-5 across 2 and 3,
	// Ann's 8-9 and Bob's 10-11 within their batches.
	wantMembers := [][]any{{"1", "2", "3"}, {"4", "5"}, {"8", "9"}, {"10", "11"}}
	if !reflect.DeepEqual(members, wantMembers) {
		t.Errorf("burst members %v, want %v", members, wantMembers)
	}
	var aliases []string
	for _, r := range got["rest"].([]any)[1:] {
		for _, x := range r.(map[string]any)["aliases"].([]any) {
			aliases = append(aliases, x.(map[string]any)["alias"].(string))
		}
	}
	sort.Strings(aliases)
	if len(aliases) == 0 {
		t.Errorf("no speaker alias learned from %q / %q", all[6].Text, all[7].Text)
	}
}
