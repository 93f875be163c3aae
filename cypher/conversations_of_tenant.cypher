MATCH (c:Conversation {tenant: $tenant})
RETURN c.id AS id
ORDER BY id
