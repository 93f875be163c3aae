// Speakers of one conversation (of every conversation of the tenant when
// $conversation is null) with their aliases, most used first. Speakers of
// several conversations with one name come back once, their aliases
// pooled.
MATCH (p:Speaker)
WHERE p.tenant = $tenant AND ($conversation IS NULL OR p.conversation = $conversation)
OPTIONAL MATCH (a:SpeakerAlias)-[:ALIAS_OF]->(p)
WHERE a.tenant = $tenant
WITH p.name AS name, a.alias AS alias, a.how AS how, sum(a.count) AS count
ORDER BY name, count DESC, alias
WITH name, collect(CASE WHEN alias IS NULL THEN null ELSE {alias: alias, how: how, count: count} END) AS aliases
RETURN name, aliases
ORDER BY name
