// Replaces a speaker's explicit aliases (set through the API). No row comes
// back when the conversation or speaker does not exist for this tenant.
// The conversation's write lock (SET; REMOVE leaves nothing behind) first, as for every write to it, so
// a delete of the conversation or the speaker runs before or after, never
// beside it. The alias is merged on its uid rather than created: when a
// node of that uid is already there (seen once in CI, PUTs racing
// deletes in TestWritesRacingDeletes), it is taken over instead of failing
// the unique constraint with a 500.
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
  MERGE (x:SpeakerAlias {uid: a.uid})
    ON CREATE SET x.created_at = datetime()
  SET x.tenant = $tenant, x.conversation = $conversation, x.speaker = p.name,
      x.alias = a.alias, x.how = 'explicit', x.count = 0, x.turn_ids = []
  MERGE (x)-[:ALIAS_OF]->(p)
}
RETURN p.name AS name
