// Exact cosine scan of all of a tenant's burst vectors (bursts are far
// fewer than turns, and Neo4j 5.26 cannot filter inside a vector index by
// tenant). Filters as bursts_search_fulltext.
MATCH (n:Burst)
WHERE n.tenant = $tenant AND n.conversation IS NOT NULL AND n.seq IS NOT NULL
  AND n.{{property}} IS NOT NULL
  AND ($speaker IS NULL OR toLower(n.speaker) = $speaker)
  AND ($not_speaker IS NULL OR toLower(n.speaker) <> $not_speaker)
  AND ($as_of IS NULL OR n.last_timestamp IS NULL OR n.last_timestamp <= $as_of)
  AND ($known_at IS NULL OR n.updated_at IS NULL OR n.updated_at <= $known_at)
WITH n, vector.similarity.cosine(n.{{property}}, $vector) AS score
ORDER BY score DESC, n.conversation, n.seq
LIMIT $limit
RETURN 'burst' AS kind, n.uid AS uid, n.id AS id, n.conversation AS conversation, n.session AS session,
       n.speaker AS speaker, n.text AS text, n.timestamp AS timestamp,
       n.seq AS seq, n.turn_ids AS members, score
