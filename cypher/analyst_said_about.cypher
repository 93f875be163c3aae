// Analyst query (Neo4j Browser, docs/analyst.md): what $person said about
// whom. Every entity other than $person themself that is named in a turn
// $person spoke in conversation $conversation of tenant $tenant, most
// mentioned first, with those turns in order ("id [date] speaker: text")
// and, drawn from them, the facts about the entity and the relations
// touching it.
//   :param tenant => 'default'
//   :param conversation => 'ctx-conv-26'
//   :param person => 'Caroline'
MATCH (sp:Speaker {tenant: $tenant, conversation: $conversation})
WHERE toLower(sp.name) = toLower($person)
MATCH (t:Turn)-[:SPOKEN_BY]->(sp)
WHERE t.tenant = $tenant AND t.conversation = $conversation
MATCH (e:Entity)-[:MENTIONED_IN]->(t)
WHERE e.tenant = $tenant AND e.conversation = $conversation AND NOT (sp)-[:IS]->(e)
WITH sp, e, t
ORDER BY t.timestamp, t.seq
WITH sp, e, collect(t) AS ts
WITH sp, e, [t IN ts | t.id] AS ids,
     [t IN ts | t.id + coalesce(' [' + toString(date(t.timestamp)) + ']', '') + ' ' + t.speaker + ': ' + t.text] AS turns
RETURN e.name AS about, e.type AS type, size(ids) AS mentions, turns,
       COLLECT {
         MATCH (f:Fact)-[:ABOUT]->(e)
         WHERE f.tenant = $tenant AND any(i IN f.source_turn_ids WHERE i IN ids)
         RETURN f.statement ORDER BY f.statement
       } AS facts,
       COLLECT {
         MATCH (e)-[r]-(o:Entity)
         WHERE o.tenant = $tenant AND type(r) <> 'MENTIONED_WITH' AND any(i IN r.source_turn_ids WHERE i IN ids)
         RETURN startNode(r).name + ' ' + type(r) + CASE WHEN coalesce(r.role, '') = '' THEN '' ELSE ' (' + r.role + ')' END
                + ' ' + endNode(r).name AS rel
         ORDER BY rel
       } AS relations,
       sp.name AS speaker
ORDER BY mentions DESC, about
