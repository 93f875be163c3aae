// The server's version and edition. Server-wide: it reads no tenant's data.
CALL dbms.components() YIELD name, versions, edition
WHERE name = 'Neo4j Kernel'
RETURN versions[0] AS version, edition
