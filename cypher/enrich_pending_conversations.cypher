// Conversations with acknowledged turns still waiting for enrichment, for
// the enrichment workers after a restart. Internal: each row names its
// tenant, and every enrichment runs scoped to it.
MATCH (c:Conversation)
WHERE c.enrich_pending > 0
RETURN c.tenant AS tenant, c.id AS conversation, c.enrich_pending AS pending
ORDER BY c.updated_at
