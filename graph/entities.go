package graph

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// relTypes is the relation vocabulary as a Cypher type alternation
// (`A`|`B`|...), each name passed through ontology.CypherName.
var relTypes = sync.OnceValue(func() string {
	var parts []string
	for _, t := range ontology.RelationTypes() {
		name, err := ontology.CypherName(string(t))
		if err != nil {
			panic(err)
		}
		parts = append(parts, name)
	}
	return strings.Join(parts, "|")
})

func withRelTypes(name string) string {
	return cypher.Fill(name, map[string]string{"rel_types": relTypes()})
}

// withEdgeTypes is withRelTypes that also fills {{edge_types}}: the
// vocabulary, and the co-mention layer unless kinds asks for typed
// relations only.
func withEdgeTypes(name, kinds string) string {
	edges := relTypes()
	if kinds != ontology.KindsTyped {
		edges += "|`" + ontology.RelMentionedWith + "`"
	}
	return cypher.Fill(name, map[string]string{"rel_types": relTypes(), "edge_types": edges})
}

// Entities finds entities by name (full text over names and aliases), or
// the most mentioned ones when q.Text is empty.
func (s *Store) Entities(ctx context.Context, q ontology.EntityQuery) ([]ontology.Entity, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = ontology.DefaultEntityLimit
	}
	limit = min(limit, ontology.MaxEntityResults)
	var conv, typ any
	if q.Conversation != "" {
		conv = q.Conversation
	}
	if q.Type != "" {
		typ = string(q.Type)
	}
	params := q.TimeView.Params(map[string]any{"tenant": q.Tenant, "conversation": conv, "type": typ, "limit": int64(limit), "fetch": int64(limit * 5)})
	stmt := cypher.Get("entities_top")
	if strings.TrimSpace(q.Text) != "" {
		terms := queryTerms(q.Text)
		if len(terms) == 0 {
			terms = nameTerms(q.Text)
		}
		if len(terms) == 0 {
			return []ontology.Entity{}, nil
		}
		params["lucene"] = scopeClause(q.Tenant, q.Conversation) + " +(" + fieldClause("name", terms, false) + " " + fieldClause("aliases_text", terms, false) + ")"
		stmt = cypher.Get("entities_search")
	}
	type hitRow struct{ E entityRow }
	rows, err := queryRows[hitRow](ctx, s, stmt, params)
	if err != nil {
		return nil, err
	}
	ents := make([]ontology.Entity, 0, len(rows))
	for _, r := range rows {
		ents = append(ents, r.E.entity())
	}
	return ents, nil
}

// nameTerms keeps every word of a name, stop words included ("The Who").
func nameTerms(s string) []string {
	var out []string
	for _, w := range word.FindAllString(strings.ToLower(s), maxQueryTerms) {
		out = append(out, w)
	}
	return out
}

// ResolveEntity returns the id of the entity nameOrID names in a
// conversation: an entity id of the tenant, or a name or alias.
func (s *Store) ResolveEntity(ctx context.Context, tenant, conversation, nameOrID string) (string, error) {
	if _, err := uuid.Parse(nameOrID); err == nil {
		_, err := s.Entity(ctx, tenant, nameOrID)
		if err == nil {
			return nameOrID, nil
		}
		if conversation == "" || ontology.ErrorCode(err) != ontology.ENotFound {
			return "", err
		}
	}
	if conversation == "" {
		// Without a conversation only ids are looked up, and no entity has
		// this one: not found, as for an unknown id.
		return "", ontology.Errorf(ontology.ENotFound, "no entity with id %q; naming an entity needs conversation_id", nameOrID)
	}
	key := ontology.NormaliseName(nameOrID)
	type uidRow struct{ UID string }
	rows, err := queryRows[uidRow](ctx, s, cypher.Get("entity_resolve"), map[string]any{"tenant": tenant, "conversation": conversation, "key": key})
	if err != nil {
		return "", err
	}
	if r, ok := first(rows); ok && r.UID != "" {
		return r.UID, nil
	}
	return "", ontology.Errorf(ontology.ENotFound, "no entity named %q in conversation %q", nameOrID, conversation)
}

// Entity returns one entity of tenant with its profile, relations, facts,
// events and first mentions, as of now.
func (s *Store) Entity(ctx context.Context, tenant, id string) (ontology.EntityDetail, error) {
	return s.EntityAt(ctx, tenant, id, ontology.TimeView{})
}

// EntityAt is Entity read from view's point in time: what had begun by
// view.AsOf (ended relations, profile facts and facts included, with their
// valid_to and State "past") and what had been stored by view.KnownAt.
func (s *Store) EntityAt(ctx context.Context, tenant, id string, view ontology.TimeView) (ontology.EntityDetail, error) {
	d, _, err := s.entity(ctx, tenant, id, view)
	return d, err
}

// EntityVersion is Entity with the entity's version (bumped by every
// knowledge write touching it), read in the same query, for a profile
// build.
func (s *Store) EntityVersion(ctx context.Context, tenant, id string) (ontology.EntityDetail, int64, error) {
	return s.entity(ctx, tenant, id, ontology.TimeView{})
}

func (s *Store) entity(ctx context.Context, tenant, id string, view ontology.TimeView) (ontology.EntityDetail, int64, error) {
	type detailRow struct {
		E          entityRow
		Version    int64
		Relations  []ontology.RelationEdge
		CoMentions []ontology.RelationEdge
		Events     []eventRow
		Mentions   []turnRow
		Profile    []struct {
			UID string
			ontology.ProfileFact
		}
		Facts []struct {
			UID string
			ontology.Fact
		}
	}
	rows, err := queryRows[detailRow](ctx, s, cypher.Get("entity_get"), view.Params(map[string]any{"tenant": tenant, "uid": id,
		"mentions": int64(ontology.MaxEntityMentions), "co_mentions": int64(ontology.MaxEntityCoMentions)}))
	if err != nil {
		return ontology.EntityDetail{}, 0, err
	}
	m, ok := first(rows)
	if !ok {
		return ontology.EntityDetail{}, 0, ontology.Errorf(ontology.ENotFound, "entity %q not found", id)
	}
	d := ontology.EntityDetail{Entity: m.E.entity(), Profile: []ontology.StoredProfileFact{},
		Relations: edgesOf(m.Relations, view), CoMentions: edgesOf(m.CoMentions, view), Facts: []ontology.Fact{}, Events: []ontology.Event{}, Mentions: []ontology.Mention{}}
	subject := ontology.EntityRef{Name: d.Name, Type: d.Type}
	for _, p := range m.Profile {
		p.Subject, p.SourceTurnIDs = subject, nonNilStrings(p.SourceTurnIDs)
		d.Profile = append(d.Profile, ontology.StoredProfileFact{ID: p.UID, ProfileFact: p.ProfileFact})
	}
	for _, f := range m.Facts {
		f.ID, f.Subject, f.SourceTurnIDs = f.UID, subject, nonNilStrings(f.SourceTurnIDs)
		d.Facts = append(d.Facts, f.Fact)
	}
	for _, e := range m.Events {
		d.Events = append(d.Events, e.event())
	}
	for _, t := range m.Mentions {
		d.Mentions = append(d.Mentions, ontology.Mention{TurnID: t.ID, Session: t.Session, Speaker: t.Speaker, Text: t.Text, Timestamp: t.Timestamp})
	}
	return d, m.Version, nil
}

// EntityHistory returns the merge decisions recorded about an entity,
// oldest first.
func (s *Store) EntityHistory(ctx context.Context, tenant, id string, limit int) ([]ontology.MergeDecision, error) {
	return s.EntityHistoryAt(ctx, tenant, id, limit, ontology.TimeView{})
}

// EntityHistoryAt is EntityHistory read from view's point in time: the
// decisions drawn only from turns said by view.AsOf and recorded by
// view.KnownAt.
func (s *Store) EntityHistoryAt(ctx context.Context, tenant, id string, limit int, view ontology.TimeView) ([]ontology.MergeDecision, error) {
	if limit <= 0 || limit > 1000 {
		limit = ontology.DefaultHistoryLimit
	}
	type historyRow struct {
		Exists    bool
		Type      string
		Decisions []struct {
			Subject, Action, Reason, Topic, SubTopic, Value, Previous, Decider string
			Confidence                                                         float64
			SourceTurnIDs                                                      []string
			Ambiguous                                                          bool
			At                                                                 time.Time
		}
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) ([]ontology.MergeDecision, error) {
		res, err := tx.Run(ctx, cypher.Get("entity_history"), view.Params(map[string]any{"tenant": tenant, "uid": id, "limit": int64(limit)}))
		if err != nil {
			return nil, err
		}
		h, err := neo4j.SingleTWithContext(ctx, res, decodeRecord[historyRow])
		if err != nil {
			return nil, err
		}
		if !h.Exists {
			return nil, ontology.Errorf(ontology.ENotFound, "entity %q not found", id)
		}
		ds := []ontology.MergeDecision{}
		for _, m := range h.Decisions {
			ds = append(ds, ontology.MergeDecision{Subject: ontology.EntityRef{Name: m.Subject, Type: ontology.EntityType(h.Type)},
				Action: ontology.MergeAction(m.Action), Reason: m.Reason, Topic: m.Topic,
				SubTopic: m.SubTopic, Value: m.Value, Previous: m.Previous, Confidence: m.Confidence,
				SourceTurnIDs: nonNilStrings(m.SourceTurnIDs), Decider: m.Decider, Ambiguous: m.Ambiguous, At: m.At})
		}
		return ds, nil
	})
}

// Neighbourhood returns the entities within hops (1..3) edges of an
// entity, typed relations and co-mentions, at most limit of them, and the
// edges among them, as of now.
func (s *Store) Neighbourhood(ctx context.Context, tenant, id string, hops, limit int) (ontology.Neighbourhood, error) {
	return s.GraphNeighbourhood(ctx, ontology.GraphQuery{Tenant: tenant, From: id, Hops: hops, Limit: limit})
}

// GraphNeighbourhood returns the entities within q.Hops (1..3) edges of
// q.From, at most q.Limit of them, nearest first, and the edges among them,
// each flagged typed or co_mention (q.Kinds "typed" follows typed
// relations only), as seen from q's TimeView: an edge counts when it held
// at AsOf and had been stored by KnownAt.
func (s *Store) GraphNeighbourhood(ctx context.Context, q ontology.GraphQuery) (ontology.Neighbourhood, error) {
	if q.Hops < 1 || q.Hops > ontology.MaxHops {
		return ontology.Neighbourhood{}, ontology.Errorf(ontology.EValidation, "hops must be 1..%d", ontology.MaxHops)
	}
	if err := ontology.ValidKinds(q.Kinds); err != nil {
		return ontology.Neighbourhood{}, err
	}
	limit := q.Limit
	if limit <= 0 || limit > ontology.MaxNeighbourhood {
		limit = ontology.MaxNeighbourhood
	}
	type neighbourhoodRow struct {
		Center   entityRow
		Edges    []ontology.RelationEdge
		Entities []struct {
			E    entityRow
			Hops int64
		}
	}
	rows, err := queryRows[neighbourhoodRow](ctx, s, withEdgeTypes("graph_neighbourhood", q.Kinds), q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "uid": q.From, "hops": int64(q.Hops), "limit": int64(limit),
		"edges": int64(ontology.MaxNeighbourhoodEdges)}))
	if err != nil {
		return ontology.Neighbourhood{}, err
	}
	m, ok := first(rows)
	if !ok {
		return ontology.Neighbourhood{}, ontology.Errorf(ontology.ENotFound, "entity %q not found", q.From)
	}
	n := ontology.Neighbourhood{Center: m.Center.entity(), Entities: []ontology.NeighbourEntity{}, Edges: edgesOf(m.Edges, q.TimeView)}
	for _, e := range m.Entities {
		n.Entities = append(n.Entities, ontology.NeighbourEntity{Entity: e.E.entity(), Hops: int(e.Hops)})
	}
	return n, nil
}

// Paths returns up to limit paths between two entities of one
// conversation, at most maxHops (1..4) long, typed ones first, as of now.
func (s *Store) Paths(ctx context.Context, tenant, fromID, toID string, maxHops, limit int) ([]ontology.Path, error) {
	return s.GraphPaths(ctx, ontology.GraphQuery{Tenant: tenant, From: fromID, To: toID, Hops: maxHops, Limit: limit})
}

// GraphPaths returns up to q.Limit paths from q.From to q.To, entities of
// one conversation, at most q.Hops (1..4) long: the shortest chains of
// typed relations first, then (unless q.Kinds is "typed") the shortest
// chains through co-mention edges, shorter before longer
// (ontology.RankPaths). Every edge carries its kind and source turns. An
// edge counts when it held at q.AsOf and had been stored by q.KnownAt.
func (s *Store) GraphPaths(ctx context.Context, q ontology.GraphQuery) ([]ontology.Path, error) {
	if q.Hops < 1 || q.Hops > ontology.MaxPathHops {
		return nil, ontology.Errorf(ontology.EValidation, "max_hops must be 1..%d", ontology.MaxPathHops)
	}
	if err := ontology.ValidKinds(q.Kinds); err != nil {
		return nil, err
	}
	limit := q.Limit
	if limit <= 0 || limit > ontology.MaxPaths {
		limit = ontology.MaxPaths
	}
	for _, id := range []string{q.From, q.To} {
		if _, err := s.Entity(ctx, q.Tenant, id); err != nil {
			return nil, err
		}
	}
	if q.From == q.To {
		return []ontology.Path{}, nil
	}
	type pathRow struct {
		Entities []entityRow
		Edges    []ontology.RelationEdge
	}
	rows, err := queryRows[pathRow](ctx, s, withRelTypes("graph_paths"), q.TimeView.Params(map[string]any{
		"tenant": q.Tenant, "from": q.From, "to": q.To, "max_hops": int64(q.Hops), "limit": int64(limit),
		"co_mentions": q.Kinds != ontology.KindsTyped}))
	if err != nil {
		return nil, err
	}
	paths := make([]ontology.Path, 0, len(rows))
	for _, r := range rows {
		p := ontology.Path{Edges: edgesOf(r.Edges, q.TimeView)}
		for _, e := range r.Entities {
			p.Entities = append(p.Entities, e.entity())
		}
		paths = append(paths, p)
	}
	ontology.RankPaths(paths)
	return paths, nil
}

// CurrentProfile returns the current profile facts of the named subjects
// of a conversation (extract.ProfileReader).
func (s *Store) CurrentProfile(ctx context.Context, tenant, conversation string, subjects []ontology.EntityRef) ([]ontology.ProfileFact, error) {
	var out []ontology.ProfileFact
	for _, ref := range subjects {
		id, err := s.ResolveEntity(ctx, tenant, conversation, ref.Name)
		if ontology.ErrorCode(err) == ontology.ENotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		d, err := s.Entity(ctx, tenant, id)
		if err != nil {
			return nil, err
		}
		for _, p := range d.Profile {
			if p.ValidTo == nil {
				f := p.ProfileFact
				f.Subject = ref
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// entityRow is an entity projection (n {.uid, .conversation, .name, ...}).
type entityRow struct {
	UID string
	ontology.Entity
}

func (r entityRow) entity() ontology.Entity {
	e := r.Entity
	e.ID, e.Aliases = r.UID, nonNilStrings(e.Aliases)
	return e
}

// edgesOf completes decoded edge projections (typed relations or
// co-mentions); each edge's State is judged at view's AsOf (or now).
func edgesOf(edges []ontology.RelationEdge, view ontology.TimeView) []ontology.RelationEdge {
	out := []ontology.RelationEdge{}
	now := time.Now()
	for _, e := range edges {
		e.SourceTurnIDs = nonNilStrings(e.SourceTurnIDs)
		if e.Kind == "" {
			e.Kind = ontology.EdgeTyped
		}
		e.State = view.RelationState(e.ValidTo, now)
		out = append(out, e)
	}
	return out
}

// eventRow is an event projection (ev {.uid, .what, ...}).
type eventRow struct {
	UID, What, Extractor, Session string
	WhenGranularity, WhenPhrase   string
	SourceTurnIDs, Participants   []string
	Confidence                    float64
	WhenStart, WhenEnd            *time.Time
}

func (r eventRow) event() ontology.Event {
	e := ontology.Event{ID: r.UID, What: r.What, SourceTurnIDs: nonNilStrings(r.SourceTurnIDs),
		Confidence: r.Confidence, Extractor: r.Extractor, Session: r.Session, Participants: []ontology.EntityRef{}}
	for _, p := range r.Participants {
		e.Participants = append(e.Participants, ontology.EntityRef{Name: p})
	}
	if r.WhenStart != nil && r.WhenEnd != nil {
		e.When = &ontology.TimeSpan{Start: *r.WhenStart, End: *r.WhenEnd, Granularity: r.WhenGranularity, Phrase: r.WhenPhrase}
	}
	return e
}
