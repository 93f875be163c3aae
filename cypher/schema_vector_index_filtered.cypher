// One vector index of one embedder on a server with in-index filtered
// vector search (Neo4j 2026.02+): it declares, in WITH [...], the scope
// properties its channels filter on, so Cypher 25 SEARCH ... WHERE visits
// only the tenant's, conversation's or speaker's nodes (turns also declare
// reply_speaker_key, the speaker who answered the turn, for the reply
// channel). {{name}}, {{label}}, {{property}} and {{filters}} come from
// graph/'s fixed table (filteredIndexes; a twin for `loci reindex vectors`
// lists the filters in another order), {{dimensions}} from the embedder,
// and the HNSW settings ({{hnsw_m}}, {{hnsw_ef_construction}},
// {{quantization}}, {{expansion}}, chosen by measurement on LoCoMo, see
// docs/benchmarks.md) from graph/'s constants: checked values only.
// `loci migrate` drops and recreates an index that cannot serve this
// definition (graph.VectorIndexDefinition.Differs).
CYPHER 25 CREATE VECTOR INDEX {{name}} IF NOT EXISTS FOR (n:{{label}}) ON n.{{property}}
WITH [{{filters}}]
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: {{hnsw_m}}, `vector.hnsw.ef_construction`: {{hnsw_ef_construction}}, `vector.quantization.type`: '{{quantization}}', `vector.default_search_expansion_factor`: {{expansion}}}}
