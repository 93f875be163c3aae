// Deletes a conversation and everything of it; returns counts for the receipt.
// No row comes back when the conversation does not exist (for this tenant).
// "t.seq IS NOT NULL" lets the planner seek turn_scope (tenant, conversation,
// seq) instead of scanning every Turn.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
CALL (c) {
  MATCH (t:Turn {tenant: c.tenant, conversation: c.id})
  WHERE t.seq IS NOT NULL
  DETACH DELETE t
  RETURN count(*) AS turns
}
CALL (c) {
  MATCH (s:Session {tenant: c.tenant, conversation: c.id})
  DETACH DELETE s
  RETURN count(*) AS sessions
}
CALL (c) {
  MATCH (p:Speaker {tenant: c.tenant, conversation: c.id})
  DETACH DELETE p
  RETURN count(*) AS speakers
}
DETACH DELETE c
RETURN turns, sessions, speakers
