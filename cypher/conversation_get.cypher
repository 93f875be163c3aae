MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
CALL (c) {
  MATCH (c)-[:HAS_SESSION]->(s:Session)
  OPTIONAL MATCH (s)-[:HAS_TURN]->(t:Turn)
  WITH s, count(t) AS n, min(t.seq) AS first
  ORDER BY first, s.id
  RETURN collect({id: s.id, started_at: s.started_at, turn_count: n}) AS sessions
}
CALL (c) {
  MATCH (p:Speaker {tenant: c.tenant, conversation: c.id})
  OPTIONAL MATCH (p)<-[:SPOKEN_BY]-(t:Turn)
  WITH p, count(t) AS n
  ORDER BY n DESC, p.name
  RETURN collect({name: p.name, turn_count: n}) AS speakers
}
RETURN c.id AS id, c.turn_count AS turn_count, c.created_at AS created_at,
       c.updated_at AS updated_at, sessions, speakers
