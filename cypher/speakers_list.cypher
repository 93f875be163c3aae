// Speaker names of one conversation, or of every conversation of the tenant
// when $conversation is null.
MATCH (p:Speaker)
WHERE p.tenant = $tenant AND ($conversation IS NULL OR p.conversation = $conversation)
RETURN DISTINCT p.name AS name
ORDER BY name
