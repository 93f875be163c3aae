// Records the group a batch was read as the conversation's own chat of
// (ontology.Extraction.ChatGroup) on its Conversation node: own_groups
// holds the groups' names and own_group_keys their normalised names, in
// the order first read, each group once, at most $max_own_groups
// (ontology.RecordChatGroup does the same in Go). Properties of the
// conversation rather than a relationship to the group's entity: they
// show on the conversation in Neo4j Browser and outlive the entity's
// retype, rename or removal. $writes.own_group is zero or one row (a map,
// as $writes.aliases in speaker_aliases_learn); turns_batch_context
// reads them back.
UNWIND $writes.own_group AS g
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
  AND NOT g.key IN coalesce(c.own_group_keys, [])
  AND size(coalesce(c.own_group_keys, [])) < $max_own_groups
SET c.own_groups = coalesce(c.own_groups, []) + g.name,
    c.own_group_keys = coalesce(c.own_group_keys, []) + g.key
