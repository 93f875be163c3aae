// Knowledge write, entities of one type ({{type}}: an entity type passed
// through ontology.CypherName): upsert with aliases and staleness, the
// type's label (the planner's type: a retype removed the old label), the
// type's confidence and cue, mentions, and the speaker link. Each knowledge kind is its
// own small statement: one statement holding them all was slow to plan,
// and was replanned for each new shape of parameters.
UNWIND $entities AS e
MERGE (n:Entity {uid: e.uid})
  ON CREATE SET n.tenant = $tenant, n.conversation = $conversation, n.type = e.type,
                n.created_at = datetime(), n.mentions = 0,
                n.tenant_key = $tenant_key, n.conversation_key = $conversation_key
SET n:{{type}}, n.type = e.type, n.type_confidence = e.type_confidence, n.type_cue = e.type_cue,
    n.name = e.name, n.alias_keys = e.alias_keys, n.aliases = e.aliases,
    n.name_key = e.name_key, n.aliases_text = e.aliases_text,
    n.speaker = coalesce(n.speaker, e.speaker),
    n.mentions = n.mentions + size(e.turn_uids), n.updated_at = datetime(), n.stale = true,
    n.version = coalesce(n.version, 0) + 1
WITH n, e
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
