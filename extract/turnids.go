package extract

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/loci-memory/loci/ontology"
)

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
