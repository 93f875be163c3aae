// Entities of a conversation that a query names: any whose alias keys hold
// one of the query's word n-grams ($keys, normalised by graph/).
MATCH (e:Entity {tenant: $tenant, conversation: $conversation})
WHERE any(k IN e.alias_keys WHERE k IN $keys)
RETURN e.uid AS uid, e.name AS name, e.alias_keys AS alias_keys, e.speaker AS speaker
ORDER BY e.mentions DESC, e.uid
LIMIT 10
