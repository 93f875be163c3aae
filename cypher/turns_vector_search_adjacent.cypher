// turns_vector_exact_adjacent by in-index filtered vector search (Cypher 25
// SEARCH): the nearest turns in scope ({{filter}}, from graph/'s fixed
// table: tenant, or tenant and conversation; for the replies by one
// speaker also reply_speaker_key, so the index returns only turns that
// speaker answered), of which those not spoken by $speaker are kept ($keep
// of the $fetch read: without the reply key SEARCH cannot filter on "not
// this speaker"), then each one's neighbour in the same session by another
// speaker ($speaker when set), scored by its best match.
// {{adjacent}} is the pattern from a match (node) to its neighbour (t),
// filled by graph/ from a fixed table: the reply or the prompt.
CYPHER 25
MATCH (node:Turn)
  SEARCH node IN (VECTOR INDEX {{index}} FOR $vector WHERE {{filter}} LIMIT $fetch) SCORE AS score
WHERE node.seq IS NOT NULL AND ($speaker IS NULL OR toLower(node.speaker) <> $speaker)
WITH node, score
ORDER BY score DESC, node.conversation, node.seq
LIMIT $keep
MATCH {{adjacent}}
WHERE t.session = node.session AND t.speaker <> node.speaker
  AND ($speaker IS NULL OR toLower(t.speaker) = $speaker)
WITH t, max(score) AS score
ORDER BY score DESC, t.conversation, t.seq
LIMIT $limit
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
