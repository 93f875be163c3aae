package llmcontext

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// The rebuilds reads start in the background run one at a time, and all
// of them run.
func TestBackgroundRebuildsOneAtATime(t *testing.T) {
	s := New(nil, nil, nil, nil)
	var now, most, ran atomic.Int32
	for i := range 5 {
		s.rebuildLater(context.Background(), fmt.Sprint("topics\x1fk", i), func(context.Context) error {
			n := now.Add(1)
			defer now.Add(-1)
			if n > most.Load() {
				most.Store(n)
			}
			time.Sleep(30 * time.Millisecond)
			ran.Add(1)
			return nil
		})
	}
	s.WaitRebuilds()
	if ran.Load() != 5 || most.Load() != 1 {
		t.Fatalf("%d rebuilds ran, at most %d at once; want 5, 1", ran.Load(), most.Load())
	}
}

// A rebuild waiting for the slot gives up when its context ends, without
// running; the one holding the slot is not disturbed.
func TestRebuildWaiterCancelled(t *testing.T) {
	s := New(nil, nil, nil, nil)
	release, held := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.Rebuild(context.Background(), func(context.Context) error { close(held); <-release; return nil })
	}()
	<-held
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	ran := false
	err := s.Rebuild(ctx, func(context.Context) error { ran = true; return nil })
	if !errors.Is(err, context.DeadlineExceeded) || ran {
		t.Fatalf("a waiting rebuild past its deadline: err %v, ran %v; want the deadline, not run", err, ran)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := s.Rebuild(context.Background(), func(context.Context) error { ran = true; return nil }); err != nil || !ran {
		t.Fatalf("after the slot was freed: err %v, ran %v", err, ran)
	}
}
