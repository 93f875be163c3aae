// Entities by name. $lucene is built by graph/ from escaped terms and the
// opaque tenant or conversation key; the WHERE repeats the scope exactly.
// $as_of and $known_at as in entities_top.
CALL db.index.fulltext.queryNodes('entity_name', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.tenant = $tenant
  AND ($conversation IS NULL OR node.conversation = $conversation)
  AND ($type IS NULL OR node.type = $type)
WITH node, score, CASE WHEN $as_of IS NULL AND $known_at IS NULL THEN node.mentions
  ELSE COUNT { (node)-[:MENTIONED_IN]->(t:Turn)
               WHERE ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
                 AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at) } END AS mentions
WHERE ($as_of IS NULL AND $known_at IS NULL) OR mentions > 0
RETURN node {.uid, .conversation, .name, .type, .aliases, .speaker, mentions: mentions} AS e, score
ORDER BY score DESC, e.mentions DESC, e.uid
LIMIT $limit
