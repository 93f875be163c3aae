// Entities within $hops (at most 3) edges of one entity, nearest and most
// mentioned first, and the edges among them. {{edge_types}} is the relation
// vocabulary joined by |, each name passed through ontology.CypherName, and
// MENTIONED_WITH (co-mentions) unless the caller asked for typed relations
// only: only edges between entities are followed. Each edge says its kind
// ("typed" or "co_mention"). As of $as_of an edge counts when valid_from <=
// $as_of < valid_to (a co-mention from its first_seen; null bounds are
// open); known at $known_at when it was stored (created_at) by then. Null
// parameters read from now.
MATCH (c:Entity {uid: $uid})
WHERE c.tenant = $tenant
CALL (c) {
  OPTIONAL MATCH p = ANY SHORTEST (c)(()-[r:{{edge_types}}
      WHERE ($as_of IS NULL OR coalesce(r.valid_from, r.first_seen) IS NULL OR coalesce(r.valid_from, r.first_seen) <= $as_of)
        AND ($as_of IS NULL OR r.valid_to IS NULL OR $as_of < r.valid_to)
        AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
      ]-(:Entity {tenant: $tenant})){1,3}(n:Entity)
  WHERE length(p) <= $hops AND n <> c AND n.conversation = c.conversation
  WITH n, min(length(p)) AS hops
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
    AND ($as_of IS NULL OR r.valid_to IS NULL OR $as_of < r.valid_to)
    AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
  WITH a, r, b
  ORDER BY type(r) = 'MENTIONED_WITH', type(r), a.uid, b.uid
  RETURN collect({kind: CASE type(r) WHEN 'MENTIONED_WITH' THEN 'co_mention' ELSE 'typed' END,
                  type: type(r), from_id: a.uid, to_id: b.uid, from_name: a.name, to_name: b.name,
                  role: r.role, confidence: r.confidence, valid_from: r.valid_from, valid_to: r.valid_to,
                  count: r.count, first_seen: r.first_seen, last_seen: r.last_seen,
                  source_turn_ids: r.source_turn_ids}) AS edges
}
CALL (ns, hs) {
  UNWIND range(0, size(ns) - 1) AS i
  WITH ns[i] AS n, hs[i] AS h
  RETURN collect({e: n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions}, hops: h}) AS entities
}
RETURN c {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS center, entities, edges
