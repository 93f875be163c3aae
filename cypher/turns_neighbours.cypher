// The turns just before and after each given turn in its conversation
// (by seq, so neighbours across a session boundary count too).
// As of $as_of only neighbours said by then, known at $known_at only those
// stored by then; null parameters read from now.
UNWIND $ids AS id
MATCH (t:Turn {uid: id.uid})
WHERE t.tenant = $tenant
UNWIND [t.seq - 1, t.seq + 1] AS s
MATCH (n:Turn {tenant: $tenant, conversation: t.conversation, seq: s})
WHERE ($as_of IS NULL OR n.timestamp IS NULL OR n.timestamp <= $as_of)
  AND ($known_at IS NULL OR n.created_at IS NULL OR n.created_at <= $known_at)
RETURN t.id AS of, n.id AS id, n.conversation AS conversation, n.session AS session,
       n.speaker AS speaker, n.text AS text, n.timestamp AS timestamp, n.seq AS seq, 0.0 AS score
