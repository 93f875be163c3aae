package client_test

import (
	"context"
	"errors"
	"testing"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/ontology"
)

// TestClientSpeakerAliases: an alias set through the client is listed with
// the speaker, scopes a search that names it, and can be removed; an
// unknown speaker is a not-found error.
func TestClientSpeakerAliases(t *testing.T) {
	url, key, _ := newServer(t, nil)
	ctx := context.Background()
	c := client.New(url, client.WithAPIKey(key))
	if _, err := c.AddTurns(ctx, "c", conversation); err != nil {
		t.Fatal(err)
	}
	sp, err := c.SetSpeakerAliases(ctx, "c", "Ria", []string{"Rita"})
	if err != nil || sp.Name != "Ria" || len(sp.Aliases) != 1 || sp.Aliases[0].Alias != "Rita" || sp.Aliases[0].How != ontology.AliasExplicit {
		t.Fatalf("SetSpeakerAliases = %+v, %v", sp, err)
	}
	speakers, err := c.Speakers(ctx, "c")
	if err != nil || len(speakers) != 2 {
		t.Fatalf("Speakers = %+v, %v", speakers, err)
	}
	res, err := c.Search(ctx, ontology.SearchRequest{Conversation: "c", Query: "Where did Rita move?", Config: "fulltext-speaker"})
	if err != nil || res.Scope.Speaker != "Ria" || res.Scope.SpeakerAlias != "Rita" || res.Scope.SpeakerMatch != ontology.AliasExplicit {
		t.Fatalf("Search naming the alias: scope %+v, %v", res.Scope, err)
	}
	if sp, err := c.SetSpeakerAliases(ctx, "c", "Ria", nil); err != nil || len(sp.Aliases) != 0 {
		t.Fatalf("removing the aliases = %+v, %v", sp, err)
	}
	if res, err := c.Search(ctx, ontology.SearchRequest{Conversation: "c", Query: "Where did Rita move?", Config: "fulltext-speaker"}); err != nil || res.Scope.Speaker != "" {
		t.Fatalf("after removal the alias still scopes: %+v, %v", res.Scope, err)
	}
	var apiErr *client.Error
	if _, err := c.SetSpeakerAliases(ctx, "c", "nobody", []string{"X"}); !errors.As(err, &apiErr) || apiErr.Status != 404 || ontology.ErrorCode(err) != ontology.ENotFound {
		t.Fatalf("unknown speaker: %v", err)
	}
}
