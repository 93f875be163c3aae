// Knowledge write, new relations of one type ({{type}}: a relation type
// passed through ontology.CypherName; relationship types cannot be
// parameters). The planner decided they are new (restatements and endings
// of stored relations go through knowledge_relation_updates), so they are
// created, never merged: a relation ended and later taken up again is two
// relationships, each with its own valid_from and valid_to.
UNWIND $relations AS r
MATCH (a:Entity {uid: r.from_uid})
MATCH (b:Entity {uid: r.to_uid})
CREATE (a)-[x:{{type}}]->(b)
SET x = r.props, x.tenant = $tenant, x.conversation = $conversation, x.created_at = datetime()
