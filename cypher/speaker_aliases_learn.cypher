// Counts the aliases a batch's new turns used for speakers (vocatives,
// introductions), one row per speaker, alias and kind, with the turns
// that used it. An alias node keeps at most the latest 20 turn ids, so
// forgetting a speaker can drop what only their turns taught. The rows
// are $writes.aliases (a map, as $writes.bursts in bursts_write).
UNWIND $writes.aliases AS a
MATCH (p:Speaker {uid: a.speaker_uid})
WHERE p.tenant = $tenant AND p.conversation = $conversation
MERGE (x:SpeakerAlias {uid: a.uid})
  ON CREATE SET x.tenant = $tenant, x.conversation = $conversation, x.speaker = p.name,
                x.alias = a.alias, x.how = a.how, x.count = 0, x.turn_ids = [], x.created_at = datetime()
MERGE (x)-[:ALIAS_OF]->(p)
SET x.count = x.count + size(a.turn_ids),
    x.turn_ids = (x.turn_ids + a.turn_ids)[-20..]
