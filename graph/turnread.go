package graph

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// turnRow is a stored turn as the turn-reading statements return it.
type turnRow struct {
	ID, Session, Speaker, Text, Metadata, NextID string
	Seq                                          int64
	Timestamp                                    *time.Time
}

func (r turnRow) turn() ontology.Turn {
	return ontology.Turn{ID: r.ID, Session: r.Session, Speaker: r.Speaker, Text: r.Text, Seq: r.Seq, Timestamp: r.Timestamp}
}

// asTime converts a temporal value from the driver to time.Time in UTC,
// clamped into years 1 to 9999 (ontology.ClampTime): data stored before
// timestamps were checked in UTC may hold 10000-01-01, which no response
// could carry. Every stored time read for a response comes through here or
// timePtr.
func asTime(v any) time.Time {
	switch t := v.(type) {
	case time.Time:
		return ontology.ClampTime(t)
	case dbtype.LocalDateTime:
		return ontology.ClampTime(t.Time())
	case dbtype.Date:
		return ontology.ClampTime(t.Time())
	}
	return time.Time{}
}

// Turns returns up to limit turns of a conversation with seq > after, in
// order. The conversation must exist (ENotFound otherwise).
func (s *Store) Turns(ctx context.Context, tenant, conversation string, after int64, limit int) (ontology.TurnPage, error) {
	type listRow struct {
		Turns []turnRow
	}
	rows, err := queryRows[listRow](ctx, s, cypher.Get("turns_list"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "after": after, "limit": int64(limit),
	})
	if err != nil {
		return ontology.TurnPage{}, err
	}
	list, ok := first(rows)
	if !ok {
		return ontology.TurnPage{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", conversation)
	}
	page := ontology.TurnPage{Turns: make([]ontology.StoredTurn, 0, len(list.Turns))}
	for _, r := range list.Turns {
		t := ontology.StoredTurn{Turn: r.turn(), NextID: r.NextID}
		if r.Metadata != "" {
			_ = json.Unmarshal([]byte(r.Metadata), &t.Metadata) // written by AddBatch from valid JSON
		}
		page.Turns = append(page.Turns, t)
	}
	if len(page.Turns) == limit && limit > 0 {
		last := page.Turns[len(page.Turns)-1].Seq
		page.NextAfter = &last
	}
	return page, nil
}

// RecentTurns returns up to limit of the conversation's last stored turns,
// oldest first, without the turns whose ids are in exclude. An unknown
// conversation has none.
func (s *Store) RecentTurns(ctx context.Context, tenant, conversation string, exclude []string, limit int) ([]ontology.Turn, error) {
	if limit <= 0 {
		return nil, nil
	}
	if exclude == nil {
		exclude = []string{}
	}
	rows, err := queryRows[turnRow](ctx, s, cypher.Get("turns_recent"), map[string]any{
		"tenant": tenant, "conversation": conversation, "exclude": exclude, "limit": int64(limit),
	})
	if err != nil {
		return nil, err
	}
	return oldestFirst(rows), nil // the statement returns newest first
}

// groupRow is an organisation the conversation's speakers hold, as
// turns_batch_context returns it.
type groupRow struct {
	Group    ontology.EntityRef
	Speakers int64
}

// BatchContext reads, in one statement, what ingest needs of a
// conversation before it stores a batch whose turn ids are exclude:
// Speakers, RecentTurns (up to limit), BurstTail, and with the recent
// turns the stored Names, the speakers' Groups and the ChatGroups
// recorded on the conversation.
func (s *Store) BatchContext(ctx context.Context, tenant, conversation string, exclude []string, limit int) (ontology.BatchContext, error) {
	type contextRow struct {
		Speakers     []string
		Recent, Tail []turnRow
		Names        []ontology.EntityRef
		Groups       []groupRow
		OwnGroups    []string
	}
	if exclude == nil {
		exclude = []string{}
	}
	rows, err := queryRows[contextRow](ctx, s, batchContextStatement(), map[string]any{
		"read_context": true, "tenant": tenant, "conversation": conversation, "conversation_uid": conversationUID(tenant, conversation),
		"exclude": exclude, "limit": int64(max(limit, 0)), "names": int64(ontology.MaxContextNames),
		"name_types": ontology.ContextNameTypes,
	})
	if err != nil || len(rows) == 0 {
		return ontology.BatchContext{}, err
	}
	out := ontology.BatchContext{Speakers: rows[0].Speakers, Names: rows[0].Names}
	for _, g := range rows[0].Groups {
		out.Groups = append(out.Groups, ontology.GroupHold{Group: g.Group, Speakers: int(g.Speakers)})
	}
	out.Groups = ontology.RankGroupHolds(out.Groups)
	for _, name := range rows[0].OwnGroups {
		out.ChatGroups = append(out.ChatGroups, ontology.EntityRef{Name: name, Type: ontology.EntityOrganization})
	}
	if len(rows[0].Recent) > 0 {
		out.Recent = oldestFirst(rows[0].Recent)
	}
	for _, r := range rows[0].Tail {
		out.BurstTail = append(out.BurstTail, r.turn())
	}
	return out, nil
}

// batchContextStatement is turns_batch_context with turns_context_reads
// placed in it, filled once.
var batchContextStatement = sync.OnceValue(func() string {
	return cypher.Fill("turns_batch_context", map[string]string{"context": cypher.Get("turns_context_reads")})
})

// oldestFirst converts turn rows read newest first into turns, oldest
// first.
func oldestFirst(rows []turnRow) []ontology.Turn {
	out := make([]ontology.Turn, len(rows))
	for i, r := range rows {
		out[len(rows)-1-i] = r.turn()
	}
	return out
}

// timePtr is asTime for an optional value: nil when v is not a time.
func timePtr(v any) *time.Time {
	switch v.(type) {
	case time.Time, neo4j.LocalDateTime, neo4j.Date:
		t := asTime(v)
		return &t
	}
	return nil
}
