package extract

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/ontology"
)

// checkBatch readies a batch for ingest, synchronous or not: the default
// tenant for "", an id for every turn sent without one (assignTurnIDs),
// then ontology.ValidateTurns. It returns the tenant and the batch's ids.
func checkBatch(tenant, conversation string, turns []ontology.Turn) (string, []string, error) {
	if tenant == "" {
		tenant = ontology.DefaultTenant
	}
	ids, err := assignTurnIDs(turns)
	if err != nil {
		return "", nil, err
	}
	if err := ontology.ValidateTurns(conversation, turns); err != nil {
		return "", nil, err
	}
	return tenant, ids, nil
}

// assignTurnIDs gives every turn sent without an id one of Loci's own and
// returns the batch's ids in order, given or assigned. An assigned id is a
// UUID of version 7, so ids assigned later sort later. A client that names
// its turns can resend a batch harmlessly (turns already stored are
// reported, not stored twice); a batch resent without ids is stored again,
// since nothing tells a resend from a new message with the same words.
func assignTurnIDs(turns []ontology.Turn) ([]string, error) {
	ids := make([]string, len(turns))
	for i := range turns {
		if turns[i].ID == "" {
			id, err := uuid.NewV7()
			if err != nil {
				return nil, fmt.Errorf("assign an id to turn %d: %w", i, err)
			}
			turns[i].ID = id.String()
		}
		ids[i] = turns[i].ID
	}
	return ids, nil
}
