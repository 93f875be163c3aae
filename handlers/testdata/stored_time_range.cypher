// Test only (handlers/edge_test.go): the smallest and largest year of the
// date-time properties of a tenant's nodes and of the relationships
// leaving them, and how many there are.
CALL () {
  MATCH (n)
  WHERE n.tenant = $tenant
  UNWIND [k IN keys(n) WHERE valueType(n[k]) =~ '(ZONED|LOCAL) DATETIME.*' | n[k].year] AS y
  RETURN y
  UNION ALL
  MATCH (a)-[r]->()
  WHERE a.tenant = $tenant
  UNWIND [k IN keys(r) WHERE valueType(r[k]) =~ '(ZONED|LOCAL) DATETIME.*' | r[k].year] AS y
  RETURN y
}
RETURN min(y) AS min_year, max(y) AS max_year, count(y) AS times
