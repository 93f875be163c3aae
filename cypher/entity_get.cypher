// One entity (and its version, bumped by every knowledge write touching
// it) with its profile, typed relations, co-mentions (the $co_mentions
// most frequent), facts, events and (the first $mentions) turns that
// mention it. Projections name their properties so vectors never travel.
// As of $as_of: what had begun by then (valid_from, an event's start, a
// turn's timestamp <= $as_of; null is open), ended items included with
// their valid_to, so a job left shows as past. Known at $known_at: what was
// stored (created_at) by then; items without a record time count as known;
// a relation Loci was told had ended only later (ended_at) shows no valid_to.
// Null parameters read from now.
MATCH (n:Entity {uid: $uid})
WHERE n.tenant = $tenant
CALL (n) {
  OPTIONAL MATCH (n)-[:HAS_PROFILE]->(p:ProfileFact)
  WHERE ($as_of IS NULL OR p.valid_from IS NULL OR p.valid_from <= $as_of)
    AND ($known_at IS NULL OR p.created_at IS NULL OR p.created_at <= $known_at)
  WITH p ORDER BY p.valid_to IS NOT NULL, p.topic, p.sub_topic, p.created_at
  RETURN collect(p {.uid, .topic, .sub_topic, .value, .confidence, .valid_from, .valid_to,
                    .source_turn_ids, .extractor}) AS profile
}
CALL (n) {
  OPTIONAL MATCH (n)-[r]-(o:Entity)
  WHERE o.tenant = $tenant AND type(r) <> 'MENTIONED_WITH'
    AND ($as_of IS NULL OR r.valid_from IS NULL OR r.valid_from <= $as_of)
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  WITH r, startNode(r) AS a, endNode(r) AS b
  ORDER BY type(r), b.name
  RETURN collect(CASE WHEN r IS NULL THEN NULL ELSE {kind: 'typed', type: type(r), from_id: a.uid, to_id: b.uid,
                 from_name: a.name, to_name: b.name, role: r.role, confidence: r.confidence,
                 valid_from: r.valid_from, valid_to: CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END, source_turn_ids: r.source_turn_ids} END) AS relations
}
CALL (n) {
  OPTIONAL MATCH (n)-[r:MENTIONED_WITH]-(o:Entity)
  WHERE o.tenant = $tenant
    AND ($as_of IS NULL OR r.first_seen IS NULL OR r.first_seen <= $as_of)
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  WITH r, startNode(r) AS a, endNode(r) AS b
  ORDER BY r.count DESC, o.name
  LIMIT $co_mentions
  RETURN collect(CASE WHEN r IS NULL THEN NULL ELSE {kind: 'co_mention', type: type(r), from_id: a.uid, to_id: b.uid,
                 from_name: a.name, to_name: b.name, count: r.count, first_seen: r.first_seen,
                 last_seen: r.last_seen, source_turn_ids: r.source_turn_ids} END) AS co_mentions
}
CALL (n) {
  OPTIONAL MATCH (f:Fact)-[:ABOUT]->(n)
  WHERE ($as_of IS NULL OR f.valid_from IS NULL OR f.valid_from <= $as_of)
    AND ($known_at IS NULL OR f.created_at IS NULL OR f.created_at <= $known_at)
  WITH f ORDER BY f.created_at, f.uid
  RETURN collect(f {.uid, .statement, .speaker, .source_turn_ids, .confidence, .valid_from, .valid_to,
                    .extractor, .session}) AS facts
}
CALL (n) {
  OPTIONAL MATCH (ev:Event)-[:INVOLVES]->(n)
  WHERE ($as_of IS NULL OR ev.when_start IS NULL OR ev.when_start <= $as_of)
    AND ($known_at IS NULL OR ev.created_at IS NULL OR ev.created_at <= $known_at)
  WITH ev ORDER BY ev.when_start, ev.created_at, ev.uid
  RETURN collect(ev {.uid, .what, .participants, .when_start, .when_end, .when_granularity, .when_phrase,
                     .source_turn_ids, .confidence, .extractor, .session}) AS events
}
CALL (n) {
  OPTIONAL MATCH (n)-[:MENTIONED_IN]->(t:Turn)
  WHERE ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
    AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
  WITH t ORDER BY t.seq
  LIMIT $mentions
  RETURN collect(t {.id, .session, .speaker, .text, .timestamp}) AS mentions
}
RETURN n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS e,
       coalesce(n.version, 0) AS version, profile, relations, co_mentions, facts, events, mentions
