// Knowledge write, events: upsert by uid, INVOLVES participants, AT a
// place, FROM turns (or IN_SESSION), with their vector.
UNWIND $events AS ev
MERGE (x:Event {uid: ev.uid})
  ON CREATE SET x += ev.props, x.created_at = datetime(), x.source_turn_ids = []
SET x.source_turn_ids = x.source_turn_ids + [i IN ev.source_turn_ids WHERE NOT i IN x.source_turn_ids]
WITH x, ev
CALL (x, ev) {
  UNWIND ev.participant_uids AS pu
  MATCH (p:Entity {uid: pu})
  MERGE (x)-[:INVOLVES]->(p)
}
CALL (x, ev) {
  UNWIND CASE WHEN ev.where_uid IS NULL THEN [] ELSE [ev.where_uid] END AS wu
  MATCH (w:Entity {uid: wu})
  MERGE (x)-[:AT]->(w)
}
CALL (x, ev) {
  UNWIND ev.turn_uids AS tu
  MATCH (t:Turn {uid: tu})
  MERGE (x)-[:FROM]->(t)
}
CALL (x, ev) {
  UNWIND CASE WHEN ev.session_uid IS NULL THEN [] ELSE [ev.session_uid] END AS su
  MATCH (ses:Session {uid: su})
  MERGE (x)-[:IN_SESSION]->(ses)
}
CALL (x, ev) {
  UNWIND CASE WHEN ev.vector IS NULL OR $vector_property IS NULL THEN [] ELSE [ev.vector] END AS v
  CALL db.create.setNodeVectorProperty(x, $vector_property, v)
}
