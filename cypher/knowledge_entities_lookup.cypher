// Entity resolution, first read of a batch's knowledge: the conversation's
// speaker entities and every entity any of whose alias keys the batch uses.
// Entities are scoped to one conversation of one tenant.
MATCH (e:Entity {tenant: $tenant, conversation: $conversation})
WHERE e.speaker IS NOT NULL OR any(k IN e.alias_keys WHERE k IN $keys)
RETURN e.uid AS uid, e.name AS name, e.type AS type, e.alias_keys AS alias_keys,
       e.aliases AS aliases, e.speaker AS speaker, e.mentions AS mentions
