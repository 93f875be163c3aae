// The vector indexes as they are defined now (label, indexed properties:
// the vector first, then any filter properties, and their settings), for
// `loci migrate` to rebuild those that differ from Loci's definition.
SHOW VECTOR INDEXES YIELD name, labelsOrTypes, properties, options
RETURN name, labelsOrTypes AS labels, properties, options.indexConfig AS config
