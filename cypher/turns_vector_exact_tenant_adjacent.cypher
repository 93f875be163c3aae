// turns_vector_exact_adjacent across all of a tenant's conversations (an
// exact scan of the tenant's turn vectors).
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
MATCH (node:Turn)
WHERE node.tenant = $tenant AND node.conversation IS NOT NULL AND node.seq IS NOT NULL
  AND node.{{property}} IS NOT NULL
  AND ($speaker IS NULL OR toLower(node.speaker) <> $speaker)
  AND ($as_of IS NULL OR node.timestamp IS NULL OR node.timestamp <= $as_of)
  AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
WITH node, vector.similarity.cosine(node.{{property}}, $vector) AS score
ORDER BY score DESC, node.conversation, node.seq
LIMIT $fetch
MATCH {{adjacent}}
WHERE t.session = node.session AND t.speaker <> node.speaker
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
WITH t, max(score) AS score
ORDER BY score DESC, t.conversation, t.seq
LIMIT $limit
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
