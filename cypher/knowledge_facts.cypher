// Knowledge write, facts: upsert by uid, ABOUT their subject, FROM their
// turns (or IN_SESSION for imported summaries), with their vector.
UNWIND $facts AS f
MERGE (x:Fact {uid: f.uid})
  ON CREATE SET x += f.props, x.created_at = datetime(), x.source_turn_ids = []
SET x.source_turn_ids = x.source_turn_ids + [i IN f.source_turn_ids WHERE NOT i IN x.source_turn_ids],
    x.confidence = CASE WHEN f.props.confidence > x.confidence THEN f.props.confidence ELSE x.confidence END
WITH x, f
MATCH (s:Entity {uid: f.subject_uid})
MERGE (x)-[:ABOUT]->(s)
WITH x, f
CALL (x, f) {
  UNWIND f.turn_uids AS tu
  MATCH (t:Turn {uid: tu})
  MERGE (x)-[:FROM]->(t)
}
CALL (x, f) {
  UNWIND CASE WHEN f.session_uid IS NULL THEN [] ELSE [f.session_uid] END AS su
  MATCH (ses:Session {uid: su})
  MERGE (x)-[:IN_SESSION]->(ses)
}
CALL (x, f) {
  UNWIND CASE WHEN f.vector IS NULL OR $vector_property IS NULL THEN [] ELSE [f.vector] END AS v
  CALL db.create.setNodeVectorProperty(x, $vector_property, v)
}
