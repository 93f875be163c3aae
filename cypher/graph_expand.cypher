// Multi-hop expansion for search: from the entities a query names, follow
// relations (the vocabulary, {{rel_types}}) up to two hops within the
// conversation. Returns each path's relations and far entity, and the facts
// about and turns mentioning that entity, so graph/ can score them.
UNWIND $anchor_uids AS au
MATCH (a:Entity {uid: au})
WHERE a.tenant = $tenant
MATCH p = (a)-[:{{rel_types}}*1..2]-(n:Entity)
WHERE n.tenant = $tenant AND n.conversation = $conversation AND NOT n.uid IN $anchor_uids
WITH p, n
LIMIT $paths
CALL (n) {
  OPTIONAL MATCH (f:Fact)-[:ABOUT]->(n)
  WITH f ORDER BY f.confidence DESC, f.uid LIMIT 20
  RETURN collect(f {.uid, .statement, .subject, .session, .source_turn_ids, .valid_from, .extractor}) AS facts
}
CALL (n) {
  OPTIONAL MATCH (n)-[:MENTIONED_IN]->(t:Turn)
  WITH t ORDER BY t.seq LIMIT 20
  RETURN collect(t.id) AS mentions
}
RETURN [r IN relationships(p) | {type: type(r), role: r.role, source_turn_ids: r.source_turn_ids}] AS edges,
       [x IN nodes(p) | x.name] AS names, n.uid AS uid, facts, mentions
