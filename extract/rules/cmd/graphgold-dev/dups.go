package main

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/plan"
)

// With -dups, every dev chat's batches go through the planner the store
// runs (plan.SnapshotQuery, plan.Plan) against an in-memory copy of what
// its writes leave, and the gold entities stored as two or more entities
// are printed: one person or organisation split in two breaks the paths
// through it. Stored entities are matched to gold ones as the scorer does
// (graphbench.Resolver: name or alias).
var dupsFlag *bool

func dupsFlags() {
	dupsFlag = flag.Bool("dups", false, "replay each chat's batches through the store's entity resolution (package plan) and print every gold entity stored as two or more entities, and the total")
}

func dupsOn() bool { return dupsFlag != nil && *dupsFlag }

// batchRun is one batch as ingest stores it: its turns and the extractors'
// output for them, with the turns read as context.
type batchRun struct {
	turns, context []ontology.Turn
	got            ontology.Extraction
}

// memStore holds a conversation's entities as the store's writes leave
// them; it decides nothing.
type memStore struct {
	byUID map[string]*plan.StoredEntity
	order []string
}

// snapshot returns the entities the store's snapshot read returns for q
// (knowledge_snapshot_reads): the speakers, those with one of q's alias
// keys, and those whose name key starts with one of q's prefixes.
func (m *memStore) snapshot(q plan.Query) plan.Snapshot {
	var s plan.Snapshot
	for _, uid := range m.order {
		e := m.byUID[uid]
		key := ontology.NormaliseName(e.Name)
		if e.Speaker != "" || slices.ContainsFunc(e.AliasKeys, func(k string) bool { return slices.Contains(q.Keys, k) }) ||
			slices.ContainsFunc(q.Prefixes, func(p string) bool { return strings.HasPrefix(key, p+" ") }) {
			s.Entities = append(s.Entities, *e)
		}
	}
	return s
}

// apply executes a plan's entity writes (knowledge_write's upsert).
func (m *memStore) apply(wp plan.WritePlan) {
	for _, w := range wp.Entities {
		e, ok := m.byUID[w.UID]
		if !ok {
			e = &plan.StoredEntity{UID: w.UID}
			m.byUID[w.UID] = e
			m.order = append(m.order, w.UID)
		}
		speaker := e.Speaker
		mentions := e.Mentions
		*e = w.StoredEntity
		if speaker != "" {
			e.Speaker = speaker
		}
		e.Mentions = mentions + int64(len(w.TurnIDs))
	}
}

// dupTotals counts, over the dev chats, the gold entities split.
type dupTotals struct{ split, extra, merged int }

var dupSum dupTotals

// countDups replays a chat's batches and prints its split gold entities.
func countDups(g gold, runs []batchRun) {
	m := &memStore{byUID: map[string]*plan.StoredEntity{}}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, b := range runs {
		ids, ctxIDs := map[string]bool{}, map[string]bool{}
		var speakers []string
		for _, t := range b.turns {
			ids[t.ID] = true
			if !slices.Contains(speakers, t.Speaker) {
				speakers = append(speakers, t.Speaker)
			}
		}
		for _, t := range b.context {
			ctxIDs[t.ID] = true
		}
		sort.Strings(speakers)
		clean, _ := ontology.SanitiseExtractionWithContext(b.got, ids, ctxIDs)
		if clean.Empty() {
			continue
		}
		batch := plan.Batch{Tenant: "dev", Conversation: g.Conversation, Turns: b.turns, Speakers: speakers,
			Knowledge: clean, Now: now.Add(time.Duration(i) * time.Minute)}
		m.apply(plan.Plan(m.snapshot(plan.SnapshotQuery(batch)), batch))
	}
	var golds []graphbench.GoldEntity
	for _, e := range g.Entities {
		golds = append(golds, graphbench.GoldEntity{Name: e.Name, Type: ontology.EntityType(e.Type), Aliases: e.Aliases})
	}
	var stored []graphbench.StoredEntity
	for _, uid := range m.order {
		e := m.byUID[uid]
		stored = append(stored, graphbench.StoredEntity{ID: e.UID, Name: e.Name, Aliases: e.Aliases, Type: e.Type})
	}
	r := graphbench.NewResolver(golds, stored)
	byGold := map[string][]string{}
	for _, s := range stored {
		if gs := r.GoldOf(s.ID); len(gs) > 1 {
			// One stored entity for several gold ones: two people merged
			// (or names the gold shares between entities).
			dupSum.merged++
			fmt.Printf("MERGED %s %q(%s) aliases %q: gold %q\n", g.Conversation, s.Name, s.Type, s.Aliases, gs)
		}
		for _, gn := range r.GoldOf(s.ID) {
			label := fmt.Sprintf("%q(%s %s", s.Name, s.Type, m.byUID[s.ID].TypeCue)
			if e := m.byUID[s.ID]; e.Speaker != "" {
				label += ", speaker " + fmt.Sprintf("%q", e.Speaker)
			}
			byGold[gn] = append(byGold[gn], label+")")
		}
	}
	for _, e := range g.Entities {
		if ns := byGold[e.Name]; len(ns) > 1 {
			dupSum.split++
			dupSum.extra += len(ns) - 1
			fmt.Printf("DUP %s %q (%s): %s\n", g.Conversation, e.Name, e.Type, strings.Join(ns, " "))
		}
	}
}

func dupsReport() {
	if dupsOn() {
		fmt.Printf("duplicates: %d gold entities stored as two or more entities (%d entities too many); %d stored entities match two or more gold entities\n", dupSum.split, dupSum.extra, dupSum.merged)
	}
}
