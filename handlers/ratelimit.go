package handlers

import (
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"

	"github.com/loci-memory/loci/ontology"
)

// RateLimit is a per-key token bucket: Burst requests at once, refilled at
// PerSecond. Zero PerSecond means no limit. Limits are per Loci process;
// with N replicas behind a load balancer a key gets up to N times the rate.
type RateLimit struct {
	PerSecond float64
	Burst     int
}

// maxLimitedKeys bounds the keys whose buckets are kept; the least recently
// seen key is forgotten first (it then starts again with a full bucket).
const maxLimitedKeys = 100_000

// limiter holds one token bucket per key.
type limiter struct {
	cfg  RateLimit
	mu   sync.Mutex // makes a key's first Get-then-Add one step
	keys *lru.Cache[string, *rate.Limiter]
}

func newLimiter(cfg RateLimit) *limiter {
	if cfg.Burst < 1 {
		cfg.Burst = max(1, int(math.Ceil(cfg.PerSecond)))
	}
	keys, err := lru.New[string, *rate.Limiter](maxLimitedKeys)
	if err != nil {
		panic(err) // only for a size < 1
	}
	return &limiter{cfg: cfg, keys: keys}
}

// take spends one token of key's bucket; when none is left it says how
// long until one is.
func (l *limiter) take(key string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	b, found := l.keys.Get(key)
	if !found {
		b = rate.NewLimiter(rate.Limit(l.cfg.PerSecond), l.cfg.Burst)
		l.keys.Add(key, b)
	}
	l.mu.Unlock()
	now := time.Now()
	if b.AllowN(now, 1) {
		return true, 0
	}
	return false, time.Duration((1 - b.TokensAt(now)) / l.cfg.PerSecond * float64(time.Second))
}

// rateLimit answers 429 with Retry-After when the key's bucket is empty.
func (h *api) rateLimit(c *gin.Context) {
	if h.limiter == nil {
		c.Next()
		return
	}
	ok, wait := h.limiter.take(principal(c).KeyID)
	if !ok {
		secs := max(1, int(math.Ceil(wait.Seconds())))
		c.Header("Retry-After", strconv.Itoa(secs))
		writeError(c, h.Log, ontology.Errorf(ontology.ERateLimited,
			"rate limit of %g requests/s (burst %d) for this API key exceeded; retry in %d s", h.limiter.cfg.PerSecond, h.limiter.cfg.Burst, secs))
		return
	}
	c.Next()
}
