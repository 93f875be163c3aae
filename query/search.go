package query

import (
	"context"
	"strings"
	"sync"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Stores is what the search service needs from the graph.
type Stores interface {
	ontology.TurnSearcher
	SearchTurnVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error)
	// SpeakerIdentities lists the speakers of a conversation (of the
	// tenant when conversation is "") with their aliases.
	SpeakerIdentities(ctx context.Context, tenant, conversation string) ([]ontology.Speaker, error)
	Neighbours(ctx context.Context, tenant string, refs []ontology.TurnRef, view ontology.TimeView) (map[string][]ontology.SearchResult, error)
	SearchFacts(ctx context.Context, q ontology.FullTextQuery) ([]ontology.SearchResult, error)
	SearchFactVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error)
	ExpandQueryAt(ctx context.Context, tenant, conversation, query string, limit int, view ontology.TimeView) ([]ontology.SearchResult, error)
	SearchBursts(ctx context.Context, q ontology.FullTextQuery) ([]ontology.SearchResult, error)
	SearchBurstVectors(ctx context.Context, q ontology.VectorQuery) ([]ontology.SearchResult, error)
	// TurnBursts maps each of refs that belongs to a burst to its burst's
	// key (keys: conversation and turn id joined by "\x1f").
	TurnBursts(ctx context.Context, tenant string, refs []ontology.TurnRef) (map[string]string, error)
}

// Service answers search requests.
type Service struct {
	stores   Stores
	embedder ontology.Embedder // nil: vector channels are unavailable
	queries  *QueryCache       // query vectors; nil: embed every time
	nicks    *lang.Nicknames   // nil: speakers are not matched by nickname
}

// NewService returns a search service over stores; embedder embeds queries
// for vector channels and must be the one the stored vectors came from.
func NewService(stores Stores, embedder ontology.Embedder) *Service {
	return &Service{stores: stores, embedder: embedder}
}

// WithQueryCache makes the service take query vectors from c (nil: embed
// every query).
func (s *Service) WithQueryCache(c *QueryCache) *Service {
	s.queries = c
	return s
}

// WithNicknames lets a query name a speaker by a nickname of their name,
// or by the full name of their nickname (nil: not at all).
func (s *Service) WithNicknames(n *lang.Nicknames) *Service {
	s.nicks = n
	return s
}

// Search validates req, decides its scope, runs the channels of its
// retrieval config concurrently and fuses their rankings.
//
// Speaker scope: an explicit req.Speaker filters every channel (matched
// case-insensitively to a known speaker's spelling). Otherwise, when the
// query names exactly one speaker of the conversation, channels whose scope
// is "speaker" keep only that speaker's turns. The response's Scope says
// which applied.
func (s *Service) Search(ctx context.Context, req ontology.SearchRequest) (ontology.SearchResponse, error) {
	if err := ValidateSearch(&req); err != nil {
		return ontology.SearchResponse{}, err
	}
	name := req.Config
	if name == "" && s.embedder == nil {
		name = DefaultTextConfig // the best config that needs no vectors
	}
	cfg, err := Preset(name)
	if err != nil {
		return ontology.SearchResponse{}, err
	}
	if cfg.NeedsVectors() && s.embedder == nil {
		return ontology.SearchResponse{}, ontology.Errorf(ontology.EValidation,
			"retrieval config %q needs vectors, and this server runs without an embedder (LOCI_EMBEDDER=none)", cfg.Name)
	}
	p, err := s.Prepare(ctx, req, cfg, cfg.NeedsVectors())
	if err != nil {
		return ontology.SearchResponse{}, err
	}
	fused, err := s.run(ctx, cfg, req, p)
	if err != nil {
		return ontology.SearchResponse{}, err
	}
	scope := p.Scope
	if len(fused) > req.Limit {
		fused = fused[:req.Limit]
	}
	results := make([]ontology.SearchResult, len(fused))
	for i, f := range fused {
		results[i] = f.result
		results[i].Score = f.score
		if req.Explain {
			results[i].Channels = f.channels
		} else {
			results[i].Channels = nil
		}
	}
	return ontology.SearchResponse{Results: results, Scope: scope, Config: cfg.Name}, nil
}

// Prepared is what every retrieval run of one request shares: the
// conversation's speakers, the scope they imply and the query's vector.
type Prepared struct {
	// Names are the words that name speakers (labels and their forms,
	// aliases, a misspelling the query used), left out of matched text.
	Names  []string
	Scope  ontology.Scope
	Vector []float32 // nil when not embedded
}

// CanEmbed reports whether the service has an embedder: without one,
// vector channels are unavailable and queries have no vector.
func (s *Service) CanEmbed() bool { return s.embedder != nil }

// Prepare is the first step of Search for req (validated by
// ValidateSearch) under cfg: the speakers, the scope they imply and, with
// withVector and an embedder, the query's vector (embedded even when cfg
// needs none, for callers that rank other things by it).
func (s *Service) Prepare(ctx context.Context, req ontology.SearchRequest, cfg Config, withVector bool) (Prepared, error) {
	return s.prepare(ctx, req, withVector, cfg.SpeakerNames == SpeakerNamesDropAll, cfg.SpeakerMatch == SpeakerMatchLabels, cfg.EmbedQuery == EmbedStatement)
}

// Run runs cfg's channels for req with what Prepare returned and fuses
// them, as Search does, without the limit: each result's Score is its
// fused score and its Channels the explanation.
func (s *Service) Run(ctx context.Context, cfg Config, req ontology.SearchRequest, p Prepared) ([]ontology.SearchResult, error) {
	fused, err := s.run(ctx, cfg, req, p)
	if err != nil {
		return nil, err
	}
	return asResults(fused), nil
}

// RunMany is Run for several queries sharing req's scope and p: one fused
// ranking per query, in order.
func (s *Service) RunMany(ctx context.Context, cfg Config, req ontology.SearchRequest, p Prepared, queries []string) ([][]ontology.SearchResult, error) {
	fused, err := s.runMany(ctx, cfg, req, p, queries)
	if err != nil {
		return nil, err
	}
	out := make([][]ontology.SearchResult, len(fused))
	for i, f := range fused {
		out[i] = asResults(f)
	}
	return out, nil
}

func asResults(fused []*fusedResult) []ontology.SearchResult {
	out := make([]ontology.SearchResult, len(fused))
	for i, f := range fused {
		out[i] = f.asResult()
	}
	return out
}

// prepare looks up the speakers (and embeds the query, when needed,
// meanwhile) and decides the speaker scope: an explicit req.Speaker, or
// the one speaker the query names.
//
// With dropNames the query is embedded without the speakers' names, so the
// embedding waits for the speakers; otherwise both run at once.
//
// With statement the embedded text also leaves out the question words
// (StatementText).
func (s *Service) prepare(ctx context.Context, req ontology.SearchRequest, needVector, dropNames, labelsOnly, statement bool) (Prepared, error) {
	var (
		p          Prepared
		embedErr   error
		embedded   = make(chan struct{})
		identities []ontology.Speaker
		err        error
	)
	// decide sets the scope and the names from the speakers.
	decide := func() {
		if labelsOnly {
			identities = labelsOf(identities)
		}
		p.Names = SpeakerWords(identities)
		if req.Speaker != "" {
			p.Scope.Speaker, p.Scope.SpeakerSource = canonicalSpeaker(req.Speaker, identities), "request"
		} else if m := MatchSpeaker(req.Query, identities, !labelsOnly, s.nicks); m.Speaker != "" {
			p.Scope.Speaker, p.Scope.SpeakerSource = m.Speaker, "query"
			p.Scope.SpeakerAlias, p.Scope.SpeakerMatch = m.Alias, m.How
			if m.How == MatchFuzzy || m.How == MatchNickname {
				p.Names = append(p.Names, strings.ToLower(m.Alias))
			}
		}
	}
	p.Scope = ontology.Scope{Conversation: req.Conversation}
	embedText := req.Query
	if dropNames {
		if identities, err = s.stores.SpeakerIdentities(ctx, req.Tenant, req.Conversation); err != nil {
			return p, err
		}
		decide()
		embedText = DropSpeakerNames(req.Query, p.Names)
	}
	if statement {
		embedText = StatementText(embedText)
	}
	go func() {
		defer close(embedded)
		if needVector && s.embedder != nil {
			v, err := s.queries.Embed(ctx, s.embedder, embedText)
			if err != nil {
				embedErr = &ontology.Error{Code: ontology.EUnavailable, Message: "embedding the query failed", Err: err}
				return
			}
			p.Vector = v
		}
	}()
	if !dropNames {
		identities, err = s.stores.SpeakerIdentities(ctx, req.Tenant, req.Conversation)
		if err == nil {
			decide()
		}
	}
	<-embedded
	if err != nil {
		return p, err
	}
	if embedErr != nil {
		return p, embedErr
	}
	if req.Conversation != "" && len(identities) == 0 {
		return p, ontology.Errorf(ontology.ENotFound, "conversation %q not found", req.Conversation)
	}
	return p, nil
}

// run runs cfg's channels concurrently for req and fuses their rankings.
func (s *Service) run(ctx context.Context, cfg Config, req ontology.SearchRequest, p Prepared) ([]*fusedResult, error) {
	if cfg.NeedsVectors() && p.Vector == nil {
		return nil, ontology.Errorf(ontology.EValidation, "retrieval config %q needs vectors, and this server runs without an embedder", cfg.Name)
	}
	scope := p.Scope
	text := matchText(cfg, req.Query, p.Names)
	rankings := make([][]ontology.SearchResult, len(cfg.Channels))
	errs := make([]error, len(cfg.Channels))
	// Channels a ChannelSearcher takes run in one read transaction; the
	// rest (the graph channel) run beside it, each on its own.
	batch, batched := s.stores.(ChannelSearcher)
	var inBatch []int
	var queries []ontology.ChannelQuery
	var wg sync.WaitGroup
	for i, ch := range cfg.Channels {
		speaker := ""
		if scope.SpeakerSource == "request" || ch.Scope == ScopeSpeaker {
			speaker = scope.Speaker
		}
		if q, ok := s.channelQuery(ch, req, text, speaker, p.Vector); ok && batched {
			inBatch, queries = append(inBatch, i), append(queries, q)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			rankings[i], errs[i] = s.runChannel(ctx, ch, req, text, speaker, p.Vector)
		}()
	}
	if len(queries) > 0 {
		got, err := batch.SearchChannels(ctx, queries)
		for j, i := range inBatch {
			if err != nil {
				errs[i] = err
			} else {
				rankings[i] = got[j]
			}
		}
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	fused := fuse(cfg, rankings)
	if cfg.Neighbours.Top > 0 && len(fused) > 0 {
		if err := s.addNeighbours(ctx, req.Tenant, cfg, &fused, scope, req.TimeView); err != nil {
			return nil, err
		}
	}
	discountQuestions(cfg, fused)
	boostWhen(cfg, req.Query, fused)
	if cfg.BurstCollapse > 0 {
		if err := s.collapseBursts(ctx, cfg, req.Tenant, fused); err != nil {
			return nil, err
		}
	}
	return dropCited(fused), nil
}

// dropCited leaves out the turn results that a burst ranked above them
// already holds: the burst cites and shows them. A burst ranked below one
// of its members stays, for the members it adds.
func dropCited(fused []*fusedResult) []*fusedResult {
	var inBurst map[string]bool
	out := fused[:0]
	for _, f := range fused {
		r := f.result
		if r.Kind == ontology.KindTurn && inBurst[turnKey(r.Conversation, r.ID)] {
			continue
		}
		if r.Kind == ontology.KindBurst {
			if inBurst == nil {
				inBurst = map[string]bool{}
			}
			for _, id := range r.SourceTurnIDs {
				inBurst[turnKey(r.Conversation, id)] = true
			}
		}
		out = append(out, f)
	}
	return out
}

// addNeighbours gives the turns adjacent to each of the top fused results a
// share (cfg.Neighbours.Weight) of that result's score, so a reply or the
// question before an answer surfaces right below the hit. Neighbours outside
// an explicit speaker scope are not added.
func (s *Service) addNeighbours(ctx context.Context, tenant string, cfg Config, fused *[]*fusedResult, scope ontology.Scope, view ontology.TimeView) error {
	top := (*fused)[:min(cfg.Neighbours.Top, len(*fused))]
	refs := make([]ontology.TurnRef, len(top))
	for i, f := range top {
		refs[i] = ontology.TurnRef{Conversation: f.result.Conversation, ID: f.result.ID}
	}
	nb, err := s.stores.Neighbours(ctx, tenant, refs, view)
	if err != nil {
		return err
	}
	byKey := map[string]*fusedResult{}
	for _, f := range *fused {
		byKey[resultKey(f.result)] = f
	}
	for rank, parent := range top {
		for _, n := range nb[resultKey(parent.result)] {
			if scope.SpeakerSource == "request" && !strings.EqualFold(n.Speaker, scope.Speaker) {
				continue
			}
			k := resultKey(n)
			f, ok := byKey[k]
			if !ok {
				f = &fusedResult{result: n, channels: map[string]ontology.ChannelScore{}}
				byKey[k] = f
				*fused = append(*fused, f)
			}
			contribution := cfg.Neighbours.Weight * parent.score
			f.score += contribution
			if _, seen := f.channels["neighbours"]; !seen {
				f.channels["neighbours"] = ontology.ChannelScore{Rank: rank + 1, Score: contribution}
			}
		}
	}
	sortFused(*fused)
	return nil
}

// canonicalSpeaker is the stored spelling of the speaker name a request
// names: a speaker's own name in any case, or the alias of exactly one.
func canonicalSpeaker(name string, speakers []ontology.Speaker) string {
	for _, s := range speakers {
		if strings.EqualFold(s.Name, name) {
			return s.Name
		}
	}
	// An alias of exactly one speaker stands for them.
	if m := MatchSpeaker(name, speakers, false, nil); m.Speaker != "" && m.How != MatchFuzzy && strings.EqualFold(strings.TrimSpace(name), m.Alias) {
		return m.Speaker
	}
	return name
}

// ValidateSearch checks req and fills its defaults (tenant, limit).
func ValidateSearch(req *ontology.SearchRequest) error {
	if req.Tenant == "" {
		req.Tenant = ontology.DefaultTenant
	}
	if req.Conversation != "" {
		if err := ontology.ValidateName("conversation_id", req.Conversation, ontology.MaxIDRunes); err != nil {
			return err
		}
	}
	if req.Speaker != "" {
		if err := ontology.ValidateName("speaker", req.Speaker, ontology.MaxSpeakerRunes); err != nil {
			return err
		}
	}
	if err := ontology.ValidateText("query", req.Query, ontology.MaxQueryBytes); err != nil {
		return err
	}
	if err := req.TimeView.Check(); err != nil {
		return err
	}
	switch {
	case req.Limit == 0:
		req.Limit = ontology.DefaultSearchLimit
	case req.Limit < 0 || req.Limit > ontology.MaxSearchLimit:
		return ontology.Errorf(ontology.EValidation, "limit must be between 1 and %d, got %d", ontology.MaxSearchLimit, req.Limit)
	}
	return nil
}
