// Whether a conversation's topics are stale, and its version.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
RETURN coalesce(c.topics_stale, true) AS topics_stale, c.next_seq AS version, c.topics_built_at AS built_at
