// What topic building reads for one conversation: its last 1,000 turns in
// order with their vectors ({{property}}, may be null) and the entities they
// mention, the facts citing them, and the conversation's version (next_seq).
// Topics cluster only the last topics.DefaultMaxTurns (1,000) turns. The
// bound keeps this one record (a vector and text per turn) bounded: the driver grows
// its read buffer chunk by chunk while reading a record (garbage quadratic
// in the record's size) and each pooled connection keeps that buffer.
// The scope properties lead the ORDER BY so that the last 1,000 turns are
// read from the turn_scope index backwards, not all of a long
// conversation's turns sorted (graph/plan_order_test.go).
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
CALL (c) {
  MATCH (t:Turn {tenant: c.tenant, conversation: c.id})
  WHERE t.seq IS NOT NULL
  WITH t ORDER BY t.tenant, t.conversation, t.seq DESC LIMIT 1000
  WITH t ORDER BY t.seq
  RETURN collect({id: t.id, session: t.session, speaker: t.speaker, text: t.text, timestamp: t.timestamp,
                  vector: t.{{property}},
                  entities: COLLECT { MATCH (e:Entity)-[:MENTIONED_IN]->(t) WHERE e.speaker IS NULL RETURN e.name }}) AS turns
}
CALL (c) {
  OPTIONAL MATCH (f:Fact {tenant: c.tenant, conversation: c.id})
  RETURN collect(f {.uid, .statement, .source_turn_ids}) AS facts
}
RETURN c.next_seq AS version, turns, facts
