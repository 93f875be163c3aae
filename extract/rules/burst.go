package rules

// A burst is what a chat says in several short messages that one message
// would say: "he's set up his own studio!!" / "it's called Foldline",
// "anyone want to join our five-a-side team?" / "we're called Real Ale
// Madrid". What a turn leaves waiting for a name (a business set up, "our
// team", a pet's species) waits on into the same speaker's next turn, as
// an unnamed pet already does (h14-meta: the burst variant of the dev
// chats lost these at every turn boundary).

// waiting is the state a turn leaves for its speaker's next turn.
type waiting struct {
	speaker  string
	turn     string
	at       int // the turn's place in the discourse
	founded  *founding
	ourGroup bool
	species  string
}

// resume hands c what the previous turn, by the same speaker, left
// waiting; the founding then also cites that turn.
func (c *turnCtx) resume(w *waiting, index int) {
	if w == nil || w.at != index-1 || w.speaker != c.speaker.Name || c.speaker.Name == "" {
		return
	}
	if c.founded == nil && w.founded != nil {
		f := *w.founded
		f.cite = append(append([]string(nil), f.cite...), w.turn)
		c.founded = &f
	}
	c.ourGroup = c.ourGroup || w.ourGroup
	if c.species == "" {
		c.species = w.species
	}
}

// left is what turn c leaves waiting for its speaker's next turn.
func (c *turnCtx) left(turn string, index int) *waiting {
	if c.founded == nil && !c.ourGroup && c.species == "" {
		return nil
	}
	return &waiting{speaker: c.speaker.Name, turn: turn, at: index, founded: c.founded, ourGroup: c.ourGroup, species: c.species}
}
