// Profile anchors of the given entities, with the stale flag of their
// entity and cosine similarity to $vector ({{property}}; null without).
UNWIND $entity_uids AS eu
MATCH (e:Entity {uid: eu})
WHERE e.tenant = $tenant
OPTIONAL MATCH (p:Profile)-[:SUMMARISES]->(e)
RETURN e.uid AS entity_uid, e.name AS name, e.speaker AS speaker, coalesce(e.stale, true) AS stale,
       p.uid AS uid, p.built_at AS built_at, p.text AS text, p.lines AS lines, p.source_turn_ids AS source_turn_ids,
       CASE WHEN $vector IS NULL OR p IS NULL THEN null ELSE vector.similarity.cosine(p.{{property}}, $vector) END AS similarity
