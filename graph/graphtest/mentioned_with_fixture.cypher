// Test fixture (never run by Loci): co-mention edges written as the store
// writes them (issue 14's contract, "Co-mention layer"), one per unordered
// pair, from the entity with the smaller uid to the larger, so read tests
// need not wait for the planner that derives them.
UNWIND $pairs AS p
MATCH (a:Entity {uid: p.a})
WHERE a.tenant = $tenant
MATCH (b:Entity {uid: p.b})
WHERE b.tenant = $tenant
MERGE (a)-[m:MENTIONED_WITH]->(b)
SET m.tenant = $tenant, m.conversation = $conversation, m.count = p.count,
    m.first_seen = p.first_seen, m.last_seen = p.last_seen,
    m.source_turn_ids = p.source_turn_ids, m.created_at = coalesce(m.created_at, datetime())
