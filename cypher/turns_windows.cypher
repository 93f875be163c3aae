// Sets the context window (see turns_create and ontology.ContextWindow) of
// turns stored before Loci kept one: the texts of up to two turns right
// before each in its session (following NEXT back, stopping at another
// session), then its own, joined by a newline. Run by `loci migrate` before
// it creates the turn_window index (so the index is built once), in
// transactions of 10,000 turns. Turns that have a window are left alone,
// so running it again does nothing.
MATCH (t:Turn)
WHERE t.window IS NULL
CALL (t) {
  OPTIONAL MATCH (p1:Turn)-[:NEXT]->(t)
  WITH t, CASE WHEN p1.session = t.session THEN p1 END AS p1
  OPTIONAL MATCH (p2:Turn)-[:NEXT]->(p1)
  WITH t, p1, CASE WHEN p2.session = t.session THEN p2 END AS p2
  WITH t, [x IN [p2.text, p1.text, t.text] WHERE x IS NOT NULL] AS parts
  SET t.window = reduce(w = head(parts), x IN tail(parts) | w + '\n' + x)
} IN TRANSACTIONS OF 10000 ROWS
