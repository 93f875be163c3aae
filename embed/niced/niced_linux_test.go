//go:build linux

package niced

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// baseNice is the nice value of a thread the pool did not touch.
func baseNice(t *testing.T) int {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	n, err := ThreadNice()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestThreadsRunAtTheLoweredPriority: every function runs on a thread whose
// nice value (read from /proc and by getpriority) is the process's plus the
// pool's, on at most the pool's threads, none of them the caller's.
func TestThreadsRunAtTheLoweredPriority(t *testing.T) {
	base := baseNice(t)
	for _, nice := range []int{5, 10, MaxNice + 3} {
		want := min(base+nice, MaxNice)
		p, err := New(2, nice)
		if err != nil {
			t.Fatal(err)
		}
		var (
			mu   sync.Mutex
			tids = map[int]bool{}
			wg   sync.WaitGroup
		)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var got, prio, tid int
				var gerr error
				if err := p.Do(context.Background(), func() {
					tid = unix.Gettid()
					got, gerr = ThreadNice()
					prio, _ = unix.Getpriority(unix.PRIO_PROCESS, tid)
				}); err != nil {
					t.Error(err)
					return
				}
				if gerr != nil {
					t.Error(gerr)
					return
				}
				if got != want || 20-prio != want {
					t.Errorf("nice %d: the function ran at nice %d (/proc) and %d (getpriority), want %d", nice, got, 20-prio, want)
				}
				mu.Lock()
				defer mu.Unlock()
				tids[tid] = true
			}()
		}
		wg.Wait()
		if len(tids) == 0 || len(tids) > 2 || tids[os.Getpid()] {
			t.Errorf("nice %d: ran on threads %v, want 1 or 2 (the pool's), not the main thread %d", nice, tids, os.Getpid())
		}
		p.Close()
		// The threads end with their workers: none goes back to the Go
		// scheduler at the lowered priority.
		deadline := time.Now().Add(5 * time.Second)
		for tid := range tids {
			for {
				if _, err := os.Stat("/proc/self/task/" + strconv.Itoa(tid)); errors.Is(err, os.ErrNotExist) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("nice %d: thread %d still exists after Close", nice, tid)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
	}
}

// TestOtherThreadsKeepTheirPriority: while the pool's threads are busy
// waking other goroutines (which makes the runtime start threads), every
// thread the Go scheduler runs other goroutines on keeps the process's nice
// value: new threads are never cloned from a lowered one.
func TestOtherThreadsKeepTheirPriority(t *testing.T) {
	base := baseNice(t)
	p, err := New(2, 7)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	stop := make(chan struct{})
	var busy sync.WaitGroup
	for range 4 {
		busy.Add(1)
		go func() {
			defer busy.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				ch := make(chan int, 1)
				_ = p.Do(context.Background(), func() { ch <- 1 })
				<-ch
			}
		}()
	}
	var wg sync.WaitGroup
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			time.Sleep(time.Millisecond) // a sleeping locked goroutine makes the runtime start another thread
			if n, err := ThreadNice(); err != nil || n != base {
				t.Errorf("a goroutine outside the pool ran at nice %d (%v), want %d", n, err, base)
			}
		}()
	}
	wg.Wait()
	close(stop)
	busy.Wait()
}

// TestDoWhenBusyOrClosed: Do gives up on ctx when no thread frees up, runs
// nothing after Close, and raises a function's panic in its caller.
func TestDoWhenBusyOrClosed(t *testing.T) {
	p, err := New(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	release, started := make(chan struct{}), make(chan struct{})
	go p.Do(context.Background(), func() { close(started); <-release })
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	ran := false
	if err := p.Do(ctx, func() { ran = true }); !errors.Is(err, context.DeadlineExceeded) || ran {
		t.Errorf("Do on a busy pool with an ending ctx: %v, ran %v; want DeadlineExceeded, not run", err, ran)
	}
	close(release)

	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the function's panic", r)
			}
		}()
		_ = p.Do(context.Background(), func() { panic("boom") })
		t.Error("Do returned after its function panicked")
	}()
	if err := p.Do(context.Background(), func() { ran = true }); err != nil || !ran {
		t.Errorf("Do after a panic: %v, ran %v; want the thread still serving", err, ran)
	}

	p.Close()
	p.Close() // idempotent
	ran = false
	if err := p.Do(context.Background(), func() { ran = true }); !errors.Is(err, ErrClosed) || ran {
		t.Errorf("Do after Close: %v, ran %v; want ErrClosed, not run", err, ran)
	}
}

// TestNewRejects: no threads, or a priority raised rather than lowered.
func TestNewRejects(t *testing.T) {
	for _, c := range []struct{ threads, nice int }{{0, 5}, {2, -1}} {
		if p, err := New(c.threads, c.nice); err == nil {
			p.Close()
			t.Errorf("New(%d, %d) succeeded", c.threads, c.nice)
		}
	}
}
