package llmcontext

import (
	"context"
	"sync"
	"time"

	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
	"github.com/loci-memory/loci/query/budget"
)

// Searcher is what context assembly needs from search (query.Service):
// the request's speakers, scope and vector once, then fused rankings for
// the original query and the expanded ones.
type Searcher interface {
	// CanEmbed reports whether queries get a vector (anchors are reranked
	// by it, and vector channels run).
	CanEmbed() bool
	Prepare(ctx context.Context, req ontology.SearchRequest, cfg query.Config, withVector bool) (query.Prepared, error)
	// Run and RunMany return fused rankings: Score is the fused score,
	// Channels the explanation.
	Run(ctx context.Context, cfg query.Config, req ontology.SearchRequest, p query.Prepared) ([]ontology.SearchResult, error)
	RunMany(ctx context.Context, cfg query.Config, req ontology.SearchRequest, p query.Prepared, queries []string) ([][]ontology.SearchResult, error)
}

// query.Service is the Searcher of every server.
var _ Searcher = (*query.Service)(nil)

// AnchorReader is what context assembly reads besides search.
type AnchorReader interface {
	ontology.AnchorStore
	NamedEntities(ctx context.Context, tenant, conversation, query string) ([]ontology.Entity, error)
	LastActivity(ctx context.Context, tenant, conversation string) (*time.Time, error)
}

// AnchorRefresher rebuilds stale anchors on read.
type AnchorRefresher interface {
	RefreshProfile(ctx context.Context, tenant, entityID string) error
	RefreshTopics(ctx context.Context, tenant, conversation string) error
}

// Context limits.
const (
	DefaultBudget = 2000
	MinBudget     = 50
	MaxBudget     = 32000
)

// RebuildGrace is how old a stale anchor must be before a read has it
// rebuilt, in the background: the read itself uses it as last built, since
// a rebuild (clustering all of a conversation's turns for its topics) takes
// seconds under load. Under a steady stream of writes every anchor is
// stale again at once; without a grace each context request would start a
// rebuild of the conversation's topics again and again. Within the grace
// the background pass of `loci serve` (every few seconds) catches it up.
// Anchors never built are built on read at once, unless the service was
// told to build them in the background too (WithFirstBuildsInBackground).
const RebuildGrace = 30 * time.Second

// Service assembles contexts.
type Service struct {
	search        Searcher
	anchors       AnchorReader
	refresher     AnchorRefresher // nil: stale anchors are read as they are
	background    AnchorRefresher // the background rebuilds' (nil: refresher)
	speakerEntity func(tenant, conversation, speaker string) string
	rebuildGrace  time.Duration    // see RebuildGrace
	firstInBack   bool             // see WithFirstBuildsInBackground
	now           func() time.Time // the clock (tests move it)
	rebuilding    sync.Map         // keys of anchors being rebuilt in the background
	rebuilds      sync.WaitGroup   // background rebuilds running
	rebuildSlot   chan struct{}    // held by the one background rebuild running (see Rebuild)
}

// New returns a context service: search finds the memories, anchors and
// refresher read and rebuild the anchors, speakerEntity names the entity
// of a conversation's speaker.
func New(search Searcher, anchors AnchorReader, refresher AnchorRefresher, speakerEntity func(tenant, conversation, speaker string) string) *Service {
	return &Service{search: search, anchors: anchors, refresher: refresher, speakerEntity: speakerEntity, rebuildGrace: RebuildGrace, now: time.Now,
		rebuildSlot: make(chan struct{}, 1)}
}

// WithBackgroundRefresher has the rebuilds a read starts in the background
// done by r instead of the refresher New was given, which still builds the
// anchors a read waits for. Loci's r embeds at a lower priority
// (LOCI_INGEST_NICE): nobody waits on a background rebuild.
func (s *Service) WithBackgroundRefresher(r AnchorRefresher) *Service {
	s.background = r
	return s
}

// WithFirstBuildsInBackground has a read that finds anchors never built
// (the topics of a conversation, the profile of an entity) start their
// build in the background, as for stale ones, and answer without them,
// instead of building them before it answers. A build is a write
// transaction on the conversation: under a stream of writes it waits for
// the conversation's lock behind them, and a read that waits for it
// queues behind writes. `loci serve` sets it (its background pass builds
// new anchors within seconds); the evaluations keep the default, so that
// every question is answered with the anchors it would get on a quiet
// server.
func (s *Service) WithFirstBuildsInBackground() *Service {
	s.firstInBack = true
	return s
}

// buildNow says whether a read builds anchors last built at built (zero:
// never) before it answers, rather than in the background.
func (s *Service) buildNow(built time.Time) bool {
	return built.IsZero() && !s.firstInBack
}

// backgroundRefresher is the refresher of background rebuilds.
func (s *Service) backgroundRefresher() AnchorRefresher {
	if s.background != nil {
		return s.background
	}
	return s.refresher
}

// WithRebuildGrace sets how old a stale anchor must be before a read
// rebuilds it (default RebuildGrace; 0: always).
func (s *Service) WithRebuildGrace(d time.Duration) *Service {
	s.rebuildGrace = d
	return s
}

// rebuildTimeout bounds one background rebuild started by a read.
const rebuildTimeout = 2 * time.Minute

// rebuildLater runs rebuild in the background, once at a time per key
// (reads that find the same anchor stale meanwhile start none), detached
// from ctx's cancellation: the request that noticed does not wait for it.
// A failure is logged; the next read or the background pass tries again.
func (s *Service) rebuildLater(ctx context.Context, key string, rebuild func(context.Context) error) {
	if _, busy := s.rebuilding.LoadOrStore(key, true); busy {
		return
	}
	log := ontology.Logger(ctx)
	s.rebuilds.Add(1)
	go func() {
		defer s.rebuilds.Done()
		defer s.rebuilding.Delete(key)
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rebuildTimeout)
		defer cancel()
		if err := s.Rebuild(bctx, rebuild); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			log.Warn("background anchor rebuild failed", "err", err)
		}
	}()
}

// Rebuild runs rebuild once no other background rebuild runs: the
// rebuilds reads start and those of serve's background pass run one at a
// time, so under a stream of writes they do not pile up beside the reads
// and the batches on the same cores. It returns ctx's error if ctx ends
// first (rebuild not run).
func (s *Service) Rebuild(ctx context.Context, rebuild func(context.Context) error) error {
	select {
	case s.rebuildSlot <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.rebuildSlot }()
	return rebuild(ctx)
}

// WaitRebuilds waits for the background rebuilds reads started (tests, and
// a server shutting down before it closes the store).
func (s *Service) WaitRebuilds() { s.rebuilds.Wait() }

// rebuildOnRead says whether a read rebuilds a stale anchor built at built.
func (s *Service) rebuildOnRead(built time.Time) bool {
	return built.IsZero() || s.now().Sub(built) >= s.rebuildGrace
}

// Context block names, in the order the text carries them.
const (
	BlockTopics   = "Topic Summaries"
	BlockProfiles = "Entity Profiles"
	BlockEvents   = "Event Records"
	BlockMemories = "Retrieved Memories"
)

var blockKeys = map[string]string{BlockTopics: "topics", BlockProfiles: "profiles", BlockEvents: "events", BlockMemories: "memories"}

// Context assembles a token-budgeted context for req: anchors (topic
// summaries, profiles of the entities asked about, event records) above
// the retrieved memories, every line citing the turns it rests on.
func (s *Service) Context(ctx context.Context, req ontology.ContextRequest) (ontology.ContextResponse, error) {
	if s.search == nil || s.anchors == nil {
		return ontology.ContextResponse{}, ontology.Errorf(ontology.EInternal, "context assembly is not configured")
	}
	if req.BudgetTokens == 0 {
		req.BudgetTokens = DefaultBudget
	}
	if req.BudgetTokens < MinBudget || req.BudgetTokens > MaxBudget {
		return ontology.ContextResponse{}, ontology.Errorf(ontology.EValidation, "budget_tokens must be from %d to %d, got %d", MinBudget, MaxBudget, req.BudgetTokens)
	}
	cc, err := Preset(req.Config)
	if err != nil {
		return ontology.ContextResponse{}, err
	}
	// Without a conversation the context is drawn from every conversation
	// of the tenant: memories only, each line naming its conversation,
	// since anchors are built per conversation.
	tenantWide := req.Conversation == ""
	if tenantWide {
		cc.Anchors = false
	}
	sreq := ontology.SearchRequest{Tenant: req.Tenant, Conversation: req.Conversation, Query: req.Query, Speaker: req.Speaker, Limit: ontology.MaxSearchLimit, TimeView: req.TimeView}
	if err := query.ValidateSearch(&sreq); err != nil {
		return ontology.ContextResponse{}, err
	}
	if !req.TimeView.IsZero() {
		cc.Anchors = false // anchors are consolidated as of now: an as-of context carries memories only
	}
	// The parts this kind of question gets (all of them unless the config
	// says otherwise).
	parts := partsFor(cc.KindParts, questionKind(req.Query))
	cc = withParts(cc, parts)
	searchName := cc.Search
	if !s.search.CanEmbed() {
		searchName = query.DefaultTextConfig
	}
	scfg, err := query.Preset(searchName)
	if err != nil {
		return ontology.ContextResponse{}, err
	}
	p, err := s.search.Prepare(ctx, sreq, scfg, s.search.CanEmbed())
	if err != nil {
		return ontology.ContextResponse{}, err
	}
	resp := ontology.ContextResponse{Scope: p.Scope, Config: cc.Name, Budget: req.BudgetTokens, Blocks: map[string][]ontology.ContextItem{}, Expansions: []string{}}

	// Memories and anchors are fetched concurrently.
	var (
		fused   []ontology.SearchResult
		anchors anchorSet
		errM    error
		errA    error
		wg      sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		fused, errM = s.search.Run(ctx, scfg, sreq, p)
	}()
	if cc.Anchors {
		anchors, errA = s.collectAnchors(ctx, cc, sreq, p)
	}
	wg.Wait()
	if errM != nil {
		return ontology.ContextResponse{}, errM
	}
	if errA != nil {
		return ontology.ContextResponse{}, errA
	}
	resp.TimeFilter = anchors.timeFilter

	// Expansion: queries proposed by the anchors, round-robin topic →
	// entity → event, fused with the original ranking by RRF.
	if cc.Anchors && cc.Expansion > 0 {
		expansions := expansionQueries(anchors, cc.Expansion)
		resp.Expansions = append(resp.Expansions, expansions...) // [] when none: the document says an array
		if len(expansions) > 0 {
			fused, err = s.expand(ctx, cc, sreq, p, fused, expansions)
			if err != nil {
				return ontology.ContextResponse{}, err
			}
		}
	}
	if len(fused) > cc.Memories {
		fused = fused[:cc.Memories]
	}

	memories := make([]ontology.ContextItem, len(fused))
	for i, f := range fused {
		memories[i] = memoryItem(f, cc.ResolveDates, tenantWide)
	}
	counter, err := budget.NewCounter("")
	if err != nil {
		return ontology.ContextResponse{}, ontology.Errorf(ontology.EInternal, "tokenizer: %v", err)
	}
	if cc.Anchors && cc.KindParts != nil {
		anchors = keepBlocks(anchors, parts)
	}
	if cc.Anchors && cc.AnchorGate != GateNone {
		anchors = payForTokens(cc, counter, req.BudgetTokens, anchors, memoryBudgetItems(fused, memories), questionTerms(req.Query, p.Names))
	}
	blocks := contextBlocks(cc, anchors, memoryBudgetItems(fused, memories))
	r := budget.Render(counter, blocks, req.BudgetTokens, budget.Options{})
	resp.Context, resp.Tokens, resp.Encoder = r.Text, r.Tokens, counter.Name()
	byID := map[string]ontology.ContextItem{}
	for _, it := range anchors.items {
		byID[it.Kind+"\x1f"+it.ID] = it
	}
	for i, it := range memories {
		byID[budget.KindMemory+"\x1f"+memoryKey(fused[i])] = it
	}
	resp.Items = []ontology.ContextItem{}
	for _, b := range blocks {
		key := blockKeys[b.Name]
		resp.Blocks[key] = []ontology.ContextItem{}
		for _, it := range r.Blocks[b.Name] {
			ci := byID[it.Kind+"\x1f"+it.ID]
			// A block never cites a turn it does not carry: the item keeps
			// only the citations its rendered (possibly cut) text shows.
			ci.Text = it.Text
			ci.SourceTurnIDs = append([]string{}, it.SourceTurnIDs...)
			resp.Blocks[key] = append(resp.Blocks[key], ci)
			resp.Items = append(resp.Items, ci)
		}
	}
	return resp, nil
}
