// Fragment of knowledge_write, repeated once per entity type: {{type}} is
// the type passed through ontology.CypherName, {{name}} its bare name.
FOREACH (_ IN CASE WHEN n.type = '{{name}}' THEN [1] ELSE [] END | SET n:{{type}})
