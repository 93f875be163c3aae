// The most mentioned entities of a conversation (or of a tenant when
// $conversation is null), through the entity_scope index. With $as_of or
// $known_at set, only entities mentioned in a turn said by $as_of (a turn
// without a timestamp counts) and stored by $known_at, their mentions
// counted then.
MATCH (n:Entity)
WHERE n.tenant = $tenant AND n.conversation IS NOT NULL
  AND ($conversation IS NULL OR n.conversation = $conversation)
  AND ($type IS NULL OR n.type = $type)
WITH n, CASE WHEN $as_of IS NULL AND $known_at IS NULL THEN n.mentions
  ELSE COUNT { (n)-[:MENTIONED_IN]->(t:Turn)
               WHERE ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
                 AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at) } END AS mentions
WHERE ($as_of IS NULL AND $known_at IS NULL) OR mentions > 0
RETURN n {.uid, .conversation, .name, .type, .aliases, .speaker, mentions: mentions} AS e
ORDER BY mentions DESC, n.name, n.uid
LIMIT $limit
