// Turns of a conversation in order, a page at a time, with the id of the
// turn each one's NEXT relationship points to. No row comes back when the
// conversation does not exist (for this tenant).
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
CALL (c) {
  MATCH (t:Turn {tenant: c.tenant, conversation: c.id})
  WHERE t.seq > $after
  WITH t ORDER BY t.seq LIMIT $limit
  OPTIONAL MATCH (t)-[:NEXT]->(n:Turn)
  WITH t, n ORDER BY t.seq
  RETURN collect({id: t.id, session: t.session, speaker: t.speaker, text: t.text,
                  timestamp: t.timestamp, seq: t.seq, metadata: t.metadata, next_id: n.id}) AS turns
}
RETURN turns
