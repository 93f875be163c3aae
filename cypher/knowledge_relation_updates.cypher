// Knowledge write, stored relations restated or ended (by their elementId,
// read by knowledge_snapshot in this transaction): new source turns and
// extractors, the highest confidence, a missing valid_from filled, and
// valid_to set when the batch ends the relation, with ended_at the record
// time Loci was told so (a relation written already closed has it in
// created_at). Nothing is deleted.
UNWIND $relation_updates AS u
MATCH ()-[x]->()
WHERE elementId(x) = u.id AND x.tenant = $tenant AND x.conversation = $conversation
SET x.ended_at = CASE WHEN u.valid_to IS NOT NULL AND x.valid_to IS NULL THEN datetime() ELSE x.ended_at END
SET x.source_turn_ids = coalesce(x.source_turn_ids, []) + [i IN u.source_turn_ids WHERE NOT i IN coalesce(x.source_turn_ids, [])],
    x.extractors = coalesce(x.extractors, []) + [e IN u.extractors WHERE NOT e IN coalesce(x.extractors, [])],
    x.confidence = CASE WHEN u.confidence > coalesce(x.confidence, 0.0) THEN u.confidence ELSE x.confidence END,
    x.valid_from = coalesce(x.valid_from, u.valid_from),
    x.valid_to = coalesce(u.valid_to, x.valid_to),
    x.updated_at = datetime()
