// turns_search_fulltext for several queries in one scope, one round trip:
// each $queries row ({i, lucene}) runs its own full-text query and keeps its
// own best $limit turns; rows come back tagged with i.
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('turn_text', q.lucene, {limit: $fetch}) YIELD node, score
  WHERE node.tenant = $tenant
    AND ($conversation IS NULL OR node.conversation = $conversation)
    AND ($speaker IS NULL OR toLower(node.speaker) = $speaker)
  RETURN node, score
  ORDER BY score DESC, node.conversation, node.seq
  LIMIT $limit
}
RETURN q.i AS i, node.id AS id, node.conversation AS conversation, node.session AS session,
       node.speaker AS speaker, node.text AS text, node.timestamp AS timestamp,
       node.seq AS seq, score
