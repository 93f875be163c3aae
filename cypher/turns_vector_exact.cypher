// Exact cosine scan of one conversation's turn vectors, reached through the
// turn_scope index (equality on tenant and conversation; an OR here would
// defeat the index seek). {{property}} is the embedder's vector property,
// filled by graph/ from a checked identifier (a dynamic t[$key] lookup
// would also defeat the index). The speaker filter runs before the vector
// is read, and turns without a vector drop out after (their score is null):
// an IS NOT NULL test up front would load every turn's vector.
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
WHERE t.seq IS NOT NULL
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
WITH t, vector.similarity.cosine(t.{{property}}, $vector) AS score
WHERE score IS NOT NULL
ORDER BY score DESC, t.seq
LIMIT $limit
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
