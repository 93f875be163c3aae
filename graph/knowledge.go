package graph

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/plan"
)

// entityTypeNames is every entity type, each checked with
// ontology.CypherName: the labels a retype removes.
var entityTypeNames = sync.OnceValue(func() []string {
	out := make([]string, 0, len(ontology.EntityTypes))
	for _, t := range ontology.EntityTypes {
		if _, err := ontology.CypherName(string(t)); err != nil {
			panic(err)
		}
		out = append(out, string(t))
	}
	return out
})

// knowledgeEnabled reports whether a batch gets a knowledge report: when
// it carries knowledge or extractors ran on it (their usage is reported
// even when they found nothing).
func (s *Store) knowledgeEnabled(b ontology.TurnBatch) bool {
	return b.Extracted || !b.Knowledge.Empty()
}

// writeKnowledge runs the knowledge statements of a batch whose turns are
// stored already (the enrichment of pending turns) inside its transaction:
// one knowledge_snapshot read, the planner's decisions (planKnowledge),
// then one statement writing them all (execute).
func (s *Store) writeKnowledge(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string,
	fresh []ontology.Turn, speakers []string, b ontology.TurnBatch) (*ontology.KnowledgeReport, error) {
	if b.Knowledge.Empty() {
		// Nothing was drawn from this batch: no statement runs. Speakers
		// get their entity with the first knowledge that names them.
		return &ontology.KnowledgeReport{Decisions: map[ontology.MergeAction]int{}}, nil
	}
	batch := knowledgeBatch(tenant, conversation, fresh, speakers, b)
	snap, err := readSnapshot(ctx, tx, tenant, conversation, plan.SnapshotQuery(batch))
	if err != nil {
		return nil, knowledgeError("snapshot", err)
	}
	wp := plan.Plan(snap, batch)
	if err := s.execute(ctx, tx, tenant, conversation, wp, b); err != nil {
		return nil, err
	}
	return &wp.Report, nil
}

// planKnowledge is what AddBatch writes of a batch's knowledge, decided by
// plan.Plan on snap (read by turns_prepare): knowledge_write's parameters
// whether they write anything, and the report. fresh are the turns this batch creates; only items
// citing one of them are written. A batch with no knowledge gets an empty
// report and parameters that write nothing.
func (s *Store) planKnowledge(tenant, conversation string, fresh []ontology.Turn, speakers []string,
	b ontology.TurnBatch, snap *plan.Snapshot) (map[string]any, bool, *ontology.KnowledgeReport, error) {
	if b.Knowledge.Empty() || snap == nil {
		params, writes, err := s.writeParams(tenant, conversation, plan.WritePlan{}, b)
		return params, writes, &ontology.KnowledgeReport{Decisions: map[ontology.MergeAction]int{}}, err
	}
	wp := plan.Plan(*snap, knowledgeBatch(tenant, conversation, fresh, speakers, b))
	params, writes, err := s.writeParams(tenant, conversation, wp, b)
	if err != nil {
		return nil, false, nil, knowledgeError("plan", err)
	}
	return params, writes, &wp.Report, nil
}

// knowledgeBatch is the planner's view of a batch.
func knowledgeBatch(tenant, conversation string, fresh []ontology.Turn, speakers []string, b ontology.TurnBatch) plan.Batch {
	return plan.Batch{Tenant: tenant, Conversation: conversation, Turns: fresh, Speakers: speakers,
		Knowledge: b.Knowledge, Rulings: b.ProfileRulings, Now: time.Now().UTC()}
}

// snapshotQuery is what turns_prepare reads for a batch's knowledge before
// its turns are written, or nil when the batch has none: plan.SnapshotQuery
// with every cited turn, as the batch's new turns are not stored yet when
// it runs (so it finds the same stored turns as a read after the write that
// leaves the new ones out).
func snapshotQuery(tenant, conversation string, b ontology.TurnBatch) *plan.Query {
	if b.Knowledge.Empty() {
		return nil
	}
	q := plan.SnapshotQuery(plan.Batch{Tenant: tenant, Conversation: conversation, Knowledge: b.Knowledge})
	return &q
}

// snapshotParams are the parameters of knowledge_snapshot_reads for q (nil:
// read nothing).
func snapshotParams(tenant, conversation string, q *plan.Query) map[string]any {
	if q == nil {
		return map[string]any{"snapshot": map[string]any{"wanted": false, "keys": []string{}, "prefixes": []string{},
			"relation_types": []string{}, "profile_keys": []string{}, "cited_uids": []string{}}}
	}
	cited := make([]string, len(q.CitedTurnIDs))
	for i, id := range q.CitedTurnIDs {
		cited[i] = turnUID(tenant, conversation, id)
	}
	return map[string]any{"snapshot": map[string]any{"wanted": true, "keys": nonNilStrings(q.Keys), "prefixes": nonNilStrings(q.Prefixes),
		"relation_types": nonNilStrings(q.RelationTypes), "profile_keys": nonNilStrings(q.ProfileKeys), "cited_uids": cited}}
}

// withSnapshot returns the statement name with knowledge_snapshot_reads
// placed at its {{snapshot}}.
func withSnapshot(name string) string {
	return cypher.Fill(name, map[string]string{"snapshot": withRelTypes("knowledge_snapshot_reads"), "context": cypher.Get("turns_context_reads")})
}

// The statements that read a batch's knowledge snapshot, filled once.
var (
	prepareStatement  = sync.OnceValue(func() string { return withSnapshot("turns_prepare") })
	snapshotStatement = sync.OnceValue(func() string { return withSnapshot("knowledge_snapshot") })
)

// readSnapshot reads what q names, in one statement.
func readSnapshot(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string, q plan.Query) (plan.Snapshot, error) {
	params := snapshotParams(tenant, conversation, &q)
	params["tenant"], params["conversation"] = tenant, conversation
	res, err := tx.Run(ctx, snapshotStatement(), params)
	if err != nil {
		return plan.Snapshot{}, err
	}
	m, err := neo4j.SingleTWithContext(ctx, res, decodeRecord[snapshotRow])
	if err != nil {
		return plan.Snapshot{}, err
	}
	return m.snapshot(), nil
}

// snapshotRow is the snapshot's columns of knowledge_snapshot and
// turns_prepare.
type snapshotRow struct {
	Entities  []plan.StoredEntity
	Relations []plan.StoredRelation
	Profiles  []struct {
		UID, SubjectUID      string
		ontology.ProfileFact // topic, sub_topic, value, confidence, valid_from
	}
	Turns []turnRow
}

// snapshot is the plan.Snapshot m holds.
func (m snapshotRow) snapshot() plan.Snapshot {
	snap := plan.Snapshot{Relations: m.Relations}
	for _, e := range m.Entities {
		e.AliasKeys, e.Aliases = nonNilStrings(e.AliasKeys), nonNilStrings(e.Aliases)
		snap.Entities = append(snap.Entities, e)
	}
	for _, p := range m.Profiles {
		snap.Profiles = append(snap.Profiles, plan.StoredProfile{UID: p.UID, SubjectUID: p.SubjectUID, Fact: p.ProfileFact})
	}
	for _, t := range m.Turns {
		snap.Turns = append(snap.Turns, plan.StoredTurn{ID: t.ID, Time: t.Timestamp})
	}
	return snap
}

// execute runs a write plan as one statement (knowledge_write): every
// kind's rows are a parameter, an empty list when the plan has none, so a
// batch's knowledge costs one round trip and the statement's text, and so
// Neo4j's cached plan, is the same for every batch. Nothing runs when the
// plan writes nothing.
func (s *Store) execute(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string, wp plan.WritePlan, b ontology.TurnBatch) error {
	params, writes, err := s.writeParams(tenant, conversation, wp, b)
	if err != nil || !writes {
		return err
	}
	r, err := tx.Run(ctx, cypher.Get("knowledge_write"), params)
	if err == nil {
		_, err = r.Consume(ctx)
	}
	if err != nil {
		return knowledgeError("write", err)
	}
	return nil
}

// writeParams are the parameters of knowledge_write for wp, and whether wp
// writes anything. Every entity and relation type is checked with
// ontology.CypherName: the statement sets them as dynamic labels and
// relationship types.
func (s *Store) writeParams(tenant, conversation string, wp plan.WritePlan, b ontology.TurnBatch) (map[string]any, bool, error) {
	k := keyer{tenant: tenant, conversation: conversation}
	rows := map[string][]map[string]any{
		"retypes": retypeRows(wp.Retypes), "entities": entityRows(k, wp.Entities), "relations": relationRows(wp.Relations),
		"relation_updates": relationUpdateRows(wp.RelationUpdates),
		"facts":            factRows(k, wp.Facts, b.FactVectors), "events": eventRows(k, wp.Events, b.EventVectors),
		"profile_ends": profileEndRows(wp.ProfileEnds), "profile_seen": profileSeenRows(k, wp.ProfileSeen),
		"profile": profileRows(k, wp.ProfileNew), "decisions": decisionRows(k, wp.Decisions),
		"co_mentions": coMentionRows(wp.CoMentions),
	}
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	for _, kind := range []string{"entities", "relations"} {
		for _, r := range rows[kind] {
			if _, err := ontology.CypherName(r["type"].(string)); err != nil {
				return nil, false, err
			}
		}
	}
	var vectorProperty any
	if s.vectors != nil && (b.FactVectors != nil || b.EventVectors != nil) {
		vectorProperty = s.vectors.property
	}
	params := map[string]any{
		"tenant": tenant, "conversation": conversation,
		"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, conversation),
		"vector_property": vectorProperty, "max_turns": int64(plan.MaxCoMentionTurns),
		"entity_types": entityTypeNames(),
	}
	knowledge := make(map[string]any, len(rows))
	for key, r := range rows {
		knowledge[key] = r
	}
	params["knowledge"] = knowledge
	return params, n > 0, nil
}

func retypeRows(rs []plan.Retype) []map[string]any {
	rows := make([]map[string]any, len(rs))
	for i, r := range rs {
		rows[i] = map[string]any{"uid": r.UID, "from": string(r.From), "to": string(r.To)}
	}
	return rows
}

// keyer derives the store's keys of one conversation.
type keyer struct{ tenant, conversation string }

func (k keyer) turnUIDs(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = turnUID(k.tenant, k.conversation, id)
	}
	return out
}

func (k keyer) sessionUID(session string) any {
	if session == "" {
		return nil
	}
	return sessionUID(k.tenant, k.conversation, session)
}

func entityRows(k keyer, ents []plan.EntityWrite) []map[string]any {
	rows := make([]map[string]any, len(ents))
	for i, e := range ents {
		var spk, spkUID any
		if e.Speaker != "" {
			spk, spkUID = e.Speaker, speakerUID(k.tenant, k.conversation, e.Speaker)
		}
		rows[i] = map[string]any{
			"uid": e.UID, "name": e.Name, "type": string(e.Type), "type_confidence": e.TypeConfidence, "type_cue": e.TypeCue,
			"alias_keys": e.AliasKeys, "aliases": e.Aliases, "aliases_text": strings.Join(e.Aliases, " | "),
			"name_key": ontology.NormaliseName(e.Name), "speaker": spk, "speaker_uid": spkUID,
			"turn_uids": k.turnUIDs(e.TurnIDs),
		}
	}
	return rows
}

func relationRows(rels []plan.RelationWrite) []map[string]any {
	rows := make([]map[string]any, len(rels))
	for i, r := range rels {
		rows[i] = map[string]any{"type": string(r.Type), "from_uid": r.FromUID, "to_uid": r.ToUID, "props": map[string]any{
			"role": r.Role, "confidence": r.Confidence, "valid_from": timeOrNil(r.ValidFrom), "valid_to": timeOrNil(r.ValidTo),
			"source_turn_ids": nonNilStrings(r.SourceTurnIDs), "extractors": nonNilStrings(r.Extractors),
		}}
	}
	return rows
}

func relationUpdateRows(us []plan.RelationUpdate) []map[string]any {
	rows := make([]map[string]any, len(us))
	for i, u := range us {
		rows[i] = map[string]any{"id": u.ID, "source_turn_ids": nonNilStrings(u.SourceTurnIDs), "extractors": nonNilStrings(u.Extractors),
			"confidence": u.Confidence, "valid_from": timeOrNil(u.ValidFrom), "valid_to": timeOrNil(u.ValidTo)}
	}
	return rows
}

func factRows(k keyer, facts []plan.FactWrite, vectors [][]float32) []map[string]any {
	rows := make([]map[string]any, len(facts))
	for i, w := range facts {
		f := w.Fact
		var vec any
		if vectors != nil {
			vec = vectors[w.Index]
		}
		rows[i] = map[string]any{
			"uid": w.UID, "subject_uid": w.SubjectUID, "turn_uids": k.turnUIDs(w.TurnIDs),
			"source_turn_ids": nonNilStrings(f.SourceTurnIDs), "session_uid": k.sessionUID(w.Session), "vector": vec,
			"props": map[string]any{
				"tenant": k.tenant, "conversation": k.conversation, "statement": f.Statement,
				"subject": w.SubjectName, "speaker": f.Speaker, "confidence": f.Confidence,
				"valid_from": timeOrNil(f.ValidFrom), "valid_to": timeOrNil(f.ValidTo),
				"extractor": f.Extractor, "session": f.Session,
				"tenant_key": tenantKey(k.tenant), "conversation_key": conversationKey(k.tenant, k.conversation),
				"subject_key": speakerKey(k.tenant, w.SubjectName),
			},
		}
	}
	return rows
}

func eventRows(k keyer, events []plan.EventWrite, vectors [][]float32) []map[string]any {
	rows := make([]map[string]any, len(events))
	for i, w := range events {
		e := w.Event
		var vec, where any
		if vectors != nil {
			vec = vectors[w.Index]
		}
		if w.WhereUID != "" {
			where = w.WhereUID
		}
		props := map[string]any{
			"tenant": k.tenant, "conversation": k.conversation, "what": e.What, "participants": nonNilStrings(w.ParticipantNames),
			"confidence": e.Confidence, "extractor": e.Extractor, "session": e.Session,
			"tenant_key": tenantKey(k.tenant), "conversation_key": conversationKey(k.tenant, k.conversation),
		}
		if e.When != nil {
			props["when_start"], props["when_end"] = e.When.Start.UTC(), e.When.End.UTC()
			props["when_granularity"], props["when_phrase"] = e.When.Granularity, e.When.Phrase
		}
		rows[i] = map[string]any{
			"uid": w.UID, "participant_uids": nonNilStrings(w.ParticipantUIDs), "where_uid": where,
			"turn_uids": k.turnUIDs(w.TurnIDs), "source_turn_ids": nonNilStrings(e.SourceTurnIDs),
			"session_uid": k.sessionUID(w.Session), "props": props, "vector": vec,
		}
	}
	return rows
}

func profileEndRows(ends []plan.ProfileEnd) []map[string]any {
	rows := make([]map[string]any, len(ends))
	for i, e := range ends {
		rows[i] = map[string]any{"uid": e.UID, "valid_to": e.ValidTo.UTC(), "by": e.By}
	}
	return rows
}

func profileSeenRows(k keyer, seen []plan.ProfileSeen) []map[string]any {
	rows := make([]map[string]any, len(seen))
	for i, p := range seen {
		rows[i] = map[string]any{"uid": p.UID, "source_turn_ids": nonNilStrings(p.SourceTurnIDs), "turn_uids": k.turnUIDs(p.TurnIDs)}
	}
	return rows
}

func profileRows(k keyer, ps []plan.ProfileWrite) []map[string]any {
	rows := make([]map[string]any, len(ps))
	for i, p := range ps {
		f := p.Fact
		props := map[string]any{
			"uid": p.UID, "tenant": k.tenant, "conversation": k.conversation,
			"subject": p.SubjectName, "topic": f.Topic, "sub_topic": f.SubTopic,
			"value": f.Value, "confidence": f.Confidence, "valid_from": timeOrNil(f.ValidFrom),
			"source_turn_ids": nonNilStrings(f.SourceTurnIDs), "extractor": f.Extractor,
			"created_at": time.Now().UTC(),
		}
		if p.ValidTo != nil {
			props["valid_to"], props["superseded_by"] = p.ValidTo.UTC(), p.SupersededBy
		}
		rows[i] = map[string]any{"subject_uid": p.SubjectUID, "turn_uids": k.turnUIDs(p.TurnIDs), "props": props}
	}
	return rows
}

func decisionRows(k keyer, ds []plan.DecisionWrite) []map[string]any {
	rows := make([]map[string]any, len(ds))
	for i, w := range ds {
		d := w.Decision
		rows[i] = map[string]any{"subject_uid": w.SubjectUID, "props": map[string]any{
			"uid": w.UID, "tenant": k.tenant, "conversation": k.conversation,
			"subject": d.Subject.Name, "action": string(d.Action), "reason": d.Reason,
			"topic": d.Topic, "sub_topic": d.SubTopic, "value": d.Value, "previous": d.Previous,
			"confidence": d.Confidence, "source_turn_ids": nonNilStrings(d.SourceTurnIDs), "decider": d.Decider,
			"ambiguous": d.Ambiguous, "at": d.At.UTC(), "created_at": d.At.UTC(), "profile_fact_uid": w.ProfileFactUID,
		}}
	}
	return rows
}

func coMentionRows(cs []plan.CoMention) []map[string]any {
	rows := make([]map[string]any, len(cs))
	for i, c := range cs {
		rows[i] = map[string]any{"from_uid": c.FromUID, "to_uid": c.ToUID, "count": int64(c.Count),
			"first_seen": c.FirstSeen.UTC(), "last_seen": c.LastSeen.UTC(), "source_turn_ids": nonNilStrings(c.SourceTurnIDs)}
	}
	return rows
}

func nonNilStrings(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

func timeOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// knowledgeError names the knowledge statement that failed, except when
// the connection to Neo4j broke: the driver knows a connectivity error (and
// retries the transaction on it) only by its type, and so does classify (a
// 503), so that one is returned as it is.
func knowledgeError(what string, err error) error {
	if neo4j.IsConnectivityError(err) {
		return err
	}
	return fmt.Errorf("graph: writing knowledge (%s): %w", what, err)
}
