// Turns of one conversation by id, for results that cite them.
UNWIND $uids AS u
MATCH (t:Turn {uid: u})
WHERE t.tenant = $tenant
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, 0.0 AS score
