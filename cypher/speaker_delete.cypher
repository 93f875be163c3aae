// Forgets one speaker of a conversation: their turns and what was derived
// only from them. Facts, events, profile facts, merge decisions and
// relations that also cite other turns keep those and drop the forgotten
// ids; the rest are deleted. Anchors (profiles, topics) that quoted a
// forgotten turn are deleted and marked for rebuilding. Entities no longer
// mentioned by any turn nor linked to any remaining knowledge go too. The
// NEXT chain is rejoined over the gaps. No row comes back when the
// conversation or the speaker does not exist (for this tenant).
// The conversation's write lock (SET; REMOVE leaves nothing behind) first, as for every write to it.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
SET c.lock = true REMOVE c.lock
WITH c
MATCH (sp:Speaker {tenant: c.tenant, conversation: c.id})
WHERE toLower(sp.name) = $speaker
CALL (sp) {
  OPTIONAL MATCH (t:Turn)-[:SPOKEN_BY]->(sp)
  RETURN collect(t.id) AS gone
}
CALL (c, gone) {
  MATCH (f:Fact {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN f.source_turn_ids WHERE i IN gone)
  SET f.source_turn_ids = [i IN f.source_turn_ids WHERE NOT i IN gone]
  WITH f WHERE size(f.source_turn_ids) = 0
  DETACH DELETE f
  RETURN count(*) AS facts
}
CALL (c, gone) {
  MATCH (ev:Event {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN ev.source_turn_ids WHERE i IN gone)
  SET ev.source_turn_ids = [i IN ev.source_turn_ids WHERE NOT i IN gone]
  WITH ev WHERE size(ev.source_turn_ids) = 0
  DETACH DELETE ev
  RETURN count(*) AS events
}
CALL (c, gone) {
  MATCH (p:ProfileFact {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN p.source_turn_ids WHERE i IN gone)
  SET p.source_turn_ids = [i IN p.source_turn_ids WHERE NOT i IN gone]
  WITH p WHERE size(p.source_turn_ids) = 0
  DETACH DELETE p
  RETURN count(*) AS profile_facts
}
CALL (c, gone) {
  MATCH (m:MergeDecision {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN m.source_turn_ids WHERE i IN gone)
  SET m.source_turn_ids = [i IN m.source_turn_ids WHERE NOT i IN gone]
  WITH m WHERE size(m.source_turn_ids) = 0
  DETACH DELETE m
  RETURN count(*) AS decisions
}
CALL (c, gone) {
  MATCH (:Entity {tenant: c.tenant, conversation: c.id})-[r]->(:Entity)
  WHERE type(r) <> 'MENTIONED_WITH' AND any(i IN coalesce(r.source_turn_ids, []) WHERE i IN gone)
  SET r.source_turn_ids = [i IN r.source_turn_ids WHERE NOT i IN gone]
  WITH r WHERE size(r.source_turn_ids) = 0
  DELETE r
  RETURN count(*) AS relations
}
// Co-mention edges lose the forgotten turns from their count and list. The
// list keeps only the latest turns, so an edge whose listed turns are all
// gone is refilled from older turns naming both entities (MENTIONED_IN)
// and deleted only when none is left.
CALL (c, gone) {
  MATCH (:Entity {tenant: c.tenant, conversation: c.id})-[r:MENTIONED_WITH]->(:Entity)
  WHERE any(i IN r.source_turn_ids WHERE i IN gone)
  WITH r, [i IN r.source_turn_ids WHERE NOT i IN gone] AS kept
  SET r.count = r.count - (size(r.source_turn_ids) - size(kept)), r.source_turn_ids = kept
  WITH r, kept, startNode(r) AS a, endNode(r) AS b
  WHERE size(kept) = 0
  WITH r, COLLECT {
    MATCH (a)-[:MENTIONED_IN]->(t:Turn)<-[:MENTIONED_IN]-(b)
    WHERE NOT t.id IN gone
    WITH t ORDER BY t.seq DESC LIMIT 50
    RETURN t.id
  } AS older
  SET r.source_turn_ids = reverse(older),
      r.count = CASE WHEN r.count < size(older) THEN size(older) ELSE r.count END
  WITH r WHERE size(r.source_turn_ids) = 0
  DELETE r
  RETURN count(*) AS co_mentions
}
CALL (c, gone) {
  MATCH (a:Profile {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN a.source_turn_ids WHERE i IN gone)
  OPTIONAL MATCH (a)-[:SUMMARISES]->(e:Entity)
  SET e.stale = true
  WITH DISTINCT a
  DETACH DELETE a
  RETURN count(*) AS profiles
}
CALL (c, gone) {
  MATCH (a:Topic {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN a.source_turn_ids WHERE i IN gone)
  DETACH DELETE a
  RETURN count(*) AS topics
}
CALL (c, sp, gone) {
  // Their aliases go with them; others' aliases forget what only the
  // forgotten turns taught (explicit ones were taught by no turn).
  OPTIONAL MATCH (own:SpeakerAlias)-[:ALIAS_OF]->(sp)
  DETACH DELETE own
  WITH DISTINCT c, gone
  MATCH (x:SpeakerAlias {tenant: c.tenant, conversation: c.id})
  WHERE any(i IN x.turn_ids WHERE i IN gone)
  SET x.count = x.count - size([i IN x.turn_ids WHERE i IN gone]),
      x.turn_ids = [i IN x.turn_ids WHERE NOT i IN gone]
  WITH x WHERE x.count <= 0 AND x.how <> 'explicit'
  DETACH DELETE x
}
CALL (sp) {
  // A burst holds one speaker's turns only: it goes with them.
  MATCH (b:Burst)-[:HAS_MEMBER]->(:Turn)-[:SPOKEN_BY]->(sp)
  WITH DISTINCT b
  DETACH DELETE b
}
CALL (sp) {
  MATCH (t:Turn)-[:SPOKEN_BY]->(sp)
  DETACH DELETE t
  RETURN count(*) AS turns
}
CALL (c) {
  MATCH (t:Turn {tenant: c.tenant, conversation: c.id})
  WHERE t.seq IS NOT NULL
  WITH t ORDER BY t.seq
  WITH collect(t) AS ts
  UNWIND range(0, size(ts) - 2) AS i
  WITH ts[i] AS a, ts[i + 1] AS b
  WHERE NOT (a)-[:NEXT]->(b)
  CREATE (a)-[:NEXT]->(b)
}
CALL (c) {
  // The reply keys (see turns_create) of the rejoined chain: a turn whose
  // reply was the forgotten speaker's now has another reply or none.
  MATCH (a:Turn {tenant: c.tenant, conversation: c.id})
  OPTIONAL MATCH (a)-[:NEXT]->(b:Turn)
  WITH a, CASE WHEN b.session = a.session AND b.speaker <> a.speaker THEN b.speaker_key END AS key
  WHERE coalesce(a.reply_speaker_key, '') <> coalesce(key, '')
  SET a.reply_speaker_key = key
}
CALL (c) {
  // The context windows (see turns_windows) of the rejoined chain: no
  // window keeps a forgotten turn's text; each is rebuilt from the turns
  // now before it in its session.
  MATCH (t:Turn {tenant: c.tenant, conversation: c.id})
  OPTIONAL MATCH (p1:Turn)-[:NEXT]->(t)
  WITH t, CASE WHEN p1.session = t.session THEN p1 END AS p1
  OPTIONAL MATCH (p2:Turn)-[:NEXT]->(p1)
  WITH t, p1, CASE WHEN p2.session = t.session THEN p2 END AS p2
  WITH t, [x IN [p2.text, p1.text, t.text] WHERE x IS NOT NULL] AS parts
  WITH t, reduce(w = head(parts), x IN tail(parts) | w + '\n' + x) AS window
  WHERE t.window IS NULL OR t.window <> window
  SET t.window = window
}
CALL (c) {
  MATCH (ses:Session {tenant: c.tenant, conversation: c.id})
  WHERE NOT (ses)-[:HAS_TURN]->(:Turn)
  DETACH DELETE ses
  RETURN count(*) AS sessions
}
CALL (c) {
  MATCH (e:Entity {tenant: c.tenant, conversation: c.id})
  WHERE NOT EXISTS { (e)-[:MENTIONED_IN]->(:Turn) }
    AND NOT EXISTS { (x)-->(e) WHERE x:Fact OR x:Event }
    AND NOT EXISTS { (e)-[:HAS_PROFILE]->(:ProfileFact) }
    AND NOT EXISTS { (e)-[r]-(:Entity) WHERE type(r) <> 'MENTIONED_WITH' }
  CALL (e) {
    OPTIONAL MATCH (x)-->(e)
    WHERE x:MergeDecision OR x:Profile
    DETACH DELETE x
  }
  DETACH DELETE e
  RETURN count(*) AS entities
}
DETACH DELETE sp
SET c.turn_count = c.turn_count - turns,
    c.topics_stale = CASE WHEN turns > 0 THEN true ELSE c.topics_stale END,
    c.updated_at = datetime()
RETURN turns, sessions, entities, relations, facts, events, profile_facts, decisions, profiles, topics
