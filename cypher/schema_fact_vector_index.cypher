// The fact vector index of one embedder, beside its turn index: same
// property name, same dimensions, filled by graph/ from checked names only.
CREATE VECTOR INDEX {{fact_index}} IF NOT EXISTS FOR (n:Fact) ON n.{{property}}
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine'}}
