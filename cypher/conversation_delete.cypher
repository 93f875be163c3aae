// Deletes a conversation and everything of it, knowledge included (entities,
// facts, events and profile facts are scoped to one conversation); returns counts for the receipt.
// Relations counts typed relations; co-mention edges (MENTIONED_WITH) go with
// their entities.
// No row comes back when the conversation does not exist (for this tenant).
// "t.seq IS NOT NULL" lets the planner seek turn_scope (tenant, conversation,
// seq) instead of scanning every Turn.
// It takes the conversation's write lock (SET) before reading what to delete,
// as every write to the conversation does first: a batch, an enrichment, an
// alias set or a speaker delete either commits before it (and is deleted
// with the rest) or waits and then finds the conversation gone, so nothing
// of it outlives it.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
SET c.lock = true REMOVE c.lock
WITH c
CALL (c) {
  MATCH (t:Turn {tenant: c.tenant, conversation: c.id})
  WHERE t.seq IS NOT NULL
  DETACH DELETE t
  RETURN count(*) AS turns
}
CALL (c) {
  MATCH (b:Burst {tenant: c.tenant, conversation: c.id})
  WHERE b.seq IS NOT NULL
  DETACH DELETE b
}
CALL (c) {
  MATCH (s:Session {tenant: c.tenant, conversation: c.id})
  DETACH DELETE s
  RETURN count(*) AS sessions
}
CALL (c) {
  MATCH (a:SpeakerAlias {tenant: c.tenant, conversation: c.id})
  DETACH DELETE a
}
CALL (c) {
  MATCH (p:Speaker {tenant: c.tenant, conversation: c.id})
  DETACH DELETE p
  RETURN count(*) AS speakers
}
CALL (c) {
  MATCH (:Entity {tenant: c.tenant, conversation: c.id})-[r]->(:Entity)
  WHERE type(r) <> 'MENTIONED_WITH'
  DELETE r
  RETURN count(*) AS relations
}
CALL (c) {
  MATCH (e:Entity {tenant: c.tenant, conversation: c.id})
  DETACH DELETE e
  RETURN count(*) AS entities
}
CALL (c) {
  MATCH (f:Fact {tenant: c.tenant, conversation: c.id})
  DETACH DELETE f
  RETURN count(*) AS facts
}
CALL (c) {
  MATCH (ev:Event {tenant: c.tenant, conversation: c.id})
  DETACH DELETE ev
  RETURN count(*) AS events
}
CALL (c) {
  MATCH (p:ProfileFact {tenant: c.tenant, conversation: c.id})
  DETACH DELETE p
  RETURN count(*) AS profile_facts
}
CALL (c) {
  MATCH (m:MergeDecision {tenant: c.tenant, conversation: c.id})
  DETACH DELETE m
  RETURN count(*) AS decisions
}
CALL (c) {
  MATCH (a:Profile {tenant: c.tenant, conversation: c.id})
  DETACH DELETE a
  RETURN count(*) AS profiles
}
CALL (c) {
  MATCH (a:Topic {tenant: c.tenant, conversation: c.id})
  DETACH DELETE a
  RETURN count(*) AS topics
}
DETACH DELETE c
RETURN profiles, topics, turns, sessions, speakers, entities, relations, facts, events, profile_facts, decisions
