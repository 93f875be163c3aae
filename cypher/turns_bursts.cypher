// The burst each given turn belongs to (consecutive messages of one
// speaker sent within the burst gap, written at ingest): one row per turn
// that is in a burst, none for a turn sent alone.
UNWIND $uids AS uid
MATCH (t:Turn {uid: uid})
WHERE t.tenant = $tenant
MATCH (b:Burst)-[:HAS_MEMBER]->(t)
WHERE b.tenant = $tenant
RETURN t.conversation AS conversation, t.id AS id, b.uid AS burst
