package plan

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Query says which part of the stored graph a batch's Snapshot must hold.
type Query struct {
	// Keys are the alias keys of every reference the batch makes: the
	// snapshot holds the conversation's speakers and every entity with one
	// of these alias keys.
	Keys []string
	// Prefixes are the names that may be organisations' short forms: the
	// snapshot also holds every entity whose name key starts with one of
	// them followed by a space.
	Prefixes []string
	// RelationTypes are the types of the stored relations (between the
	// snapshot's entities) a relation of the batch may restate or end.
	RelationTypes []string
	// ProfileKeys are the "topic/sub_topic" pairs of the batch's profile
	// facts: the snapshot holds its entities' current values in them.
	ProfileKeys []string
	// CitedTurnIDs are the turn ids the batch cites that it did not
	// create: the snapshot holds those that are stored.
	CitedTurnIDs []string
}

// SnapshotQuery returns what to read for batch.
func SnapshotQuery(b Batch) Query {
	var q Query
	seen := map[string]bool{}
	add := func(list *[]string, kind, v string) {
		if v != "" && !seen[kind+v] {
			seen[kind+v] = true
			*list = append(*list, v)
		}
	}
	ref := func(r ontology.EntityRef) {
		keys := ontology.AliasKeys(r)
		f := strings.Fields(ontology.NormaliseName(r.Name))
		if len(f) > 1 {
			keys = append(keys, f[0])
		}
		for _, k := range keys {
			add(&q.Keys, "k", k)
		}
		if len(f) > 0 && (r.Type == ontology.EntityOrganization || r.Type == ontology.EntityConcept) {
			add(&q.Prefixes, "p", strings.Join(f, " "))
			// A full name may complete an organisation known by a shorter one.
			for i := 1; i < len(f); i++ {
				add(&q.Keys, "k", strings.Join(f[:i], " "))
			}
		}
	}
	created := map[string]bool{}
	for _, t := range b.Turns {
		created[t.ID] = true
	}
	cite := func(ids []string) {
		for _, id := range ids {
			if !created[id] {
				add(&q.CitedTurnIDs, "t", id)
			}
		}
	}
	x := b.Knowledge
	for _, e := range x.Entities {
		ref(e.EntityRef)
		for _, a := range e.Aliases {
			ref(ontology.EntityRef{Name: a, Type: e.Type})
		}
		cite(e.SourceTurnIDs)
	}
	for _, r := range x.Relations {
		ref(r.From)
		ref(r.To)
		add(&q.RelationTypes, "r", string(r.Type))
		if r.Type == ontology.RelMovedFrom {
			add(&q.RelationTypes, "r", string(ontology.RelLivesIn))
		}
		cite(r.SourceTurnIDs)
	}
	for _, f := range x.Facts {
		ref(f.Subject)
		cite(f.SourceTurnIDs)
	}
	for _, e := range x.Events {
		for _, p := range e.Participants {
			ref(p)
		}
		if e.Where != nil {
			ref(*e.Where)
		}
		cite(e.SourceTurnIDs)
	}
	for _, p := range x.Profile {
		ref(p.Subject)
		add(&q.ProfileKeys, "f", p.Topic+"/"+p.SubTopic)
		cite(p.SourceTurnIDs)
	}
	slices.Sort(q.RelationTypes)
	return q
}
