package query

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query/budget"
)

// ContextConfig describes how a context is assembled: which retrieval
// config finds the memories, which anchor modules run and how many of each
// they keep, whether anchors are reranked by embedding similarity, whether
// event slots are reserved for the query's time, and how many expanded
// queries run. Like retrieval configs, variants are data (contexts.json).
type ContextConfig struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Search names the retrieval config of the memories (and Memories how
	// many it contributes before the budget cuts).
	Search   string `json:"search"`
	Memories int    `json:"memories"`
	// Anchors turns the anchor modules on; KEntity, KEvent and KTopic are
	// how many of each are kept, MinSimilarity the floor for reranked ones.
	Anchors       bool    `json:"anchors"`
	KEntity       int     `json:"k_entity"`
	KEvent        int     `json:"k_event"`
	KTopic        int     `json:"k_topic"`
	MinSimilarity float64 `json:"min_similarity"`
	// Rerank orders each module's candidates by embedding similarity to
	// the query; without it, by their native match score.
	Rerank bool `json:"rerank"`
	// TemporalSlots are event slots reserved, when the query holds a time
	// expression, for events whose when overlaps it, whatever their
	// similarity (0: off).
	TemporalSlots int `json:"temporal_slots"`
	// Expansion is the budget of expanded queries (round-robin topic →
	// entity → event); ExpansionSearch their retrieval config, and
	// ExpansionWeight the RRF weight they share against the original's 1.
	Expansion       int     `json:"expansion"`
	ExpansionSearch string  `json:"expansion_search"`
	ExpansionWeight float64 `json:"expansion_weight"`
	// ProfileShare is the share of the budget the profiles of the people
	// the query is about claim first; MemoryShare the share kept for the
	// retrieved memories whatever the anchors above them take.
	ProfileShare float64 `json:"profile_share"`
	MemoryShare  float64 `json:"memory_share"`
	// ResolveDates writes after each relative time expression of a turn
	// ("yesterday", "last summer") the date it means, resolved against
	// the turn's time: "yesterday [7 May 2023]".
	ResolveDates bool `json:"resolve_dates,omitempty"`
	// AnchorGate is how anchors pay for the tokens they take from the
	// memories (GateNone, GateNovel: see gate.go).
	AnchorGate string `json:"anchor_gate,omitempty"`
}

//go:embed contexts.json
var contextsJSON []byte

var contextPresets = func() map[string]ContextConfig {
	var list []ContextConfig
	if err := json.Unmarshal(contextsJSON, &list); err != nil {
		panic(fmt.Sprintf("query: contexts.json: %v", err))
	}
	out := map[string]ContextConfig{}
	for _, c := range list {
		if !validGate(c.AnchorGate) {
			panic(fmt.Sprintf("query: contexts.json: %q: unknown anchor_gate %q", c.Name, c.AnchorGate))
		}
		out[c.Name] = c
	}
	if _, ok := out[DefaultConfig]; !ok {
		panic("query: contexts.json has no \"default\"")
	}
	return out
}()

// ContextPreset returns the named context config.
func ContextPreset(name string) (ContextConfig, error) {
	if name == "" {
		name = DefaultConfig
	}
	c, ok := contextPresets[name]
	if !ok {
		names := make([]string, 0, len(contextPresets))
		for n := range contextPresets {
			names = append(names, n)
		}
		sort.Strings(names)
		return c, ontology.Errorf(ontology.EValidation, "unknown context config %q (known: %v)", name, names)
	}
	return c, nil
}

// Context limits.
const (
	DefaultContextBudget = 2000
	MinContextBudget     = 50
	MaxContextBudget     = 32000
)

// The request and response types live in ontology, so clients can use
// them without this package (and its tokenizer data).
type (
	ContextRequest  = ontology.ContextRequest
	ContextItem     = ontology.ContextItem
	ContextResponse = ontology.ContextResponse
)

// AnchorReader is what context assembly reads besides search.
type AnchorReader interface {
	ontology.AnchorStore
	NamedEntities(ctx context.Context, tenant, conversation, query string) ([]ontology.Entity, error)
	LastActivity(ctx context.Context, tenant, conversation string) (*time.Time, error)
}

// RebuildGrace is how old a stale anchor must be before a read has it
// rebuilt, in the background: the read itself uses it as last built, since
// a rebuild (clustering all of a conversation's turns for its topics) takes
// seconds under load. Under a steady stream of writes every anchor is
// stale again at once; without a grace each context request would start a
// rebuild of the conversation's topics again and again. Within the grace
// the background pass of `loci serve` (every few seconds) catches it up.
// Anchors never built are built on read at once.
const RebuildGrace = 30 * time.Second

// WithRebuildGrace sets how old a stale anchor must be before a read has
// it rebuilt (default RebuildGrace; 0: always).
func (s *Service) WithRebuildGrace(d time.Duration) *Service {
	s.rebuildGrace = d
	return s
}

// rebuildOnRead says whether a read rebuilds a stale anchor built at built.
func (s *Service) rebuildOnRead(built time.Time) bool {
	return built.IsZero() || s.now().Sub(built) >= s.rebuildGrace
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
		if err := rebuild(bctx); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			log.Warn("background anchor rebuild failed", "err", err)
		}
	}()
}

// WaitRebuilds waits for the background rebuilds reads started (tests, and
// a server shutting down before it closes the store).
func (s *Service) WaitRebuilds() { s.rebuilds.Wait() }

// AnchorRefresher rebuilds stale anchors on read.
type AnchorRefresher interface {
	RefreshProfile(ctx context.Context, tenant, entityID string) error
	RefreshTopics(ctx context.Context, tenant, conversation string) error
}

// WithAnchors gives the service what /v1/context needs.
func (s *Service) WithAnchors(r AnchorReader, f AnchorRefresher, speakerEntity func(tenant, conversation, speaker string) string) *Service {
	s.anchors, s.refresher, s.speakerEntity = r, f, speakerEntity
	return s
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
func (s *Service) Context(ctx context.Context, req ContextRequest) (ContextResponse, error) {
	if s.anchors == nil {
		return ContextResponse{}, ontology.Errorf(ontology.EInternal, "context assembly is not configured")
	}
	if req.BudgetTokens == 0 {
		req.BudgetTokens = DefaultContextBudget
	}
	if req.BudgetTokens < MinContextBudget || req.BudgetTokens > MaxContextBudget {
		return ContextResponse{}, ontology.Errorf(ontology.EValidation, "budget_tokens must be from %d to %d, got %d", MinContextBudget, MaxContextBudget, req.BudgetTokens)
	}
	if req.Conversation == "" {
		return ContextResponse{}, ontology.Errorf(ontology.EValidation, "conversation_id is required")
	}
	cc, err := ContextPreset(req.Config)
	if err != nil {
		return ContextResponse{}, err
	}
	sreq := ontology.SearchRequest{Tenant: req.Tenant, Conversation: req.Conversation, Query: req.Query, Speaker: req.Speaker, Limit: ontology.MaxSearchLimit, TimeView: req.TimeView}
	if err := validateSearch(&sreq); err != nil {
		return ContextResponse{}, err
	}
	if !req.TimeView.IsZero() {
		cc.Anchors = false // anchors are consolidated as of now: an as-of context carries memories only
	}
	searchName := cc.Search
	if s.embedder == nil {
		searchName = DefaultTextConfig
	}
	scfg, err := Preset(searchName)
	if err != nil {
		return ContextResponse{}, err
	}
	p, err := s.prepare(ctx, sreq, s.embedder != nil, scfg.SpeakerNames == SpeakerNamesDropAll, scfg.SpeakerMatch == SpeakerMatchLabels)
	if err != nil {
		return ContextResponse{}, err
	}
	resp := ContextResponse{Scope: p.scope, Config: cc.Name, Budget: req.BudgetTokens, Blocks: map[string][]ContextItem{}, Expansions: []string{}}

	// Memories and anchors are fetched concurrently.
	var (
		fused   []*fusedResult
		anchors anchorSet
		errM    error
		errA    error
		wg      sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		fused, errM = s.run(ctx, scfg, sreq, p)
	}()
	if cc.Anchors {
		anchors, errA = s.collectAnchors(ctx, cc, sreq, p)
	}
	wg.Wait()
	if errM != nil {
		return ContextResponse{}, errM
	}
	if errA != nil {
		return ContextResponse{}, errA
	}
	resp.TimeFilter = anchors.timeFilter

	// Expansion: queries proposed by the anchors, round-robin topic →
	// entity → event, fused with the original ranking by RRF.
	if cc.Anchors && cc.Expansion > 0 {
		expansions := expansionQueries(anchors, cc.Expansion)
		resp.Expansions = expansions
		if len(expansions) > 0 {
			fused, err = s.expand(ctx, cc, sreq, p, fused, expansions)
			if err != nil {
				return ContextResponse{}, err
			}
		}
	}
	if len(fused) > cc.Memories {
		fused = fused[:cc.Memories]
	}

	memories := make([]ContextItem, len(fused))
	for i, f := range fused {
		memories[i] = memoryItem(f, cc.ResolveDates)
	}
	counter, err := budget.NewCounter("")
	if err != nil {
		return ContextResponse{}, ontology.Errorf(ontology.EInternal, "tokenizer: %v", err)
	}
	if cc.Anchors && cc.AnchorGate != GateNone {
		anchors = payForTokens(cc, counter, req.BudgetTokens, anchors, memoryBudgetItems(fused, memories), questionTerms(req.Query, p.names))
	}
	blocks := contextBlocks(cc, anchors, memoryBudgetItems(fused, memories))
	r := budget.Render(counter, blocks, req.BudgetTokens, budget.Options{})
	resp.Context, resp.Tokens, resp.Encoder = r.Text, r.Tokens, counter.Name()
	byID := map[string]ContextItem{}
	for _, it := range anchors.items {
		byID[it.Kind+"\x1f"+it.ID] = it
	}
	for _, it := range memories {
		byID[budget.KindMemory+"\x1f"+it.ID] = it
	}
	resp.Items = []ContextItem{}
	for _, b := range blocks {
		key := blockKeys[b.Name]
		resp.Blocks[key] = []ContextItem{}
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

// anchorSet is what the anchor modules found.
type anchorSet struct {
	topics, profiles, events []ontology.Anchor
	asked                    map[string]bool // entity ids the query is about
	items                    []ContextItem
	timeFilter               *ontology.TimeSpan
	entityNames              []string
}

func (s *Service) collectAnchors(ctx context.Context, cc ContextConfig, req ontology.SearchRequest, p prepared) (anchorSet, error) {
	var set anchorSet
	set.asked = map[string]bool{}
	named, err := s.anchors.NamedEntities(ctx, req.Tenant, req.Conversation, req.Query)
	if err != nil {
		return set, err
	}
	var ids []string
	if p.scope.Speaker != "" && s.speakerEntity != nil {
		id := s.speakerEntity(req.Tenant, req.Conversation, p.scope.Speaker)
		ids = append(ids, id)
		set.asked[id] = true
	}
	for _, e := range named {
		if !set.asked[e.ID] {
			ids = append(ids, e.ID)
			set.asked[e.ID] = true
			set.entityNames = append(set.entityNames, e.Name)
		}
	}
	// Lazy rebuilds: stale topics of the conversation, stale profiles of
	// the entities asked about.
	// Anchors never built are built now; stale ones past the grace are
	// rebuilt in the background while this read uses them as last built,
	// so a read never waits on a rebuild.
	if stale, built, err := s.anchors.TopicsStale(ctx, req.Tenant, req.Conversation); err != nil {
		return set, err
	} else if stale && s.refresher != nil && built.IsZero() {
		if err := s.refresher.RefreshTopics(ctx, req.Tenant, req.Conversation); err != nil {
			return set, err
		}
	} else if stale && s.refresher != nil && s.rebuildOnRead(built) {
		s.rebuildLater(ctx, "topics\x1f"+req.Tenant+"\x1f"+req.Conversation, func(ctx context.Context) error {
			return s.refresher.RefreshTopics(ctx, req.Tenant, req.Conversation)
		})
	}
	profiles, err := s.anchors.ProfileAnchors(ctx, req.Tenant, ids, p.vector)
	if err != nil {
		return set, err
	}
	refreshed := false
	for _, a := range profiles {
		switch {
		case !a.Stale || s.refresher == nil:
		case a.BuiltAt.IsZero():
			if err := s.refresher.RefreshProfile(ctx, req.Tenant, a.EntityID); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
				return set, err
			}
			refreshed = true
		case s.rebuildOnRead(a.BuiltAt):
			s.rebuildLater(ctx, "profile\x1f"+req.Tenant+"\x1f"+a.EntityID, func(ctx context.Context) error {
				return s.refresher.RefreshProfile(ctx, req.Tenant, a.EntityID)
			})
		}
	}
	if refreshed {
		if profiles, err = s.anchors.ProfileAnchors(ctx, req.Tenant, ids, p.vector); err != nil {
			return set, err
		}
	}
	events, err := s.anchors.EventAnchors(ctx, req.Tenant, req.Conversation, p.vector)
	if err != nil {
		return set, err
	}
	topics, err := s.anchors.TopicAnchors(ctx, req.Tenant, req.Conversation, p.vector)
	if err != nil {
		return set, err
	}

	terms := contentWords(req.Query)
	// Profiles: the entities asked about, all of them (they claim the
	// first share of the budget), then by similarity up to KEntity.
	var keptProfiles []ontology.Anchor
	for _, a := range profiles {
		if len(a.Lines) > 0 {
			keptProfiles = append(keptProfiles, a)
		}
	}
	set.profiles = s.rank(cc, keptProfiles, terms, cc.KEntity, nil)

	// Events: native matching first (participants asked about, words of
	// the query, the query's time), then reranked.
	if cc.TemporalSlots > 0 {
		ref := time.Now().UTC()
		if last, err := s.anchors.LastActivity(ctx, req.Tenant, req.Conversation); err == nil && last != nil {
			ref = *last
		}
		set.timeFilter = queryTime(req.Query, ref)
	}
	askedNames := map[string]bool{}
	if p.scope.Speaker != "" {
		askedNames[strings.ToLower(p.scope.Speaker)] = true
	}
	for _, n := range set.entityNames {
		askedNames[strings.ToLower(n)] = true
	}
	var candidates []ontology.Anchor
	for _, a := range events {
		if nativeEventMatch(a, askedNames, terms, set.timeFilter) {
			candidates = append(candidates, a)
		}
	}
	var reserved []ontology.Anchor
	if set.timeFilter != nil {
		for _, a := range candidates {
			if a.When != nil && overlaps(*a.When, *set.timeFilter) {
				reserved = append(reserved, a)
			}
		}
		sortAnchors(reserved, cc.Rerank, terms)
		if len(reserved) > cc.TemporalSlots {
			reserved = reserved[:cc.TemporalSlots]
		}
	}
	set.events = s.rank(cc, candidates, terms, cc.KEvent, reserved)
	sortEventsByTime(set.events)

	set.topics = s.rank(cc, topics, terms, cc.KTopic, nil)

	for _, group := range [][]ontology.Anchor{set.topics, set.profiles, set.events} {
		for _, a := range group {
			set.items = append(set.items, anchorItem(a))
		}
	}
	return set, nil
}

// rank keeps up to k anchors: the reserved ones first, then the rest by
// similarity (rerank, above the floor) or by native lexical match.
func (s *Service) rank(cc ContextConfig, as []ontology.Anchor, terms []string, k int, reserved []ontology.Anchor) []ontology.Anchor {
	out := append([]ontology.Anchor(nil), reserved...)
	seen := map[string]bool{}
	for _, a := range reserved {
		seen[a.ID] = true
	}
	rest := make([]ontology.Anchor, 0, len(as))
	for _, a := range as {
		if seen[a.ID] {
			continue
		}
		if cc.Rerank && s.embedder != nil && a.Similarity < cc.MinSimilarity {
			continue
		}
		rest = append(rest, a)
	}
	sortAnchors(rest, cc.Rerank && s.embedder != nil, terms)
	for _, a := range rest {
		if len(out) >= k {
			break
		}
		out = append(out, a)
	}
	return out
}

func sortAnchors(as []ontology.Anchor, bySimilarity bool, terms []string) {
	score := func(a ontology.Anchor) float64 {
		if bySimilarity {
			return a.Similarity
		}
		return lexicalScore(a, terms)
	}
	sort.SliceStable(as, func(i, j int) bool {
		si, sj := score(as[i]), score(as[j])
		if si != sj {
			return si > sj
		}
		return as[i].ID < as[j].ID
	})
}

func sortEventsByTime(as []ontology.Anchor) {
	sort.SliceStable(as, func(i, j int) bool {
		ti, tj := as[i].When, as[j].When
		switch {
		case ti == nil && tj == nil:
			return false
		case ti == nil:
			return false
		case tj == nil:
			return true
		}
		return ti.Start.Before(tj.Start)
	})
}

// lexicalScore is the share of the query's content words an anchor holds.
func lexicalScore(a ontology.Anchor, terms []string) float64 {
	if len(terms) == 0 {
		return 0
	}
	var b strings.Builder
	b.WriteString(strings.ToLower(a.Title))
	for _, l := range a.Lines {
		b.WriteByte(' ')
		b.WriteString(strings.ToLower(l.Text))
	}
	text := b.String()
	n := 0
	for _, t := range terms {
		if containsWord(text, t) {
			n++
		}
	}
	return float64(n) / float64(len(terms))
}

func nativeEventMatch(a ontology.Anchor, asked map[string]bool, terms []string, when *ontology.TimeSpan) bool {
	for _, p := range a.Participants {
		if asked[strings.ToLower(p)] {
			return true
		}
	}
	if when != nil && a.When != nil && overlaps(*a.When, *when) {
		return true
	}
	return lexicalScore(a, terms) > 0
}

func overlaps(a, b ontology.TimeSpan) bool { return a.Start.Before(b.End) && b.Start.Before(a.End) }

// queryTime resolves the query's time expression against ref (the
// conversation's latest activity): "last May", "in 2022", "two weeks
// ago", and "recently" as the 30 days before ref.
func queryTime(query string, ref time.Time) *ontology.TimeSpan {
	if ms := rules.ResolveTime(query, ref); len(ms) > 0 {
		sp := ms[0].Span
		return &sp
	}
	if containsWord(strings.ToLower(query), "recently") || containsWord(strings.ToLower(query), "lately") {
		sp := ontology.TimeSpan{Start: ref.AddDate(0, 0, -30), End: ref.AddDate(0, 0, 1), Granularity: ontology.GranularityDay, Phrase: "recently"}
		if ontology.SpanInRange(sp) { // not near the edges of years 1–9999
			return &sp
		}
	}
	return nil
}

// expansionQueries proposes queries from the anchors, round-robin topic →
// entity → event, up to n: a topic's label and participants, an entity's
// name and its first attributes, an event's participants, action and time.
func expansionQueries(set anchorSet, n int) []string {
	var topicQ, entityQ, eventQ []string
	for _, a := range set.topics {
		q := a.Title
		if len(a.Participants) > 0 {
			q += " " + strings.Join(a.Participants[:min(2, len(a.Participants))], " ")
		}
		topicQ = append(topicQ, q)
	}
	for _, a := range set.profiles {
		for _, l := range a.Lines[1:min(len(a.Lines), 4)] {
			entityQ = append(entityQ, a.Title+" "+l.Text)
		}
	}
	for _, a := range set.events {
		q := strings.Join(a.Participants, " ") + " " + a.Title
		if a.When != nil && a.When.Phrase != "" && a.When.Phrase != "session date" {
			q += " " + a.When.Phrase
		}
		eventQ = append(eventQ, strings.TrimSpace(q))
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; len(out) < n; i++ {
		added := false
		for _, list := range [][]string{topicQ, entityQ, eventQ} {
			if i < len(list) && len(out) < n {
				added = true
				if q := strings.TrimSpace(list[i]); q != "" && !seen[q] {
					seen[q] = true
					out = append(out, q)
				}
			}
		}
		if !added {
			break
		}
	}
	return out
}

// expand runs each expanded query with the expansion retrieval config and
// fuses all rankings with the original one by weighted RRF.
func (s *Service) expand(ctx context.Context, cc ContextConfig, req ontology.SearchRequest, p prepared, original []*fusedResult, queries []string) ([]*fusedResult, error) {
	ecfg, err := Preset(cc.ExpansionSearch)
	if err != nil {
		return nil, err
	}
	for i, q := range queries {
		if len(q) > ontology.MaxQueryBytes {
			queries[i] = q[:ontology.MaxQueryBytes]
		}
	}
	results, err := s.runMany(ctx, ecfg, req, p, queries)
	if err != nil {
		return nil, err
	}
	const k = defaultRRFK
	byKey := map[string]*fusedResult{}
	var order []*fusedResult
	add := func(list []*fusedResult, w float64, channel string) {
		for rank, f := range list {
			key := resultKey(f.result)
			g, ok := byKey[key]
			if !ok {
				g = &fusedResult{result: f.result, channels: map[string]ontology.ChannelScore{}}
				for c, sc := range f.channels {
					g.channels[c] = sc
				}
				byKey[key] = g
				order = append(order, g)
			}
			g.score += w / (k + float64(rank+1))
			if channel != "" {
				if _, seen := g.channels[channel]; !seen {
					g.channels[channel] = ontology.ChannelScore{Rank: rank + 1, Score: f.score}
				}
			}
		}
	}
	add(original, 1, "")
	// The expansions share ExpansionWeight between them, so together they
	// supplement the original ranking rather than outvote it.
	w := cc.ExpansionWeight / float64(len(results))
	for i, list := range results {
		add(list, w, fmt.Sprintf("expansion_%d", i+1))
	}
	sortFused(order)
	return order, nil
}

// contextBlocks lays out the blocks: topics, profiles, events, memories,
// with the profiles of the people asked about claiming the first share.
// mems are the memories as budget items, in rank order.
func contextBlocks(cc ContextConfig, set anchorSet, mems []budget.Item) []budget.Block {
	var topics, profiles, events []budget.Item
	for _, a := range set.topics {
		topics = append(topics, anchorBudgetItem(a))
	}
	for _, a := range set.profiles {
		profiles = append(profiles, anchorBudgetItem(a))
	}
	for _, a := range set.events {
		events = append(events, anchorBudgetItem(a))
	}
	share := 0.0
	if len(profiles) > 0 {
		share = cc.ProfileShare
	}
	return []budget.Block{
		{Name: BlockTopics, Items: topics},
		{Name: BlockProfiles, Items: profiles, Share: share},
		{Name: BlockEvents, Items: events},
		{Name: BlockMemories, Items: mems, Share: cc.MemoryShare},
	}
}

// memoryBudgetItems are the memories as budget items, in rank order.
func memoryBudgetItems(fused []*fusedResult, memories []ContextItem) []budget.Item {
	var mems []budget.Item
	for i, f := range fused {
		it := memories[i]
		mems = append(mems, budget.Item{Kind: budget.KindMemory, ID: it.ID, Text: it.Text, SourceTurnIDs: it.SourceTurnIDs, Carries: carries(f.result)})
	}
	return mems
}

func carries(r ontology.SearchResult) []string {
	if r.Kind == ontology.KindTurn {
		return []string{r.ID}
	}
	return nil
}

// anchorItem describes an anchor as a context item.
func anchorItem(a ontology.Anchor) ContextItem {
	return ContextItem{Kind: a.Kind, ID: a.ID, Title: a.Title, Text: anchorText(a), SourceTurnIDs: a.SourceTurnIDs, When: a.When, Similarity: a.Similarity}
}

func anchorBudgetItem(a ontology.Anchor) budget.Item {
	return budget.Item{Kind: a.Kind, ID: a.ID, Text: anchorText(a), SourceTurnIDs: a.SourceTurnIDs}
}

// anchorText renders an anchor: a title line, then one line per fact with
// the turn ids it rests on in brackets.
func anchorText(a ontology.Anchor) string {
	var b strings.Builder
	switch a.Kind {
	case ontology.AnchorProfile:
		for i, l := range a.Lines {
			if i == 0 {
				b.WriteString("### " + l.Text)
			} else {
				b.WriteString("\n- " + l.Text + cite(l.SourceTurnIDs))
			}
		}
	case ontology.AnchorEvent:
		b.WriteString("- ")
		if a.When != nil {
			b.WriteString(formatSpan(*a.When) + ": ")
		}
		b.WriteString(a.Title)
		if len(a.Participants) > 0 {
			b.WriteString(" (" + strings.Join(a.Participants, ", ") + ")")
		}
		b.WriteString(cite(a.SourceTurnIDs))
	case ontology.AnchorTopic:
		b.WriteString("### " + a.Title)
		if a.When != nil {
			b.WriteString(" (" + a.When.Start.Format("2 Jan 2006") + " – " + a.When.End.AddDate(0, 0, -1).Format("2 Jan 2006") + ")")
		}
		if len(a.Participants) > 0 {
			b.WriteString("; " + strings.Join(a.Participants, ", "))
		}
		for _, l := range a.Lines {
			b.WriteString("\n- " + l.Text + cite(l.SourceTurnIDs))
		}
	}
	return b.String()
}

func formatSpan(sp ontology.TimeSpan) string {
	switch sp.Granularity {
	case ontology.GranularityYear:
		return sp.Start.Format("2006")
	case ontology.GranularityMonth:
		return sp.Start.Format("January 2006")
	case ontology.GranularityDay:
		return sp.Start.Format("2 Jan 2006")
	}
	return sp.Start.Format("2 Jan 2006") + " – " + sp.End.AddDate(0, 0, -1).Format("2 Jan 2006")
}

func cite(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " [" + strings.Join(ids, ", ") + "]"
}

// memoryItem renders a retrieved memory: "[D1:3] Caroline (8 May 2023): …"
// for a turn, "[D1:3, D2:5] fact about Caroline: …" for a fact.
func memoryItem(f *fusedResult, resolveDates bool) ContextItem {
	r := f.result
	var b strings.Builder
	if r.Kind == ontology.KindTurn {
		b.WriteString("- [" + r.ID + "] " + r.Speaker)
		text := r.Text
		if r.Timestamp != nil {
			b.WriteString(" (" + r.Timestamp.UTC().Format("2 Jan 2006") + ")")
			if resolveDates {
				text = withResolvedDates(text, *r.Timestamp)
			}
		}
		b.WriteString(": " + text)
	} else {
		b.WriteString("-" + cite(r.SourceTurnIDs) + " (" + r.Speaker + ") " + r.Text)
	}
	return ContextItem{Kind: r.Kind, ID: r.ID, Text: b.String(), SourceTurnIDs: r.SourceTurnIDs, Channels: f.channels}
}

// withResolvedDates writes after each relative time expression of text
// the dates it means, resolved against ref (when the text was said).
// Expressions that already name their year are left as they are.
func withResolvedDates(text string, ref time.Time) string {
	ms := rules.ResolveTime(text, ref)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		if m.Start < last || m.End > len(text) || strings.Contains(text[m.Start:m.End], m.Span.Start.Format("2006")) {
			continue
		}
		b.WriteString(text[last:m.End])
		b.WriteString(" [" + formatSpan(m.Span) + "]")
		last = m.End
	}
	b.WriteString(text[last:])
	return b.String()
}

// contentWords are the query's words worth matching (no function words).
func contentWords(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) < 3 || stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for are was were what when where which who whom whose why how did does do has have had
		with from that this these those they them their there then than into about been being can could would should will
		her his him she you your our its not but any all some much many more most very just also such other`) {
		m[w] = true
	}
	return m
}()
