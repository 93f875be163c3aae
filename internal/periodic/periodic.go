// Package periodic runs background work at a fixed interval until its
// context ends: the loop the enrichment rescan and the anchor pass share.
package periodic

import (
	"context"
	"time"
)

// Every calls f every d (first after d) until ctx ends; f is never called
// once ctx is done, and a call in progress is waited for before Every
// returns. A d of zero or less calls nothing and returns at once.
func Every(ctx context.Context, d time.Duration, f func()) {
	if d <= 0 {
		return
	}
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if ctx.Err() != nil { // both were ready: the select may pick the tick
			return
		}
		f()
	}
}
