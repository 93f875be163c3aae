// Entities within $hops (at most 3) relations of one entity, nearest and
// most mentioned first, and the relations among them. {{rel_types}} is the
// relation vocabulary joined by |, each passed through ontology.CypherName:
// only relations between entities are followed.
MATCH (c:Entity {uid: $uid})
WHERE c.tenant = $tenant
CALL (c) {
  OPTIONAL MATCH p = (c)-[:{{rel_types}}*1..3]-(n:Entity)
  WHERE length(p) <= $hops AND n <> c AND n.tenant = $tenant AND n.conversation = c.conversation
  WITH n, min(length(p)) AS hops
  ORDER BY hops, n.mentions DESC, n.uid
  LIMIT $limit
  RETURN collect(n) AS ns, collect(hops) AS hs
}
CALL (c, ns) {
  WITH [c] + ns AS members
  UNWIND members AS a
  MATCH (a)-[r:{{rel_types}}]->(b:Entity)
  WHERE b IN members
  RETURN collect({type: type(r), from_id: a.uid, to_id: b.uid, from_name: a.name, to_name: b.name,
                  role: r.role, confidence: r.confidence, valid_from: r.valid_from, valid_to: r.valid_to,
                  source_turn_ids: r.source_turn_ids}) AS edges
}
CALL (ns, hs) {
  UNWIND range(0, size(ns) - 1) AS i
  WITH ns[i] AS n, hs[i] AS h
  RETURN collect({e: n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions}, hops: h}) AS entities
}
RETURN c {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions} AS center, entities, edges
