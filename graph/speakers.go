package graph

import (
	"context"
	"sort"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

func speakerAliasUID(tenant, conversation, speaker, alias, how string) string {
	return uid("speaker-alias", tenant, conversation, speaker, strings.ToLower(alias), how)
}

// SpeakerIdentities lists the speakers of a conversation (of the whole
// tenant when conversation is "") with their aliases, most used first.
func (s *Store) SpeakerIdentities(ctx context.Context, tenant, conversation string) ([]ontology.Speaker, error) {
	var conv any
	if conversation != "" {
		conv = conversation
	}
	return queryRows[ontology.Speaker](ctx, s, cypher.Get("speakers_identities"), map[string]any{"tenant": tenant, "conversation": conv})
}

// speakerRow is a row naming one speaker.
type speakerRow struct{ Name string }

// Speakers lists the speaker names of a conversation, or of the whole
// tenant when conversation is "".
func (s *Store) Speakers(ctx context.Context, tenant, conversation string) ([]string, error) {
	var conv any
	if conversation != "" {
		conv = conversation
	}
	rows, err := queryRows[speakerRow](ctx, s, cypher.Get("speakers_list"), map[string]any{"tenant": tenant, "conversation": conv})
	if err != nil {
		return nil, err
	}
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.Name
	}
	return names, nil
}

// DeleteSpeaker forgets one speaker of a conversation of tenant (matched
// case-insensitively): their turns, the knowledge derived only from those
// turns, the anchors that quoted them (rebuilt later from what remains),
// and entities nothing refers to any more. One transaction: all or nothing.
func (s *Store) DeleteSpeaker(ctx context.Context, tenant, conversation, speaker string) (ontology.DeleteReceipt, error) {
	r, err := s.deleteWith(ctx, cypher.Get("speaker_delete"), map[string]any{
		"tenant": tenant, "conversation_uid": conversationUID(tenant, conversation), "speaker": strings.ToLower(speaker),
	}, ontology.Errorf(ontology.ENotFound, "speaker %q not found in conversation %q", speaker, conversation))
	if err == nil {
		r.Speakers = 1
	}
	return r, err
}

// SetSpeakerAliases replaces the explicit aliases of one speaker of a
// conversation (matched case-insensitively) and returns the speaker with
// every alias. ENotFound when the conversation or speaker is not the
// tenant's; EConflict when an alias names another speaker of it.
func (s *Store) SetSpeakerAliases(ctx context.Context, tenant, conversation, speaker string, aliases []string) (ontology.Speaker, error) {
	speakers, err := s.SpeakerIdentities(ctx, tenant, conversation)
	if err != nil {
		return ontology.Speaker{}, err
	}
	var name string
	for _, sp := range speakers {
		if strings.EqualFold(sp.Name, speaker) {
			name = sp.Name
		}
	}
	if name == "" {
		return ontology.Speaker{}, ontology.Errorf(ontology.ENotFound, "speaker %q not found in conversation %q", speaker, conversation)
	}
	for _, a := range aliases {
		for _, sp := range speakers {
			if sp.Name == name {
				continue
			}
			if strings.EqualFold(sp.Name, a) {
				return ontology.Speaker{}, ontology.Errorf(ontology.EConflict, "alias %q is the name of another speaker of the conversation", a)
			}
			for _, other := range sp.Aliases {
				if other.How == ontology.AliasExplicit && strings.EqualFold(other.Alias, a) {
					return ontology.Speaker{}, ontology.Errorf(ontology.EConflict, "alias %q is already an alias of %q", a, sp.Name)
				}
			}
		}
	}
	rows := make([]map[string]any, len(aliases))
	for i, a := range aliases {
		rows[i] = map[string]any{"uid": speakerAliasUID(tenant, conversation, name, a, ontology.AliasExplicit), "alias": a}
	}
	got, err := writeRows[speakerRow](ctx, s, cypher.Get("speaker_aliases_set"), map[string]any{
		"tenant": tenant, "conversation": conversation, "conversation_uid": conversationUID(tenant, conversation),
		"speaker_uid": speakerUID(tenant, conversation, name), "aliases": rows,
	})
	if err != nil {
		return ontology.Speaker{}, err
	}
	if len(got) == 0 {
		return ontology.Speaker{}, ontology.Errorf(ontology.ENotFound, "speaker %q not found in conversation %q", speaker, conversation)
	}
	speakers, err = s.SpeakerIdentities(ctx, tenant, conversation)
	if err != nil {
		return ontology.Speaker{}, err
	}
	for _, sp := range speakers {
		if sp.Name == name {
			return sp, nil
		}
	}
	return ontology.Speaker{}, ontology.Errorf(ontology.ENotFound, "speaker %q not found in conversation %q", speaker, conversation)
}

// writeSpeakerAliases counts, inside a batch's transaction, the aliases
// its new turns used (those of resent turns were counted already).
func writeSpeakerAliases(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string,
	created map[string]bool, learned []ontology.LearnedAlias) error {
	rows := speakerAliasRows(tenant, conversation, created, learned)
	if len(rows) == 0 {
		return nil
	}
	res, err := tx.Run(ctx, cypher.Get("speaker_aliases_learn"), map[string]any{"tenant": tenant, "conversation": conversation, "writes": map[string]any{"aliases": rows}})
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// speakerAliasRows are the $aliases rows of speaker_aliases_learn for the
// aliases the batch's new turns (created) used, in a stable lock order.
func speakerAliasRows(tenant, conversation string, created map[string]bool, learned []ontology.LearnedAlias) []map[string]any {
	type key struct{ speaker, alias, how string }
	byKey := map[key][]string{}
	display := map[key]string{}
	for _, a := range learned {
		if !created[a.TurnID] {
			continue
		}
		k := key{a.Speaker, strings.ToLower(a.Alias), a.How}
		if _, ok := display[k]; !ok {
			display[k] = a.Alias
		}
		byKey[k] = append(byKey[k], a.TurnID)
	}
	rows := make([]map[string]any, 0, len(byKey))
	for k, ids := range byKey {
		rows = append(rows, map[string]any{
			"uid": speakerAliasUID(tenant, conversation, k.speaker, k.alias, k.how), "speaker_uid": speakerUID(tenant, conversation, k.speaker),
			"alias": display[k], "how": k.how, "turn_ids": ids,
		})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i]["uid"].(string) < rows[j]["uid"].(string) }) // a stable lock order
	return rows
}
