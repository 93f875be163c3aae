// The anchor vector indexes of one embedder (profiles, topics), beside its
// turn and fact indexes; names filled by graph/ from checked parts only.
// Events have none: their vectors are read per conversation
// (anchors_events), never searched through an index.
CREATE VECTOR INDEX {{profile_index}} IF NOT EXISTS FOR (n:Profile) ON n.{{property}}
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX {{topic_index}} IF NOT EXISTS FOR (n:Topic) ON n.{{property}}
OPTIONS {indexConfig: {`vector.dimensions`: {{dimensions}}, `vector.similarity_function`: 'cosine'}};
