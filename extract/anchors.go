package extract

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/loci-memory/loci/extract/topics"
	"github.com/loci-memory/loci/ontology"
)

// AnchorStore is what anchor building reads and writes.
type AnchorStore interface {
	EntityVersion(ctx context.Context, tenant, id string) (ontology.EntityDetail, int64, error)
	SaveProfile(ctx context.Context, tenant string, d ontology.EntityDetail, version int64, lines []ontology.AnchorLine, vector []float32) error
	TopicMaterial(ctx context.Context, tenant, conversation string) (ontology.TopicMaterial, error)
	SaveTopics(ctx context.Context, tenant, conversation string, version int64, ts []ontology.StoredTopic) error
}

// AnchorBuilder keeps anchors up to date: entity profiles (consolidated
// attributes, relations, key events and facts, each line citing its
// turns) and cross-session topics with extractive summaries. Writes only
// mark anchors stale; the builder refreshes them lazily, when a read needs
// them or from a background pass, never on every turn.
type AnchorBuilder struct {
	store    AnchorStore
	embedder ontology.Embedder // nil: anchors carry no vectors
	topics   topics.Config
	writer   TopicWriter // nil: summaries stay extractive

	// Topic rebuilds are the heaviest thing Loci does in memory: a
	// conversation's turns with their vectors and a similarity matrix
	// quadratic in its turns. Concurrent rebuilds of one conversation (8
	// readers of a stale one, or a reader and the background pass) share
	// one rebuild, and at most cap(builds) conversations rebuild at once,
	// so peak memory does not grow with the number of readers.
	flight *singleflight.Group
	builds chan struct{}
}

// TopicWriter writes a topic's summary from its turns, each line citing
// only turns it was given. The LLM extractor is one (extract/llm).
type TopicWriter interface {
	WriteTopicSummary(ctx context.Context, label string, turns []ontology.TopicTurn) ([]ontology.AnchorLine, error)
}

// NewAnchorBuilder returns a builder over store, embedding anchors with
// embedder (nil for none).
func NewAnchorBuilder(store AnchorStore, embedder ontology.Embedder) *AnchorBuilder {
	return &AnchorBuilder{store: store, embedder: embedder, flight: new(singleflight.Group), builds: make(chan struct{}, runtime.GOMAXPROCS(0))}
}

// WithEmbedder returns a builder that embeds with e and otherwise is b: the
// same store, topic settings and writer (as set so far), and the same
// shared rebuilds and limit on them. Loci's reads build anchors they wait
// for with the search embedder and leave the rest to a builder embedding
// at the write path's lower priority (LOCI_INGEST_NICE).
func (b *AnchorBuilder) WithEmbedder(e ontology.Embedder) *AnchorBuilder {
	c := *b
	c.embedder = e
	return &c
}

// WithTopicWriter has topic summaries written by w (one call per topic
// each time a conversation's topics are rebuilt) instead of extracted;
// when w fails, a topic keeps its extractive summary.
func (b *AnchorBuilder) WithTopicWriter(w TopicWriter) *AnchorBuilder {
	b.writer = w
	return b
}

// Profile limits: a profile is a compact summary, not a dump.
const (
	maxProfileEvents = 6
	maxProfileFacts  = 6
	maxProfileLines  = 20
)

// RefreshProfile rebuilds one entity's profile anchor.
func (b *AnchorBuilder) RefreshProfile(ctx context.Context, tenant, entityID string) error {
	d, version, err := b.store.EntityVersion(ctx, tenant, entityID)
	if err != nil {
		return err
	}
	lines := ProfileLines(d)
	var vec []float32
	if b.embedder != nil && len(lines) > 0 {
		texts := make([]string, len(lines))
		for i, l := range lines {
			texts[i] = l.Text
		}
		v, err := b.embedder.Embed(ctx, []string{strings.Join(texts, " ")})
		if err != nil {
			return fmt.Errorf("extract: embedding the profile of %s: %w", d.Name, err)
		}
		vec = v[0]
	}
	return b.store.SaveProfile(ctx, tenant, d, version, lines, vec)
}

// ProfileLines renders an entity's consolidated profile: a head line, its
// current profile facts grouped by sub-topic, its relations, its most
// recent dated events and its facts, each line citing its source turns.
func ProfileLines(d ontology.EntityDetail) []ontology.AnchorLine {
	var out []ontology.AnchorLine
	head := d.Name + " (" + string(d.Type)
	if d.Speaker != "" {
		head += ", a speaker"
	}
	if len(d.Aliases) > 1 {
		head += "; also " + strings.Join(otherAliases(d), ", ")
	}
	out = append(out, ontology.AnchorLine{Text: head + ")"})

	type group struct {
		values  []string
		sources []string
	}
	groups := map[string]*group{}
	var order []string
	for _, p := range d.Profile {
		if p.ValidTo != nil {
			continue
		}
		key := p.Topic + "/" + p.SubTopic
		g, ok := groups[key]
		if !ok {
			g = &group{}
			groups[key] = g
			order = append(order, key)
		}
		v := p.Value
		if p.ValidFrom != nil {
			v += " (since " + p.ValidFrom.UTC().Format("2 Jan 2006") + ")"
		}
		g.values = append(g.values, v)
		g.sources = appendNew(g.sources, p.SourceTurnIDs...)
	}
	for _, key := range order {
		g := groups[key]
		out = append(out, ontology.AnchorLine{Text: strings.ReplaceAll(key, "_", " ") + ": " + strings.Join(g.values, "; "), SourceTurnIDs: g.sources})
	}
	for _, p := range d.Profile {
		if p.ValidTo != nil {
			out = append(out, ontology.AnchorLine{Text: fmt.Sprintf("formerly %s: %s (until %s)", strings.ReplaceAll(p.SubTopic, "_", " "), p.Value, p.ValidTo.UTC().Format("2 Jan 2006")), SourceTurnIDs: p.SourceTurnIDs})
		}
	}
	for _, r := range d.Relations {
		out = append(out, ontology.AnchorLine{Text: relationText(d, r), SourceTurnIDs: r.SourceTurnIDs})
	}
	events := append([]ontology.Event(nil), d.Events...)
	sort.SliceStable(events, func(i, j int) bool { return eventTime(events[i]).After(eventTime(events[j])) })
	for i, e := range events {
		if i == maxProfileEvents {
			break
		}
		text := e.What
		if e.When != nil {
			text = e.When.Start.UTC().Format("2 Jan 2006") + ": " + text
		}
		out = append(out, ontology.AnchorLine{Text: text, SourceTurnIDs: e.SourceTurnIDs})
	}
	facts := append([]ontology.Fact(nil), d.Facts...)
	sort.SliceStable(facts, func(i, j int) bool { return facts[i].Confidence > facts[j].Confidence })
	for i, f := range facts {
		if i == maxProfileFacts {
			break
		}
		out = append(out, ontology.AnchorLine{Text: f.Statement, SourceTurnIDs: f.SourceTurnIDs})
	}
	if len(out) > maxProfileLines {
		out = out[:maxProfileLines]
	}
	if len(out) == 1 {
		return nil // a bare name is no profile
	}
	return out
}

func otherAliases(d ontology.EntityDetail) []string {
	var out []string
	for _, a := range d.Aliases {
		if a != d.Name {
			out = append(out, a)
		}
	}
	return out
}

// relationText says a relation in words from d's side.
func relationText(d ontology.EntityDetail, r ontology.RelationEdge) string {
	verb := strings.ToLower(strings.ReplaceAll(string(r.Type), "_", " "))
	if r.FromID == d.ID {
		if r.Type == ontology.RelFamilyOf && r.Role != "" {
			return r.Role + ": " + r.ToName
		}
		s := verb + " " + r.ToName
		if r.Role != "" {
			s += " (" + r.Role + ")"
		}
		if r.ValidTo != nil {
			s += " until " + r.ValidTo.UTC().Format("2 Jan 2006")
		}
		return s
	}
	if r.Type == ontology.RelFamilyOf && r.Role != "" {
		return r.Role + " of " + r.FromName
	}
	return r.FromName + " " + verb + " " + d.Name
}

func eventTime(e ontology.Event) time.Time {
	if e.When != nil {
		return e.When.Start
	}
	return time.Time{}
}

func appendNew(dst []string, ids ...string) []string {
	for _, id := range ids {
		if !slices.Contains(dst, id) {
			dst = append(dst, id)
		}
	}
	return dst
}

// topicRebuildTimeout bounds one shared topic rebuild, which no single
// caller's context does.
const topicRebuildTimeout = 2 * time.Minute

// RefreshTopics rebuilds the topics of one conversation. Calls for a
// conversation already being rebuilt wait for that rebuild and share its
// result; at most GOMAXPROCS conversations are rebuilt at once (the work
// is CPU-bound, so more would only hold more memory).
func (b *AnchorBuilder) RefreshTopics(ctx context.Context, tenant, conversation string) error {
	key := tenant + "\x00" + conversation
	ch := b.flight.DoChan(key, func() (any, error) {
		// Detached from the first caller's cancellation, so that one
		// caller giving up does not fail the others sharing the rebuild;
		// bounded on its own instead.
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), topicRebuildTimeout)
		defer cancel()
		return nil, b.refreshTopics(bctx, tenant, conversation)
	})
	select {
	case r := <-ch:
		return r.Err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// refreshTopics is RefreshTopics without the sharing: one rebuild, once a
// build slot is free.
func (b *AnchorBuilder) refreshTopics(ctx context.Context, tenant, conversation string) error {
	select {
	case b.builds <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-b.builds }()
	m, err := b.store.TopicMaterial(ctx, tenant, conversation)
	if err != nil {
		return err
	}
	in := topics.Input{}
	for _, t := range m.Turns {
		in.Turns = append(in.Turns, topics.TurnInput{ID: t.ID, Session: t.Session, Speaker: t.Speaker, Text: t.Text,
			Timestamp: t.Timestamp, Vector: t.Vector, Entities: t.Entities})
	}
	for _, f := range m.Facts {
		in.Facts = append(in.Facts, topics.FactInput{ID: f.ID, Statement: f.Statement, SourceTurnIDs: f.SourceTurnIDs})
	}
	built := topics.Build(in, b.topics)
	byID := make(map[string]ontology.TopicTurn, len(m.Turns))
	for _, t := range m.Turns {
		byID[t.ID] = t
	}
	out := make([]ontology.StoredTopic, len(built))
	for i, t := range built {
		st := ontology.StoredTopic{Key: t.Key, Label: t.Label, KeyFacts: t.KeyFacts, Participants: t.Participants,
			SourceTurnIDs: t.SourceTurnIDs, Vector: t.Centroid}
		for _, s := range t.Summary {
			st.Sentences = append(st.Sentences, ontology.AnchorLine{Text: s.Speaker + ": " + s.Text, SourceTurnIDs: []string{s.TurnID}})
		}
		if b.writer != nil {
			turns := make([]ontology.TopicTurn, 0, len(t.SourceTurnIDs))
			for _, id := range t.SourceTurnIDs {
				if tt, ok := byID[id]; ok {
					turns = append(turns, tt)
				}
			}
			// One call per topic update. On failure the extractive
			// summary stays: a topic is never left without one.
			if lines, err := b.writer.WriteTopicSummary(ctx, t.Label, turns); err == nil {
				st.Sentences = lines
			} else if ctx.Err() != nil {
				return ctx.Err()
			}
		}
		if !t.Span.Start.IsZero() && ontology.SpanInRange(t.Span) { // a last turn on 9999-12-31 ends it in year 10000
			span := t.Span
			st.Span = &span
		}
		out[i] = st
	}
	return b.store.SaveTopics(ctx, tenant, conversation, m.Version, out)
}

// RefreshStale rebuilds up to limit stale profiles and stale topic sets,
// returning how many it rebuilt. serve runs it in the background.
func (b *AnchorBuilder) RefreshStale(ctx context.Context, work []ontology.StaleWork, log *slog.Logger) int {
	n := 0
	for _, w := range work {
		var err error
		switch w.Kind {
		case ontology.StaleEntity:
			err = b.RefreshProfile(ctx, w.Tenant, w.EntityID)
		case ontology.StaleTopics:
			err = b.RefreshTopics(ctx, w.Tenant, w.Conversation)
		}
		if err != nil {
			if log != nil {
				log.Warn("anchor refresh failed", "kind", w.Kind, "conversation", w.Conversation, "err", err)
			}
			continue
		}
		n++
	}
	return n
}
