// Exact cosine scan of one conversation's fact vectors through the
// fact_scope index; {{property}} is the embedder's checked vector property.
// As of $as_of only facts valid then (valid_from <= $as_of < valid_to),
// known at $known_at only facts stored by then; null parameters read from now.
MATCH (f:Fact {tenant: $tenant, conversation: $conversation})
WHERE ($subject IS NULL OR toLower(f.subject) = $subject)
  AND ($as_of IS NULL OR ((f.valid_from IS NULL OR f.valid_from <= $as_of) AND (f.valid_to IS NULL OR $as_of < f.valid_to)))
  AND ($known_at IS NULL OR f.created_at IS NULL OR f.created_at <= $known_at)
WITH f, vector.similarity.cosine(f.{{property}}, $vector) AS score
WHERE score IS NOT NULL
ORDER BY score DESC, f.uid
LIMIT $limit
RETURN f.uid AS uid, f.conversation AS conversation, f.session AS session,
       f.subject AS subject, f.statement AS statement, f.valid_from AS valid_from,
       f.source_turn_ids AS source_turn_ids, f.extractor AS extractor, score
