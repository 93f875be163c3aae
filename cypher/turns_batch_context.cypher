// What ingest reads of a conversation before it stores a batch, in one
// round trip: its speaker names (as speakers_list), its last $limit turns
// by seq leaving out the batch's turn ids ($exclude; as turns_recent,
// newest first; extraction reads them as context), and its last retrieval
// unit (as bursts_tail: the burst holding its last turn, its members in
// order, or that turn alone; empty when it has no turns), which the batch
// may continue. One row, whatever the conversation holds.
CALL () {
  MATCH (p:Speaker)
  WHERE p.tenant = $tenant AND p.conversation = $conversation
  WITH DISTINCT p.name AS name
  ORDER BY name
  RETURN collect(name) AS speakers
}
CALL () {
  MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
  WHERE t.seq IS NOT NULL AND NOT t.id IN $exclude
  WITH t ORDER BY t.seq DESC LIMIT $limit
  RETURN collect(t {.id, .session, .speaker, .text, .timestamp, .seq}) AS recent
}
CALL () {
  OPTIONAL MATCH (c:Conversation {uid: $conversation_uid})
  WHERE c.tenant = $tenant
  OPTIONAL MATCH (last:Turn {tenant: $tenant, conversation: $conversation, seq: c.next_seq - 1})
  OPTIONAL MATCH (b:Burst)-[:HAS_MEMBER]->(last)
  CALL (b) {
    OPTIONAL MATCH (b)-[:HAS_MEMBER]->(m:Turn)
    WITH m ORDER BY m.seq
    RETURN collect(m {.id, .session, .speaker, .text, .timestamp, .seq}) AS members
  }
  RETURN CASE WHEN last IS NULL THEN [] WHEN b IS NULL THEN [last {.id, .session, .speaker, .text, .timestamp, .seq}]
         ELSE members END AS tail
}
RETURN speakers, recent, tail
