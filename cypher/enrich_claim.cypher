// First statement of an enrichment: takes the conversation's write lock
// (SET), so an enrichment never runs beside another of the same
// conversation or beside a batch being written, and reads which turns of
// the batch are still pending (none: it was enriched already) and the uid
// of the turn before the batch (where its bursts may continue).
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
SET c.enriched_at = datetime()
WITH c
CALL (c) {
  MATCH (t:Turn {tenant: $tenant, conversation: c.id})
  WHERE t.seq >= $batch AND t.seq < $batch + $count AND t.enrich_batch = $batch
  WITH t ORDER BY t.seq
  RETURN collect(t.id) AS pending
}
CALL (c) {
  OPTIONAL MATCH (prev:Turn {tenant: $tenant, conversation: c.id, seq: $batch - 1})
  RETURN prev.uid AS prev_uid
}
RETURN pending, prev_uid
