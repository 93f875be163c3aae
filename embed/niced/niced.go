// Package niced runs functions on a few dedicated OS threads of lowered
// scheduling priority (a higher nice value), so that CPU-heavy work nobody
// is waiting on right now, such as embedding the turns of an ingested
// batch, yields the CPU to work somebody is waiting on, such as a search
// embedding its query.
//
// Each thread is locked to one worker goroutine for the pool's life and
// never handed back to the Go scheduler: the worker exits still locked, so
// the runtime ends the thread instead of running other goroutines on it at
// the lowered priority. A function run by the pool should spend its time
// in a cgo call (such as ONNX Runtime's Run, which executes on the calling
// thread with one intra-op thread): during a cgo call the thread holds no
// Go processor, so the lowered priority slows only the call itself, not
// the goroutines waiting for a processor.
//
// Only Linux has per-thread nice values; elsewhere the threads keep the
// process's priority (Supported is false) and the pool only runs the
// functions on them.
package niced

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// ErrClosed is returned by Do after Close.
var ErrClosed = errors.New("niced: pool is closed")

// MaxNice is the largest nice value a thread can have; New clamps to it.
const MaxNice = 19

// Pool is a fixed set of OS threads, each running one function at a time
// at the priority New lowered it to. It is safe for concurrent use.
type Pool struct {
	nice      int
	jobs      chan job
	quit      chan struct{}
	closeOnce sync.Once
	wg        sync.WaitGroup
}

// job is one Do call: fn, and where the worker reports that it returned.
type job struct {
	fn   func()
	done chan any // receives fn's panic value, or nil
}

// New starts threads worker threads whose nice value is raised by nice
// (from the process's, at most to MaxNice). nice 0 keeps the priority.
// Close the pool when done.
func New(threads, nice int) (*Pool, error) {
	if threads < 1 {
		return nil, fmt.Errorf("niced: %d threads: want at least 1", threads)
	}
	if nice < 0 {
		return nil, fmt.Errorf("niced: nice %d: a pool only lowers priority (want >= 0)", nice)
	}
	p := &Pool{nice: nice, jobs: make(chan job), quit: make(chan struct{})}
	started := make(chan error, threads)
	p.wg.Add(threads)
	for range threads {
		go p.work(started)
	}
	var errs []error
	for range threads {
		if err := <-started; err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// work is one worker: it locks its goroutine to its thread, lowers the
// thread's priority and runs jobs until Close.
func (p *Pool) work(started chan<- error) {
	runtime.LockOSThread()
	if onMainThread() {
		// The runtime parks the main thread for good when a goroutine
		// locked to it exits, and the main thread's nice value is what
		// tools show for the process: leave it alone and try again
		// on another thread.
		runtime.UnlockOSThread()
		go p.work(started)
		return
	}
	defer p.wg.Done()
	// Deliberately never unlocked: see the package comment.
	if err := lowerThreadPriority(p.nice); err != nil {
		started <- fmt.Errorf("niced: lower the thread's priority by %d: %w", p.nice, err)
		return
	}
	started <- nil
	for {
		select {
		case j := <-p.jobs:
			j.run()
		case <-p.quit:
			return
		}
	}
}

// run calls fn, passing a panic on to the goroutine that called Do.
func (j job) run() {
	defer func() { j.done <- recover() }()
	j.fn()
}

// Do runs fn on one of the pool's threads and returns when fn has
// returned. If ctx ends or the pool closes before a thread is free, fn is
// not run and Do returns ctx's error or ErrClosed; once started, fn runs to
// its end. A panic in fn is raised again in Do's caller.
func (p *Pool) Do(ctx context.Context, fn func()) error {
	j := job{fn: fn, done: make(chan any, 1)}
	select {
	case <-p.quit: // checked first: after Close no job starts
		return ErrClosed
	default:
	}
	select {
	case p.jobs <- j:
	case <-ctx.Done():
		return ctx.Err()
	case <-p.quit:
		return ErrClosed
	}
	if r := <-j.done; r != nil {
		panic(r)
	}
	return nil
}

// Close stops the workers after the functions they are running return,
// which ends their threads. Close is idempotent.
func (p *Pool) Close() error {
	p.closeOnce.Do(func() { close(p.quit) })
	p.wg.Wait()
	return nil
}
