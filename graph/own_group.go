package graph

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// ownGroupRows are the $writes.own_group rows of conversation_own_group
// for a batch's knowledge: its ChatGroup's name and normalised name, or
// none.
func ownGroupRows(k ontology.Extraction) []map[string]any {
	if k.ChatGroup == nil {
		return []map[string]any{}
	}
	key := ontology.NormaliseName(k.ChatGroup.Name)
	if key == "" {
		return []map[string]any{}
	}
	return []map[string]any{{"name": k.ChatGroup.Name, "key": key}}
}

// writeOwnGroup records, inside a batch's transaction, the group the
// batch was read as the conversation's own chat of
// (conversation_own_group), when it was read so.
func writeOwnGroup(ctx context.Context, tx neo4j.ManagedTransaction, tenant, convUID string, k ontology.Extraction) error {
	rows := ownGroupRows(k)
	if len(rows) == 0 {
		return nil
	}
	res, err := tx.Run(ctx, cypher.Get("conversation_own_group"), map[string]any{
		"tenant": tenant, "conversation_uid": convUID, "max_own_groups": int64(ontology.MaxChatGroups),
		"writes": map[string]any{"own_group": rows},
	})
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}
