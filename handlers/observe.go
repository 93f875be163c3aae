package handlers

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/loci-memory/loci/metrics"
	"github.com/loci-memory/loci/ontology"
)

// RequestIDHeader carries a request's id, in requests (optional) and in
// every response.
const RequestIDHeader = "X-Request-ID"

// maxRequestIDBytes bounds an incoming request id.
const maxRequestIDBytes = 128

// loggerKey is where observe keeps the request's logger in the Gin context.
const loggerKey = "loci.logger"

// observe is the outermost middleware. It gives the request an id (the
// client's X-Request-ID when it is sane, a fresh UUID otherwise), returns it
// in the X-Request-ID header, puts a logger carrying request_id into the
// request context (ontology.Logger finds it), then records the request's
// latency under its route and status and logs one line for it: at Debug,
// or at Warn for a 5xx.
func observe(log *slog.Logger, m *metrics.Registry) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		id := c.GetHeader(RequestIDHeader)
		if !validRequestID(id) {
			id = uuid.NewString()
		}
		c.Header(RequestIDHeader, id)
		rlog := log.With("request_id", id)
		c.Set(loggerKey, rlog)
		ctx := ontology.WithLogger(c.Request.Context(), rlog)
		c.Request = c.Request.WithContext(ctx)

		c.Next()

		d := time.Since(start)
		route, status := c.FullPath(), c.Writer.Status()
		m.ObserveRequest(route, c.Request.Method, status, d)
		if route == "" {
			route = "unmatched"
		}
		level := slog.LevelDebug
		if status >= http.StatusInternalServerError {
			level = slog.LevelWarn
		}
		rlog.Log(ctx, level, "request", "method", c.Request.Method, "route", route,
			"path", c.Request.URL.Path, "status", status, "ms", float64(d.Microseconds())/1000)
	}
}

// validRequestID accepts 1 to maxRequestIDBytes of ASCII letters, digits,
// '-', '_', '.' and ':', so a client's id is safe in headers and logs.
func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDBytes {
		return false
	}
	for i := 0; i < len(id); i++ {
		b := id[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '_' || b == '.' || b == ':') {
			return false
		}
	}
	return true
}

// requestLog returns the request's logger (with its request_id), or
// fallback before observe ran.
func requestLog(c *gin.Context, fallback *slog.Logger) *slog.Logger {
	if v, ok := c.Get(loggerKey); ok {
		if l, ok := v.(*slog.Logger); ok {
			return l
		}
	}
	return fallback
}
