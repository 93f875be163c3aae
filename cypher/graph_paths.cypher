// Shortest chains of relations between two entities of one conversation, at
// most $max_hops long (the pattern's bound, 4, is the cap: variable-length
// bounds cannot be parameters). {{rel_types}} as in graph_neighbourhood.
MATCH (a:Entity {uid: $from})
WHERE a.tenant = $tenant
MATCH (b:Entity {uid: $to})
WHERE b.tenant = $tenant AND b.conversation = a.conversation
MATCH p = allShortestPaths((a)-[:{{rel_types}}*..4]-(b))
WHERE length(p) <= $max_hops AND all(n IN nodes(p) WHERE n.tenant = $tenant)
WITH p
LIMIT $limit
RETURN [n IN nodes(p) | n {.uid, .conversation, .name, .type, .aliases, .speaker, .mentions}] AS entities,
       [r IN relationships(p) | {type: type(r), from_id: startNode(r).uid, to_id: endNode(r).uid,
        from_name: startNode(r).name, to_name: endNode(r).name, role: r.role, confidence: r.confidence,
        valid_from: r.valid_from, valid_to: r.valid_to, source_turn_ids: r.source_turn_ids}] AS edges
