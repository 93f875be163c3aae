// How much of the given conversations' turns the fact layer covers: turns,
// turns cited by at least one fact, facts, and facts per extractor.
UNWIND $conversations AS conv
MATCH (t:Turn {tenant: $tenant, conversation: conv})
WHERE t.seq IS NOT NULL
WITH t, COUNT { (f:Fact)-[:FROM]->(t) } AS facts
RETURN count(t) AS turns, sum(CASE WHEN facts > 0 THEN 1 ELSE 0 END) AS covered
