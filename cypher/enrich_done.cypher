// Last statement of an enrichment, in its transaction: the turns are no
// longer pending, and the conversation's count goes down by as many.
// enrich_from moves past the batch ($next). Knowledge just written
// makes the conversation's topics stale.
MATCH (c:Conversation {uid: $conversation_uid})
WHERE c.tenant = $tenant
CALL (c) {
  UNWIND $turn_uids AS uid
  MATCH (t:Turn {uid: uid})
  WHERE t.tenant = $tenant AND t.enrich_batch IS NOT NULL
  REMOVE t.enrich_batch
  RETURN count(t) AS done
}
WITH c, done, coalesce(c.enrich_pending, 0) - done AS left
SET c.enrich_pending = CASE WHEN left > 0 THEN left ELSE 0 END,
    c.enrich_from = CASE WHEN left > 0 THEN $next ELSE null END,
    c.topics_stale = true
RETURN done, c.enrich_pending AS pending
