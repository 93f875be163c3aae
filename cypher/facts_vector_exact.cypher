// Exact cosine scan of one conversation's fact vectors through the
// fact_scope index; {{property}} is the embedder's checked vector property.
MATCH (f:Fact {tenant: $tenant, conversation: $conversation})
WHERE ($subject IS NULL OR toLower(f.subject) = $subject)
WITH f, vector.similarity.cosine(f.{{property}}, $vector) AS score
WHERE score IS NOT NULL
ORDER BY score DESC, f.uid
LIMIT $limit
RETURN f.uid AS uid, f.conversation AS conversation, f.session AS session,
       f.subject AS subject, f.statement AS statement, f.valid_from AS valid_from,
       f.source_turn_ids AS source_turn_ids, f.extractor AS extractor, score
