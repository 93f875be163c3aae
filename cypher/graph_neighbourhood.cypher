// Entities within $hops (at most 3) edges of one entity, nearest and most
// mentioned first, and the edges among them (at most $edges: typed ones
// first, then co-mentions, the most frequent first). {{edge_types}} is the relation
// vocabulary joined by |, each name passed through ontology.CypherName, and
// MENTIONED_WITH (co-mentions) unless the caller asked for typed relations
// only: only edges between entities are followed. Each edge says its kind
// ("typed" or "co_mention"). As of $as_of an edge counts when valid_from <=
// $as_of < valid_to (a co-mention from its first_seen; null bounds are
// open); known at $known_at when it was stored (created_at) by then, and a
// relation Loci was told had ended only after $known_at (ended_at) reads as
// still open. Null parameters read from now.
MATCH (c:Entity {uid: $uid})
WHERE c.tenant = $tenant
// Breadth first, one hop at a time, so each entity is reached once at its
// distance: enumerating paths (or a shortest path per entity) explodes on a
// dense co-mention layer.
CALL (c) {
  OPTIONAL MATCH (c)-[r:{{edge_types}}]-(x:Entity {tenant: $tenant, conversation: c.conversation})
  WHERE x <> c
    AND ($as_of IS NULL OR coalesce(r.valid_from, r.first_seen) IS NULL OR coalesce(r.valid_from, r.first_seen) <= $as_of)
    AND ($as_of IS NULL OR (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  RETURN collect(DISTINCT x) AS h1
}
CALL (c, h1) {
  UNWIND CASE WHEN $hops >= 2 THEN h1 ELSE [] END AS y
  MATCH (y)-[r:{{edge_types}}]-(x:Entity {tenant: $tenant, conversation: c.conversation})
  WHERE x <> c AND NOT x IN h1
    AND ($as_of IS NULL OR coalesce(r.valid_from, r.first_seen) IS NULL OR coalesce(r.valid_from, r.first_seen) <= $as_of)
    AND ($as_of IS NULL OR (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  RETURN collect(DISTINCT x) AS h2
}
CALL (c, h1, h2) {
  UNWIND CASE WHEN $hops >= 3 THEN h2 ELSE [] END AS y
  MATCH (y)-[r:{{edge_types}}]-(x:Entity {tenant: $tenant, conversation: c.conversation})
  WHERE x <> c AND NOT x IN h1 AND NOT x IN h2
    AND ($as_of IS NULL OR coalesce(r.valid_from, r.first_seen) IS NULL OR coalesce(r.valid_from, r.first_seen) <= $as_of)
    AND ($as_of IS NULL OR (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  RETURN collect(DISTINCT x) AS h3
}
CALL (h1, h2, h3) {
  UNWIND [n IN h1 | {n: n, hops: 1}] + [n IN h2 | {n: n, hops: 2}] + [n IN h3 | {n: n, hops: 3}] AS reached
  WITH reached.n AS n, reached.hops AS hops
  ORDER BY hops, n.mentions DESC, n.uid
  LIMIT $limit
  RETURN collect(n) AS ns, collect(hops) AS hs
}
CALL (c, ns) {
  WITH [c] + ns AS members
  UNWIND members AS a
  MATCH (a)-[r:{{edge_types}}]->(b:Entity)
  WHERE b IN members
    AND ($as_of IS NULL OR coalesce(r.valid_from, r.first_seen) IS NULL OR coalesce(r.valid_from, r.first_seen) <= $as_of)
    AND ($as_of IS NULL OR (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  WITH a, r, b
  ORDER BY type(r) = 'MENTIONED_WITH', coalesce(r.count, 0) DESC, type(r), a.uid, b.uid
  LIMIT $edges
  RETURN collect({kind: CASE type(r) WHEN 'MENTIONED_WITH' THEN 'co_mention' ELSE 'typed' END,
                  type: type(r), from_id: a.uid, to_id: b.uid, from_name: a.name, to_name: b.name,
                  role: r.role, confidence: r.confidence, valid_from: r.valid_from, valid_to: CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END,
                  count: r.count, first_seen: r.first_seen, last_seen: r.last_seen,
                  source_turn_ids: r.source_turn_ids}) AS edges
}
CALL (ns, hs) {
  UNWIND range(0, size(ns) - 1) AS i
  WITH ns[i] AS n, hs[i] AS h
  RETURN collect({e: n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions}, hops: h}) AS entities
}
RETURN c {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS center, entities, edges
