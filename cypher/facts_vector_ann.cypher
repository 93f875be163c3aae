// Tenant-wide nearest facts: over-fetch from the fact vector index (which
// holds every tenant's facts), then filter by tenant and subject.
// As of $as_of only facts valid then (valid_from <= $as_of < valid_to),
// known at $known_at only facts stored by then; null parameters read from now.
CALL db.index.vector.queryNodes($index, $fetch, $vector) YIELD node, score
WHERE node.tenant = $tenant
  AND ($subject IS NULL OR toLower(node.subject) = $subject)
  AND ($as_of IS NULL OR ((node.valid_from IS NULL OR node.valid_from <= $as_of) AND (node.valid_to IS NULL OR $as_of < node.valid_to)))
  AND ($known_at IS NULL OR node.created_at IS NULL OR node.created_at <= $known_at)
RETURN node.uid AS uid, node.conversation AS conversation, node.session AS session,
       node.subject AS subject, node.statement AS statement, node.valid_from AS valid_from,
       node.source_turn_ids AS source_turn_ids, node.extractor AS extractor, score
ORDER BY score DESC, uid
LIMIT $limit
