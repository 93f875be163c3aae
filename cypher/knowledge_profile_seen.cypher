// Knowledge write: a known profile fact stated again gains the new source
// turns (merge decision "skip").
UNWIND $profile_seen AS ps
MATCH (p:ProfileFact {uid: ps.uid})
WHERE p.tenant = $tenant
SET p.source_turn_ids = p.source_turn_ids + [i IN ps.source_turn_ids WHERE NOT i IN p.source_turn_ids]
WITH p, ps
UNWIND ps.turn_uids AS tu
MATCH (t:Turn {uid: tu})
MERGE (p)-[:FROM]->(t)
