package graph

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/loci-memory/loci/cypher"
	"github.com/loci-memory/loci/ontology"
)

// maxExpandPaths bounds the paths one graph expansion reads.
const maxExpandPaths = 300

// ExpandQuery is search's graph channel. When the query names entities of
// the conversation, it follows their relations up to two hops and returns,
// best first, the turns that state the relations on the way, the facts
// about the entities reached and the turns that mention them. A path scores
// higher when it is shorter and when the query's words name its relations
// (a role such as "cousin", or a relation's question words such as
// "founded" for CREATED) or the entities on it. Returns nothing when the
// query names no entity or conversation is empty.
func (s *Store) ExpandQuery(ctx context.Context, tenant, conversation, query string, limit int) ([]ontology.SearchResult, error) {
	return s.ExpandQueryAt(ctx, tenant, conversation, query, limit, ontology.TimeView{})
}

// ExpandQueryAt is ExpandQuery read from view's point in time: relations
// that held at its AsOf, and what had been stored by its KnownAt.
func (s *Store) ExpandQueryAt(ctx context.Context, tenant, conversation, query string, limit int, view ontology.TimeView) ([]ontology.SearchResult, error) {
	if conversation == "" {
		return []ontology.SearchResult{}, nil
	}
	words := queryWords(query)
	keys := ngrams(words, 3)
	if len(keys) == 0 {
		return []ontology.SearchResult{}, nil
	}
	return readTx(ctx, s, func(tx neo4j.ManagedTransaction) ([]ontology.SearchResult, error) {
		named, err := runRows[namedEntityRow](ctx, tx, cypher.Get("graph_anchors"), map[string]any{"tenant": tenant, "conversation": conversation, "keys": keys})
		if err != nil {
			return nil, err
		}
		if len(named) == 0 {
			return []ontology.SearchResult{}, nil
		}
		anchors := make([]string, len(named))
		for i, r := range named {
			anchors[i] = r.UID
		}
		paths, err := runRows[expandRow](ctx, tx, withRelTypes("graph_expand"), view.Params(map[string]any{
			"tenant": tenant, "conversation": conversation, "anchor_uids": anchors, "paths": int64(maxExpandPaths)}))
		if err != nil {
			return nil, err
		}
		return s.scoreExpansion(ctx, tx, tenant, conversation, words, paths, limit)
	})
}

// expandRow is one path of graph_expand: its edges, the names of the
// entities on it, and the facts and mentioning turns of the entity it
// reaches.
type expandRow struct {
	Edges []struct {
		Type, Role    string
		SourceTurnIDs []string
	}
	Names []string
	Facts []struct {
		UID, Statement, Subject, Session, Extractor string
		SourceTurnIDs                               []string
		ValidFrom                                   *time.Time
	}
	Mentions []string
}

// candidate is one turn or fact the expansion found, with its best score.
type candidate struct {
	fact  *ontology.SearchResult // nil for a turn
	turn  string
	score float64
}

func (s *Store) scoreExpansion(ctx context.Context, tx neo4j.ManagedTransaction, tenant, conversation string, words []string, paths []expandRow, limit int) ([]ontology.SearchResult, error) {
	inQuery := map[string]bool{}
	for _, w := range words {
		inQuery[w] = true
	}
	best := map[string]*candidate{}
	offer := func(key string, c candidate) {
		if old, ok := best[key]; !ok || c.score > old.score {
			cc := c
			best[key] = &cc
		}
	}
	for _, m := range paths {
		hops := float64(len(m.Edges))
		match := 0.0
		for _, e := range m.Edges {
			for _, w := range strings.Fields(ontology.NormaliseValue(e.Role)) {
				if inQuery[w] {
					match++
				}
			}
			for _, w := range ontology.RelationType(e.Type).QuestionWords() {
				if inQuery[w] {
					match += 0.5
					break
				}
			}
		}
		for _, n := range m.Names[1:] {
			for _, w := range strings.Fields(ontology.NormaliseName(n)) {
				if inQuery[w] {
					match++
				}
			}
		}
		pathScore := (1 + match) / hops
		for i, e := range m.Edges {
			for _, id := range e.SourceTurnIDs {
				offer("t:"+id, candidate{turn: id, score: pathScore * (1 - 0.1*float64(i))})
			}
		}
		for _, f := range m.Facts {
			overlap := 0.0
			for _, w := range queryWords(f.Statement) {
				if inQuery[w] {
					overlap++
				}
			}
			r := ontology.SearchResult{Kind: ontology.KindFact, ID: f.UID, Conversation: conversation,
				Session: f.Session, Speaker: f.Subject, Text: f.Statement,
				Timestamp: f.ValidFrom, SourceTurnIDs: nonNilStrings(f.SourceTurnIDs), Extractor: f.Extractor}
			offer("f:"+r.ID, candidate{fact: &r, score: pathScore * (0.5 + 0.25*overlap)})
		}
		for i, id := range m.Mentions {
			offer("t:"+id, candidate{turn: id, score: pathScore * 0.4 / float64(1+i)})
		}
	}
	ranked := make([]*candidate, 0, len(best))
	for _, c := range best {
		ranked = append(ranked, c)
	}
	sort.Slice(ranked, func(i, j int) bool {
		if ranked[i].score != ranked[j].score {
			return ranked[i].score > ranked[j].score
		}
		return ranked[i].turn+idOf(ranked[i].fact) < ranked[j].turn+idOf(ranked[j].fact)
	})
	if len(ranked) > limit {
		ranked = ranked[:limit]
	}
	var uids []string
	for _, c := range ranked {
		if c.fact == nil {
			uids = append(uids, turnUID(tenant, conversation, c.turn))
		}
	}
	turns := map[string]ontology.SearchResult{}
	if len(uids) > 0 {
		found, err := statementStep(cypher.Get("turns_by_ids"), map[string]any{"tenant": tenant, "uids": uids}, turnResults).run(ctx, tx)
		if err != nil {
			return nil, err
		}
		for _, t := range found {
			turns[t.ID] = t
		}
	}
	out := make([]ontology.SearchResult, 0, len(ranked))
	for _, c := range ranked {
		var r ontology.SearchResult
		if c.fact != nil {
			r = *c.fact
		} else if t, ok := turns[c.turn]; ok {
			r = t
		} else {
			continue
		}
		r.Score = c.score
		out = append(out, r)
	}
	return out, nil
}

func idOf(r *ontology.SearchResult) string {
	if r == nil {
		return ""
	}
	return r.ID
}

// queryWords are the lower-cased words of text, possessives removed.
func queryWords(text string) []string {
	var out []string
	for _, w := range word.FindAllString(strings.ToLower(text), maxQueryTerms*2) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// ngrams lists the distinct 1..n word sequences of words that are not stop
// words at either end, as entity alias keys are normalised.
func ngrams(words []string, n int) []string {
	seen := map[string]bool{}
	var out []string
	for i := range words {
		for j := i + 1; j <= len(words) && j-i <= n; j++ {
			if englishStopWords[words[i]] || englishStopWords[words[j-1]] {
				continue
			}
			k := ontology.NormaliseName(strings.Join(words[i:j], " "))
			if k != "" && !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}
