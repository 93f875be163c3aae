// Conversations with acknowledged turns still waiting for enrichment whose
// last pending batch was acknowledged before $before: the work of a
// process that stopped or crashed, for the enrichment workers at start and
// in their periodic rescan. A fresher conversation is left to the process
// that acknowledged it. Internal: each row names its tenant, and every
// enrichment runs scoped to it.
MATCH (c:Conversation)
WHERE c.enrich_pending > 0
  AND (c.enrich_marked_at IS NULL OR c.enrich_marked_at < $before)
RETURN c.tenant AS tenant, c.id AS conversation, c.enrich_pending AS pending
ORDER BY c.updated_at
