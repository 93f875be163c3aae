// Full-text search for the neighbours of the matching turns: each match's
// neighbour in the same session by another speaker ($speaker when set),
// scored by its best match. {{adjacent}} is the pattern from a match (node)
// to its neighbour (t), filled by graph/ from a fixed table: the turn after
// it (the reply) or the turn before it (the prompt). $lucene scopes by
// tenant and conversation only (the match is usually the other speaker's);
// the WHERE repeats that scope exactly.
// As of $as_of only turns said by then (timestamp), known at $known_at only
// turns stored by then (created_at); null parameters read from now.
CALL db.index.fulltext.queryNodes('turn_text', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.tenant = $tenant
  AND ($conversation IS NULL OR node.conversation = $conversation)
  AND ($speaker IS NULL OR toLower(node.speaker) <> $speaker)
  AND ($as_of IS NULL OR node.timestamp IS NULL OR node.timestamp <= $as_of)
  AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
MATCH {{adjacent}}
WHERE t.session = node.session AND t.speaker <> node.speaker
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
  AND ($as_of IS NULL OR t.timestamp IS NULL OR t.timestamp <= $as_of)
  AND ($known_at IS NULL OR t.created_at IS NULL OR t.created_at <= $known_at)
WITH t, max(score) AS score
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
ORDER BY score DESC, conversation, seq
LIMIT $limit
