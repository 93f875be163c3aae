// Async ingest, in the transaction that wrote a batch's turns: counts the
// turns whose enrichment (vectors, bursts, knowledge) is still to come on
// the conversation, so a restart finds them (enrich_pending_conversations).
// The turns themselves carry enrich_batch (the seq of their batch's first
// turn) until they are enriched; enrich_from is the seq of the first
// pending turn, where the workers' reads start; enrich_marked_at is when
// the last such batch was acknowledged (another instance's workers leave a
// conversation this fresh to the instance that acknowledged it).
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
SET c.enrich_pending = coalesce(c.enrich_pending, 0) + $created,
    c.enrich_from = coalesce(c.enrich_from, $batch),
    c.enrich_marked_at = datetime()
RETURN c.enrich_pending AS pending
