// Turns of a conversation in order, a page at a time, with the id of the
// turn each one's NEXT relationship points to.
MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
WHERE t.seq > $after
WITH t ORDER BY t.seq LIMIT $limit
OPTIONAL MATCH (t)-[:NEXT]->(n:Turn)
RETURN t.id AS id, t.session AS session, t.speaker AS speaker, t.text AS text,
       t.timestamp AS timestamp, t.seq AS seq, t.metadata AS metadata, n.id AS next_id
ORDER BY seq
