// Sets the reply key (see turns_create) of turns written before Loci kept
// one: a turn answered in its session by another speaker gets that
// speaker's key. Run by `loci migrate` when it rebuilds the turn vector
// index to declare the key (before creating it, so the index is built once),
// in transactions of 10,000 turns. Turns that have their key are left alone,
// so running it again does nothing.
MATCH (a:Turn)-[:NEXT]->(b:Turn)
WHERE a.reply_speaker_key IS NULL AND a.session = b.session AND a.speaker <> b.speaker
CALL (a, b) {
  SET a.reply_speaker_key = b.speaker_key
} IN TRANSACTIONS OF 10000 ROWS
