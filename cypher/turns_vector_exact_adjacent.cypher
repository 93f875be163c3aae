// Vector search for the neighbours of the nearest turns, in one
// conversation: an exact cosine scan (as turns_vector_exact) of the turns
// not spoken by $speaker, then each one's neighbour in the same session by
// another speaker ($speaker when set), scored by its best match.
// {{adjacent}} is the pattern from a match (node) to its neighbour (t),
// filled by graph/ from a fixed table: the turn after it (the reply) or
// the turn before it (the prompt).
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
MATCH (node:Turn {tenant: $tenant, conversation: $conversation})
WHERE node.seq IS NOT NULL
  AND ($speaker IS NULL OR toLower(node.speaker) <> $speaker)
  AND ($as_of IS NULL OR node.timestamp IS NULL OR node.timestamp <= $as_of)
  AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
WITH node, vector.similarity.cosine(node.{{property}}, $vector) AS score
WHERE score IS NOT NULL
ORDER BY score DESC, node.seq
LIMIT $fetch
MATCH {{adjacent}}
WHERE t.session = node.session AND t.speaker <> node.speaker
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
WITH t, max(score) AS score
ORDER BY score DESC, t.seq
LIMIT $limit
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
