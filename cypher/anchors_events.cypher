// Event anchor candidates of one conversation: every event (with its
// participants, when and provenance) and its cosine similarity to $vector.
// A conversation holds hundreds of events at most; query/ ranks them.
MATCH (ev:Event {tenant: $tenant, conversation: $conversation})
RETURN ev.uid AS uid, ev.what AS what, ev.participants AS participants,
       ev.when_start AS when_start, ev.when_end AS when_end, ev.when_granularity AS granularity,
       ev.when_phrase AS phrase, ev.source_turn_ids AS source_turn_ids, ev.session AS session,
       ev.extractor AS extractor,
       CASE WHEN $vector IS NULL THEN null ELSE vector.similarity.cosine(ev.{{property}}, $vector) END AS similarity
