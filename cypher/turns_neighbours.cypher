// The turns just before and after each given turn in its conversation
// (by seq, so neighbours across a session boundary count too).
UNWIND $ids AS id
MATCH (t:Turn {uid: id.uid})
WHERE t.tenant = $tenant
UNWIND [t.seq - 1, t.seq + 1] AS s
MATCH (n:Turn {tenant: $tenant, conversation: t.conversation, seq: s})
RETURN t.id AS of, n.id AS id, n.conversation AS conversation, n.session AS session,
       n.speaker AS speaker, n.text AS text, n.timestamp AS timestamp, n.seq AS seq, 0.0 AS score
