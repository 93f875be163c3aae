// Analyst query (Neo4j Browser, docs/analyst.md): a person's profile and
// how it came to be. Every profile fact of $person (a name or alias, any
// case) in one conversation, current ones first, with its confidence,
// validity (valid_to is set once a newer value superseded it; nothing is
// deleted), the value that replaced it, the turns it rests on ("id [date]
// speaker: text") and its merge-decision history, oldest first: the
// decision that stored it, then every later decision that named it as the
// known value (a restatement skipped, or an update that replaced it), each
// as "action: value (reason; decider; source turns)".
//   :param tenant => 'default'
//   :param conversation => 'ctx-conv-30'
//   :param person => 'Gina'
MATCH (p:Entity {tenant: $tenant, conversation: $conversation})
WHERE toLower(p.name) = toLower($person) OR toLower(p.speaker) = toLower($person)
   OR toLower($person) IN [x IN coalesce(p.aliases, []) | toLower(x)]
MATCH (p)-[:HAS_PROFILE]->(f:ProfileFact)
WHERE f.tenant = $tenant
OPTIONAL MATCH (p)-[:HAS_PROFILE]->(next:ProfileFact {uid: f.superseded_by})
RETURN f.topic AS topic, f.sub_topic AS sub_topic, f.value AS value,
       f.valid_to IS NULL AS current, f.confidence AS confidence,
       COLLECT {
         MATCH (m:MergeDecision)-[:ABOUT]->(p)
         WHERE m.tenant = $tenant AND m.topic = f.topic AND m.sub_topic = f.sub_topic
           AND (m.profile_fact_uid = f.uid
                OR (m.action IN ['skip', 'update'] AND m.previous = f.value))
         WITH m ORDER BY m.at, CASE WHEN m.action IN ['insert', 'append'] THEN 0 ELSE 1 END, m.uid
         RETURN m.action + ': '
                + CASE m.action
                    WHEN 'update' THEN coalesce(m.previous, '') + ' -> ' + m.value
                    WHEN 'skip' THEN m.value + ', known as ' + coalesce(m.previous, '')
                    ELSE m.value
                  END
                + ' (' + coalesce(m.reason, '') + '; ' + coalesce(m.decider, '')
                + CASE WHEN m.ambiguous THEN ', ambiguous' ELSE '' END + '; '
                + reduce(s = '', i IN coalesce(m.source_turn_ids, []) | s + CASE s WHEN '' THEN '' ELSE ' ' END + i) + ')'
       } AS history,
       f.valid_from AS valid_from, f.valid_to AS valid_to, next.value AS superseded_by,
       COLLECT {
         MATCH (f)-[:FROM]->(t:Turn)
         WITH t ORDER BY t.timestamp, t.seq
         RETURN t.id + coalesce(' [' + toString(date(t.timestamp)) + ']', '') + ' ' + t.speaker + ': ' + t.text
       } AS source,
       p.name AS person
ORDER BY current DESC, topic, sub_topic, valid_from, value
