// Entities by name. $lucene is built by graph/ from escaped terms and the
// opaque tenant or conversation key; the WHERE repeats the scope exactly.
CALL db.index.fulltext.queryNodes('entity_name', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.tenant = $tenant
  AND ($conversation IS NULL OR node.conversation = $conversation)
  AND ($type IS NULL OR node.type = $type)
RETURN node {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS e, score
ORDER BY score DESC, e.mentions DESC, e.uid
LIMIT $limit
