// The latest turn timestamp of a conversation: the "now" its relative time
// expressions in questions are resolved against.
MATCH (s:Session {tenant: $tenant, conversation: $conversation})
RETURN max(s.started_at) AS last
