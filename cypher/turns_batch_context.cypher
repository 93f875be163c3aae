// What ingest reads of a conversation before it stores a batch, in one
// round trip: its speaker names and its last retrieval unit, which the
// batch may continue (turns_context_reads, placed at {{context}}, with
// $read_context true), and its last $limit turns by seq leaving out the
// batch's turn ids ($exclude; as turns_recent, newest first; extraction
// reads them as context), and when $limit > 0 the names and types of its
// entities of $name_types, the most mentioned first, at most $names
// (names), and the organisations its speakers hold a current MEMBER_OF
// or LEADS relation to, with how many speakers each, in no order (groups:
// few, ordered and bounded by ontology.RankGroupHolds, so that no sort
// enters the plan; ontology.ChatGroup decides from them whose own chat
// this is), and the groups batches were read as its own chat of
// (own_groups: the names conversation_own_group recorded on it, in the
// order first read; ontology.OwnChatGroup prefers them to the groups).
// One row, whatever the conversation holds. The recent turns
// are ordered by the scope properties too, so that the planner reads the
// turn_scope index backwards and stops after $limit of them, not every
// turn of the conversation (graph/plan_order_test.go).
OPTIONAL MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
{{context}}
CALL () {
  MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
  WHERE t.seq IS NOT NULL AND NOT t.id IN $exclude
  WITH t ORDER BY t.tenant, t.conversation, t.seq DESC LIMIT $limit
  RETURN collect(t {.id, .session, .speaker, .text, .timestamp, .seq}) AS recent
}
CALL () {
  OPTIONAL MATCH (e:Entity {tenant: $tenant, conversation: $conversation})
  WHERE $limit > 0 AND e.type IN $name_types
  WITH e ORDER BY e.mentions DESC, e.name, e.type LIMIT $names
  RETURN collect(e {.name, .type}) AS names
}
CALL () {
  OPTIONAL MATCH (sp:Speaker)-[:IS]->(:Entity)-[x:MEMBER_OF|LEADS]->(g:Entity:Organization)
  WHERE $limit > 0 AND sp.tenant = $tenant AND sp.conversation = $conversation
    AND x.tenant = $tenant AND x.conversation = $conversation AND x.valid_to IS NULL
  WITH g, count(DISTINCT sp) AS holders
  WHERE g IS NOT NULL
  RETURN collect({group: g {.name, .type}, speakers: holders}) AS groups
}
RETURN speakers, recent, burst_tail AS tail, names, groups,
       CASE WHEN $limit > 0 THEN coalesce(c.own_groups, []) ELSE [] END AS own_groups
