// Exact cosine scan of all of a tenant's turn vectors: the fallback of a
// tenant-wide vector search when the index over-fetch kept too few.
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
MATCH (t:Turn)
WHERE t.tenant = $tenant AND t.conversation IS NOT NULL AND t.seq IS NOT NULL
  AND t.{{property}} IS NOT NULL
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
WITH t, vector.similarity.cosine(t.{{property}}, $vector) AS score
ORDER BY score DESC, t.conversation, t.seq
LIMIT $limit
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
