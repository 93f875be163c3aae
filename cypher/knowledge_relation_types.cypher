// Relationships leaving the entities of some conversations of a tenant,
// counted by relationship type: the typed vocabulary and the co-mention
// layer alike (the caller tells them apart). Read-only; used by
// `loci bench graph` to count what an extractor stored.
UNWIND $conversations AS conv
MATCH (:Entity {tenant: $tenant, conversation: conv})-[r]->(:Entity {tenant: $tenant})
RETURN type(r) AS type, count(r) AS n
ORDER BY type
