// A search's channel statements as one statement, each turn or fact they
// find read once (graph.combineReadOnce). {{channels}} is the channels'
// statements, each a CALL () { … } subquery whose projection graph/ has
// narrowed to the node found, the keys the channel orders by and the
// score, its rows collected into one list tagged with the channel's
// index, joined by UNION ALL (as in the combined statement of
// graph.combineStatements). A default search's channels return ~170 rows
// naming ~100 distinct turns and facts: their properties (the text above
// all) are read from the store and sent over Bolt once per node, not once
// per row. Rows name their node by elementId, stable within the
// transaction. Only nodes of $tenant are read: every channel keeps to it
// already, and graph/ fails a search whose row names a node not returned.
// The node lists hold a turn's or a fact's columns in the order of
// graph's turnResults and factResults (without the score).
CALL () {
{{channels}}
}
WITH collect([channel, rows]) AS channels
CALL (channels) {
  UNWIND channels AS c
  UNWIND c[1] AS row
  WITH DISTINCT row[0] AS n
  WHERE n.tenant = $tenant
  RETURN collect(CASE WHEN n:Fact
    THEN [elementId(n), n.uid, n.conversation, n.session, n.subject, n.statement, n.valid_from,
          n.source_turn_ids, n.extractor]
    ELSE [elementId(n), n.id, n.conversation, n.session, n.speaker, n.text, n.timestamp, n.seq] END) AS nodes
}
RETURN [c IN channels | [c[0], [row IN c[1] | [elementId(row[0]), row[1]]]]] AS channels, nodes
