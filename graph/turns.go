package graph

import (
	"context"
	"encoding/json"
	"sort"
	"sync"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/plan"
)

// PlansInWrite reports that AddBatch calls a batch's Plan inside its
// write transaction (extract.PlanInWrite).
func (s *Store) PlansInWrite() bool { return true }

// AddBatch stores a validated batch in one write transaction of two
// statements, whatever the batch size and whatever it carries: the first
// (turns_prepare) locks the conversation, reports which turns exist and,
// when the batch carries knowledge, reads what the planner needs; the
// planner decides in Go (planKnowledge); the second (createStatement)
// writes the new turns, their bursts and aliases and the planner's
// decisions, each kind with UNWIND. Either everything new is committed or
// nothing. Vectors are committed in the same
// transaction: a turn is never acknowledged without its vector.
func (s *Store) AddBatch(ctx context.Context, tenant, conversation string, batch ontology.TurnBatch) (ontology.IngestResult, error) {
	turns, vectors := batch.Turns, batch.Vectors
	if err := s.checkBatchVectors(batch); err != nil {
		return ontology.IngestResult{}, err
	}
	convUID := conversationUID(tenant, conversation)
	uids := make([]string, len(turns))
	for i, t := range turns {
		uids[i] = turnUID(tenant, conversation, t.ID)
	}
	snapQ := snapshotQuery(tenant, conversation, batch)
	return writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (ontology.IngestResult, error) {
		prep, err := prepareTurns(ctx, tx, tenant, conversation, convUID, uids, snapQ, batch.Plan != nil)
		if err != nil {
			return ontology.IngestResult{}, err
		}
		if batch.Plan != nil {
			batch.Plan(prep.context, &batch)
		}
		lastUID := prep.lastUID
		result := ontology.IngestResult{ExistingIDs: []string{}}
		plan := newBatchPlan(tenant, conversation, prep)
		var fresh []ontology.Turn // the turns this batch creates
		for i, t := range turns {
			stored, err := prep.stored(i, t)
			if err != nil {
				return ontology.IngestResult{}, err
			}
			if stored {
				result.ExistingIDs = append(result.ExistingIDs, t.ID)
				continue
			}
			var vec []float32
			if vectors != nil {
				vec = vectors[i]
			}
			if err := plan.add(t, uids[i], vec); err != nil {
				return ontology.IngestResult{}, err
			}
			fresh = append(fresh, t)
		}
		result.Existing = len(result.ExistingIDs)
		result.Created = len(plan.turns)
		if result.Created == 0 {
			if s.knowledgeEnabled(batch) {
				result.Knowledge = &ontology.KnowledgeReport{Decisions: map[ontology.MergeAction]int{}}
			}
			return result, nil
		}
		created := map[string]bool{}
		for _, t := range plan.turns {
			created[t["props"].(map[string]any)["id"].(string)] = true
		}
		params, writes, report, err := s.planKnowledge(tenant, conversation, fresh, plan.speakerNames(), batch, prep.snapshot)
		if err != nil {
			return ontology.IngestResult{}, err
		}
		for k, v := range plan.params(convUID) {
			params[k] = v
		}
		// One vector property for turns, bursts, facts and events: a
		// knowledge row carries a vector only when the store has one.
		params["vector_property"] = nil
		if s.vectors != nil {
			params["vector_property"] = s.vectors.property
		}
		params["writes"] = map[string]any{
			"bursts":    burstRows(tenant, conversation, batch, created, lastUID),
			"aliases":   speakerAliasRows(tenant, conversation, created, batch.SpeakerAliases),
			"own_group": ownGroupRows(batch.Knowledge),
		}
		params["max_own_groups"] = int64(ontology.MaxChatGroups)
		if err := runStatement(ctx, tx, createStatement(writes), params); err != nil {
			return ontology.IngestResult{}, err
		}
		if s.knowledgeEnabled(batch) {
			result.Knowledge = report
		}
		return result, nil
	})
}

// createStatement is turns_create with the bursts, aliases and knowledge
// of the batch written after its turns (turns_create_after): AddBatch's
// second and last statement. A batch whose knowledge writes nothing gets
// it without knowledge_write, whose ~300 operators (and 50 Eager ones)
// would run on empty lists.
func createStatement(knowledge bool) string {
	if knowledge {
		return createWithKnowledge()
	}
	return createWithoutKnowledge()
}

var createWithKnowledge, createWithoutKnowledge = createFill(true), createFill(false)

func createFill(withKnowledge bool) func() string {
	return sync.OnceValue(func() string {
		knowledge := ""
		if withKnowledge {
			knowledge = cypher.Get("knowledge_write")
		}
		return cypher.Fill("turns_create", map[string]string{"after": cypher.Fill("turns_create_after", map[string]string{
			"bursts": cypher.Get("bursts_write"), "aliases": cypher.Get("speaker_aliases_learn"),
			"own_group": cypher.Get("conversation_own_group"), "knowledge": knowledge,
		})})
	})
}

// turnsPrep is what the turns_prepare statement read for a batch, under
// the conversation's lock: the seq of its next turn, the uid of its last
// turn (nil when it has none), its last ontology.WindowTurns turns (oldest
// first), the batch's turns stored already, and the batch's knowledge
// snapshot when one was asked for, and its speakers and burst tail when
// they were asked for (context).
type turnsPrep struct {
	nextSeq  int64
	lastUID  any
	tail     []ontology.WindowTurn
	existing map[string]ontology.Turn
	snapshot *plan.Snapshot
	context  ontology.BatchContext
}

// prepareTurns runs turns_prepare for the batch's turn uids in tx: it
// locks the conversation (creating it when new) and reads its turnsPrep,
// with the knowledge snapshot q names unless q is nil, and with the
// conversation's speakers and burst tail when readContext.
func prepareTurns(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation, convUID string, uids []string, q *plan.Query, readContext bool) (turnsPrep, error) {
	type prepareRow struct {
		NextSeq   int64
		LastUID   *string
		Tail      []struct{ Session, Text string }
		Existing  []struct{ ID, Speaker, Text string }
		Speakers  []string
		BurstTail []turnRow
		snapshotRow
	}
	params := snapshotParams(tenant, conversation, q)
	params["tenant"], params["conversation"], params["conversation_uid"], params["turn_uids"] = tenant, conversation, convUID, uids
	params["read_context"] = readContext
	res, err := tx.Run(ctx, prepareStatement(), params)
	if err != nil {
		return turnsPrep{}, err
	}
	row, err := neo4j.SingleTWithContext(ctx, res, decodeRecord[prepareRow])
	if err != nil {
		return turnsPrep{}, err
	}
	prep := turnsPrep{nextSeq: row.NextSeq, existing: map[string]ontology.Turn{}}
	if q != nil {
		snap := row.snapshotRow.snapshot()
		prep.snapshot = &snap
	}
	if row.LastUID != nil {
		prep.lastUID = *row.LastUID
	}
	for _, e := range row.Existing {
		prep.existing[e.ID] = ontology.Turn{Speaker: e.Speaker, Text: e.Text}
	}
	for _, p := range row.Tail {
		prep.tail = append(prep.tail, ontology.WindowTurn{Session: p.Session, Text: p.Text})
	}
	prep.context.Speakers = row.Speakers
	for _, r := range row.BurstTail {
		prep.context.BurstTail = append(prep.context.BurstTail, r.turn())
	}
	return prep, nil
}

// stored reports whether turn i of the batch, t, is stored already; one
// stored with a different speaker or text is an EConflict (turn ids are
// immutable).
func (p turnsPrep) stored(i int, t ontology.Turn) (bool, error) {
	old, ok := p.existing[t.ID]
	if !ok {
		return false, nil
	}
	if old.Speaker != t.Speaker || old.Text != t.Text {
		return true, ontology.Errorf(ontology.EConflict,
			"turn %d (id %q) is already stored with a different speaker or text; turn ids are immutable", i, t.ID).
			WithDetail("turn_index", i).WithDetail("turn_id", t.ID)
	}
	return true, nil
}

// checkBatchVectors checks the batch's turn, burst, fact and event vectors
// with checkVectors.
func (s *Store) checkBatchVectors(batch ontology.TurnBatch) error {
	if err := s.checkVectors(batch.Vectors, len(batch.Turns), "turns"); err != nil {
		return err
	}
	if err := s.checkVectors(batch.BurstVectors, len(batch.Bursts), "bursts"); err != nil {
		return err
	}
	if err := s.checkVectors(batch.FactVectors, len(batch.Knowledge.Facts), "facts"); err != nil {
		return err
	}
	return s.checkVectors(batch.EventVectors, len(batch.Knowledge.Events), "events")
}

// checkVectors checks that vectors is nil or holds n vectors of the
// store's embedder dimension.
func (s *Store) checkVectors(vectors [][]float32, n int, what string) error {
	if vectors == nil {
		return nil
	}
	if s.vectors == nil {
		return ontology.Errorf(ontology.EInternal, "vectors given for %s but the store has no embedder configured", what)
	}
	if len(vectors) != n {
		return ontology.Errorf(ontology.EInternal, "%d vectors for %d %s", len(vectors), n, what)
	}
	for i, v := range vectors {
		if len(v) != s.vectors.dimensions {
			return ontology.Errorf(ontology.EInternal, "vector %d of %s has %d dimensions, want %d", i, what, len(v), s.vectors.dimensions)
		}
	}
	return nil
}

// batchPlan collects the parameters of turns_create for the new turns of a
// batch: their properties (with their context windows) and sequence
// numbers, the sessions and speakers they need, and the NEXT links that
// continue the conversation's chain.
type batchPlan struct {
	tenant, conversation string
	seq                  int64
	prevUID              any                   // uid of the conversation's last turn, or nil
	recent               []ontology.WindowTurn // the conversation's last turns, oldest first
	turns                []map[string]any
	links                []map[string]any
	sessions             map[string]map[string]any
	sessionOrder         []string
	speakers             map[string]map[string]any
}

// newBatchPlan starts the plan of a batch after what prep read: it
// continues the conversation's seq, NEXT chain and context windows.
func newBatchPlan(tenant, conversation string, prep turnsPrep) *batchPlan {
	return &batchPlan{
		tenant: tenant, conversation: conversation, seq: prep.nextSeq, prevUID: prep.lastUID, recent: prep.tail,
		sessions: map[string]map[string]any{}, speakers: map[string]map[string]any{},
	}
}

// speakerNames lists the speakers of the batch's new turns.
func (p *batchPlan) speakerNames() []string {
	out := make([]string, 0, len(p.speakers))
	for _, sp := range p.speakers {
		out = append(out, sp["name"].(string))
	}
	sort.Strings(out)
	return out
}

func (p *batchPlan) add(t ontology.Turn, uid string, vector []float32) error {
	sesUID := sessionUID(p.tenant, p.conversation, t.Session)
	spkUID := speakerUID(p.tenant, p.conversation, t.Speaker)
	var ts any
	if t.Timestamp != nil {
		ts = t.Timestamp.UTC()
	}
	if s, ok := p.sessions[sesUID]; !ok {
		p.sessions[sesUID] = map[string]any{"uid": sesUID, "id": t.Session, "started_at": ts}
		p.sessionOrder = append(p.sessionOrder, sesUID)
	} else if ts != nil && (s["started_at"] == nil || ts.(time.Time).Before(s["started_at"].(time.Time))) {
		s["started_at"] = ts
	}
	if _, ok := p.speakers[spkUID]; !ok {
		p.speakers[spkUID] = map[string]any{"uid": spkUID, "name": t.Speaker}
	}
	props := map[string]any{
		"uid": uid, "tenant": p.tenant, "conversation": p.conversation, "id": t.ID,
		"session": t.Session, "speaker": t.Speaker, "text": t.Text, "seq": p.seq,
		"window":           ontology.ContextWindow(p.recent, ontology.WindowTurn{Session: t.Session, Text: t.Text}),
		"timestamp":        ts,
		"tenant_key":       tenantKey(p.tenant),
		"conversation_key": conversationKey(p.tenant, p.conversation),
		"speaker_key":      speakerKey(p.tenant, t.Speaker),
	}
	if len(t.Metadata) > 0 {
		b, err := json.Marshal(t.Metadata)
		if err != nil {
			return ontology.Errorf(ontology.EValidation, "turn %q: metadata cannot be stored: %v", t.ID, err)
		}
		props["metadata"] = string(b) // Neo4j properties cannot hold maps
	}
	entry := map[string]any{"props": props, "session_uid": sesUID, "speaker_uid": spkUID, "vector": nil}
	if vector != nil {
		entry["vector"] = vector
	}
	p.turns = append(p.turns, entry)
	if p.prevUID != nil {
		p.links = append(p.links, map[string]any{"from": p.prevUID, "to": uid})
	}
	p.prevUID = uid
	p.recent = append(p.recent, ontology.WindowTurn{Session: t.Session, Text: t.Text})
	if n := len(p.recent); n > ontology.WindowTurns {
		p.recent = p.recent[n-ontology.WindowTurns:]
	}
	p.seq++
	return nil
}

func (p *batchPlan) params(convUID string) map[string]any {
	sessions := make([]map[string]any, 0, len(p.sessionOrder))
	for _, u := range p.sessionOrder {
		sessions = append(sessions, p.sessions[u])
	}
	speakers := make([]map[string]any, 0, len(p.speakers))
	for _, s := range p.speakers {
		speakers = append(speakers, s)
	}
	return map[string]any{
		"tenant": p.tenant, "conversation_uid": convUID,
		"sessions": sessions, "speakers": speakers, "turns": p.turns, "links": p.links,
		"next_seq": p.seq, "created": int64(len(p.turns)),
	}
}
