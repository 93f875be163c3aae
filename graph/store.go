// Package graph is Loci's Neo4j store: the one package that talks to the
// database. Every statement comes from package cypher and every method is
// scoped to a tenant, which the statements filter on.
package graph

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/config"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/notifications"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// Config says how to reach Neo4j.
type Config struct {
	URI      string // bolt://host:7687 for one server, neo4j://host:7687 for a cluster
	User     string
	Password string
	Database string // "" = the server's default database
	// TxTimeout bounds every read transaction on the server side (default
	// 30 s); WriteTxTimeout every write (default 60 s: a batch of turns
	// with its knowledge on a cold or busy server can take long, and a
	// write that times out is resent and done again from the start).
	TxTimeout, WriteTxTimeout time.Duration
	// EmbedderID and EmbedderDimensions name the embedder whose vectors
	// turns carry; empty when Loci runs without embeddings.
	EmbedderID         string
	EmbedderDimensions int
	// VectorSearch overrides how vector channels run: "auto" or "" (the
	// server's best: in-index filtered SEARCH on Neo4j 2026.02+, the
	// exact-scan and over-fetch path on 5.26) or "exact" (exact scans).
	VectorSearch string
	// Observe, when set, is told of every managed transaction: "read" or
	// "write", how long it took (session, retries and all) and its
	// classified error (nil on success). cmd/loci feeds it to metrics.
	Observe func(access string, d time.Duration, err error)
	// SearchFallback, when set, is told each time a vector SEARCH
	// statement failed with a Neo4j DatabaseError or IndexNotFound (an
	// index dropped by a reindex) and its exact scan
	// answered instead (the statement's name). cmd/loci counts it.
	SearchFallback func(statement string)
	// StatementPerChannel runs a search's channels (SearchChannels) as
	// one statement each, in one transaction, instead of as one combined
	// statement (the default, measured to cost less Neo4j and Loci CPU per
	// search with the same results); kept for comparison.
	StatementPerChannel bool
}

// Store is the Neo4j-backed implementation of Loci's stores. It is safe for
// concurrent use; one Store serves the whole process.
type Store struct {
	driver                    neo4j.DriverWithContext
	database                  string
	txTimeout, writeTxTimeout time.Duration
	routing                   bool         // a neo4j:// URI: reads may go to secondaries
	vectors                   *vectorSpace // nil without an embedder
	observe                   func(access string, d time.Duration, err error)
	searchFallback            func(statement string)
	server                    *serverState // version and vector path, read once
	indexes                   *indexNames  // the vector index names SEARCH reads
	oneStatement              bool         // not Config.StatementPerChannel
	autoCommit                bool         // single read statements as auto-commit transactions (readAuto); off only in tests
}

// Open creates a Store. It does not contact Neo4j: a server that is down now
// may be up by the first request (see Ping and Migrate).
func Open(cfg Config) (*Store, error) {
	if cfg.URI == "" {
		return nil, errors.New("graph: NEO4J_URI is empty")
	}
	if cfg.WriteTxTimeout == 0 {
		cfg.WriteTxTimeout = 60 * time.Second
	}
	if cfg.TxTimeout == 0 {
		cfg.TxTimeout = 30 * time.Second
	}
	if _, err := ChooseVectorPath(ServerInfo{}, cfg.VectorSearch); err != nil {
		return nil, err
	}
	var vectors *vectorSpace
	if cfg.EmbedderID != "" {
		vs, err := newVectorSpace(cfg.EmbedderID, cfg.EmbedderDimensions)
		if err != nil {
			return nil, err
		}
		vectors = vs
	}
	driver, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.User, cfg.Password, ""),
		func(c *config.Config) {
			c.SocketConnectTimeout = 5 * time.Second
			c.ConnectionAcquisitionTimeout = 10 * time.Second
			c.MaxConnectionPoolSize = 64
			// Managed transactions retry transient failures (a leader switch,
			// a restart) for this long before the request gets a 503.
			c.MaxTransactionRetryTime = 10 * time.Second
			// Loci reads no notifications: with them off the server skips
			// their analysis and sends none (a search's statements would
			// otherwise carry kilobytes of "unknown property" warnings on
			// a database without facts or bursts yet).
			c.NotificationsMinSeverity = notifications.DisabledLevel
		})
	if err != nil {
		return nil, fmt.Errorf("graph: creating driver for %s: %w", cfg.URI, err)
	}
	return &Store{driver: driver, database: cfg.Database, txTimeout: cfg.TxTimeout, writeTxTimeout: cfg.WriteTxTimeout,
		routing: strings.HasPrefix(cfg.URI, "neo4j"), vectors: vectors, observe: cfg.Observe, searchFallback: cfg.SearchFallback, oneStatement: !cfg.StatementPerChannel,
		server: &serverState{override: cfg.VectorSearch}, indexes: &indexNames{recheck: indexRecheck}, autoCommit: true}, nil
}

// Close releases the driver's connections.
func (s *Store) Close(ctx context.Context) error { return s.driver.Close(ctx) }

// session opens a session in the given access mode (routing reads to
// readers and writes to the writer under a neo4j:// URI).
//
// Under a routing URI (a cluster, Aura) sessions share the driver's
// bookmark manager, so within one Loci process a read always sees every
// write acknowledged before it, even when routed to a secondary that is
// still catching up. A single server (bolt://) needs no bookmarks: a read
// there sees every committed write, and chaining them would only cost
// concurrent writers throughput (docs/benchmarks.md).
func (s *Store) session(ctx context.Context, mode neo4j.AccessMode) neo4j.SessionWithContext {
	cfg := neo4j.SessionConfig{DatabaseName: s.database, AccessMode: mode}
	if s.routing {
		cfg.BookmarkManager = s.driver.ExecuteQueryBookmarkManager()
	}
	return s.driver.NewSession(ctx, cfg)
}

// observed reports a transaction to Config.Observe, if set.
func (s *Store) observed(access string, start time.Time, err error) {
	if s.observe != nil {
		s.observe(access, time.Since(start), err)
	}
}

// Ping checks that Neo4j answers a query with the configured credentials.
func (s *Store) Ping(ctx context.Context) error {
	_, err := readTx(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		res, err := tx.Run(ctx, cypher.Get("ping"), nil)
		if err != nil {
			return struct{}{}, err
		}
		_, err = res.Single(ctx)
		return struct{}{}, err
	})
	return err
}

// classify turns driver errors into application errors: anything that means
// "Neo4j cannot serve us right now" becomes EUnavailable (503), and
// application errors raised inside a transaction pass through unchanged.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var appErr *ontology.Error
	if errors.As(err, &appErr) {
		return err
	}
	var neoErr *neo4j.Neo4jError
	switch {
	case errors.Is(err, context.Canceled):
		return &ontology.Error{Code: ontology.EUnavailable, Message: "request cancelled", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &ontology.Error{Code: ontology.EUnavailable, Message: "Neo4j did not answer in time", Err: err}
	case errors.As(err, new(*neo4j.ConnectivityError)), neo4j.IsTransactionExecutionLimit(err):
		return &ontology.Error{Code: ontology.EUnavailable, Message: "Neo4j is unreachable", Err: err}
	case errors.As(err, &neoErr):
		switch {
		case strings.HasPrefix(neoErr.Code, "Neo.ClientError.Security."):
			return &ontology.Error{Code: ontology.EUnavailable, Message: "Neo4j rejected Loci's credentials (check NEO4J_USER / NEO4J_PASSWORD)", Err: err}
		case strings.HasPrefix(neoErr.Code, "Neo.TransientError."),
			neoErr.Code == "Neo.ClientError.Database.DatabaseNotFound",
			neoErr.Code == "Neo.ClientError.Transaction.TransactionTimedOut",
			neoErr.Code == "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration":
			return &ontology.Error{Code: ontology.EUnavailable, Message: "Neo4j cannot serve the request now: " + neoErr.Code, Err: err}
		}
	}
	return &ontology.Error{Code: ontology.EInternal, Message: "Neo4j query failed", Err: err}
}
