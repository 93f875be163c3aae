// Work for the background anchor pass: entities whose profile is stale and
// conversations whose topics are stale, oldest first. Internal: each row
// names its tenant, and every rebuild runs scoped to it.
CALL () {
  MATCH (e:Entity {stale: true})
  RETURN 'entity' AS kind, e.tenant AS tenant, e.conversation AS conversation, e.uid AS uid
  ORDER BY e.updated_at
  LIMIT $limit
  UNION ALL
  MATCH (c:Conversation)
  WHERE c.topics_stale = true
    // Under a stream of writes a conversation's topics are stale again at
    // once; rebuilding them (clustering every turn) at most every 30 s keeps
    // the pass from spending the machine on it.
    AND (c.topics_built_at IS NULL OR c.topics_built_at < datetime() - duration('PT30S'))
  RETURN 'topics' AS kind, c.tenant AS tenant, c.id AS conversation, c.uid AS uid
  ORDER BY c.updated_at
  LIMIT $limit
}
RETURN kind, tenant, conversation, uid
