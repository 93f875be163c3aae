// Analyst query (Neo4j Browser, docs/analyst.md): how two entities of one
// conversation are linked. $from and $to are names or aliases (any case);
// the shortest chains of relations between them, up to 4 hops, each
// relation with its role, confidence, validity and the turns it was drawn
// from ("id [date] speaker: text"). `path` draws the chain in Browser's
// graph view. Only relations between entities are followed (the vocabulary
// of docs/ontology.md), never turns.
//   :param tenant => 'default'
//   :param conversation => 'ctx-conv-41'
//   :param from => 'Rob'
//   :param to => 'Sara'
MATCH (a:Entity {tenant: $tenant, conversation: $conversation})
WHERE toLower(a.name) = toLower($from) OR toLower($from) IN [x IN coalesce(a.aliases, []) | toLower(x)]
MATCH (b:Entity {tenant: $tenant, conversation: $conversation})
WHERE b <> a AND (toLower(b.name) = toLower($to) OR toLower($to) IN [x IN coalesce(b.aliases, []) | toLower(x)])
MATCH path = allShortestPaths((a)-[:WORKS_AT|LIVES_IN|MOVED_FROM|MOVED_TO|FAMILY_OF|FRIEND_OF|PARTNER_OF|MEMBER_OF|LIKES|OWNS|ATTENDED|CREATED|PART_OF|LOCATED_IN|MAKES|KNOWS|LEADS|COMES_FROM|RELATED_TO*..4]-(b))
WHERE all(n IN nodes(path) WHERE n.tenant = $tenant AND n.conversation = $conversation)
WITH path
LIMIT 25
RETURN length(path) AS hops,
       [n IN nodes(path) | n.name] AS entities,
       [r IN relationships(path) | {
          from: startNode(r).name, type: type(r), role: r.role, to: endNode(r).name,
          confidence: r.confidence, valid_from: r.valid_from, valid_to: r.valid_to,
          source_turns: COLLECT {
            MATCH (t:Turn {tenant: $tenant, conversation: $conversation})
            WHERE t.seq IS NOT NULL AND t.id IN r.source_turn_ids
            WITH t ORDER BY t.timestamp, t.seq
            RETURN t.id + coalesce(' [' + toString(date(t.timestamp)) + ']', '') + ' ' + t.speaker + ': ' + t.text
          }
       }] AS steps,
       path
ORDER BY hops, entities
