// Exact cosine scan of one conversation's burst vectors, through the
// burst_scope index. {{property}} is the embedder's vector property, filled
// by graph/ from a checked identifier. Filters as bursts_search_fulltext.
MATCH (n:Burst {tenant: $tenant, conversation: $conversation})
WHERE n.seq IS NOT NULL
  AND ($speaker IS NULL OR toLower(n.speaker) = $speaker)
  AND ($not_speaker IS NULL OR toLower(n.speaker) <> $not_speaker)
  AND ($as_of IS NULL OR n.last_timestamp IS NULL OR n.last_timestamp <= $as_of)
  AND ($known_at IS NULL OR n.updated_at IS NULL OR n.updated_at <= $known_at)
WITH n, vector.similarity.cosine(n.{{property}}, $vector) AS score
WHERE score IS NOT NULL
ORDER BY score DESC, n.seq
LIMIT $limit
RETURN 'burst' AS kind, n.uid AS uid, n.id AS id, n.conversation AS conversation, n.session AS session,
       n.speaker AS speaker, n.text AS text, n.timestamp AS timestamp,
       n.seq AS seq, n.turn_ids AS members, score
