// Enrichment: the vectors of turns stored without them.
UNWIND $rows AS r
MATCH (t:Turn {uid: r.uid})
WHERE t.tenant = $tenant
CALL db.create.setNodeVectorProperty(t, $vector_property, r.vector)
