// facts_search_fulltext for several queries in one scope, one round trip:
// each $queries row ({i, lucene}) keeps its own best $limit facts; rows come
// back tagged with i.
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('fact_text', q.lucene, {limit: $fetch}) YIELD node, score
  WHERE node.tenant = $tenant
    AND ($conversation IS NULL OR node.conversation = $conversation)
    AND ($subject IS NULL OR toLower(node.subject) = $subject)
  RETURN node, score
  ORDER BY score DESC, node.uid
  LIMIT $limit
}
RETURN q.i AS i, node.uid AS uid, node.conversation AS conversation, node.session AS session,
       node.subject AS subject, node.statement AS statement, node.valid_from AS valid_from,
       node.source_turn_ids AS source_turn_ids, node.extractor AS extractor, score
