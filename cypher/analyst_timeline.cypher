// Analyst query (Neo4j Browser, docs/analyst.md): a person's timeline. The
// events involving $person (a name or alias, any case; any entity works) in
// one conversation, ordered by when they happened (undated ones last, in
// the order they were told): when (a year, a month, a day or a range), the
// original time phrase, what, who else and where, and the turns it was
// drawn from ("id [date said] speaker: text"); then the exact span.
//   :param tenant => 'default'
//   :param conversation => 'ctx-conv-26'
//   :param person => 'Caroline'
MATCH (p:Entity {tenant: $tenant, conversation: $conversation})
WHERE toLower(p.name) = toLower($person) OR toLower(p.speaker) = toLower($person)
   OR toLower($person) IN [x IN coalesce(p.aliases, []) | toLower(x)]
MATCH (ev:Event)-[:INVOLVES]->(p)
WHERE ev.tenant = $tenant
CALL (ev) {
  OPTIONAL MATCH (ev)-[:FROM]->(t:Turn)
  WITH t ORDER BY t.timestamp, t.seq
  RETURN collect(t.id + coalesce(' [' + toString(date(t.timestamp)) + ']', '') + ' ' + t.speaker + ': ' + t.text) AS source,
         min(t.seq) AS told_at
}
WITH p, ev, source, told_at, date(ev.when_start) AS start, date(ev.when_end) AS end
RETURN CASE
         WHEN start IS NULL THEN null
         WHEN ev.when_granularity = 'year' THEN toString(start.year)
         WHEN ev.when_granularity = 'month' THEN substring(toString(start), 0, 7)
         WHEN end IS NULL OR end <= start + duration({days: 1}) THEN toString(start)
         ELSE toString(start) + ' .. ' + toString(end - duration({days: 1}))
       END AS happened,
       ev.when_phrase AS phrase, ev.what AS what,
       COLLECT { MATCH (ev)-[:INVOLVES]->(o:Entity) WHERE o <> p RETURN o.name ORDER BY o.name } AS others,
       COLLECT { MATCH (ev)-[:AT]->(w:Entity) RETURN w.name } AS place,
       source,
       ev.when_start AS when_start, ev.when_end AS when_end, ev.when_granularity AS granularity,
       ev.confidence AS confidence, ev.extractor AS extractor, p.name AS person
ORDER BY when_start IS NULL, when_start, told_at, what
