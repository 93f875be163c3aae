// The units next to matched bursts ($matches: uid and score, from a burst
// search of the other speakers): the burst that answers each one (reply:
// the unit whose first turn follows the burst's last member) or the one it
// answers (prompt), in the same session and by another speaker ($speaker
// when set); a unit is a burst, or a turn in none. Each unit is scored by
// its best match. {{adjacent}} is the pattern from the matched burst's edge
// turn to the neighbouring turn (t), filled by graph/ from a fixed table.
UNWIND $matches AS m
MATCH (node:Burst {uid: m.uid})
WHERE node.tenant = $tenant
MATCH {{adjacent}}
WHERE t.tenant = $tenant AND t.session = node.session AND t.speaker <> node.speaker
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
OPTIONAL MATCH (u:Burst)-[:HAS_MEMBER]->(t)
WHERE u.tenant = $tenant
  AND ($as_of IS NULL OR u.last_timestamp IS NULL OR u.last_timestamp <= $as_of)
  AND ($known_at IS NULL OR u.updated_at IS NULL OR u.updated_at <= $known_at)
WITH coalesce(u, t) AS x, max(m.score) AS score
RETURN CASE WHEN x:Burst THEN 'burst' ELSE 'turn' END AS kind, x.uid AS uid, x.id AS id,
       x.conversation AS conversation, x.session AS session, x.speaker AS speaker, x.text AS text,
       x.timestamp AS timestamp, x.seq AS seq,
       CASE WHEN x:Burst THEN x.turn_ids ELSE [x.id] END AS members, score
ORDER BY score DESC, conversation, seq
LIMIT $limit
