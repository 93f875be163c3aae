// Tenant-wide nearest facts: over-fetch from the fact vector index (which
// holds every tenant's facts), then filter by tenant and subject.
CALL db.index.vector.queryNodes($index, $fetch, $vector) YIELD node, score
WHERE node.tenant = $tenant
  AND ($subject IS NULL OR toLower(node.subject) = $subject)
RETURN node.uid AS uid, node.conversation AS conversation, node.session AS session,
       node.subject AS subject, node.statement AS statement, node.valid_from AS valid_from,
       node.source_turn_ids AS source_turn_ids, node.extractor AS extractor, score
ORDER BY score DESC, uid
LIMIT $limit
