// Stores an entity's consolidated profile anchor and clears its staleness,
// unless knowledge about it was written since the build read it ($version).
MATCH (e:Entity {uid: $entity_uid})
WHERE e.tenant = $tenant
MERGE (p:Profile {uid: $uid})
  ON CREATE SET p.tenant = e.tenant, p.conversation = e.conversation,
                p.tenant_key = $tenant_key, p.conversation_key = $conversation_key
SET p.entity_uid = e.uid, p.name = e.name, p.text = $text, p.lines = $lines,
    p.source_turn_ids = $source_turn_ids, p.built_at = datetime()
MERGE (p)-[:SUMMARISES]->(e)
WITH p, e
CALL (p) {
  UNWIND CASE WHEN $vector IS NULL OR $vector_property IS NULL THEN [] ELSE [$vector] END AS v
  CALL db.create.setNodeVectorProperty(p, $vector_property, v)
}
SET e.stale = coalesce(e.version, 0) <> $version
RETURN e.stale AS stale
