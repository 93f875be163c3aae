// The turns of a conversation still waiting for enrichment, in order, with
// the batch each was acknowledged in (enrich_batch: the seq of the batch's
// first turn). Only the first $limit turns.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant AND c.enrich_pending > 0
MATCH (t:Turn {tenant: $tenant, conversation: c.id})
WHERE t.seq >= coalesce(c.enrich_from, 0) AND t.enrich_batch IS NOT NULL
WITH t ORDER BY t.seq LIMIT $limit
RETURN t.enrich_batch AS batch, t.id AS id, t.session AS session, t.speaker AS speaker, t.text AS text,
       t.timestamp AS timestamp, t.seq AS seq, t.metadata AS metadata
