package extract

import (
	"context"
	"time"

	"github.com/loci-memory/loci/internal/periodic"
	"github.com/loci-memory/loci/ontology"
)

// Taking up pending work: at start, and every EnrichConfig.ResumeAfter
// after, the work acknowledged before then and left by a stopped process.

// resumeBefore is the acknowledgement time before which pending work is
// taken up (see EnrichConfig.ResumeAfter).
func (e *Enricher) resumeBefore() time.Time {
	if e.cfg.ResumeAfter < 0 {
		return time.Now().Add(time.Hour)
	}
	return time.Now().Add(-e.cfg.ResumeAfter)
}

// adopt queues the listed conversations' pending work, except where this
// process already knows of pending turns (it acknowledged them, or took
// them up before): those it enriches anyway. A conversation with a batch
// this process is still acknowledging is left too: the list may hold
// that batch (committed, its mark stamped when its transaction ran, which
// a slow commit or return can make older than ResumeAfter), and AddTurns
// counts it once it returns. e.mu is held.
func (e *Enricher) adopt(list []ontology.PendingConversation) int {
	n := 0
	for _, p := range list {
		k := convKey{p.Tenant, p.Conversation}
		c := e.conv(k)
		if c.turns > 0 || c.acking > 0 || c.queued || c.running {
			continue
		}
		c.turns += int(p.Turns)
		e.pending += int(p.Turns)
		e.enqueue(k, c)
		n++
	}
	return n
}

// rescan takes up, every ResumeAfter until ctx ends, the pending work
// another process left (see EnrichConfig.ResumeAfter).
func (e *Enricher) rescan(ctx context.Context) {
	periodic.Every(ctx, e.cfg.ResumeAfter, func() {
		list, err := e.store.PendingConversations(ctx, e.resumeBefore())
		if err != nil {
			if ctx.Err() == nil {
				e.cfg.Log.Warn("enrichment: cannot read the stored backlog", "err", err)
			}
			return
		}
		e.mu.Lock()
		if n := e.adopt(list); n > 0 {
			e.broadcast()
			e.cfg.Log.Info("enrichment: taking up pending work left by a stopped process", "conversations", n)
		}
		e.mu.Unlock()
	})
}

// recover reads the conversations with pending turns and queues them.
func (e *Enricher) recover(ctx context.Context) bool {
	backoff := e.cfg.Retry
	for {
		list, err := e.store.PendingConversations(ctx, e.resumeBefore())
		if err == nil {
			e.mu.Lock()
			e.adopt(list)
			e.started = true
			close(e.recovered)
			e.broadcast()
			e.mu.Unlock()
			if len(list) > 0 {
				e.cfg.Log.Info("enrichment: resuming the stored backlog", "conversations", len(list), "turns", e.Backlog())
			}
			return true
		}
		e.cfg.Log.Warn("enrichment: cannot read the stored backlog yet; retrying", "err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return false
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, time.Minute)
	}
}
