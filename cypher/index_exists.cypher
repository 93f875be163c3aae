// Whether an index (or constraint's index) named $name exists, in any state.
SHOW INDEXES YIELD name
WHERE name = $name
RETURN count(*) > 0 AS exists
