package graph

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// typedStatement returns a knowledge statement with {{type}} filled by an
// entity or relation type passed through ontology.CypherName: labels and
// relationship types reach Cypher text only through that gate.
func typedStatement(name, typ string) (string, error) {
	quoted, err := ontology.CypherName(typ)
	if err != nil {
		return "", err
	}
	return strings.ReplaceAll(cypher.Get(name), "{{type}}", quoted), nil
}

// knowledgeEnabled reports whether a batch gets a knowledge report: when
// it carries knowledge or extractors ran on it (their usage is reported
// even when they found nothing).
func (s *Store) knowledgeEnabled(b ontology.TurnBatch) bool {
	return b.Extracted || !b.Knowledge.Empty()
}

// keepItem reports whether an item citing ids (or, with none, a session)
// belongs to this write: it must cite a turn created by this batch, so a
// resent batch adds nothing twice.
func keepItem(ids []string, session string, created map[string]bool) bool {
	if len(ids) == 0 {
		return session != ""
	}
	for _, id := range ids {
		if created[id] {
			return true
		}
	}
	return false
}

// writeKnowledge runs the knowledge statements of a batch inside its
// transaction: resolve entities (one read), read the current profiles of
// the subjects concerned (one read), decide the profile merges by rule (or
// by a ruling the batch carries), then write everything (one statement).
func (s *Store) writeKnowledge(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string,
	created map[string]bool, speakers []string, b ontology.TurnBatch) (*ontology.KnowledgeReport, error) {
	x := b.Knowledge
	rep := &ontology.KnowledgeReport{Decisions: map[ontology.MergeAction]int{}}
	if x.Empty() {
		// Nothing was drawn from this batch: no statement runs. Speakers
		// get their entity with the first knowledge that names them.
		return rep, nil
	}

	stored, err := s.lookupEntities(ctx, tx, tenant, conversation, refKeys(x))
	if err != nil {
		return nil, err
	}
	res := newResolver(tenant, conversation, stored)
	for _, sp := range speakers {
		res.speaker(sp)
	}
	turnUIDs := func(ids []string) []string {
		out := make([]string, 0, len(ids))
		for _, id := range ids {
			if created[id] {
				out = append(out, turnUID(tenant, conversation, id))
			}
		}
		return out
	}
	sessionUID := func(session string, ids []string) any {
		if len(ids) > 0 || session == "" {
			return nil
		}
		return sessionUID(tenant, conversation, session)
	}
	createdIDs := func(ids []string) []string {
		var out []string
		for _, id := range ids {
			if created[id] {
				out = append(out, id)
			}
		}
		return out
	}

	for _, e := range x.Entities {
		if keepItem(e.SourceTurnIDs, "", created) {
			ent := res.resolve(e.EntityRef, createdIDs(e.SourceTurnIDs))
			for _, a := range e.Aliases {
				ent.addName(a, e.Type)
			}
		}
	}
	var relations []map[string]any
	for _, r := range x.Relations {
		if !keepItem(r.SourceTurnIDs, "", created) {
			continue
		}
		ids := createdIDs(r.SourceTurnIDs)
		from, to := res.resolve(r.From, ids), res.resolve(r.To, ids)
		if from == to {
			continue
		}
		relations = append(relations, map[string]any{
			"type": string(r.Type), "from_uid": from.uid, "to_uid": to.uid, "role": r.Role,
			"confidence": r.Confidence, "valid_from": timeOrNil(r.ValidFrom), "valid_to": timeOrNil(r.ValidTo),
			"source_turn_ids": r.SourceTurnIDs, "extractor": r.Extractor,
		})
	}
	var facts []map[string]any
	for i, f := range x.Facts {
		if !keepItem(f.SourceTurnIDs, f.Session, created) {
			continue
		}
		subj := res.resolve(f.Subject, createdIDs(f.SourceTurnIDs))
		var vec any
		if b.FactVectors != nil {
			vec = b.FactVectors[i]
		}
		subjectName := subj.name
		if subj.speaker != "" {
			subjectName = subj.speaker
		}
		facts = append(facts, map[string]any{
			"uid":         uid("fact", tenant, conversation, f.Extractor, subj.uid, ontology.NormaliseValue(f.Statement)),
			"subject_uid": subj.uid, "turn_uids": turnUIDs(f.SourceTurnIDs), "source_turn_ids": f.SourceTurnIDs,
			"session_uid": sessionUID(f.Session, f.SourceTurnIDs), "vector": vec,
			"props": map[string]any{
				"tenant": tenant, "conversation": conversation, "statement": f.Statement,
				"subject": subjectName, "speaker": f.Speaker, "confidence": f.Confidence,
				"valid_from": timeOrNil(f.ValidFrom), "valid_to": timeOrNil(f.ValidTo),
				"extractor": f.Extractor, "session": f.Session,
				"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, conversation),
				"subject_key": speakerKey(tenant, subjectName),
			},
		})
	}
	var events []map[string]any
	for i, e := range x.Events {
		if !keepItem(e.SourceTurnIDs, e.Session, created) {
			continue
		}
		var evVec any
		if b.EventVectors != nil {
			evVec = b.EventVectors[i]
		}
		ids := createdIDs(e.SourceTurnIDs)
		var parts []string
		var names []string
		for _, p := range e.Participants {
			ent := res.resolve(p, ids)
			parts = append(parts, ent.uid)
			names = append(names, ent.name)
		}
		var where any
		if e.Where != nil {
			where = res.resolve(*e.Where, ids).uid
		}
		props := map[string]any{
			"tenant": tenant, "conversation": conversation, "what": e.What, "participants": names,
			"confidence": e.Confidence, "extractor": e.Extractor, "session": e.Session,
			"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, conversation),
		}
		start := ""
		if e.When != nil {
			props["when_start"], props["when_end"] = e.When.Start.UTC(), e.When.End.UTC()
			props["when_granularity"], props["when_phrase"] = e.When.Granularity, e.When.Phrase
			start = e.When.Start.UTC().Format(time.RFC3339)
		}
		events = append(events, map[string]any{
			"uid":              uid("event", tenant, conversation, e.Extractor, ontology.NormaliseValue(e.What), start, e.Session),
			"participant_uids": parts, "where_uid": where, "turn_uids": turnUIDs(e.SourceTurnIDs),
			"source_turn_ids": e.SourceTurnIDs, "session_uid": sessionUID(e.Session, e.SourceTurnIDs), "props": props,
			"vector": evVec,
		})
	}

	// Profile facts: resolve subjects, read their current values, decide.
	type pending struct {
		fact ontology.ProfileFact
		subj *storedEntity
	}
	var profile []pending
	subjects := map[string]bool{}
	for _, p := range x.Profile {
		if !keepItem(p.SourceTurnIDs, "", created) {
			continue
		}
		subj := res.resolve(p.Subject, createdIDs(p.SourceTurnIDs))
		profile = append(profile, pending{p, subj})
		subjects[subj.uid] = true
	}
	current, err := s.currentProfiles(ctx, tx, tenant, subjects)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	var profEnds, profSeen, profNew, decisions []map[string]any
	newInBatch := map[string]int{} // uid -> index in profNew of values this batch creates
	for _, p := range profile {
		key := p.subj.uid + "\x1f" + p.fact.Topic + "\x1f" + p.fact.SubTopic
		cur := current[key]
		curFacts := make([]ontology.ProfileFact, len(cur))
		for i, c := range cur {
			curFacts[i] = c.fact
		}
		d := ontology.DecideProfile(curFacts, p.fact)
		if d.Ambiguous {
			if ruling, ok := findRuling(b.ProfileRulings, p.subj, d); ok {
				d = ruling
			}
		}
		d.At = now
		d.Subject = ontology.EntityRef{Name: p.subj.name, Type: p.subj.typ}
		rep.Decisions[d.Action]++
		var previous *currentProfile
		for i := range cur {
			if cur[i].fact.Value == d.Previous {
				previous = &cur[i]
				break
			}
		}
		newUID := ""
		switch d.Action {
		case ontology.MergeSkip:
			if previous != nil {
				if i, ok := newInBatch[previous.uid]; ok {
					// Known from this very batch: not stored yet, so its
					// write carries the extra sources.
					props := profNew[i]["props"].(map[string]any)
					props["source_turn_ids"] = mergeIDs(props["source_turn_ids"].([]string), p.fact.SourceTurnIDs)
					profNew[i]["turn_uids"] = turnUIDs(props["source_turn_ids"].([]string))
				} else {
					profSeen = append(profSeen, map[string]any{"uid": previous.uid,
						"source_turn_ids": p.fact.SourceTurnIDs, "turn_uids": turnUIDs(p.fact.SourceTurnIDs)})
				}
			}
		case ontology.MergeInsert, ontology.MergeAppend, ontology.MergeUpdate:
			newUID = uuid.NewString()
			validFrom := p.fact.ValidFrom
			profNew = append(profNew, map[string]any{
				"subject_uid": p.subj.uid, "turn_uids": turnUIDs(p.fact.SourceTurnIDs),
				"props": map[string]any{
					"uid": newUID, "tenant": tenant, "conversation": conversation,
					"subject": p.subj.name, "topic": p.fact.Topic, "sub_topic": p.fact.SubTopic,
					"value": p.fact.Value, "confidence": d.Confidence, "valid_from": timeOrNil(validFrom),
					"source_turn_ids": p.fact.SourceTurnIDs, "extractor": p.fact.Extractor,
					"created_at": now,
				},
			})
			newInBatch[newUID] = len(profNew) - 1
			np := currentProfile{uid: newUID, fact: p.fact}
			np.fact.Confidence = d.Confidence
			if d.Action == ontology.MergeUpdate && previous != nil {
				end := now
				if validFrom != nil {
					end = validFrom.UTC()
				}
				if i, ok := newInBatch[previous.uid]; ok {
					// Superseded within this batch: it is written already closed
					// (the ends statement runs before the new values exist).
					props := profNew[i]["props"].(map[string]any)
					props["valid_to"], props["superseded_by"] = end, newUID
				} else {
					profEnds = append(profEnds, map[string]any{"uid": previous.uid, "valid_to": end, "by": newUID})
				}
				cur = removeProfile(cur, previous.uid)
			}
			current[key] = append(cur, np)
		}
		decisions = append(decisions, map[string]any{
			"subject_uid": p.subj.uid,
			"props": map[string]any{
				"uid": uuid.NewString(), "tenant": tenant, "conversation": conversation,
				"subject": p.subj.name, "action": string(d.Action), "reason": d.Reason,
				"topic": d.Topic, "sub_topic": d.SubTopic, "value": d.Value, "previous": d.Previous,
				"confidence": d.Confidence, "source_turn_ids": d.SourceTurnIDs, "decider": d.Decider,
				"ambiguous": d.Ambiguous, "at": now, "profile_fact_uid": newUID,
			},
		})
	}

	var entities []map[string]any
	for _, e := range res.touched() {
		var spkUID any
		if e.speaker != "" {
			spkUID = speakerUID(tenant, conversation, e.speaker)
		}
		var spk any
		if e.speaker != "" {
			spk = e.speaker
		}
		if e.isNew {
			rep.NewEntities++
		}
		entities = append(entities, map[string]any{
			"uid": e.uid, "name": e.name, "type": string(e.typ), "alias_keys": e.aliasKeys,
			"aliases": e.aliases, "aliases_text": strings.Join(e.aliases, " | "),
			"name_key": ontology.NormaliseName(e.name), "speaker": spk, "speaker_uid": spkUID,
			"turn_uids": turnUIDs(e.turnIDs),
		})
	}
	var vectorProperty any
	if s.vectors != nil && (b.FactVectors != nil || b.EventVectors != nil) {
		vectorProperty = s.vectors.property
	}
	base := map[string]any{
		"tenant": tenant, "conversation": conversation,
		"tenant_key": tenantKey(tenant), "conversation_key": conversationKey(tenant, conversation),
		"vector_property": vectorProperty,
	}
	run := func(stmt string, key string, rows any) error {
		params := make(map[string]any, len(base)+1)
		for k, v := range base {
			params[k] = v
		}
		params[key] = rows
		r, err := tx.Run(ctx, stmt, params)
		if err == nil {
			_, err = r.Consume(ctx)
		}
		if err != nil {
			return knowledgeError(key, err)
		}
		return nil
	}
	// One UNWIND statement per kind (entities and relations per type), run
	// only when the batch has rows of that kind: small statements plan
	// fast and stay in Neo4j's plan cache.
	for _, g := range groupByType(entities) {
		stmt, err := typedStatement("knowledge_entities", g.typ)
		if err != nil {
			return nil, err
		}
		if err := run(stmt, "entities", g.rows); err != nil {
			return nil, err
		}
	}
	for _, g := range groupByType(relations) {
		stmt, err := typedStatement("knowledge_relations", g.typ)
		if err != nil {
			return nil, err
		}
		if err := run(stmt, "relations", g.rows); err != nil {
			return nil, err
		}
	}
	steps := []struct {
		name, key string
		rows      []map[string]any
	}{
		{"knowledge_facts", "facts", facts}, {"knowledge_events", "events", events},
		{"knowledge_profile_ends", "profile_ends", profEnds}, {"knowledge_profile_seen", "profile_seen", profSeen},
	}
	for _, st := range steps {
		if len(st.rows) > 0 {
			if err := run(cypher.Get(st.name), st.key, st.rows); err != nil {
				return nil, err
			}
		}
	}
	if len(profNew) > 0 || len(decisions) > 0 {
		params := map[string]any{"profile": nonNil(profNew), "decisions": nonNil(decisions)}
		for k, v := range base {
			params[k] = v
		}
		r, err := tx.Run(ctx, cypher.Get("knowledge_profile_new"), params)
		if err == nil {
			_, err = r.Consume(ctx)
		}
		if err != nil {
			return nil, knowledgeError("profile", err)
		}
	}
	rep.Entities, rep.Relations, rep.Facts, rep.Events = len(entities), len(relations), len(facts), len(events)
	rep.ProfileFacts = len(profNew)
	return rep, nil
}

// typeGroup is the rows of one entity or relation type.
type typeGroup struct {
	typ  string
	rows []map[string]any
}

// groupByType splits rows by their "type", in first-seen order.
func groupByType(rows []map[string]any) []typeGroup {
	var out []typeGroup
	at := map[string]int{}
	for _, r := range rows {
		t := r["type"].(string)
		i, ok := at[t]
		if !ok {
			i = len(out)
			at[t] = i
			out = append(out, typeGroup{typ: t})
		}
		out[i].rows = append(out[i].rows, r)
	}
	return out
}

func nonNil(rows []map[string]any) []map[string]any {
	if rows == nil {
		return []map[string]any{}
	}
	return rows
}

// findRuling returns the LLM's ruling for an ambiguous conflict, if the
// batch carries one for the same subject, sub-topic, value and previous
// value.
func findRuling(rulings []ontology.MergeDecision, subj *storedEntity, d ontology.MergeDecision) (ontology.MergeDecision, bool) {
	for _, r := range rulings {
		if ontology.NormaliseName(r.Subject.Name) != ontology.NormaliseName(subj.name) && r.Subject.Name != subj.speaker {
			continue
		}
		if r.Topic == d.Topic && r.SubTopic == d.SubTopic && r.Value == d.Value && r.Previous == d.Previous {
			r.SourceTurnIDs = d.SourceTurnIDs
			return r, true
		}
	}
	return ontology.MergeDecision{}, false
}

type currentProfile struct {
	uid  string
	fact ontology.ProfileFact
}

func removeProfile(cur []currentProfile, uid string) []currentProfile {
	out := cur[:0:0]
	for _, c := range cur {
		if c.uid != uid {
			out = append(out, c)
		}
	}
	return out
}

// lookupEntities reads the conversation's speaker entities and the entities
// any of keys resolves to.
func (s *Store) lookupEntities(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string, keys []string) ([]*storedEntity, error) {
	res, err := tx.Run(ctx, cypher.Get("knowledge_entities_lookup"), map[string]any{
		"tenant": tenant, "conversation": conversation, "keys": keys,
	})
	if err != nil {
		return nil, err
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*storedEntity, 0, len(recs))
	for _, rec := range recs {
		m := rec.AsMap()
		e := &storedEntity{uid: m["uid"].(string), name: m["name"].(string),
			typ: ontology.EntityType(m["type"].(string)), aliasKeys: strings1(m["alias_keys"]), aliases: strings1(m["aliases"])}
		if sp, ok := m["speaker"].(string); ok {
			e.speaker = sp
		}
		if n, ok := m["mentions"].(int64); ok {
			e.mentions = n
		}
		out = append(out, e)
	}
	return out, nil
}

// currentProfiles reads the current profile facts of subjects, keyed by
// subject uid, topic and sub-topic.
func (s *Store) currentProfiles(ctx context.Context, tx neo4j.ManagedTransaction, tenant string, subjects map[string]bool) (map[string][]currentProfile, error) {
	out := map[string][]currentProfile{}
	if len(subjects) == 0 {
		return out, nil
	}
	uids := make([]string, 0, len(subjects))
	for u := range subjects {
		uids = append(uids, u)
	}
	res, err := tx.Run(ctx, cypher.Get("knowledge_profile_current"), map[string]any{"tenant": tenant, "subject_uids": uids})
	if err != nil {
		return nil, err
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		return nil, err
	}
	for _, rec := range recs {
		m := rec.AsMap()
		f := ontology.ProfileFact{Topic: m["topic"].(string), SubTopic: m["sub_topic"].(string), Value: m["value"].(string)}
		if c, ok := m["confidence"].(float64); ok {
			f.Confidence = c
		}
		if vf, ok := m["valid_from"].(time.Time); ok {
			f.ValidFrom = &vf
		}
		key := m["subject_uid"].(string) + "\x1f" + f.Topic + "\x1f" + f.SubTopic
		out[key] = append(out[key], currentProfile{uid: m["uid"].(string), fact: f})
	}
	return out, nil
}

func timeOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// mergeIDs appends the ids of more that ids lacks, keeping order.
func mergeIDs(ids, more []string) []string {
	out := append([]string{}, ids...)
	for _, m := range more {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

func strings1(v any) []string {
	xs, _ := v.([]any)
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
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
