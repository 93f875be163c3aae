// Test only (handlers/edge_test.go): makes the confidence of a tenant's
// relations between entities NaN, a value no JSON encoder can write, to
// force an encoding failure on the read path. Returns how many it set.
MATCH (a:Entity)-[r]->(:Entity)
WHERE a.tenant = $tenant AND r.confidence IS NOT NULL
SET r.confidence = 0.0 / 0.0
RETURN count(r) AS relations
