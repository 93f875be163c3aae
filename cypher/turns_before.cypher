// The turns of a conversation just before seq $before, newest first (the
// caller puts them in order): an enrichment's extraction context, which
// must not see turns acknowledged after the batch it enriches.
// The scope properties lead the ORDER BY so that the planner reads the
// turn_scope index (tenant, conversation, seq) backwards and stops after
// $limit turns; ordered by seq alone it reads every turn of the
// conversation and sorts them (graph/plan_order_test.go).
MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
WHERE t.seq < $before
WITH t ORDER BY t.tenant, t.conversation, t.seq DESC LIMIT $limit
RETURN t.id AS id, t.session AS session, t.speaker AS speaker, t.text AS text,
       t.timestamp AS timestamp, t.seq AS seq
