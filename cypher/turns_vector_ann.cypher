// Approximate nearest neighbours from the embedder's vector index, which
// holds every tenant's turns: over-fetch, then keep the tenant's (and the
// speaker's) turns. graph/ falls back to an exact scan if too few remain.
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
CALL db.index.vector.queryNodes($index, $fetch, $vector) YIELD node AS t, score
WHERE t.tenant = $tenant AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
ORDER BY score DESC, seq
LIMIT $limit
