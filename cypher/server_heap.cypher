// The server's JVM heap (bytes), from the platform MXBean that
// dbms.queryJmx exposes on both 5.26 and 2026 Community. Server-wide: it
// reads no tenant's data. Used by `loci bench scale`.
CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes
RETURN attributes.HeapMemoryUsage.value.properties.used AS used,
       attributes.HeapMemoryUsage.value.properties.committed AS committed,
       attributes.HeapMemoryUsage.value.properties.max AS max
