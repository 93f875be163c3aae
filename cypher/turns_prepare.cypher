// First statement of a turn batch. Creates the conversation if new and takes
// its write lock (SET), so concurrent batches of one conversation serialise
// and sequence numbers never collide. Returns what is already stored, and
// the conversation's last two turns (oldest first), whose texts begin the
// context windows of the batch's first turns. With $snapshot, the same
// round trip reads the batch's knowledge snapshot (knowledge_snapshot_reads,
// placed at {{snapshot}}): nothing the turns' write changes. With
// $read_context, it also reads what ingest plans the batch's speaker
// aliases and bursts from (turns_context_reads, placed at {{context}}),
// under the lock, so such a batch needs no read before its transaction.
MERGE (c:Conversation {uid: $conversation_uid})
  ON CREATE SET c.tenant = $tenant, c.id = $conversation, c.created_at = datetime(),
                c.next_seq = 0, c.turn_count = 0
SET c.updated_at = datetime()
WITH c
CALL (c) {
  UNWIND $turn_uids AS uid
  MATCH (t:Turn {uid: uid})
  WHERE t.tenant = $tenant
  RETURN collect(t {.id, .speaker, .text}) AS existing
}
CALL (c) {
  OPTIONAL MATCH (last:Turn {tenant: $tenant, conversation: $conversation, seq: c.next_seq - 1})
  RETURN last.uid AS last_uid
}
CALL (c) {
  UNWIND [c.next_seq - 2, c.next_seq - 1] AS seq
  MATCH (p:Turn {tenant: $tenant, conversation: $conversation, seq: seq})
  RETURN collect(p {.session, .text}) AS tail
}
{{context}}
{{snapshot}}
RETURN c.next_seq AS next_seq, existing, last_uid, tail, speakers, burst_tail, entities, profiles, relations, turns
