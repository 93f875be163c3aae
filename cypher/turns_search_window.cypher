// Full-text search over turns' context windows (each turn's text after the
// texts of up to two messages before it in its session; see schema and
// ontology.ContextWindow). Returns the turns themselves, their own text.
// $lucene already scopes by tenant, conversation and the turn's speaker
// through their keys; the WHERE repeats the scope exactly, so a key
// collision could never leak a turn across tenants or conversations. As of
// $as_of only turns said by then (timestamp), known at $known_at only turns
// stored by then (created_at); null parameters read from now.
CALL db.index.fulltext.queryNodes('turn_window', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.tenant = $tenant
  AND ($conversation IS NULL OR node.conversation = $conversation)
  AND ($speaker IS NULL OR toLower(node.speaker) = $speaker)
  AND ($as_of IS NULL OR node.timestamp IS NULL OR node.timestamp <= $as_of)
  AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
RETURN node.id AS id, node.conversation AS conversation, node.session AS session,
       node.speaker AS speaker, node.text AS text, node.timestamp AS timestamp,
       node.seq AS seq, score
ORDER BY score DESC, conversation, seq
LIMIT $limit
