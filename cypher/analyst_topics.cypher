// Analyst query (Neo4j Browser, docs/analyst.md): the topics running across
// a conversation's sessions. Every Topic anchor of $conversation, those
// spanning the most sessions first, with its label, time span,
// participants, the sessions it covers (in time order), its extractive
// summary and the turns it covers ("id [date] speaker: text").
//   :param tenant => 'default'
//   :param conversation => 'ctx-conv-26'
MATCH (tp:Topic {tenant: $tenant, conversation: $conversation})
CALL (tp) {
  MATCH (tp)-[:COVERS]->(t:Turn)
  WITH t ORDER BY t.timestamp, t.seq
  RETURN collect(t) AS ts
}
WITH tp, ts, reduce(s = [], t IN ts | CASE WHEN t.session IN s THEN s ELSE s + t.session END) AS sessions
RETURN tp.label AS label, size(sessions) AS session_count, sessions,
       toString(date(tp.span_start)) + ' .. ' + toString(date(tp.span_end)) AS span,
       tp.participants AS participants, size(ts) AS turn_count, tp.summary AS summary,
       [t IN ts | t.id + coalesce(' [' + toString(date(t.timestamp)) + ']', '') + ' ' + t.speaker + ': ' + t.text] AS turns,
       tp.span_start AS span_start, tp.span_end AS span_end
ORDER BY session_count DESC, turn_count DESC, label
