// Full-text search over bursts (their members' texts joined). $lucene
// scopes by tenant, conversation and speaker through their keys; the WHERE
// repeats the scope exactly. $not_speaker keeps only other speakers'
// bursts (the matches of the reply and prompt channels). As of $as_of only
// bursts whose last message was said by then, known at $known_at only
// bursts stored as they are by then; null parameters read from now.
CALL db.index.fulltext.queryNodes('burst_text', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.tenant = $tenant
  AND ($conversation IS NULL OR node.conversation = $conversation)
  AND ($speaker IS NULL OR toLower(node.speaker) = $speaker)
  AND ($not_speaker IS NULL OR toLower(node.speaker) <> $not_speaker)
  AND ($as_of IS NULL OR node.last_timestamp IS NULL OR node.last_timestamp <= $as_of)
  AND ($known_at IS NULL OR node.updated_at IS NULL OR node.updated_at <= $known_at)
RETURN 'burst' AS kind, node.uid AS uid, node.id AS id, node.conversation AS conversation, node.session AS session,
       node.speaker AS speaker, node.text AS text, node.timestamp AS timestamp,
       node.seq AS seq, node.turn_ids AS members, score
ORDER BY score DESC, conversation, seq
LIMIT $limit
