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
	params := map[string]any{"tenant": q.Tenant, "conversation": conv, "type": typ, "limit": int64(limit), "fetch": int64(limit * 5)}
	stmt := cypher.Get("entities_top")
	if strings.TrimSpace(q.Text) != "" {
		terms := queryTerms(q.Text)
		if len(terms) == 0 {
			terms = nameTerms(q.Text)
		}
		if len(terms) == 0 {
			return []ontology.Entity{}, nil
		}
		scope := "+tenant_key:" + tenantKey(q.Tenant)
		if q.Conversation != "" {
			scope = "+conversation_key:" + conversationKey(q.Tenant, q.Conversation)
		}
		params["lucene"] = scope + " +(" + fieldClause("name", terms, false) + " " + fieldClause("aliases_text", terms, false) + ")"
		stmt = cypher.Get("entities_search")
	}
	rows, err := s.rows(ctx, stmt, params)
	if err != nil {
		return nil, err
	}
	ents := make([]ontology.Entity, 0, len(rows))
	for _, m := range rows {
		ents = append(ents, entityOf(m["e"]))
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
		return "", ontology.Errorf(ontology.EValidation, "%q is not an entity id; naming an entity needs conversation_id", nameOrID)
	}
	key := ontology.NormaliseName(nameOrID)
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("entity_resolve"), map[string]any{"tenant": tenant, "conversation": conversation, "key": key})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil || len(recs) == 0 {
			return "", err
		}
		return recs[0].Values[0].(string), nil
	})
	if err != nil {
		return "", err
	}
	if out.(string) == "" {
		return "", ontology.Errorf(ontology.ENotFound, "no entity named %q in conversation %q", nameOrID, conversation)
	}
	return out.(string), nil
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
	rows, err := s.rows(ctx, cypher.Get("entity_get"), view.Params(map[string]any{"tenant": tenant, "uid": id,
		"mentions": int64(ontology.MaxEntityMentions), "co_mentions": int64(ontology.MaxEntityCoMentions)}))
	if err != nil {
		return ontology.EntityDetail{}, 0, err
	}
	if len(rows) == 0 {
		return ontology.EntityDetail{}, 0, ontology.Errorf(ontology.ENotFound, "entity %q not found", id)
	}
	m := rows[0]
	version, _ := m["version"].(int64)
	d := ontology.EntityDetail{Entity: entityOf(m["e"]), Profile: []ontology.StoredProfileFact{},
		Relations: edgesOf(m["relations"], view), CoMentions: edgesOf(m["co_mentions"], view), Facts: []ontology.Fact{}, Events: []ontology.Event{}, Mentions: []ontology.Mention{}}
	for _, x := range m["profile"].([]any) {
		p := x.(map[string]any)
		d.Profile = append(d.Profile, ontology.StoredProfileFact{ID: str(p["uid"]), ProfileFact: ontology.ProfileFact{
			Subject: ontology.EntityRef{Name: d.Name, Type: d.Type}, Topic: str(p["topic"]), SubTopic: str(p["sub_topic"]),
			Value: str(p["value"]), Confidence: num(p["confidence"]), ValidFrom: timePtr(p["valid_from"]), ValidTo: timePtr(p["valid_to"]),
			SourceTurnIDs: strings1(p["source_turn_ids"]), Extractor: str(p["extractor"])}})
	}
	for _, x := range m["facts"].([]any) {
		f := x.(map[string]any)
		d.Facts = append(d.Facts, ontology.Fact{ID: str(f["uid"]), Subject: ontology.EntityRef{Name: d.Name, Type: d.Type},
			Statement: str(f["statement"]), Speaker: str(f["speaker"]), SourceTurnIDs: strings1(f["source_turn_ids"]),
			Confidence: num(f["confidence"]), ValidFrom: timePtr(f["valid_from"]), ValidTo: timePtr(f["valid_to"]),
			Extractor: str(f["extractor"]), Session: str(f["session"])})
	}
	for _, x := range m["events"].([]any) {
		d.Events = append(d.Events, eventOf(x.(map[string]any)))
	}
	for _, x := range m["mentions"].([]any) {
		t := x.(map[string]any)
		d.Mentions = append(d.Mentions, ontology.Mention{TurnID: str(t["id"]), Session: str(t["session"]),
			Speaker: str(t["speaker"]), Text: str(t["text"]), Timestamp: timePtr(t["timestamp"])})
	}
	return d, version, nil
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
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, cypher.Get("entity_history"), view.Params(map[string]any{"tenant": tenant, "uid": id, "limit": int64(limit)}))
		if err != nil {
			return nil, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return nil, err
		}
		if ok, _ := rec.Get("exists"); ok != true {
			return nil, ontology.Errorf(ontology.ENotFound, "entity %q not found", id)
		}
		raw, _ := rec.Get("decisions")
		ds := []ontology.MergeDecision{}
		for _, x := range raw.([]any) {
			m := x.(map[string]any)
			d := ontology.MergeDecision{Subject: ontology.EntityRef{Name: str(m["subject"])},
				Action: ontology.MergeAction(str(m["action"])), Reason: str(m["reason"]), Topic: str(m["topic"]),
				SubTopic: str(m["sub_topic"]), Value: str(m["value"]), Previous: str(m["previous"]),
				Confidence: num(m["confidence"]), SourceTurnIDs: strings1(m["source_turn_ids"]), Decider: str(m["decider"])}
			d.Ambiguous, _ = m["ambiguous"].(bool)
			if t := timePtr(m["at"]); t != nil {
				d.At = *t
			}
			ds = append(ds, d)
		}
		return ds, nil
	})
	if err != nil {
		return nil, err
	}
	return out.([]ontology.MergeDecision), nil
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
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, withEdgeTypes("graph_neighbourhood", q.Kinds), q.TimeView.Params(map[string]any{
			"tenant": q.Tenant, "uid": q.From, "hops": int64(q.Hops), "limit": int64(limit),
			"edges": int64(ontology.MaxNeighbourhoodEdges)}))
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			return nil, ontology.Errorf(ontology.ENotFound, "entity %q not found", q.From)
		}
		m := recs[0].AsMap()
		n := ontology.Neighbourhood{Center: entityOf(m["center"]), Entities: []ontology.NeighbourEntity{}, Edges: edgesOf(m["edges"], q.TimeView)}
		for _, x := range m["entities"].([]any) {
			e := x.(map[string]any)
			n.Entities = append(n.Entities, ontology.NeighbourEntity{Entity: entityOf(e["e"]), Hops: int(e["hops"].(int64))})
		}
		return n, nil
	})
	if err != nil {
		return ontology.Neighbourhood{}, err
	}
	return out.(ontology.Neighbourhood), nil
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
	out, err := s.read(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		res, err := tx.Run(ctx, withRelTypes("graph_paths"), q.TimeView.Params(map[string]any{
			"tenant": q.Tenant, "from": q.From, "to": q.To, "max_hops": int64(q.Hops), "limit": int64(limit),
			"co_mentions": q.Kinds != ontology.KindsTyped}))
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		if err != nil {
			return nil, err
		}
		paths := make([]ontology.Path, 0, len(recs))
		for _, r := range recs {
			m := r.AsMap()
			p := ontology.Path{Edges: edgesOf(m["edges"], q.TimeView)}
			for _, e := range m["entities"].([]any) {
				p.Entities = append(p.Entities, entityOf(e))
			}
			paths = append(paths, p)
		}
		ontology.RankPaths(paths)
		return paths, nil
	})
	if err != nil {
		return nil, err
	}
	return out.([]ontology.Path), nil
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

func entityOf(v any) ontology.Entity {
	m, _ := v.(map[string]any)
	e := ontology.Entity{ID: str(m["uid"]), Conversation: str(m["conversation"]), Name: str(m["name"]),
		Type: ontology.EntityType(str(m["type"])), Aliases: strings1(m["aliases"]), Speaker: str(m["speaker"])}
	e.Mentions, _ = m["mentions"].(int64)
	return e
}

// edgesOf reads edge projections; each edge's State is judged at view's
// AsOf (or now).
func edgesOf(v any, view ontology.TimeView) []ontology.RelationEdge {
	out := []ontology.RelationEdge{}
	xs, _ := v.([]any)
	now := time.Now()
	for _, x := range xs {
		m, ok := x.(map[string]any)
		if !ok {
			continue
		}
		e := ontology.RelationEdge{Kind: str(m["kind"]), Type: ontology.RelationType(str(m["type"])),
			FromID: str(m["from_id"]), ToID: str(m["to_id"]), FromName: str(m["from_name"]), ToName: str(m["to_name"]),
			Role: str(m["role"]), Confidence: num(m["confidence"]), ValidFrom: timePtr(m["valid_from"]), ValidTo: timePtr(m["valid_to"]),
			FirstSeen: timePtr(m["first_seen"]), LastSeen: timePtr(m["last_seen"]), SourceTurnIDs: strings1(m["source_turn_ids"])}
		e.Count, _ = m["count"].(int64)
		if e.Kind == "" {
			e.Kind = ontology.EdgeTyped
		}
		e.State = view.RelationState(e.ValidTo, now)
		out = append(out, e)
	}
	return out
}

func eventOf(m map[string]any) ontology.Event {
	e := ontology.Event{ID: str(m["uid"]), What: str(m["what"]), SourceTurnIDs: strings1(m["source_turn_ids"]),
		Confidence: num(m["confidence"]), Extractor: str(m["extractor"]), Session: str(m["session"]), Participants: []ontology.EntityRef{}}
	for _, p := range strings1(m["participants"]) {
		e.Participants = append(e.Participants, ontology.EntityRef{Name: p})
	}
	if s, e2 := timePtr(m["when_start"]), timePtr(m["when_end"]); s != nil && e2 != nil {
		e.When = &ontology.TimeSpan{Start: *s, End: *e2, Granularity: str(m["when_granularity"]), Phrase: str(m["when_phrase"])}
	}
	return e
}

func str(v any) string { s, _ := v.(string); return s }

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	}
	return 0
}

// timePtr is asTime for an optional value: nil when v is not a time.
func timePtr(v any) *time.Time {
	switch v.(type) {
	case time.Time, neo4j.LocalDateTime, neo4j.Date:
		t := asTime(v)
		return &t
	}
	return nil
}
