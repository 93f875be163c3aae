// Last statement of a batch with knowledge: entities (with their mentions
// and type labels), typed relations, facts, events, profile facts and the
// merge decisions, one UNWIND per kind. graph/ fills {{entity_labels}} and
// {{relation_merges}} from the vocabulary (knowledge_entity_label and
// knowledge_relation_merge); everything else is a parameter.
CALL () {
  UNWIND $entities AS e
  MERGE (n:Entity {uid: e.uid})
    ON CREATE SET n.tenant = $tenant, n.conversation = $conversation, n.type = e.type,
                  n.created_at = datetime(), n.mentions = 0,
                  n.tenant_key = $tenant_key, n.conversation_key = $conversation_key
  SET n.name = e.name, n.alias_keys = e.alias_keys, n.aliases = e.aliases,
      n.name_key = e.name_key, n.aliases_text = e.aliases_text,
      n.speaker = coalesce(n.speaker, e.speaker),
      n.mentions = n.mentions + size(e.turn_uids), n.updated_at = datetime(), n.stale = true,
      n.version = coalesce(n.version, 0) + 1
  {{entity_labels}}
  WITH n, e
  CALL (n, e) {
    UNWIND e.turn_uids AS tu
    MATCH (t:Turn {uid: tu})
    MERGE (n)-[:MENTIONED_IN]->(t)
  }
  CALL (n, e) {
    UNWIND CASE WHEN e.speaker_uid IS NULL THEN [] ELSE [e.speaker_uid] END AS su
    MATCH (sp:Speaker {uid: su})
    MERGE (sp)-[:IS]->(n)
  }
}
CALL () {
  UNWIND $relations AS r
  MATCH (a:Entity {uid: r.from_uid})
  MATCH (b:Entity {uid: r.to_uid})
  {{relation_merges}}
}
CALL () {
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
}
CALL () {
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
}
CALL () {
  UNWIND $profile_ends AS pe
  MATCH (p:ProfileFact {uid: pe.uid})
  WHERE p.tenant = $tenant
  SET p.valid_to = pe.valid_to, p.superseded_by = pe.by
}
CALL () {
  UNWIND $profile_seen AS ps
  MATCH (p:ProfileFact {uid: ps.uid})
  WHERE p.tenant = $tenant
  SET p.source_turn_ids = p.source_turn_ids + [i IN ps.source_turn_ids WHERE NOT i IN p.source_turn_ids]
  WITH p, ps
  UNWIND ps.turn_uids AS tu
  MATCH (t:Turn {uid: tu})
  MERGE (p)-[:FROM]->(t)
}
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
RETURN 1 AS done
