// The ingest benchmark's baseline (`loci bench import --bare`): a batch of
// turns written as bare :BareTurn nodes with the properties a :Turn gets,
// one CREATE per row and nothing else (no conversation lock, no sessions,
// speakers or NEXT chain, no index or constraint on the label). Loci's own
// ingest of the same batch is compared against it.
UNWIND $rows AS r
CREATE (n:BareTurn)
SET n = r
