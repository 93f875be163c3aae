package llmcontext

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query"
)

// anchorSet is what the anchor modules found.
type anchorSet struct {
	topics, profiles, events []ontology.Anchor
	asked                    map[string]bool // entity ids the query is about
	items                    []ontology.ContextItem
	timeFilter               *ontology.TimeSpan
	entityNames              []string
}

// collectAnchors reads the anchors the query may need (rebuilding stale
// ones past the grace): the profiles of the speaker and entities it names,
// the conversation's events and topics, and keeps the best of each module
// as cc says.
func (s *Service) collectAnchors(ctx context.Context, cc Config, req ontology.SearchRequest, p query.Prepared) (anchorSet, error) {
	var set anchorSet
	set.asked = map[string]bool{}
	// A module kept at 0 (Config.KEntity, KEvent, KTopic: withParts sets
	// it when its lines are not wanted and no query expands) reads nothing.
	var named []ontology.Entity
	if cc.KEntity > 0 || cc.KEvent > 0 {
		var err error
		if named, err = s.anchors.NamedEntities(ctx, req.Tenant, req.Conversation, req.Query); err != nil {
			return set, err
		}
	}
	var ids []string
	if p.Scope.Speaker != "" && s.speakerEntity != nil {
		id := s.speakerEntity(req.Tenant, req.Conversation, p.Scope.Speaker)
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
	if cc.KTopic > 0 {
		if err := s.freshTopics(ctx, req.Tenant, req.Conversation); err != nil {
			return set, err
		}
	}
	var profiles, events, topics []ontology.Anchor
	if cc.KEntity > 0 {
		var err error
		if profiles, err = s.profiles(ctx, req.Tenant, ids, p.Vector); err != nil {
			return set, err
		}
	}
	if cc.KEvent > 0 {
		var err error
		if events, err = s.anchors.EventAnchors(ctx, req.Tenant, req.Conversation, p.Vector); err != nil {
			return set, err
		}
	}
	if cc.KTopic > 0 {
		var err error
		if topics, err = s.anchors.TopicAnchors(ctx, req.Tenant, req.Conversation, p.Vector); err != nil {
			return set, err
		}
	}
	return s.keepAnchors(ctx, cc, req, p, set, profiles, events, topics)
}

// freshTopics rebuilds the conversation's topics now if they were never
// built (unless WithFirstBuildsInBackground), or in the background if they
// are stale past the grace: a read never waits on a rebuild of topics it
// has.
func (s *Service) freshTopics(ctx context.Context, tenant, conversation string) error {
	stale, built, err := s.anchors.TopicsStale(ctx, tenant, conversation)
	switch {
	case err != nil:
		return err
	case !stale || s.refresher == nil:
	case s.buildNow(built):
		return s.refresher.RefreshTopics(ctx, tenant, conversation)
	case s.rebuildOnRead(built):
		s.rebuildLater(ctx, "topics\x1f"+tenant+"\x1f"+conversation, func(ctx context.Context) error {
			return s.backgroundRefresher().RefreshTopics(ctx, tenant, conversation)
		})
	}
	return nil
}

// profiles reads the profiles of the entities ids, rebuilding those never
// built at once (unless WithFirstBuildsInBackground) and stale ones past
// the grace in the background.
func (s *Service) profiles(ctx context.Context, tenant string, ids []string, vector []float32) ([]ontology.Anchor, error) {
	profiles, err := s.anchors.ProfileAnchors(ctx, tenant, ids, vector)
	if err != nil {
		return nil, err
	}
	refreshed := false
	for _, a := range profiles {
		switch {
		case !a.Stale || s.refresher == nil:
		case s.buildNow(a.BuiltAt):
			if err := s.refresher.RefreshProfile(ctx, tenant, a.EntityID); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
				return nil, err
			}
			refreshed = true
		case s.rebuildOnRead(a.BuiltAt):
			s.rebuildLater(ctx, "profile\x1f"+tenant+"\x1f"+a.EntityID, func(ctx context.Context) error {
				return s.backgroundRefresher().RefreshProfile(ctx, tenant, a.EntityID)
			})
		}
	}
	if refreshed {
		return s.anchors.ProfileAnchors(ctx, tenant, ids, vector)
	}
	return profiles, nil
}

// keepAnchors keeps the best of the anchors read, as cc says.
func (s *Service) keepAnchors(ctx context.Context, cc Config, req ontology.SearchRequest, p query.Prepared, set anchorSet, profiles, events, topics []ontology.Anchor) (anchorSet, error) {
	terms := query.ContentWords(req.Query)
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
	if p.Scope.Speaker != "" {
		askedNames[strings.ToLower(p.Scope.Speaker)] = true
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
func (s *Service) rank(cc Config, as []ontology.Anchor, terms []string, k int, reserved []ontology.Anchor) []ontology.Anchor {
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
		if cc.Rerank && s.search.CanEmbed() && a.Similarity < cc.MinSimilarity {
			continue
		}
		rest = append(rest, a)
	}
	sortAnchors(rest, cc.Rerank && s.search.CanEmbed(), terms)
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
		if query.ContainsWord(text, t) {
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
func queryTime(q string, ref time.Time) *ontology.TimeSpan {
	if ms := lang.ResolveTime(q, ref); len(ms) > 0 {
		sp := ms[0].Span
		return &sp
	}
	if query.ContainsWord(strings.ToLower(q), "recently") || query.ContainsWord(strings.ToLower(q), "lately") {
		sp := ontology.TimeSpan{Start: ref.AddDate(0, 0, -30), End: ref.AddDate(0, 0, 1), Granularity: ontology.GranularityDay, Phrase: "recently"}
		if ontology.SpanInRange(sp) { // not near the edges of years 1–9999
			return &sp
		}
	}
	return nil
}
