package ontology

import (
	"context"
	"log/slog"
)

type loggerKey struct{}

type requestIDKey struct{}

// WithLogger returns ctx carrying log, so code below the HTTP layer logs
// with the request's attributes (its request_id).
func WithLogger(ctx context.Context, log *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, log)
}

// Logger returns the logger ctx carries, or slog.Default() when it carries
// none (background work, tests).
func Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok && l != nil {
		return l
	}
	return slog.Default()
}

// WithRequestID returns ctx carrying the id of the request it serves.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID returns the id of the request ctx serves, "" outside one.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
