// Indexes that are not yet usable; /readyz is 503 while any remain.
SHOW INDEXES YIELD name, state, populationPercent
WHERE state <> 'ONLINE'
RETURN name, state, populationPercent
