// Full-text search over fact statements, scoped like turns_search_fulltext:
// $lucene carries the opaque tenant/conversation/subject keys and the WHERE
// repeats the scope exactly. $subject scopes to facts about one speaker.
CALL db.index.fulltext.queryNodes('fact_text', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.tenant = $tenant
  AND ($conversation IS NULL OR node.conversation = $conversation)
  AND ($subject IS NULL OR toLower(node.subject) = $subject)
RETURN node.uid AS uid, node.conversation AS conversation, node.session AS session,
       node.subject AS subject, node.statement AS statement, node.valid_from AS valid_from,
       node.source_turn_ids AS source_turn_ids, node.extractor AS extractor, score
ORDER BY score DESC, uid
LIMIT $limit
