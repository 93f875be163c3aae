// The configured page cache size. Community has no page-cache MXBean, so
// how much of it is in use is not readable through Cypher. Server-wide:
// it reads no tenant's data. Used by `loci bench scale`.
SHOW SETTINGS YIELD name, value
WHERE name = 'server.memory.pagecache.size'
RETURN value
