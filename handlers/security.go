package handlers

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// TenantHeader lets a client state the tenant it means to act for. It is
// never needed (a key belongs to one tenant), but a request that names
// another tenant than its key's is refused with 403 rather than silently
// served from the key's own tenant.
const TenantHeader = "X-Loci-Tenant"

// authenticate resolves the request's principal. With an Authenticator
// every /v1 request needs "Authorization: Bearer <key>" (401 without or
// with an unknown key); without one (dev mode) every request acts for
// d.Tenant's tenant.
func (h *api) authenticate(c *gin.Context) {
	var p ontology.Principal
	if h.Auth == nil {
		p = ontology.Principal{KeyID: "dev", Tenant: h.Tenant(c.Request)}
	} else {
		scheme, token, ok := strings.Cut(c.GetHeader("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			c.Header("WWW-Authenticate", `Bearer realm="loci"`)
			writeError(c, h.Log, ontology.Errorf(ontology.EUnauthorized, "an API key is required: send Authorization: Bearer <key>"))
			return
		}
		var err error
		p, err = h.Auth.Authenticate(c.Request.Context(), strings.TrimSpace(token))
		if err != nil {
			c.Header("WWW-Authenticate", `Bearer realm="loci", error="invalid_token"`)
			writeError(c, h.Log, err)
			return
		}
	}
	if t := c.GetHeader(TenantHeader); t != "" && t != p.Tenant {
		writeError(c, h.Log, ontology.Errorf(ontology.EForbidden, "this API key belongs to another tenant than %q", t))
		return
	}
	c.Request = c.Request.WithContext(ontology.WithPrincipal(c.Request.Context(), p))
	c.Next()
}

// principal is the request's authenticated principal (set by authenticate).
func principal(c *gin.Context) ontology.Principal {
	p, _ := ontology.PrincipalFrom(c.Request.Context())
	return p
}

// RateLimit is a per-key token bucket: Burst requests at once, refilled at
// PerSecond. Zero PerSecond means no limit. Limits are per Loci process;
// with N replicas behind a load balancer a key gets up to N times the rate.
type RateLimit struct {
	PerSecond float64
	Burst     int
}

type bucket struct {
	tokens float64
	last   time.Time
}

// limiter holds one bucket per key.
type limiter struct {
	cfg     RateLimit
	mu      sync.Mutex
	buckets map[string]*bucket
	now     func() time.Time
}

func newLimiter(cfg RateLimit) *limiter {
	if cfg.Burst < 1 {
		cfg.Burst = max(1, int(math.Ceil(cfg.PerSecond)))
	}
	return &limiter{cfg: cfg, buckets: map[string]*bucket{}, now: time.Now}
}

// take spends one token of key's bucket; when none is left it says how
// long until one is.
func (l *limiter) take(key string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: float64(l.cfg.Burst), last: now}
		l.buckets[key] = b
		if len(l.buckets) > 100_000 { // forget idle keys rather than grow without bound
			for k, x := range l.buckets {
				if now.Sub(x.last).Seconds()*l.cfg.PerSecond >= float64(l.cfg.Burst) {
					delete(l.buckets, k)
				}
			}
		}
	}
	b.tokens = math.Min(float64(l.cfg.Burst), b.tokens+now.Sub(b.last).Seconds()*l.cfg.PerSecond)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.cfg.PerSecond * float64(time.Second))
}

// rateLimit answers 429 with Retry-After when the key's bucket is empty.
func (h *api) rateLimit(c *gin.Context) {
	if h.limiter == nil {
		c.Next()
		return
	}
	ok, wait := h.limiter.take(principal(c).KeyID)
	if !ok {
		secs := int(math.Ceil(wait.Seconds()))
		c.Header("Retry-After", strconv.Itoa(max(1, secs)))
		writeError(c, h.Log, ontology.Errorf(ontology.ERateLimited,
			"rate limit of %g requests/s (burst %d) for this API key exceeded; retry in %d s", h.limiter.cfg.PerSecond, h.limiter.cfg.Burst, max(1, secs)))
		return
	}
	c.Next()
}

// deadline bounds the request's work: Neo4j transactions and the embedder
// see the context end and the request fails with 503 instead of hanging.
func (h *api) deadline(c *gin.Context) {
	if h.RequestTimeout <= 0 {
		c.Next()
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), h.RequestTimeout)
	defer cancel()
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}

// deleteTenant deletes everything of the caller's own tenant.
func (h *api) deleteTenant(c *gin.Context) {
	tenant := c.Param("tenant")
	if err := ontology.ValidateTenant(tenant); err != nil {
		writeError(c, h.Log, err)
		return
	}
	if tenant != h.tenant(c) {
		writeError(c, h.Log, ontology.Errorf(ontology.EForbidden, "this API key may delete only its own tenant"))
		return
	}
	receipt, err := h.Conversations.DeleteTenant(c.Request.Context(), tenant)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"tenant": tenant, "deleted": receipt})
}

// deleteSpeaker forgets one speaker of a conversation: their turns and
// everything derived only from them.
func (h *api) deleteSpeaker(c *gin.Context) {
	conv, speaker, ok := h.speakerParams(c)
	if !ok {
		return
	}
	receipt, err := h.Conversations.DeleteSpeaker(c.Request.Context(), h.tenant(c), conv, speaker)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"conversation_id": conv, "speaker": speaker, "deleted": receipt})
}
