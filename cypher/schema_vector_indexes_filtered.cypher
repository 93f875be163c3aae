// The vector indexes of one embedder on servers with in-index filtered
// vector search (Neo4j 2026.02+): each declares, in WITH [...], the scope
// properties its channels filter on, so Cypher 25 SEARCH ... WHERE visits
// only the tenant's, conversation's or speaker's nodes (turns also declare
// reply_speaker_key, the speaker who answered the turn, for the reply
// channel). Names, property, dimensions and the HNSW settings ({{hnsw_m}},
// {{hnsw_ef_construction}}, {{quantization}}, {{expansion}}, chosen by
// measurement on LoCoMo, see
// docs/benchmarks.md) are filled by graph/ from checked values only.
// `loci migrate` drops and recreates an index that cannot serve this
// definition (graph.VectorIndexDefinition.Differs).
CYPHER 25 CREATE VECTOR INDEX {{index}} IF NOT EXISTS FOR (n:Turn) ON n.{{property}}
WITH [n.tenant, n.conversation, n.speaker_key, n.reply_speaker_key]
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: {{hnsw_m}}, `vector.hnsw.ef_construction`: {{hnsw_ef_construction}}, `vector.quantization.type`: '{{quantization}}', `vector.default_search_expansion_factor`: {{expansion}}}};
CYPHER 25 CREATE VECTOR INDEX {{fact_index}} IF NOT EXISTS FOR (n:Fact) ON n.{{property}}
WITH [n.tenant, n.conversation, n.subject_key]
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: {{hnsw_m}}, `vector.hnsw.ef_construction`: {{hnsw_ef_construction}}, `vector.quantization.type`: '{{quantization}}', `vector.default_search_expansion_factor`: {{expansion}}}};
CYPHER 25 CREATE VECTOR INDEX {{event_index}} IF NOT EXISTS FOR (n:Event) ON n.{{property}}
WITH [n.tenant, n.conversation]
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: {{hnsw_m}}, `vector.hnsw.ef_construction`: {{hnsw_ef_construction}}, `vector.quantization.type`: '{{quantization}}', `vector.default_search_expansion_factor`: {{expansion}}}};
CYPHER 25 CREATE VECTOR INDEX {{profile_index}} IF NOT EXISTS FOR (n:Profile) ON n.{{property}}
WITH [n.tenant, n.conversation]
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: {{hnsw_m}}, `vector.hnsw.ef_construction`: {{hnsw_ef_construction}}, `vector.quantization.type`: '{{quantization}}', `vector.default_search_expansion_factor`: {{expansion}}}};
CYPHER 25 CREATE VECTOR INDEX {{topic_index}} IF NOT EXISTS FOR (n:Topic) ON n.{{property}}
WITH [n.tenant, n.conversation]
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine', `vector.hnsw.m`: {{hnsw_m}}, `vector.hnsw.ef_construction`: {{hnsw_ef_construction}}, `vector.quantization.type`: '{{quantization}}', `vector.default_search_expansion_factor`: {{expansion}}}};
