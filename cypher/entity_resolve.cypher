// Finds the entity of a conversation a name refers to: an exact name first,
// then any alias (a first name, a possessive), then the most mentioned.
MATCH (n:Entity {tenant: $tenant, conversation: $conversation})
WHERE n.name_key = $key OR $key IN n.alias_keys
RETURN n.uid AS uid
ORDER BY CASE WHEN n.name_key = $key THEN 0 ELSE 1 END, n.mentions DESC, n.uid
LIMIT 1
