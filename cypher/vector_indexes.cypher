// The vector indexes as they are defined now (label, indexed properties:
// the vector first, then any filter properties, and their settings) and
// their state, for `loci migrate` to rebuild those that differ from Loci's
// definition, for `loci reindex vectors` to plan a rebuild, and for the
// store to find which of an index's two names (graph: twin) SEARCH reads.
SHOW VECTOR INDEXES YIELD name, labelsOrTypes, properties, options, state
RETURN name, labelsOrTypes AS labels, properties, options.indexConfig AS config, state
