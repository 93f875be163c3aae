// Multi-hop expansion for search: from the entities a query names, follow
// relations (the vocabulary, {{rel_types}}) up to two hops within the
// conversation. Returns each path's relations and far entity, and the facts
// about and turns mentioning that entity, so graph/ can score them. As of
// $as_of only relations and facts valid then and turns said by then; known
// at $known_at only what was stored by then (an end told later, ended_at,
// not yet known); null parameters read from now.
UNWIND $anchor_uids AS au
MATCH (a:Entity {uid: au})
WHERE a.tenant = $tenant
MATCH p = (a)-[:{{rel_types}}*1..2]-(n:Entity)
WHERE n.tenant = $tenant AND n.conversation = $conversation AND NOT n.uid IN $anchor_uids
  AND all(r IN relationships(p) WHERE ($as_of IS NULL OR ((r.valid_from IS NULL OR r.valid_from <= $as_of)
                                        AND ((CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))))
                                   AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at))
WITH p, n
LIMIT $paths
CALL (n) {
  OPTIONAL MATCH (f:Fact)-[:ABOUT]->(n)
  WHERE ($as_of IS NULL OR ((f.valid_from IS NULL OR f.valid_from <= $as_of) AND (f.valid_to IS NULL OR $as_of < f.valid_to)))
    AND ($known_at IS NULL OR f.created_at IS NULL OR f.created_at <= $known_at)
  WITH f ORDER BY f.confidence DESC, f.uid LIMIT 20
  RETURN collect(f {.uid, .statement, .subject, .session, .source_turn_ids, .valid_from, .extractor}) AS facts
}
CALL (n) {
  OPTIONAL MATCH (n)-[:MENTIONED_IN]->(t:Turn)
  WHERE ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
    AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
  WITH t ORDER BY t.seq LIMIT 20
  RETURN collect(t.id) AS mentions
}
RETURN [r IN relationships(p) | {type: type(r), role: r.role, source_turn_ids: r.source_turn_ids}] AS edges,
       [x IN nodes(p) | x.name] AS names, n.uid AS uid, facts, mentions
