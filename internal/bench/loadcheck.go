package bench

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/cenkalti/backoff/v5"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/ontology"
)

// The load's writers and readers, and the read-back that checks what was
// acknowledged.

// writer generates conversations one after another and sends each in
// batches; it never sends a batch before the previous one is acknowledged.
func (l *loader) writer(ctx context.Context, w int) {
	for n := 0; ; n++ {
		c := newLoadConversation(l.cfg.seed, l.cfg.prefix, w, n)
		for sent := 0; sent < l.cfg.perConversation; sent += l.cfg.batch {
			if ctx.Err() != nil || time.Now().After(l.stopAt) {
				return
			}
			turns := c.next(min(l.cfg.batch, l.cfg.perConversation-sent))
			if sent == 0 {
				l.mu.Lock()
				l.convs = append(l.convs, c)
				l.mu.Unlock()
			}
			if l.sendBatch(ctx, c, turns) == batchEnded {
				return
			}
		}
	}
}

type batchOutcome int

const (
	batchAcked    batchOutcome = iota
	batchRejected              // a 4xx: resending would not help
	batchEnded                 // the run ended first: left unacknowledged
)

// errRejected and errEnded stop a batch's resending: the server refused it
// for good, or the run ends before the next attempt.
var (
	errRejected = errors.New("batch rejected")
	errEnded    = errors.New("run ended")
)

// sendBatch posts turns until they are acknowledged, the server refuses
// them for good, or the run ends; it waits between attempts with jittered
// exponential backoff (250 ms doubling to 5 s, ±50 %).
func (l *loader) sendBatch(ctx context.Context, c *loadConversation, turns []ontology.Turn) batchOutcome {
	attempt := 0
	send := func() (struct{}, error) {
		attempt++
		var ack client.AddTurnsResult
		status, err := l.call(ctx, "add_turns", func() (err error) {
			ack, err = l.client.AddTurns(ctx, c.id, turns)
			return err
		})
		switch {
		case ctx.Err() != nil:
			return struct{}{}, backoff.Permanent(errEnded)
		case err == nil:
			l.acknowledged(c, turns, ack, attempt)
			return struct{}{}, nil
		case !retryable(status, err):
			l.rejected.Add(1)
			l.examples.add("batch rejected", "%s %s..%s: %s", c.id, turns[0].ID, turns[len(turns)-1].ID, describe(err))
			return struct{}{}, backoff.Permanent(errRejected)
		case status == 0:
			l.examples.add("add_turns transport error", "%s: %v", c.id, err)
		case status != http.StatusServiceUnavailable:
			l.examples.add(fmt.Sprintf("add_turns HTTP %d", status), "%s: %s", c.id, describe(err))
		}
		l.retries.Add(1)
		return struct{}{}, err
	}
	wait := &backoff.ExponentialBackOff{InitialInterval: 250 * time.Millisecond, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: 5 * time.Second}
	// No attempt starts after the run's end.
	_, err := backoff.Retry(ctx, send, backoff.WithBackOff(wait), backoff.WithMaxElapsedTime(max(time.Until(l.stopAt), time.Nanosecond)))
	switch {
	case err == nil:
		return batchAcked
	case errors.Is(err, errRejected):
		return batchRejected
	}
	return batchEnded
}

// acknowledged records an acknowledged batch of c, sent in attempt
// attempts.
func (l *loader) acknowledged(c *loadConversation, turns []ontology.Turn, ack client.AddTurnsResult, attempt int) {
	if ack.Created+ack.Existing != len(turns) {
		l.badAcks.Add(1)
		l.examples.add("odd acknowledgement", "%s: %d turns sent, answer: %d created, %d existing", c.id, len(turns), ack.Created, ack.Existing)
	}
	c.mu.Lock()
	for _, t := range turns {
		c.ackedID[t.ID] = true
	}
	first := len(c.ackedID) == len(turns)
	c.mu.Unlock()
	l.mu.Lock()
	if first {
		l.readable = append(l.readable, c)
	}
	now := time.Since(l.start)
	l.maxGap = max(l.maxGap, now-l.lastAck)
	l.lastAck = now
	l.mu.Unlock()
	l.acked.Add(int64(len(turns)))
	if attempt > 1 {
		l.retried.Add(1)
	}
}

// reader searches conversations that have data until the run ends; one
// request in five is a /v1/context.
func (l *loader) reader(ctx context.Context, r int) {
	rng := rand.New(rand.NewPCG(l.cfg.seed^0x5eed, uint64(r)))
	for ctx.Err() == nil && time.Now().Before(l.stopAt) {
		l.mu.Lock()
		var c *loadConversation
		if n := len(l.readable); n > 0 {
			c = l.readable[rng.IntN(n)]
		}
		l.mu.Unlock()
		if c == nil {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		q := c.question(rng)
		route, f := "search", func() error {
			_, err := l.client.Search(ctx, ontology.SearchRequest{Conversation: c.id, Query: q, Limit: 10})
			return err
		}
		if rng.IntN(5) == 0 {
			route, f = "context", func() error {
				_, err := l.client.Context(ctx, ontology.ContextRequest{Conversation: c.id, Query: q, BudgetTokens: 1000})
				return err
			}
		}
		status, err := l.call(ctx, route, f)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			if status == 0 {
				l.examples.add(route+" transport error", "%v", err)
			} else if status != http.StatusServiceUnavailable {
				l.examples.add(fmt.Sprintf("%s HTTP %d", route, status), "%s", describe(err))
			}
			time.Sleep(time.Duration(250+rng.IntN(750)) * time.Millisecond) // do not spin on a server that is down
		}
	}
}

type checkResult struct {
	conversations, sent, acked            int
	lost, duplicated, unexpected, altered int
	unackedPresent, outOfOrder, unchecked int
	neverCreated                          int // 404: none of its batches committed
}

// check reads every conversation written back, page by page, four at a
// time, and compares it with what was sent and acknowledged.
func (l *loader) check(ctx context.Context) checkResult {
	l.mu.Lock()
	convs := append([]*loadConversation(nil), l.convs...)
	l.mu.Unlock()
	var (
		mu    sync.Mutex
		total checkResult
		wg    sync.WaitGroup
	)
	work := make(chan *loadConversation)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				r := l.checkConversation(ctx, c)
				mu.Lock()
				total.conversations++
				total.sent += r.sent
				total.acked += r.acked
				total.lost += r.lost
				total.duplicated += r.duplicated
				total.unexpected += r.unexpected
				total.altered += r.altered
				total.unackedPresent += r.unackedPresent
				total.outOfOrder += r.outOfOrder
				total.unchecked += r.unchecked
				total.neverCreated += r.neverCreated
				mu.Unlock()
			}
		}()
	}
	for _, c := range convs {
		work <- c
	}
	close(work)
	wg.Wait()
	return total
}

func (l *loader) checkConversation(ctx context.Context, c *loadConversation) checkResult {
	c.mu.Lock()
	sent := append([]ontology.Turn(nil), c.sent...)
	acked := make(map[string]bool, len(c.ackedID))
	for id := range c.ackedID {
		acked[id] = true
	}
	c.mu.Unlock()
	res := checkResult{sent: len(sent), acked: len(acked)}
	order := make(map[string]int, len(sent))
	for i, t := range sent {
		order[t.ID] = i
	}

	var stored []ontology.StoredTurn
	after := int64(-1)
	for {
		page, found, err := l.listPage(ctx, c.id, after)
		if err != nil {
			res.unchecked = 1
			l.examples.add("conversation not checked", "%s: %v", c.id, err)
			return res
		}
		if !found {
			res.neverCreated = 1 // no batch of it committed
			break
		}
		stored = append(stored, page.Turns...)
		if page.NextAfter == nil {
			break
		}
		after = *page.NextAfter
	}

	count := map[string]int{}
	lastIndex := -1
	for _, t := range stored {
		count[t.ID]++
		i, ok := order[t.ID]
		if !ok {
			res.unexpected++
			l.examples.add("unexpected turn", "%s: id %q (seq %d) was never sent", c.id, t.ID, t.Seq)
			continue
		}
		if count[t.ID] == 1 {
			if s := sent[i]; s.Text != t.Text || s.Speaker != t.Speaker {
				res.altered++
				l.examples.add("altered turn", "%s: id %q stored as %q: %q", c.id, t.ID, t.Speaker, t.Text)
			}
			if i < lastIndex {
				res.outOfOrder++
				l.examples.add("turn out of order", "%s: id %q (seq %d) stored after a turn sent later", c.id, t.ID, t.Seq)
			}
			lastIndex = max(lastIndex, i)
			if !acked[t.ID] {
				res.unackedPresent++
			}
		}
	}
	for id, n := range count {
		if n > 1 {
			res.duplicated += n - 1
			l.examples.add("duplicated turn", "%s: id %q stored %d times", c.id, id, n)
		}
	}
	for id := range acked {
		if count[id] == 0 {
			res.lost++
			l.examples.add("lost turn", "%s: acknowledged id %q is missing", c.id, id)
		}
	}
	return res
}

// listPage reads one page of a conversation's turns, retrying transient
// failures up to ten times (waits from 500 ms doubling to 10 s). found is
// false on a 404.
func (l *loader) listPage(ctx context.Context, conv string, after int64) (ontology.TurnPage, bool, error) {
	get := func() (ontology.TurnPage, error) {
		var page ontology.TurnPage
		status, err := l.call(ctx, "list_turns", func() (err error) {
			page, err = l.client.Turns(ctx, conv, after, 1000)
			return err
		})
		if err != nil && !retryable(status, err) {
			return page, backoff.Permanent(err)
		}
		return page, err
	}
	wait := &backoff.ExponentialBackOff{InitialInterval: 500 * time.Millisecond, Multiplier: 2, MaxInterval: 10 * time.Second}
	page, err := backoff.Retry(ctx, get, backoff.WithBackOff(wait), backoff.WithMaxTries(10))
	var apiErr *client.Error
	switch {
	case err == nil:
		return page, true, nil
	case ctx.Err() != nil:
		return page, false, ctx.Err()
	case errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound:
		return page, false, nil
	case errors.As(err, &apiErr):
		return page, false, errors.New(describe(err))
	}
	return page, false, err
}
