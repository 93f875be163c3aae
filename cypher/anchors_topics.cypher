// The topics of one conversation with their cosine similarity to $vector.
MATCH (t:Topic {tenant: $tenant, conversation: $conversation})
RETURN t.uid AS uid, t.label AS label, t.summary AS summary, t.sentences AS sentences,
       t.participants AS participants, t.span_start AS span_start, t.span_end AS span_end,
       t.source_turn_ids AS source_turn_ids, t.key_facts AS key_facts,
       CASE WHEN $vector IS NULL THEN null ELSE vector.similarity.cosine(t.{{property}}, $vector) END AS similarity
