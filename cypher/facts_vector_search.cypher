// Nearest facts by in-index filtered vector search (Cypher 25 SEARCH): the
// fact vector index declares tenant, conversation and subject_key, and
// {{filter}} is one scope predicate from graph/'s fixed table (tenant, or
// tenant and conversation, either with the subject's key). $fetch (>=
// $limit) candidates are read and the best $limit kept. Time views use
// the exact statements (their tests allow nulls).
CYPHER 25
MATCH (f:Fact)
  SEARCH f IN (VECTOR INDEX {{fact_index}} FOR $vector WHERE {{filter}} LIMIT $fetch) SCORE AS score
RETURN f.uid AS uid, f.conversation AS conversation, f.session AS session,
       f.subject AS subject, f.statement AS statement, f.valid_from AS valid_from,
       f.source_turn_ids AS source_turn_ids, f.extractor AS extractor, score
ORDER BY score DESC, uid
LIMIT $limit
