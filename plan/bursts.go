package plan

import (
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// DefaultBurstGap is the longest pause between two messages of one
// speaker that still continues their burst. People typing several short
// messages in a row send them seconds to a minute apart; after a few
// minutes of silence a message starts something new.
const DefaultBurstGap = 5 * time.Minute

// MaxBurstTurns caps how many turns one burst holds: a longer run starts a
// new burst. It bounds the text an embedding must represent (embedders read
// a few hundred tokens) and how much of a conversation's tail ingest reads
// to continue a burst across batches.
const MaxBurstTurns = 8

// Continues reports whether next continues the burst whose last turn is
// prev: same speaker, same session, and, when both carry a time, sent
// within gap of it (not before it by more than gap either: clocks of
// different devices disagree by seconds). Turns without a time have only
// their session to go by, so within a session consecutive turns of one
// speaker form a burst, as they would if they were timed close together.
func Continues(prev, next ontology.Turn, gap time.Duration) bool {
	if prev.Speaker != next.Speaker || prev.Session != next.Session {
		return false
	}
	if prev.Timestamp == nil || next.Timestamp == nil {
		return true
	}
	d := next.Timestamp.Sub(*prev.Timestamp)
	return d <= gap && d >= -gap
}

// Bursts groups tail (the conversation's last stored turns, oldest first)
// and batch (the new turns, in order) into bursts, and returns those that
// hold more than one turn and at least one turn of batch: the bursts the
// batch creates or grows. A burst that continues from tail keeps the id
// of its first stored member, so the store updates it in place. Turns
// whose id is in tail are not counted twice (a resent batch).
func Bursts(tail, batch []ontology.Turn, gap time.Duration) []ontology.Burst {
	stored := make(map[string]bool, len(tail))
	for _, t := range tail {
		stored[t.ID] = true
	}
	type run struct {
		turns []ontology.Turn
		fresh bool
	}
	var runs []run
	add := func(t ontology.Turn, fresh bool) {
		if n := len(runs); n > 0 {
			last := &runs[n-1]
			if len(last.turns) < MaxBurstTurns && Continues(last.turns[len(last.turns)-1], t, gap) {
				last.turns = append(last.turns, t)
				last.fresh = last.fresh || fresh
				return
			}
		}
		runs = append(runs, run{turns: []ontology.Turn{t}, fresh: fresh})
	}
	for _, t := range tail {
		add(t, false)
	}
	for _, t := range batch {
		if !stored[t.ID] {
			add(t, true)
		}
	}
	var out []ontology.Burst
	for _, r := range runs {
		if !r.fresh || len(r.turns) < 2 {
			continue
		}
		b := ontology.Burst{ID: r.turns[0].ID, Session: r.turns[0].Session, Speaker: r.turns[0].Speaker,
			First: r.turns[0].Timestamp, Last: r.turns[len(r.turns)-1].Timestamp}
		texts := make([]string, len(r.turns))
		for i, t := range r.turns {
			b.TurnIDs = append(b.TurnIDs, t.ID)
			texts[i] = t.Text
		}
		b.Text = strings.Join(texts, ontology.BurstSeparator)
		out = append(out, b)
	}
	return out
}
