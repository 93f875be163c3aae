// The current (not superseded) profile facts of the subjects a batch's
// profile facts are about, for the merge rules.
UNWIND $subject_uids AS su
MATCH (e:Entity {uid: su})-[:HAS_PROFILE]->(p:ProfileFact)
WHERE e.tenant = $tenant AND p.tenant = $tenant AND p.valid_to IS NULL
RETURN su AS subject_uid, p.uid AS uid, p.topic AS topic, p.sub_topic AS sub_topic,
       p.value AS value, p.confidence AS confidence, p.valid_from AS valid_from
