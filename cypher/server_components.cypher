// The server's components, versions and edition: read once at startup to
// decide which statements the server can run (graph/vectorpath.go).
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions, edition
