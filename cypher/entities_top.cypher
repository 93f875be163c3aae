// The most mentioned entities of a conversation (or of a tenant when
// $conversation is null), through the entity_scope index.
MATCH (n:Entity)
WHERE n.tenant = $tenant AND n.conversation IS NOT NULL
  AND ($conversation IS NULL OR n.conversation = $conversation)
  AND ($type IS NULL OR n.type = $type)
RETURN n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS e
ORDER BY n.mentions DESC, n.name, n.uid
LIMIT $limit
