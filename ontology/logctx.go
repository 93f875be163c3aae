package ontology

import (
	"context"
	"log/slog"
)

type loggerKey struct{}

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
