// Nearest turns by in-index filtered vector search (Cypher 25 SEARCH, Neo4j
// 2026.02+): the embedder's vector index declares tenant, conversation and
// speaker_key, so the HNSW search visits only turns in scope, per
// conversation or tenant-wide, at a cost that grows slowly with the scope.
// {{index}} is the embedder's checked index name; {{filter}} is one scope
// predicate from graph/'s fixed table (tenant, or tenant and conversation,
// either with speaker_key): SEARCH's WHERE takes only ANDed property
// predicates, so an optional filter ($x IS NULL OR ...) cannot be written.
// $fetch (>= $limit) candidates are read and the best $limit kept.
// Time views (as of, known at) use the exact statements: their tests allow
// nulls, which SEARCH's WHERE cannot express.
CYPHER 25
MATCH (t:Turn)
  SEARCH t IN (VECTOR INDEX {{index}} FOR $vector WHERE {{filter}} LIMIT $fetch) SCORE AS score
WHERE t.seq IS NOT NULL
RETURN t.id AS id, t.conversation AS conversation, t.session AS session,
       t.speaker AS speaker, t.text AS text, t.timestamp AS timestamp,
       t.seq AS seq, score
ORDER BY score DESC, conversation, seq
LIMIT $limit
