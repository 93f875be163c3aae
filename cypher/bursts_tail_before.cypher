// bursts_tail for an enrichment: the retrieval unit holding the turn just
// before seq $before (the burst holding it, its members in order, or that
// turn alone), which the enriched batch may continue. No row for the
// conversation's first batch.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
MATCH (last:Turn {tenant: $tenant, conversation: c.id, seq: $before - 1})
OPTIONAL MATCH (b:Burst)-[:HAS_MEMBER]->(last)
WITH last, b
CALL (last, b) {
  OPTIONAL MATCH (b)-[:HAS_MEMBER]->(m:Turn)
  WITH m ORDER BY m.seq
  RETURN collect(m {.id, .session, .speaker, .text, .timestamp, .seq}) AS members
}
RETURN CASE WHEN b IS NULL THEN [last {.id, .session, .speaker, .text, .timestamp, .seq}] ELSE members END AS turns
