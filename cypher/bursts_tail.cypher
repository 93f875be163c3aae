// The conversation's last retrieval unit, which the next batch may
// continue: the burst holding its last turn (its members, in order), or
// that turn alone. No row when the conversation has no turns.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
MATCH (last:Turn {tenant: $tenant, conversation: c.id, seq: c.next_seq - 1})
OPTIONAL MATCH (b:Burst)-[:HAS_MEMBER]->(last)
WITH last, b
CALL (last, b) {
  OPTIONAL MATCH (b)-[:HAS_MEMBER]->(m:Turn)
  WITH m ORDER BY m.seq
  RETURN collect(m {.id, .session, .speaker, .text, .timestamp, .seq}) AS members
}
RETURN CASE WHEN b IS NULL THEN [last {.id, .session, .speaker, .text, .timestamp, .seq}] ELSE members END AS turns
