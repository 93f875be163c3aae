package graphbench

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Normalise is the form names are compared in: accents folded, lower case,
// every run of non-letters and non-digits one space, a leading "the" or
// "@" dropped ("The Salt Pines" = "salt pines", "@kiko.r" = "kiko r",
// "Malmö" = "malmo").
func Normalise(s string) string {
	s = lang.FoldAccents(s)
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return strings.TrimPrefix(b.String(), "the ")
}

// StoredEntity is an entity as Loci stored it: its id, name, aliases and
// type.
type StoredEntity struct {
	ID      string
	Name    string
	Aliases []string
	Type    ontology.EntityType
}

// Predicted is one typed relation Loci stored, with its ends' ids.
type Predicted struct {
	Type          ontology.RelationType
	FromID, ToID  string
	Role          string
	Ended         bool
	SourceTurnIDs []string
}

// Counts are the matching counts of one relation type (or all).
type Counts struct {
	Predicted   int `json:"predicted"`    // stored relations in the span
	Correct     int `json:"correct"`      // of them, matching a gold relation
	Gold        int `json:"gold"`         // gold relations
	Found       int `json:"found"`        // of them, matched by a stored relation
	EndedOK     int `json:"ended_ok"`     // found gold relations whose ended flag the store agrees with
	EndedGold   int `json:"ended_gold"`   // found gold relations marked ended
	EndedClosed int `json:"ended_closed"` // of those, stored closed (valid_to set)
}

// Precision is Correct/Predicted (0 when nothing was predicted).
func (c Counts) Precision() float64 { return ratio(c.Correct, c.Predicted) }

// Recall is Found/Gold (0 when the gold is empty).
func (c Counts) Recall() float64 { return ratio(c.Found, c.Gold) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (c *Counts) add(o Counts) {
	c.Predicted += o.Predicted
	c.Correct += o.Correct
	c.Gold += o.Gold
	c.Found += o.Found
	c.EndedOK += o.EndedOK
	c.EndedGold += o.EndedGold
	c.EndedClosed += o.EndedClosed
}

// EntityCounts says how many gold entities were found in the store (by
// name or alias) and how many of those carry the gold type.
type EntityCounts struct {
	Gold       int `json:"gold"`
	Found      int `json:"found"`
	TypedRight int `json:"typed_right"`
}

// PathCounts says how many gold pairs had both ends stored, and for how
// many a path of at most 3 hops cites the pair's evidence at every step.
type PathCounts struct {
	Pairs     int `json:"pairs"`
	Resolved  int `json:"resolved"`
	Connected int `json:"connected"`
	// ConnectedTyped counts the pairs connected through typed relations
	// alone (kinds=typed), without the weaker co-mention edges.
	ConnectedTyped int `json:"connected_typed"`
	// Reachable counts the pairs that the gold relations the store holds
	// (FoundRelations) connect in at most 3 hops, each hop citing the
	// pair's evidence: what a read path that misses nothing could return
	// through typed relations. ConnectedTyped below it means the read path
	// (or the entity resolution under it) loses paths; above it, the store
	// connects the pair by relations the gold does not list.
	Reachable int `json:"reachable"`
}

// names returns the normalised name and aliases of an entity.
func names(name string, aliases []string) map[string]bool {
	out := map[string]bool{}
	for _, n := range append([]string{name}, aliases...) {
		if k := Normalise(n); k != "" {
			out[k] = true
		}
	}
	return out
}

func overlaps(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// Resolver maps stored entities to gold entities by normalised name or
// alias.
type Resolver struct {
	gold   []GoldEntity
	goldN  []map[string]bool
	stored map[string]StoredEntity
}

// NewResolver indexes a conversation's gold entities and stored entities.
func NewResolver(gold []GoldEntity, stored []StoredEntity) *Resolver {
	r := &Resolver{gold: gold, stored: map[string]StoredEntity{}}
	for _, e := range gold {
		r.goldN = append(r.goldN, names(e.Name, e.Aliases))
	}
	for _, s := range stored {
		r.stored[s.ID] = s
	}
	return r
}

// GoldOf returns the names of the gold entities a stored entity matches.
func (r *Resolver) GoldOf(id string) []string {
	s, ok := r.stored[id]
	if !ok {
		return nil
	}
	sn := names(s.Name, s.Aliases)
	var out []string
	for i, g := range r.gold {
		if overlaps(sn, r.goldN[i]) {
			out = append(out, g.Name)
		}
	}
	return out
}

// StoredOf returns the stored entity that best matches a gold entity: one
// whose name equals the gold name (normalised), else one named by a gold
// alias, else one whose aliases meet the gold's names; ok is false when none does. Ties go to the
// smaller id, so the choice does not depend on map order.
func (r *Resolver) StoredOf(goldName string) (StoredEntity, bool) {
	var g map[string]bool
	for i, e := range r.gold {
		if e.Name == goldName {
			g = r.goldN[i]
		}
	}
	if g == nil {
		return StoredEntity{}, false
	}
	exact := Normalise(goldName)
	var best StoredEntity
	bestRank := 0
	for _, s := range r.stored {
		rank := 0
		switch n := Normalise(s.Name); {
		case n == exact:
			rank = 3
		case g[n]:
			rank = 2
		case overlaps(names(s.Name, s.Aliases), g):
			rank = 1
		}
		if rank > bestRank || (rank == bestRank && rank > 0 && s.ID < best.ID) {
			best, bestRank = s, rank
		}
	}
	return best, bestRank > 0
}

// ScoreRelations matches the stored typed relations of one conversation
// against its gold, per relation type. Only relations citing a turn inside
// the annotated span count; relations outside the vocabulary (such as
// MENTIONED_WITH) are not predictions. A stored relation is correct when a
// gold relation has its type and both ends match by name or alias (either
// way round for symmetric types). Stored relations that collapse to the
// same (type, ends) by name count once.
func ScoreRelations(g Gold, r *Resolver, pred []Predicted) map[ontology.RelationType]Counts {
	out, _ := scoreRelations(g, r, pred)
	return out
}

// FoundRelations reports, for each gold relation of g in order, whether a
// stored relation matches it (as ScoreRelations counts it found).
func FoundRelations(g Gold, r *Resolver, pred []Predicted) []bool {
	_, found := scoreRelations(g, r, pred)
	return found
}

func scoreRelations(g Gold, r *Resolver, pred []Predicted) (map[ontology.RelationType]Counts, []bool) {
	out := map[ontology.RelationType]Counts{}
	type goldKey struct {
		t        ontology.RelationType
		from, to string
	}
	golds := map[goldKey]int{}
	for i, gr := range g.Relations {
		golds[goldKey{gr.Type, gr.From, gr.To}] = i
		c := out[gr.Type]
		c.Gold++
		out[gr.Type] = c
	}
	found := make([]bool, len(g.Relations))
	endedOK := make([]bool, len(g.Relations))
	closed := make([]bool, len(g.Relations))
	seen := map[string]bool{}
	for _, p := range pred {
		spec, ok := p.Type.Spec()
		if !ok {
			continue
		}
		inSpan := false
		for _, t := range p.SourceTurnIDs {
			if g.InSpan(t) {
				inSpan = true
				break
			}
		}
		if !inSpan {
			continue
		}
		fromNames, toNames := r.GoldOf(p.FromID), r.GoldOf(p.ToID)
		key := string(p.Type) + "\x00" + nameKey(r, p.FromID, fromNames) + "\x00" + nameKey(r, p.ToID, toNames)
		if seen[key] {
			continue
		}
		seen[key] = true
		c := out[p.Type]
		c.Predicted++
		hit := false
		for _, f := range fromNames {
			for _, t := range toNames {
				for j, k := range []goldKey{{p.Type, f, t}, {p.Type, t, f}} {
					if j == 1 && !spec.Symmetric {
						continue
					}
					if i, ok := golds[k]; ok {
						hit = true
						found[i] = true
						if g.Relations[i].Ended == p.Ended {
							endedOK[i] = true
						}
						if p.Ended {
							closed[i] = true
						}
					}
				}
			}
		}
		if hit {
			c.Correct++
		}
		out[p.Type] = c
	}
	for i, gr := range g.Relations {
		c := out[gr.Type]
		if found[i] {
			c.Found++
			if gr.Ended {
				c.EndedGold++
				if closed[i] {
					c.EndedClosed++
				}
			}
			if endedOK[i] {
				c.EndedOK++
			}
		}
		out[gr.Type] = c
	}
	return out, found
}

// nameKey is how a stored relation's end is deduplicated: by the gold
// entities it matches, or by its own normalised name when it matches none.
func nameKey(r *Resolver, id string, gold []string) string {
	if len(gold) > 0 {
		return strings.Join(gold, "|")
	}
	if s, ok := r.stored[id]; ok {
		return "?" + Normalise(s.Name)
	}
	return "#" + id
}

// ScoreEntities counts the gold entities found in the store and typed as
// the gold types them.
func ScoreEntities(g Gold, r *Resolver) EntityCounts {
	var c EntityCounts
	for _, e := range g.Entities {
		c.Gold++
		s, ok := r.StoredOf(e.Name)
		if !ok {
			continue
		}
		c.Found++
		if s.Type == e.Type {
			c.TypedRight++
		}
	}
	return c
}

// PathCitesEvidence reports whether every relationship of a path cites at
// least one of the evidence turns (typed and MENTIONED_WITH edges alike).
func PathCitesEvidence(p ontology.Path, evidence []string) bool {
	if len(p.Edges) == 0 {
		return false
	}
	ev := map[string]bool{}
	for _, e := range evidence {
		ev[e] = true
	}
	for _, e := range p.Edges {
		ok := false
		for _, t := range e.SourceTurnIDs {
			if ev[t] {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Reachable reports whether the gold relations marked found connect p's
// two ends in at most 3 hops (either direction), every hop a relation
// whose evidence meets p's evidence: the path a store holding exactly the
// found relations would return for p.
func Reachable(g Gold, found []bool, p GoldPath) bool {
	ev := map[string]bool{}
	for _, e := range p.Evidence {
		ev[e] = true
	}
	adj := map[string][]string{}
	for i, gr := range g.Relations {
		if i >= len(found) || !found[i] {
			continue
		}
		cites := false
		for _, e := range gr.Evidence {
			if ev[e] {
				cites = true
				break
			}
		}
		if cites {
			adj[gr.From] = append(adj[gr.From], gr.To)
			adj[gr.To] = append(adj[gr.To], gr.From)
		}
	}
	frontier, seen := []string{p.From}, map[string]bool{p.From: true}
	for hop := 0; hop < 3 && len(frontier) > 0; hop++ {
		var next []string
		for _, n := range frontier {
			for _, m := range adj[n] {
				if m == p.To {
					return true
				}
				if !seen[m] {
					seen[m] = true
					next = append(next, m)
				}
			}
		}
		frontier = next
	}
	return false
}

// SplitResult is what one split (dev or test) scored.
type SplitResult struct {
	Split         string                           `json:"split"`
	Conversations []string                         `json:"conversations"`
	Turns         int                              `json:"turns"`
	Relations     map[ontology.RelationType]Counts `json:"relations"`
	Entities      EntityCounts                     `json:"entities"`
	Paths         PathCounts                       `json:"paths"`
}

// Overall sums the per-type counts.
func (s SplitResult) Overall() Counts {
	var c Counts
	for _, x := range s.Relations {
		c.add(x)
	}
	return c
}

// Add merges one conversation's scores into the split.
func (s *SplitResult) Add(name string, turns int, rel map[ontology.RelationType]Counts, ents EntityCounts, paths PathCounts) {
	if s.Relations == nil {
		s.Relations = map[ontology.RelationType]Counts{}
	}
	s.Conversations = append(s.Conversations, name)
	s.Turns += turns
	for t, c := range rel {
		x := s.Relations[t]
		x.add(c)
		s.Relations[t] = x
	}
	s.Entities.Gold += ents.Gold
	s.Entities.Found += ents.Found
	s.Entities.TypedRight += ents.TypedRight
	s.Paths.Pairs += paths.Pairs
	s.Paths.Resolved += paths.Resolved
	s.Paths.Connected += paths.Connected
	s.Paths.ConnectedTyped += paths.ConnectedTyped
	s.Paths.Reachable += paths.Reachable
}
