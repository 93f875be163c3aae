// Second statement of a turn batch: writes the new turns, their sessions and
// speakers, and the NEXT chain, with one UNWIND per kind. Each turn keeps
// its record time (created_at) for known_at reads.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
CALL (c) {
  UNWIND $sessions AS s
  MERGE (ses:Session {uid: s.uid})
    ON CREATE SET ses.tenant = c.tenant, ses.conversation = c.id, ses.id = s.id
  SET ses.started_at = CASE
      WHEN s.started_at IS NULL THEN ses.started_at
      WHEN ses.started_at IS NULL OR s.started_at < ses.started_at THEN s.started_at
      ELSE ses.started_at END
  MERGE (c)-[:HAS_SESSION]->(ses)
}
CALL (c) {
  UNWIND $speakers AS sp
  MERGE (p:Speaker {uid: sp.uid})
    ON CREATE SET p.tenant = c.tenant, p.conversation = c.id, p.name = sp.name
}
CALL (c) {
  UNWIND $turns AS t
  MATCH (ses:Session {uid: t.session_uid})
  MATCH (p:Speaker {uid: t.speaker_uid})
  CREATE (ses)-[:HAS_TURN]->(n:Turn)-[:SPOKEN_BY]->(p)
  SET n = t.props, n.created_at = datetime()
  WITH n, t
  WHERE t.vector IS NOT NULL AND $vector_property IS NOT NULL
  // Stored as a float32 array, the form the vector index reads.
  CALL db.create.setNodeVectorProperty(n, $vector_property, t.vector)
}
// A turn answered in its session by another speaker carries that speaker's
// key (reply_speaker_key), so the vector reply channel can ask its index for
// "turns answered by this speaker" instead of reading past the speaker's own
// turns. Set with the link, so a turn and its reply written in one batch
// cost the index one entry.
CALL (c) {
  UNWIND $links AS l
  MATCH (a:Turn {uid: l.from})
  MATCH (b:Turn {uid: l.to})
  CREATE (a)-[:NEXT]->(b)
  WITH a, b
  WHERE a.session = b.session AND a.speaker <> b.speaker
  SET a.reply_speaker_key = b.speaker_key
}
// What Store.AddBatch writes after the turns: bursts, aliases and
// knowledge (turns_create_after), or nothing.
{{after}}
// New turns make the conversation's topics stale (rebuilt on read or by
// the background pass).
SET c.next_seq = $next_seq, c.turn_count = c.turn_count + $created, c.topics_stale = true
RETURN c.turn_count AS turn_count
