package graph

import (
	"context"
	"errors"
	"testing"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// Two migrators on a new database can deadlock on the schema's label locks;
// the statement Neo4j aborts must run again, and nothing else may.
func TestRetryTransientRetriesOnlyTransientErrors(t *testing.T) {
	deadlock := &neo4j.Neo4jError{Code: "Neo.TransientError.Transaction.DeadlockDetected", Msg: "can't acquire UpdateLock"}
	calls := 0
	v, err := retryTransient(context.Background(), func() (int, error) {
		calls++
		if calls < 3 {
			return 0, deadlock
		}
		return 7, nil
	})
	if err != nil || v != 7 || calls != 3 {
		t.Fatalf("after two deadlocks: v=%d err=%v calls=%d, want 7, nil, 3", v, err, calls)
	}

	syntax := &neo4j.Neo4jError{Code: "Neo.ClientError.Statement.SyntaxError", Msg: "bad"}
	calls = 0
	_, err = retryTransient(context.Background(), func() (int, error) { calls++; return 0, syntax })
	var neoErr *neo4j.Neo4jError
	if calls != 1 || !errors.As(err, &neoErr) || neoErr.Code != syntax.Code {
		t.Fatalf("syntax error: calls=%d err=%v, want one call and the error itself", calls, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	calls = 0
	_, err = retryTransient(ctx, func() (int, error) { calls++; cancel(); return 0, deadlock })
	if err == nil || calls != 1 {
		t.Fatalf("cancelled context: calls=%d err=%v, want one call and an error", calls, err)
	}
}
