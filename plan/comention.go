package plan

// coMentions derives the MENTIONED_WITH layer from the batch's entity
// mentions, after resolution: two entities whose mentions cite the same
// turn of this batch are co-mentioned there. Each unordered pair gets one
// CoMention (from the smaller uid to the larger) counting the batch's
// turns naming both, with the first and last of their times (the record
// time for a turn without one) and the latest MaxCoMentionTurns of them.
// Only turns this batch created count, so a resent batch adds nothing. A
// speaker takes part only where a mention names them in that turn.
func (p *planner) coMentions() {
	at := map[[2]string]int{}
	for _, t := range p.b.Turns {
		uids := p.mentioned[t.ID]
		when := p.b.Now
		if t.Timestamp != nil {
			when = t.Timestamp.UTC()
		}
		for i := range uids {
			for j := i + 1; j < len(uids); j++ {
				a, b := uids[i], uids[j]
				if b < a {
					a, b = b, a
				}
				k, ok := at[[2]string{a, b}]
				if !ok {
					k = len(p.out.CoMentions)
					at[[2]string{a, b}] = k
					p.out.CoMentions = append(p.out.CoMentions, CoMention{FromUID: a, ToUID: b, FirstSeen: when, LastSeen: when})
				}
				c := &p.out.CoMentions[k]
				c.Count++
				c.SourceTurnIDs = append(c.SourceTurnIDs, t.ID)
				if when.Before(c.FirstSeen) {
					c.FirstSeen = when
				}
				if when.After(c.LastSeen) {
					c.LastSeen = when
				}
			}
		}
	}
	for i := range p.out.CoMentions {
		c := &p.out.CoMentions[i]
		if n := len(c.SourceTurnIDs); n > MaxCoMentionTurns {
			c.SourceTurnIDs = c.SourceTurnIDs[n-MaxCoMentionTurns:]
		}
	}
}
