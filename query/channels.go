package query

import (
	"context"
	"errors"
	"sync"

	"github.com/loci-memory/loci/ontology"
)

// ManySearcher runs one full-text query per text in a single round trip.
// Stores that have it let query expansion cost two statements (turns,
// facts) instead of two per expanded query.
type ManySearcher interface {
	SearchTurnsMany(ctx context.Context, q ontology.FullTextQuery, texts []string) ([][]ontology.SearchResult, error)
	SearchFactsMany(ctx context.Context, q ontology.FullTextQuery, texts []string) ([][]ontology.SearchResult, error)
}

// runMany is run for several queries sharing req's scope and p: one fused
// ranking per query, in order. When the stores can batch and cfg has only
// full-text channels and no neighbours, each channel is one statement for
// all the queries; otherwise the queries run one by one, concurrently.
func (s *Service) runMany(ctx context.Context, cfg Config, req ontology.SearchRequest, p Prepared, queries []string) ([][]*fusedResult, error) {
	results := make([][]*fusedResult, len(queries))
	many, batchable := s.stores.(ManySearcher)
	for _, ch := range cfg.Channels {
		if (ch.Kind != KindFullText && ch.Kind != KindFactFullText) || ch.Adjacent != "" || ch.Window {
			batchable = false
		}
	}
	if !batchable || cfg.Neighbours.Top > 0 {
		errs := make([]error, len(queries))
		var wg sync.WaitGroup
		for i, q := range queries {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := req
				r.Query = q
				results[i], errs[i] = s.run(ctx, cfg, r, p)
			}()
		}
		wg.Wait()
		return results, errors.Join(errs...)
	}
	texts := make([]string, len(queries))
	for i, q := range queries {
		texts[i] = matchText(cfg, q, p.Names)
	}
	// byChannel[c][i] is channel c's ranking for query i.
	byChannel := make([][][]ontology.SearchResult, len(cfg.Channels))
	errs := make([]error, len(cfg.Channels))
	var wg sync.WaitGroup
	for c, ch := range cfg.Channels {
		speaker := ""
		if p.Scope.SpeakerSource == "request" || ch.Scope == ScopeSpeaker {
			speaker = p.Scope.Speaker
		}
		q := fullTextQuery(ch, req, "", speaker) // the texts go with the batch
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ch.Kind == KindFullText {
				byChannel[c], errs[c] = many.SearchTurnsMany(ctx, q, texts)
			} else {
				byChannel[c], errs[c] = many.SearchFactsMany(ctx, q, texts)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for i := range queries {
		rankings := make([][]ontology.SearchResult, len(cfg.Channels))
		for c := range cfg.Channels {
			rankings[c] = byChannel[c][i]
		}
		results[i] = fuse(cfg, rankings)
	}
	return results, nil
}

// matchText is the text cfg's full-text channels match for query: query
// itself, or query without the speakers' names (Config.SpeakerNames).
func matchText(cfg Config, query string, speakers []string) string {
	if cfg.SpeakerNames == SpeakerNamesKeep || cfg.SpeakerNames == "" {
		return query
	}
	return DropSpeakerNames(query, speakers)
}

// ChannelSearcher runs several search channels in one round trip (one
// read transaction). Stores that have it make a default search cost one
// session for the speakers and one for all its channels.
type ChannelSearcher interface {
	SearchChannels(ctx context.Context, qs []ontology.ChannelQuery) ([][]ontology.SearchResult, error)
}

// channelQuery is runChannel's query for a ChannelSearcher; ok is false
// for channels it cannot take (the graph channel).
func (s *Service) channelQuery(ch ChannelConfig, req ontology.SearchRequest, text, speaker string, vector []float32) (ontology.ChannelQuery, bool) {
	switch ch.Kind {
	case KindVector, KindFactVector:
		q := s.vectorQuery(ch, req, speaker, vector)
		return ontology.ChannelQuery{Facts: ch.Kind == KindFactVector, Vector: &q}, true
	case KindFullText, KindFactFullText:
		q := fullTextQuery(ch, req, text, speaker)
		return ontology.ChannelQuery{Facts: ch.Kind == KindFactFullText, FullText: &q}, true
	case KindBurstVector:
		q := s.vectorQuery(ch, req, speaker, vector)
		return ontology.ChannelQuery{Bursts: true, Vector: &q}, true
	case KindBurstFullText:
		q := fullTextQuery(ch, req, text, speaker)
		return ontology.ChannelQuery{Bursts: true, FullText: &q}, true
	}
	return ontology.ChannelQuery{}, false
}

// vectorQuery is the query of vector channel ch.
func (s *Service) vectorQuery(ch ChannelConfig, req ontology.SearchRequest, speaker string, vector []float32) ontology.VectorQuery {
	return ontology.VectorQuery{
		Tenant: req.Tenant, Conversation: req.Conversation, Speaker: speaker,
		EmbedderID: s.embedder.ID(), Vector: vector, Limit: ch.Depth, Adjacent: ch.Adjacent, TimeView: req.TimeView,
	}
}

// fullTextQuery is the query of full-text channel ch, matching text.
func fullTextQuery(ch ChannelConfig, req ontology.SearchRequest, text, speaker string) ontology.FullTextQuery {
	return ontology.FullTextQuery{
		Tenant: req.Tenant, Conversation: req.Conversation, Speaker: speaker, Text: text, Limit: ch.Depth,
		MatchAll: ch.Match == "all", Adjacent: ch.Adjacent, Window: ch.Window, TimeView: req.TimeView,
		ProximitySlop: ch.ProximitySlop, ProximityBoost: ch.ProximityBoost,
	}
}

// runChannel runs one channel: full-text channels match text, the graph
// channel reads entity names from req.Query, vector channels use vector.
// The fact channels run one by one read no adjacent turns.
func (s *Service) runChannel(ctx context.Context, ch ChannelConfig, req ontology.SearchRequest, text, speaker string, vector []float32) ([]ontology.SearchResult, error) {
	switch ch.Kind {
	case KindVector:
		return s.stores.SearchTurnVectors(ctx, s.vectorQuery(ch, req, speaker, vector))
	case KindFullText:
		return s.stores.SearchTurns(ctx, fullTextQuery(ch, req, text, speaker))
	case KindFactFullText:
		q := fullTextQuery(ch, req, text, speaker)
		q.Adjacent = ""
		return s.stores.SearchFacts(ctx, q)
	case KindFactVector:
		q := s.vectorQuery(ch, req, speaker, vector)
		q.Adjacent = ""
		return s.stores.SearchFactVectors(ctx, q)
	case KindBurstFullText:
		return s.stores.SearchBursts(ctx, fullTextQuery(ch, req, text, speaker))
	case KindBurstVector:
		return s.stores.SearchBurstVectors(ctx, s.vectorQuery(ch, req, speaker, vector))
	case KindGraph:
		return s.stores.ExpandQueryAt(ctx, req.Tenant, req.Conversation, req.Query, ch.Depth, req.TimeView)
	}
	return nil, ontology.Errorf(ontology.EValidation, "channel kind %q is not available in this server", ch.Kind)
}
