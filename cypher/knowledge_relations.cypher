// Knowledge write, relations of one type ({{type}}: a relation type passed
// through ontology.CypherName; relationship types cannot be parameters).
UNWIND $relations AS r
MATCH (a:Entity {uid: r.from_uid})
MATCH (b:Entity {uid: r.to_uid})
MERGE (a)-[x:{{type}} {role: r.role}]->(b)
  ON CREATE SET x.tenant = $tenant, x.conversation = $conversation, x.created_at = datetime(),
                x.source_turn_ids = [], x.extractors = [], x.confidence = 0.0
SET x.source_turn_ids = x.source_turn_ids + [i IN r.source_turn_ids WHERE NOT i IN x.source_turn_ids],
    x.extractors = x.extractors + [e IN [r.extractor] WHERE NOT e IN x.extractors],
    x.confidence = CASE WHEN r.confidence > x.confidence THEN r.confidence ELSE x.confidence END,
    x.valid_from = coalesce(x.valid_from, r.valid_from),
    x.valid_to = coalesce(r.valid_to, x.valid_to)
