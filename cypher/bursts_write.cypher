// Writes the bursts a turn batch creates or grows, in the batch's
// transaction, after its turns: one UNWIND. A burst that grows keeps its
// uid (from its first member) and is updated in place: its text, members,
// span and vector. Each burst is tied to its member turns by HAS_MEMBER.
// The rows are $writes.bursts: in a map, as in turns_create_after, where
// an empty list beside a full one would otherwise be a plan of its own.
UNWIND $writes.bursts AS b
MERGE (n:Burst {uid: b.uid})
  ON CREATE SET n.tenant = $tenant, n.conversation = $conversation, n.id = b.id, n.created_at = datetime()
SET n.session = b.session, n.speaker = b.speaker, n.text = b.text, n.turn_ids = b.turn_ids,
    n.size = size(b.turn_ids), n.timestamp = b.first, n.last_timestamp = b.last,
    n.first_uid = head(b.member_uids), n.last_uid = last(b.member_uids),
    n.tenant_key = b.tenant_key, n.conversation_key = b.conversation_key, n.speaker_key = b.speaker_key,
    n.updated_at = datetime()
WITH n, b
CALL (n, b) {
  UNWIND b.member_uids AS mu
  MATCH (t:Turn {uid: mu})
  WHERE t.tenant = $tenant
  MERGE (n)-[:HAS_MEMBER]->(t)
  RETURN min(t.seq) AS first_seq, max(t.seq) AS last_seq
}
SET n.seq = first_seq, n.last_seq = last_seq
WITH n, b
WHERE b.vector IS NOT NULL AND $vector_property IS NOT NULL
CALL db.create.setNodeVectorProperty(n, $vector_property, b.vector)
