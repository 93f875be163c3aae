// Knowledge write: profile facts superseded by an update get a valid_to.
UNWIND $profile_ends AS pe
MATCH (p:ProfileFact {uid: pe.uid})
WHERE p.tenant = $tenant
SET p.valid_to = pe.valid_to, p.superseded_by = pe.by
