// Drops one index by name, for `loci migrate` to recreate a vector index
// whose definition changed ({{name}} is one of graph/'s checked index
// names). Vectors are node properties: dropping the index loses none.
DROP INDEX {{name}} IF EXISTS
