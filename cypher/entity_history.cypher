// The recorded merge decisions about one entity, oldest first, and the
// entity's type (their subject's). exists is false when the entity is not
// the tenant's. As of $as_of: decisions drawn
// only from turns said by then (no source turn timestamped later); known
// at $known_at: decisions recorded (at) by then. Null parameters read from
// now.
OPTIONAL MATCH (n:Entity {uid: $uid})
WHERE n.tenant = $tenant
CALL (n) {
  OPTIONAL MATCH (m:MergeDecision)-[:ABOUT]->(n)
  WHERE m.tenant = $tenant
    AND ($known_at IS NULL OR m.at IS NULL OR m.at <= $known_at)
    AND ($as_of IS NULL OR NOT EXISTS {
      MATCH (t:Turn {tenant: $tenant, conversation: n.conversation})
      WHERE t.id IN m.source_turn_ids AND t.timestamp > $as_of
    })
  WITH m ORDER BY m.at, m.uid
  LIMIT $limit
  RETURN collect(m {.subject, .action, .reason, .topic, .sub_topic, .value, .previous, .confidence,
                    .source_turn_ids, .decider, .ambiguous, .at}) AS decisions
}
RETURN n IS NOT NULL AS exists, n.type AS type, decisions
