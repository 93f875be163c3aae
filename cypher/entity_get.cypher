// One entity (and its version, bumped by every knowledge write touching
// it) with its profile, relations, facts, events and (the first
// $mentions) turns that mention it. Projections name their properties so
// vectors never travel.
MATCH (n:Entity {uid: $uid})
WHERE n.tenant = $tenant
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_PROFILE]->(p:ProfileFact)
  WITH p ORDER BY p.valid_to IS NOT NULL, p.topic, p.sub_topic, p.created_at
  RETURN collect(p {.uid, .topic, .sub_topic, .value, .confidence, .valid_from, .valid_to,
                    .source_turn_ids, .extractor}) AS profile
}
CALL (n) {
  OPTIONAL MATCH (n)-[r]-(o:Entity)
  WHERE o.tenant = $tenant
  WITH r, startNode(r) AS a, endNode(r) AS b
  ORDER BY type(r), b.name
  RETURN collect(CASE WHEN r IS NULL THEN NULL ELSE {type: type(r), from_id: a.uid, to_id: b.uid,
                 from_name: a.name, to_name: b.name, role: r.role, confidence: r.confidence,
                 valid_from: r.valid_from, valid_to: r.valid_to, source_turn_ids: r.source_turn_ids} END) AS relations
}
CALL (n) {
  OPTIONAL MATCH (f:Fact)-[:ABOUT]->(n)
  WITH f ORDER BY f.created_at, f.uid
  RETURN collect(f {.uid, .statement, .speaker, .source_turn_ids, .confidence, .valid_from, .valid_to,
                    .extractor, .session}) AS facts
}
CALL (n) {
  OPTIONAL MATCH (ev:Event)-[:INVOLVES]->(n)
  WITH ev ORDER BY ev.when_start, ev.created_at, ev.uid
  RETURN collect(ev {.uid, .what, .participants, .when_start, .when_end, .when_granularity, .when_phrase,
                     .source_turn_ids, .confidence, .extractor, .session}) AS events
}
CALL (n) {
  OPTIONAL MATCH (n)-[:MENTIONED_IN]->(t:Turn)
  WITH t ORDER BY t.seq
  LIMIT $mentions
  RETURN collect(t {.id, .session, .speaker, .text, .timestamp}) AS mentions
}
RETURN n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS e,
       coalesce(n.version, 0) AS version, profile, relations, facts, events, mentions
