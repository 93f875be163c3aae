// The vector index of one embedder. {{index}}, {{property}} and
// {{dimensions}} are filled by graph/ from the embedder's checked id and
// dimension count only, never from user input.
CREATE VECTOR INDEX {{index}} IF NOT EXISTS FOR (n:Turn) ON n.{{property}}
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine'}}
