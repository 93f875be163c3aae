// Knowledge write, retypes: stored entities a stronger typing cue retypes
// lose every entity type label ({{entity_types}}: the entity types, each
// passed through ontology.CypherName); knowledge_entities then sets the
// new type and its label in the same transaction.
UNWIND $retypes AS r
MATCH (n:Entity {uid: r.uid})
WHERE n.tenant = $tenant AND n.conversation = $conversation
REMOVE n:{{entity_types}}
