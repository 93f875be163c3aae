// Knowledge write: every write of a batch's plan (plan.WritePlan) in one
// statement, so a batch costs one round trip for its knowledge whatever it
// holds. Each kind is a unit subquery over its own parameter list, run in
// this order, each seeing the writes of those before it; a kind the plan
// has no rows of is an empty list and does nothing. Entity labels and
// relation types are dynamic ($(...), Cypher 5.26 and later), taken from
// the rows after graph/ checked them with ontology.CypherName, so the
// statement's text never changes. The rows travel in one map,
// $knowledge (a list per kind), not as a parameter per kind: Neo4j caches
// a plan per statement and parameter types, an empty list and a list of
// maps are two types, and planning this statement takes seconds, so one
// parameter per kind had it planned again for each new mix of kinds.
//
// Retypes: stored entities a stronger typing cue retypes lose every entity
// type label ($entity_types); the entities subquery then sets the new one.
CALL () {
  UNWIND $knowledge.retypes AS r
  MATCH (n:Entity {uid: r.uid})
  WHERE n.tenant = $tenant AND n.conversation = $conversation
  REMOVE n:$($entity_types)
}
// Entities: upsert with aliases and staleness, the type's label and
// confidence and cue, mentions, and the speaker link. The properties an
// index holds (name and aliases_text: entity_name; stale: entity_stale)
// are set only when their value changes: Neo4j updates an index for a
// property set to the value it has, and a full-text index then flushes
// and refreshes at commit, so a batch that only mentions known entities
// again would rewrite entity_name for nothing.
CALL () {
  UNWIND $knowledge.entities AS e
  MERGE (n:Entity {uid: e.uid})
    ON CREATE SET n.tenant = $tenant, n.conversation = $conversation, n.type = e.type,
                  n.created_at = datetime(), n.mentions = 0,
                  n.tenant_key = $tenant_key, n.conversation_key = $conversation_key
  SET n:$(e.type), n.type = e.type, n.type_confidence = e.type_confidence, n.type_cue = e.type_cue,
      n.alias_keys = e.alias_keys, n.aliases = e.aliases, n.name_key = e.name_key,
      n.speaker = coalesce(n.speaker, e.speaker),
      n.mentions = n.mentions + size(e.turn_uids), n.updated_at = datetime(),
      n.version = coalesce(n.version, 0) + 1
  WITH n, e
  CALL (n, e) {
    WITH n, e
    WHERE NOT coalesce(n.name = e.name, n.name IS NULL AND e.name IS NULL)
       OR NOT coalesce(n.aliases_text = e.aliases_text, n.aliases_text IS NULL AND e.aliases_text IS NULL)
    SET n.name = e.name, n.aliases_text = e.aliases_text
  }
  CALL (n) {
    WITH n
    WHERE n.stale IS NULL OR n.stale <> true
    SET n.stale = true
  }
  CALL (n, e) {
    UNWIND e.turn_uids AS tu
    MATCH (t:Turn {uid: tu})
    MERGE (n)-[:MENTIONED_IN]->(t)
  }
  CALL (n, e) {
    UNWIND CASE WHEN e.speaker_uid IS NULL THEN [] ELSE [e.speaker_uid] END AS su
    MATCH (sp:Speaker {uid: su})
    MERGE (sp)-[:IS]->(n)
  }
}
// New relations: the planner decided they are new (restatements and
// endings of stored relations are the updates below), so they are created,
// never merged: a relation ended and later taken up again is two
// relationships, each with its own valid_from and valid_to.
CALL () {
  UNWIND $knowledge.relations AS r
  MATCH (a:Entity {uid: r.from_uid})
  MATCH (b:Entity {uid: r.to_uid})
  CREATE (a)-[x:$(r.type)]->(b)
  SET x = r.props, x.tenant = $tenant, x.conversation = $conversation, x.created_at = datetime()
}
// Stored relations restated or ended (by their elementId, read by the
// batch's snapshot in this transaction): new source turns and extractors,
// the highest confidence, a missing valid_from filled, and valid_to set
// when the batch ends the relation, with ended_at the record time Loci was
// told so (a relation written already closed has it in created_at).
// Nothing is deleted.
CALL () {
  UNWIND $knowledge.relation_updates AS u
  MATCH ()-[x]->()
  WHERE elementId(x) = u.id AND x.tenant = $tenant AND x.conversation = $conversation
  SET x.ended_at = CASE WHEN u.valid_to IS NOT NULL AND x.valid_to IS NULL THEN datetime() ELSE x.ended_at END
  SET x.source_turn_ids = coalesce(x.source_turn_ids, []) + [i IN u.source_turn_ids WHERE NOT i IN coalesce(x.source_turn_ids, [])],
      x.extractors = coalesce(x.extractors, []) + [e IN u.extractors WHERE NOT e IN coalesce(x.extractors, [])],
      x.confidence = CASE WHEN u.confidence > coalesce(x.confidence, 0.0) THEN u.confidence ELSE x.confidence END,
      x.valid_from = coalesce(x.valid_from, u.valid_from),
      x.valid_to = coalesce(u.valid_to, x.valid_to),
      x.updated_at = datetime()
}
// Facts: upsert by uid, ABOUT their subject, FROM their turns (or
// IN_SESSION for imported summaries), with their vector.
CALL () {
  UNWIND $knowledge.facts AS f
  MERGE (x:Fact {uid: f.uid})
    ON CREATE SET x += f.props, x.created_at = datetime(), x.source_turn_ids = []
  SET x.source_turn_ids = x.source_turn_ids + [i IN f.source_turn_ids WHERE NOT i IN x.source_turn_ids],
      x.confidence = CASE WHEN f.props.confidence > x.confidence THEN f.props.confidence ELSE x.confidence END
  WITH x, f
  MATCH (s:Entity {uid: f.subject_uid})
  MERGE (x)-[:ABOUT]->(s)
  WITH x, f
  CALL (x, f) {
    UNWIND f.turn_uids AS tu
    MATCH (t:Turn {uid: tu})
    MERGE (x)-[:FROM]->(t)
  }
  CALL (x, f) {
    UNWIND CASE WHEN f.session_uid IS NULL THEN [] ELSE [f.session_uid] END AS su
    MATCH (ses:Session {uid: su})
    MERGE (x)-[:IN_SESSION]->(ses)
  }
  CALL (x, f) {
    UNWIND CASE WHEN f.vector IS NULL OR $vector_property IS NULL THEN [] ELSE [f.vector] END AS v
    CALL db.create.setNodeVectorProperty(x, $vector_property, v)
  }
}
// Events: upsert by uid, INVOLVES participants, AT a place, FROM turns (or
// IN_SESSION), with their vector.
CALL () {
  UNWIND $knowledge.events AS ev
  MERGE (x:Event {uid: ev.uid})
    ON CREATE SET x += ev.props, x.created_at = datetime(), x.source_turn_ids = []
  SET x.source_turn_ids = x.source_turn_ids + [i IN ev.source_turn_ids WHERE NOT i IN x.source_turn_ids]
  WITH x, ev
  CALL (x, ev) {
    UNWIND ev.participant_uids AS pu
    MATCH (p:Entity {uid: pu})
    MERGE (x)-[:INVOLVES]->(p)
  }
  CALL (x, ev) {
    UNWIND CASE WHEN ev.where_uid IS NULL THEN [] ELSE [ev.where_uid] END AS wu
    MATCH (w:Entity {uid: wu})
    MERGE (x)-[:AT]->(w)
  }
  CALL (x, ev) {
    UNWIND ev.turn_uids AS tu
    MATCH (t:Turn {uid: tu})
    MERGE (x)-[:FROM]->(t)
  }
  CALL (x, ev) {
    UNWIND CASE WHEN ev.session_uid IS NULL THEN [] ELSE [ev.session_uid] END AS su
    MATCH (ses:Session {uid: su})
    MERGE (x)-[:IN_SESSION]->(ses)
  }
  CALL (x, ev) {
    UNWIND CASE WHEN ev.vector IS NULL OR $vector_property IS NULL THEN [] ELSE [ev.vector] END AS v
    CALL db.create.setNodeVectorProperty(x, $vector_property, v)
  }
}
// Profile facts superseded by an update get a valid_to.
CALL () {
  UNWIND $knowledge.profile_ends AS pe
  MATCH (p:ProfileFact {uid: pe.uid})
  WHERE p.tenant = $tenant
  SET p.valid_to = pe.valid_to, p.superseded_by = pe.by
}
// A known profile fact stated again gains the new source turns (merge
// decision "skip").
CALL () {
  UNWIND $knowledge.profile_seen AS ps
  MATCH (p:ProfileFact {uid: ps.uid})
  WHERE p.tenant = $tenant
  SET p.source_turn_ids = p.source_turn_ids + [i IN ps.source_turn_ids WHERE NOT i IN p.source_turn_ids]
  WITH p, ps
  UNWIND ps.turn_uids AS tu
  MATCH (t:Turn {uid: tu})
  MERGE (p)-[:FROM]->(t)
}
// New profile facts (insert, update, append) and the merge decisions that
// record why.
CALL () {
  UNWIND $knowledge.profile AS pf
  CREATE (p:ProfileFact)
  SET p = pf.props
  WITH p, pf
  MATCH (e:Entity {uid: pf.subject_uid})
  CREATE (e)-[:HAS_PROFILE]->(p)
  WITH p, pf
  UNWIND pf.turn_uids AS tu
  MATCH (t:Turn {uid: tu})
  MERGE (p)-[:FROM]->(t)
}
CALL () {
  UNWIND $knowledge.decisions AS d
  MATCH (e:Entity {uid: d.subject_uid})
  CREATE (m:MergeDecision)
  SET m = d.props
  CREATE (m)-[:ABOUT]->(e)
}
// The co-mention layer: one MENTIONED_WITH relationship per unordered pair
// of entities (from the smaller uid to the larger) named together (a turn,
// a message burst, a question and its answer: the units plan.Plan
// decides), kept apart from the typed vocabulary. The count grows by the
// batch's new turns those units cite; first_seen and last_seen span their
// times; source_turn_ids keeps the latest $max_turns of them.
CALL () {
  UNWIND $knowledge.co_mentions AS m
  MATCH (a:Entity {uid: m.from_uid})
  MATCH (b:Entity {uid: m.to_uid})
  WHERE a.tenant = $tenant AND a.conversation = $conversation
    AND b.tenant = $tenant AND b.conversation = $conversation
  MERGE (a)-[r:MENTIONED_WITH]->(b)
    ON CREATE SET r.tenant = $tenant, r.conversation = $conversation, r.created_at = datetime(),
                  r.count = 0, r.source_turn_ids = [], r.first_seen = m.first_seen, r.last_seen = m.last_seen
  SET r.count = r.count + m.count,
      r.source_turn_ids = (r.source_turn_ids + [i IN m.source_turn_ids WHERE NOT i IN r.source_turn_ids])[-$max_turns..],
      r.first_seen = CASE WHEN m.first_seen < r.first_seen THEN m.first_seen ELSE r.first_seen END,
      r.last_seen = CASE WHEN m.last_seen > r.last_seen THEN m.last_seen ELSE r.last_seen END,
      r.updated_at = datetime()
}
