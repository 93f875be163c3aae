// Deletes up to $limit of a tenant's :BareTurn nodes (the ingest benchmark's
// baseline) and returns how many; the caller repeats until none is left.
MATCH (n:BareTurn)
WHERE n.tenant = $tenant
WITH n LIMIT $limit
DELETE n
RETURN count(*) AS deleted
