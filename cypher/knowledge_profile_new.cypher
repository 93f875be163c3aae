// Knowledge write: new profile facts (insert, update, append) and the merge
// decisions that record why.
CALL () {
  UNWIND $profile AS pf
  CREATE (p:ProfileFact)
  SET p = pf.props
  WITH p, pf
  MATCH (e:Entity {uid: pf.subject_uid})
  CREATE (e)-[:HAS_PROFILE]->(p)
  WITH p, pf
  UNWIND pf.turn_uids AS tu
  MATCH (t:Turn {uid: tu})
  MERGE (p)-[:FROM]->(t)
}
CALL () {
  UNWIND $decisions AS d
  MATCH (e:Entity {uid: d.subject_uid})
  CREATE (m:MergeDecision)
  SET m = d.props
  CREATE (m)-[:ABOUT]->(e)
}
