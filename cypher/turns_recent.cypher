// The last turns of a conversation by seq, leaving out the given turn ids
// (the batch being ingested, which may be stored already), newest first;
// the caller puts them in order. Extraction reads them as context.
MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
WHERE t.seq IS NOT NULL AND NOT t.id IN $exclude
WITH t ORDER BY t.seq DESC LIMIT $limit
RETURN t.id AS id, t.session AS session, t.speaker AS speaker, t.text AS text,
       t.timestamp AS timestamp, t.seq AS seq
