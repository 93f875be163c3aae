// Paths between two entities of one conversation, at most $max_hops long
// (the quantifier's bound, 4, is the cap: bounds cannot be parameters):
// layer 0, the shortest chains of typed relations ({{rel_types}}: the
// vocabulary joined by |, each name passed through ontology.CypherName);
// layer 1, when $co_mentions, the shortest chains that also step over
// co-mention edges (MENTIONED_WITH) and take at least one. Typed paths come
// first, then shorter before longer. Every entity on the way is the
// tenant's. As of $as_of a relation counts when valid_from <= $as_of <
// valid_to (a co-mention from its first_seen; null bounds are open); known
// at $known_at when it was stored (created_at) by then, and a relation Loci
// was told had ended only after $known_at (ended_at) reads as still open.
// Null parameters read from now.
MATCH (a:Entity {uid: $from})
WHERE a.tenant = $tenant
MATCH (b:Entity {uid: $to})
WHERE b.tenant = $tenant AND b.conversation = a.conversation
CALL (a, b) {
  MATCH p = SHORTEST 10 (a)(()-[r:{{rel_types}}
      WHERE ($as_of IS NULL OR r.valid_from IS NULL OR r.valid_from <= $as_of)
        AND ($as_of IS NULL OR (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))
        AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
      ]-(:Entity {tenant: $tenant})){1,4}(b)
  WHERE length(p) <= $max_hops
  RETURN p, 0 AS layer
  UNION
  WITH a, b
  WHERE $co_mentions
  MATCH p = SHORTEST 10 (a)(()-[r:{{rel_types}}|MENTIONED_WITH
      WHERE ($as_of IS NULL OR coalesce(r.valid_from, r.first_seen) IS NULL OR coalesce(r.valid_from, r.first_seen) <= $as_of)
        AND ($as_of IS NULL OR (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END) IS NULL OR $as_of < (CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END))
        AND ($known_at IS NULL OR r.created_at IS NULL OR r.created_at <= $known_at)
      ]-(:Entity {tenant: $tenant})){1,4}(b)
  WHERE length(p) <= $max_hops AND any(x IN relationships(p) WHERE type(x) = 'MENTIONED_WITH')
  RETURN p, 1 AS layer
}
WITH p, layer
ORDER BY layer, length(p), size([r IN relationships(p) WHERE type(r) = 'MENTIONED_WITH'])
LIMIT $limit
RETURN [n IN nodes(p) | n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions}] AS entities,
       [r IN relationships(p) | {kind: CASE type(r) WHEN 'MENTIONED_WITH' THEN 'co_mention' ELSE 'typed' END,
        type: type(r), from_id: startNode(r).uid, to_id: endNode(r).uid,
        from_name: startNode(r).name, to_name: endNode(r).name, role: r.role, confidence: r.confidence,
        valid_from: r.valid_from, valid_to: CASE WHEN $known_at IS NULL OR r.ended_at IS NULL OR r.ended_at <= $known_at THEN r.valid_to END, count: r.count, first_seen: r.first_seen,
        last_seen: r.last_seen, source_turn_ids: r.source_turn_ids}] AS edges
