// The recorded profile merge decisions about one entity, oldest first.
// exists is false when the entity is not the tenant's.
OPTIONAL MATCH (n:Entity {uid: $uid})
WHERE n.tenant = $tenant
CALL (n) {
  OPTIONAL MATCH (m:MergeDecision)-[:ABOUT]->(n)
  WHERE m.tenant = $tenant
  WITH m ORDER BY m.at, m.uid
  LIMIT $limit
  RETURN collect(m {.subject, .action, .reason, .topic, .sub_topic, .value, .previous, .confidence,
                    .source_turn_ids, .decider, .ambiguous, .at}) AS decisions
}
RETURN n IS NOT NULL AS exists, decisions
