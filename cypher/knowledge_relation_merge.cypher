// Fragment of knowledge_write, repeated once per relation type of the
// vocabulary: {{type}} is a relation type passed through
// ontology.CypherName, {{name}} its bare name. Relationship types cannot be
// parameters; FOREACH over a one-element list makes the MERGE conditional.
FOREACH (_ IN CASE WHEN r.type = '{{name}}' THEN [1] ELSE [] END |
  MERGE (a)-[x:{{type}} {role: r.role}]->(b)
    ON CREATE SET x.tenant = $tenant, x.conversation = $conversation, x.created_at = datetime(),
                  x.source_turn_ids = [], x.extractors = [], x.confidence = 0.0
  SET x.source_turn_ids = x.source_turn_ids + [i IN r.source_turn_ids WHERE NOT i IN x.source_turn_ids],
      x.extractors = x.extractors + [e IN [r.extractor] WHERE NOT e IN x.extractors],
      x.confidence = CASE WHEN r.confidence > x.confidence THEN r.confidence ELSE x.confidence END,
      x.valid_from = coalesce(x.valid_from, r.valid_from),
      x.valid_to = coalesce(r.valid_to, x.valid_to)
)
