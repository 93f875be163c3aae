// Test only (handlers/edge_test.go): sets every date-time property of a
// tenant's nodes, and of the relationships leaving them, to $when, as data
// stored before timestamps were checked in UTC could hold (year 10000 or
// year -1). Returns how many properties it set.
MATCH (n)
WHERE n.tenant = $tenant
UNWIND [k IN keys(n) WHERE valueType(n[k]) =~ '(ZONED|LOCAL) DATETIME.*'] AS k
SET n[k] = $when
WITH count(*) AS nodeProps
OPTIONAL MATCH (a)-[r]->()
WHERE a.tenant = $tenant
UNWIND [k IN keys(r) WHERE valueType(r[k]) =~ '(ZONED|LOCAL) DATETIME.*'] AS k
SET r[k] = $when
RETURN nodeProps, count(k) AS relProps
