// Not a statement of its own: the reads of a batch's knowledge snapshot
// (plan.SnapshotQuery says what), placed at {{snapshot}} in
// knowledge_snapshot and in turns_prepare, which reads them in the batch's
// first round trip. They read nothing unless $snapshot.wanted is true.
// Their lists travel in the one map $snapshot, so that which of them are
// empty never makes Neo4j plan the statement again (see knowledge_write).
// The conversation's speaker entities and every entity a reference of the
// batch may resolve to (by alias key, or by a name an organisation's short
// form starts), their current profile values in the batch's sub-topics,
// the relations among them of the batch's types (elementId: their identity
// within this transaction), and the turns the batch cites that were stored
// before it. Scoped to one conversation of one tenant. {{rel_types}} is the
// relation vocabulary (as in graph_neighbourhood), so a speaker's many
// MENTIONED_IN and co-mention relationships are never expanded here.
CALL () {
  UNWIND CASE WHEN $snapshot.wanted THEN [true] ELSE [] END AS wanted
  MATCH (e:Entity {tenant: $tenant, conversation: $conversation})
  WHERE e.speaker IS NOT NULL OR any(k IN e.alias_keys WHERE k IN $snapshot.keys)
     OR any(p IN $snapshot.prefixes WHERE e.name_key STARTS WITH p + ' ')
  RETURN collect(e) AS nodes
}
CALL (nodes) {
  UNWIND CASE WHEN size($snapshot.profile_keys) = 0 THEN [] ELSE nodes END AS e
  MATCH (e)-[:HAS_PROFILE]->(p:ProfileFact)
  WHERE p.tenant = $tenant AND p.valid_to IS NULL AND p.topic + '/' + p.sub_topic IN $snapshot.profile_keys
  RETURN collect({subject_uid: e.uid, uid: p.uid, topic: p.topic, sub_topic: p.sub_topic, value: p.value,
                  confidence: p.confidence, valid_from: p.valid_from}) AS profiles
}
CALL (nodes) {
  UNWIND CASE WHEN size($snapshot.relation_types) = 0 THEN [] ELSE nodes END AS a
  MATCH (a)-[r:{{rel_types}}]->(b:Entity)
  WHERE type(r) IN $snapshot.relation_types AND b IN nodes AND r.tenant = $tenant
  RETURN collect({id: elementId(r), type: type(r), from_uid: a.uid, to_uid: b.uid, role: r.role,
                  valid_from: r.valid_from, valid_to: r.valid_to}) AS relations
}
CALL () {
  UNWIND $snapshot.cited_uids AS u
  MATCH (t:Turn {uid: u})
  WHERE t.tenant = $tenant AND t.conversation = $conversation
  RETURN collect({id: t.id, timestamp: t.timestamp}) AS turns
}
CALL (nodes) {
  RETURN [e IN nodes | e {.uid, .name, .type, .alias_keys, .aliases, .speaker, .mentions, .type_confidence, .type_cue}] AS entities
}
