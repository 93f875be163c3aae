// Replaces a speaker's explicit aliases (set through the API). No row comes
// back when the conversation or speaker does not exist for this tenant.
// The conversation's write lock (SET; REMOVE leaves nothing behind) first, as for every write to it, so
// a delete of the conversation or the speaker runs before or after, never
// beside it.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
SET c.lock = true REMOVE c.lock
WITH c
MATCH (p:Speaker {uid: $speaker_uid})
WHERE p.tenant = $tenant AND p.conversation = $conversation
CALL (p) {
  OPTIONAL MATCH (old:SpeakerAlias {how: 'explicit'})-[:ALIAS_OF]->(p)
  DETACH DELETE old
}
CALL (p) {
  UNWIND $aliases AS a
  CREATE (x:SpeakerAlias {uid: a.uid, tenant: $tenant, conversation: $conversation, speaker: p.name,
                          alias: a.alias, how: 'explicit', count: 0, turn_ids: [], created_at: datetime()})
  CREATE (x)-[:ALIAS_OF]->(p)
}
RETURN p.name AS name
