// The turns of a conversation just before seq $before, newest first (the
// caller puts them in order): an enrichment's extraction context, which
// must not see turns acknowledged after the batch it enriches.
MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
WHERE t.seq < $before
WITH t ORDER BY t.seq DESC LIMIT $limit
RETURN t.id AS id, t.session AS session, t.speaker AS speaker, t.text AS text,
       t.timestamp AS timestamp, t.seq AS seq
