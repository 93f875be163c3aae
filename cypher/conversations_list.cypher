// The conversations of one tenant, the most recently written to first: id,
// turn count, when it was created and when turns were last sent to it.
// Used by the MCP tool list_conversations.
MATCH (c:Conversation {tenant: $tenant})
RETURN c.id AS id, c.turn_count AS turn_count, c.created_at AS created_at,
       c.updated_at AS last_activity
ORDER BY last_activity DESC, id
LIMIT $limit
