// facts_search_fulltext for several queries in one scope, one round trip:
// each $queries row ({i, lucene}) keeps its own best $limit facts; rows come
// back tagged with i.
// As of $as_of only facts valid then (valid_from <= $as_of < valid_to),
// known at $known_at only facts stored by then; null parameters read from now.
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('fact_text', q.lucene, {limit: $fetch}) YIELD node, score
  WHERE node.tenant = $tenant
    AND ($conversation IS NULL OR node.conversation = $conversation)
    AND ($subject IS NULL OR toLower(node.subject) = $subject)
    AND ($as_of IS NULL OR ((node.valid_from IS NULL OR node.valid_from <= $as_of) AND (node.valid_to IS NULL OR $as_of < node.valid_to)))
    AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
  RETURN node, score
  ORDER BY score DESC, node.uid
  LIMIT $limit
}
RETURN q.i AS i, node.uid AS uid, node.conversation AS conversation, node.session AS session,
       node.subject AS subject, node.statement AS statement, node.valid_from AS valid_from,
       node.source_turn_ids AS source_turn_ids, node.extractor AS extractor, score
