// Not a statement of its own: what ingest reads of a conversation to plan
// a batch's speaker aliases and bursts, after `c`, its Conversation (null
// when it has none), is bound: its speaker names, sorted (speakers), and
// its last retrieval unit (burst_tail: the burst holding its last turn,
// its members in order, or that turn alone; empty when it has no turns).
// Both are empty unless $read_context. Placed in turns_batch_context (a
// read before the write) and in turns_prepare (under the conversation's
// lock, in the write transaction: a batch with nothing else to read
// before it is then stored in one transaction).
CALL (c) {
  OPTIONAL MATCH (p:Speaker)
  WHERE $read_context AND p.tenant = $tenant AND p.conversation = $conversation
  WITH DISTINCT p.name AS name
  ORDER BY name
  RETURN collect(name) AS speakers
}
CALL (c) {
  OPTIONAL MATCH (last:Turn {tenant: $tenant, conversation: $conversation, seq: c.next_seq - 1})
  WHERE $read_context
  OPTIONAL MATCH (b:Burst)-[:HAS_MEMBER]->(last)
  CALL (b) {
    OPTIONAL MATCH (b)-[:HAS_MEMBER]->(m:Turn)
    WITH m ORDER BY m.seq
    RETURN collect(m {.id, .session, .speaker, .text, .timestamp, .seq}) AS members
  }
  RETURN CASE WHEN last IS NULL THEN [] WHEN b IS NULL THEN [last {.id, .session, .speaker, .text, .timestamp, .seq}]
         ELSE members END AS burst_tail
}
