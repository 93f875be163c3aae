// Knowledge write, the co-mention layer: one MENTIONED_WITH relationship
// per unordered pair of entities (from the smaller uid to the larger)
// named together (a turn, a message burst, a question and its answer: the
// units plan.Plan decides), kept apart from the typed vocabulary. The
// count grows by the batch's new turns those units cite; first_seen and
// last_seen span their times; source_turn_ids keeps the latest
// $max_turns of them.
UNWIND $co_mentions AS m
MATCH (a:Entity {uid: m.from_uid})
MATCH (b:Entity {uid: m.to_uid})
WHERE a.tenant = $tenant AND a.conversation = $conversation
  AND b.tenant = $tenant AND b.conversation = $conversation
MERGE (a)-[r:MENTIONED_WITH]->(b)
  ON CREATE SET r.tenant = $tenant, r.conversation = $conversation, r.created_at = datetime(),
                r.count = 0, r.source_turn_ids = [], r.first_seen = m.first_seen, r.last_seen = m.last_seen
SET r.count = r.count + m.count,
    r.source_turn_ids = (r.source_turn_ids + [i IN m.source_turn_ids WHERE NOT i IN r.source_turn_ids])[-$max_turns..],
    r.first_seen = CASE WHEN m.first_seen < r.first_seen THEN m.first_seen ELSE r.first_seen END,
    r.last_seen = CASE WHEN m.last_seen > r.last_seen THEN m.last_seen ELSE r.last_seen END,
    r.updated_at = datetime()
