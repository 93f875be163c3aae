// Replaces a conversation's topics with a fresh build and clears its
// staleness unless turns arrived since the build read it ($version).
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
// Take the conversation's write lock before reading its old topics, so
// concurrent rebuilds (several reads finding the topics stale, or a read and
// the background pass) run one after the other; without it both create the
// same topic uids and all but one fail on the uniqueness constraint.
SET c.topics_built_at = datetime()
WITH c
CALL (c) {
  MATCH (old:Topic {tenant: c.tenant, conversation: c.id})
  DETACH DELETE old
}
CALL (c) {
  UNWIND $topics AS tp
  CREATE (t:Topic)
  SET t = tp.props, t.tenant = c.tenant, t.conversation = c.id, t.built_at = datetime()
  WITH t, tp
  CALL (t, tp) {
    UNWIND CASE WHEN tp.vector IS NULL OR $vector_property IS NULL THEN [] ELSE [tp.vector] END AS v
    CALL db.create.setNodeVectorProperty(t, $vector_property, v)
  }
  CALL (t, tp) {
    UNWIND tp.turn_uids AS tu
    MATCH (x:Turn {uid: tu})
    MERGE (t)-[:COVERS]->(x)
  }
}
SET c.topics_stale = c.next_seq <> $version
RETURN c.topics_stale AS stale
