package ontology

import "time"

// KindBurst is a search result that is a burst: consecutive messages of one
// speaker sent close together, retrieved as one unit. Its ID is the first
// member turn's id and SourceTurnIDs lists every member, in order.
const KindBurst = "burst"

// Burst is a run of consecutive turns of one speaker in one session, each
// sent within the burst gap of the one before (see plan.Bursts). Bursts
// are stored beside turns, with the members' texts joined for full-text
// search and an embedding for vector search, when they hold more than one
// turn: a single turn is already its own unit.
type Burst struct {
	// ID is the first member's turn id: a burst that grows keeps it.
	ID       string
	Session  string
	Speaker  string
	TurnIDs  []string // the members, in conversation order
	Text     string   // the members' texts joined by BurstSeparator
	First    *time.Time
	Last     *time.Time
	FirstSeq int64 // set by the store
}

// BurstSeparator joins the texts of a burst's members.
const BurstSeparator = "\n"
