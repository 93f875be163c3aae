// turns_search_fulltext for several queries in one scope, one round trip:
// each $queries row ({i, lucene}) runs its own full-text query and keeps its
// own best $limit turns; rows come back tagged with i.
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('turn_text', q.lucene, {limit: $fetch}) YIELD node, score
  WHERE node.tenant = $tenant
    AND ($conversation IS NULL OR node.conversation = $conversation)
    AND ($speaker IS NULL OR toLower(node.speaker) = $speaker)
    AND ($as_of IS NULL OR node.timestamp IS NULL OR node.timestamp <= $as_of)
    AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
  RETURN node, score
  ORDER BY score DESC, node.conversation, node.seq
  LIMIT $limit
}
RETURN q.i AS i, node.id AS id, node.conversation AS conversation, node.session AS session,
       node.speaker AS speaker, node.text AS text, node.timestamp AS timestamp,
       node.seq AS seq, score
