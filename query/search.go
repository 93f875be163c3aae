package query

import (
	"context"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Stores is what the search service needs from the graph.
type Stores interface {
	ontology.TurnSearcher
	Speakers(ctx context.Context, tenant, conversation string) ([]string, error)
}

// Service answers search requests.
type Service struct {
	stores Stores
}

// NewService returns a search service over stores.
func NewService(stores Stores) *Service { return &Service{stores: stores} }

// Search validates req, decides its scope and returns the best turns.
//
// Speaker scope: an explicit req.Speaker wins (matched case-insensitively to
// a known speaker's spelling); otherwise, when the query names exactly one
// speaker of the conversation, results are restricted to that speaker's
// turns. The response's Scope says which applied.
func (s *Service) Search(ctx context.Context, req ontology.SearchRequest) (ontology.SearchResponse, error) {
	if err := validateSearch(&req); err != nil {
		return ontology.SearchResponse{}, err
	}
	scope := ontology.Scope{Conversation: req.Conversation}
	speakers, err := s.stores.Speakers(ctx, req.Tenant, req.Conversation)
	if err != nil {
		return ontology.SearchResponse{}, err
	}
	if req.Conversation != "" && len(speakers) == 0 {
		return ontology.SearchResponse{}, ontology.Errorf(ontology.ENotFound, "conversation %q not found", req.Conversation)
	}
	switch {
	case req.Speaker != "":
		scope.Speaker, scope.SpeakerSource = canonicalSpeaker(req.Speaker, speakers), "request"
	default:
		if named := NamedSpeaker(req.Query, speakers); named != "" {
			scope.Speaker, scope.SpeakerSource = named, "query"
		}
	}
	results, err := s.stores.SearchTurns(ctx, ontology.FullTextQuery{
		Tenant: req.Tenant, Conversation: req.Conversation, Speaker: scope.Speaker,
		Text: req.Query, Limit: req.Limit,
	})
	if err != nil {
		return ontology.SearchResponse{}, err
	}
	return ontology.SearchResponse{Results: results, Scope: scope}, nil
}

func canonicalSpeaker(name string, speakers []string) string {
	for _, s := range speakers {
		if strings.EqualFold(s, name) {
			return s
		}
	}
	return name
}

func validateSearch(req *ontology.SearchRequest) error {
	if req.Tenant == "" {
		req.Tenant = ontology.DefaultTenant
	}
	if req.Conversation != "" {
		if err := ontology.ValidateName("conversation_id", req.Conversation, ontology.MaxIDBytes); err != nil {
			return err
		}
	}
	if req.Speaker != "" {
		if err := ontology.ValidateName("speaker", req.Speaker, ontology.MaxSpeakerBytes); err != nil {
			return err
		}
	}
	if err := ontology.ValidateText("query", req.Query, ontology.MaxQueryBytes); err != nil {
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
