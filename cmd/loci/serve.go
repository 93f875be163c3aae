package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/handlers"
	lociapp "github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/mcpserver"
	"github.com/loci-memory/loci/ontology"
)

func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	a, err := lociapp.Open(ctx, cfg, false)
	if err != nil {
		return err
	}
	// A read never waits for an anchor build, first ones included: those
	// are write transactions that queue behind the batches being written
	// (StartAnchorPass below builds new anchors within seconds).
	a.Contexts.WithFirstBuildsInBackground()
	defer a.Close()

	ready := &readiness{store: a.Store, log: log}
	ready.set(errors.New("connecting to Neo4j"))
	go ready.run(ctx)

	addr := cfg.Addr
	sec, err := loadSecurity(cfg)
	if err != nil {
		return err
	}
	if err := checkBind(addr, sec.auth != nil, log); err != nil {
		return err
	}
	if sec.auth != nil {
		log.Info("API keys required", "keys", sec.keys, "from", sec.source)
	}
	writes := a.StartWrites(ctx, log)
	defer writes.Stop() // the enrichment workers stop before the driver closes
	md := a.MCPDeps()
	md.Ingest, md.Timeout, md.Log = writes.Ingest, sec.timeout, log
	deps := a.HandlerDeps()
	deps.Ingest, deps.Status = writes.Ingest, writes.Status
	deps.Ready, deps.Log = ready.check, log
	deps.Auth, deps.RateLimit, deps.RequestTimeout = sec.auth, sec.limit, sec.timeout
	deps.MCP = mcpserver.Handler(mcpserver.New(md))
	gin.SetMode(gin.ReleaseMode)
	srv := &http.Server{
		Addr:              addr,
		Handler:           handlers.New(deps),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	embedder := "none"
	if a.Embedder != nil {
		embedder = a.Embedder.ID()
	}
	stopDebug, err := startDebugListener(cfg.PProf, log)
	if err != nil {
		ln.Close()
		return err
	}
	defer stopDebug()
	defer a.StartAnchorPass(ctx, log)() // stopped (and waited for) before the driver closes
	defer a.Contexts.WaitRebuilds()     // rebuilds reads started in the background, likewise
	log.Info("loci serving", "addr", "http://"+ln.Addr().String(), "neo4j", cfg.Neo4jURI, "embedder", embedder)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining in-flight requests")
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// readinessFailures is how many failed pings in a row (3 s apart) make a
// ready Loci unready.
const readinessFailures = 3

// readiness tracks whether Loci can serve: it applies the schema as soon as
// Neo4j answers (retrying with backoff while it does not), then re-checks
// Neo4j every few seconds. Requests read the last result, so readiness costs
// them nothing.
type readiness struct {
	store *graph.Store
	log   *slog.Logger
	state atomic.Pointer[error] // nil error when ready
}

func (r *readiness) set(err error) { r.state.Store(&err) }

func (r *readiness) check(context.Context) error {
	if p := r.state.Load(); p != nil {
		return *p
	}
	return &ontology.Error{Code: ontology.EUnavailable, Message: "starting: the Neo4j schema is not applied yet"}
}

// unready is a readiness failure: message is what /readyz and every /v1
// request answer; err, with the driver's text (addresses, server
// messages), goes only to the log.
func unready(message string, err error) error {
	return &ontology.Error{Code: ontology.EUnavailable, Message: message, Err: err}
}

func (r *readiness) run(ctx context.Context) {
	retry := &backoff.ExponentialBackOff{InitialInterval: 500 * time.Millisecond, Multiplier: 2, MaxInterval: 10 * time.Second}
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		return struct{}{}, r.store.Migrate(ctx, 5*time.Minute)
	}, backoff.WithBackOff(retry), backoff.WithMaxElapsedTime(0), backoff.WithNotify(func(err error, wait time.Duration) {
		r.set(unready("Neo4j not usable yet: "+ontology.ErrorMessage(err), err))
		r.log.Warn("Neo4j not usable yet; retrying", "err", err, "retry_in", wait)
	}))
	if err != nil { // ctx ended
		return
	}
	r.set(nil)
	r.log.Info("ready: schema applied, indexes online")
	failures := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(3 * time.Second):
		}
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := r.store.Ping(cctx)
		cancel()
		if err != nil {
			failures++
			err = unready("Neo4j unreachable: "+ontology.ErrorMessage(err), err)
			// One slow ping on a busy machine is not an outage: readiness
			// flips (and every request gets 503) only after a few in a row.
			if failures < readinessFailures {
				r.log.Warn("Neo4j ping failed", "err", err, "in_a_row", failures)
				continue
			}
		} else {
			failures = 0
		}
		if (err == nil) != (r.check(ctx) == nil) {
			r.log.Warn("readiness changed", "ready", err == nil, "err", err)
		}
		r.set(err)
	}
}

// startDebugListener serves Go's pprof profiles (/debug/pprof/: heap,
// allocs, profile, goroutine…) on addr, a loopback address of its own, when
// LOCI_PPROF names one; with addr "" it does nothing. Profiles show the
// process's internals and cost CPU, so they are off by default, never on
// the API's listener, and never on a routable address.
func startDebugListener(addr string, log *slog.Logger) (stop func(), err error) {
	if addr == "" {
		return func() {}, nil
	}
	loopback, err := isLoopback("LOCI_PPROF", addr)
	if err != nil {
		return nil, err
	}
	if !loopback {
		return nil, fmt.Errorf("LOCI_PPROF %q: profiles are served on loopback addresses only (e.g. 127.0.0.1:6060)", addr)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("LOCI_PPROF: listening on %s: %w", addr, err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	log.Warn("pprof profiles served (LOCI_PPROF); unset it in production", "addr", "http://"+ln.Addr().String()+"/debug/pprof/")
	return func() { _ = srv.Close() }, nil
}

// defaultMemoryLimit is the soft limit on the memory the Go runtime holds
// (heap, stacks, runtime structures; not ONNX Runtime's or cgo's) when
// GOMEMLIMIT is not set. Without a limit the collector lets the heap grow
// to twice what was live at the last collection, so a transient peak (a
// topic rebuild of a long conversation) doubles in RSS, and the freed
// pages return to the system only slowly. Near the limit the collector
// runs sooner and returns pages at once; past it, it runs more often but
// never fails an allocation (the limit is soft, and the collector takes at
// most about half the CPU to hold it).
const defaultMemoryLimit = 192 << 20

// applyMemoryLimit sets defaultMemoryLimit unless GOMEMLIMIT is set (the
// runtime has applied it already; GOMEMLIMIT=off removes the limit).
func applyMemoryLimit(cfg config.Config) {
	if cfg.GoMemLimit == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
}
