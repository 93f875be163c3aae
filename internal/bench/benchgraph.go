package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/client"
	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/graph"
	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/ontology"
)

// benchGraph scores the knowledge graph against the relation gold set:
//
//	loci bench graph --url URL [--gold testdata/graphgold] [--locomo FILE]
//	    [--conversation-prefix P] [--locomo-prefix Q] [--import-off F --import-on F]
//	    [--doc docs/benchmarks.md] [--json FILE] [--reuse]
//
// It ingests every gold conversation through the REST API of the server at
// URL (the chats from the gold directory, the LoCoMo ones from FILE), one
// batch per session, reads the stored entities and relations back through
// the API and scores them, dev and test apart. With --locomo-prefix it also
// counts the typed relations stored for all of LoCoMo under that prefix
// (imported beforehand by `loci bench import`), read from the store, and
// --import-off/--import-on name files holding the `loci bench import` rows
// with extraction off and on. The tables go to stdout and, with --doc,
// between the bench-graph markers of that file.
func (e Env) benchGraph(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("bench graph", flag.ContinueOnError)
	url := fs.String("url", "http://127.0.0.1:8080", "Loci's base URL")
	goldDir := fs.String("gold", "testdata/graphgold", "the gold set's directory")
	locomo := fs.String("locomo", e.LoCoMo, "the LoCoMo file (for the LoCoMo gold conversations and --locomo-prefix)")
	prefix := fs.String("conversation-prefix", "benchgraph-", "prefix of the gold conversations' ids (they are deleted first)")
	locomoPrefix := fs.String("locomo-prefix", "", "count the typed relations of the LoCoMo conversations imported under this prefix")
	importOff := fs.String("import-off", "", "file holding the `loci bench import` row with extraction off")
	importOn := fs.String("import-on", "", "file holding the `loci bench import` row with the rules extractor")
	doc := fs.String("doc", "", "write the tables into this markdown file, between the bench-graph markers")
	jsonOut := fs.String("json", "", "write the raw results to this file")
	command := fs.String("command", "make bench-graph", "the command named in the tables")
	note := fs.String("note", "", "a sentence on the conditions of the throughput runs, printed after them")
	reuse := fs.Bool("reuse", false, "score the gold conversations already stored under --conversation-prefix, without ingesting them again")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	golds, err := graphbench.Load(*goldDir)
	if err != nil {
		return err
	}
	var samples map[string]extract.LoCoMoSample
	needLoCoMo := *locomoPrefix != ""
	for _, g := range golds {
		if kind, _ := g.Kind(); kind == "locomo" {
			needLoCoMo = true
		}
	}
	var all []extract.LoCoMoSample
	if needLoCoMo {
		if all, err = extract.ReadLoCoMoFile(*locomo); err != nil {
			return fmt.Errorf("bench graph: %w (set --locomo)", err)
		}
		samples = map[string]extract.LoCoMoSample{}
		for _, s := range all {
			samples[s.ID] = s
		}
	}
	c, _, err := e.remote(ctx, *url, "")
	if err != nil {
		return fmt.Errorf("bench graph: %w", err)
	}
	report := graphbench.Report{Date: time.Now().UTC().Format("2006-01-02"), Command: *command}
	splits := map[string]*graphbench.SplitResult{}
	for _, g := range golds {
		conv := *prefix + g.Name()
		sessions, err := goldSessions(g, samples)
		if err != nil {
			return err
		}
		if !*reuse {
			if err := ingestFresh(ctx, c, conv, sessions); err != nil {
				return err
			}
		}
		stored, pred, err := readGraph(ctx, c, conv, g.Entities)
		if err != nil {
			return fmt.Errorf("bench graph: reading %s: %w", conv, err)
		}
		r := graphbench.NewResolver(g.Entities, stored)
		rel := graphbench.ScoreRelations(g, r, pred)
		ents := graphbench.ScoreEntities(g, r)
		paths, err := scorePaths(ctx, c, g, r, graphbench.FoundRelations(g, r, pred))
		if err != nil {
			return fmt.Errorf("bench graph: paths of %s: %w", conv, err)
		}
		s := splits[g.Split]
		if s == nil {
			s = &graphbench.SplitResult{Split: g.Split}
			splits[g.Split] = s
		}
		s.Add(g.Name(), g.SpanTurns(), rel, ents, paths)
		var o graphbench.Counts
		for _, x := range rel {
			o.Predicted, o.Correct, o.Gold, o.Found = o.Predicted+x.Predicted, o.Correct+x.Correct, o.Gold+x.Gold, o.Found+x.Found
		}
		fmt.Fprintf(os.Stderr, "bench graph: %s %s: %d/%d gold relations found, %d/%d stored correct, %d/%d entities typed right, %d/%d paths (%d typed only; the found relations connect %d)\n",
			g.Split, g.Name(), o.Found, o.Gold, o.Correct, o.Predicted, ents.TypedRight, ents.Gold, paths.Connected, paths.Pairs, paths.ConnectedTyped, paths.Reachable)
	}
	for _, split := range []string{graphbench.SplitDev, graphbench.SplitTest} {
		if s := splits[split]; s != nil {
			report.Splits = append(report.Splits, *s)
		}
	}
	if *locomoPrefix != "" {
		l, err := e.locomoTyped(ctx, all, *locomoPrefix)
		if err != nil {
			return err
		}
		for _, x := range []struct {
			path string
			row  *string
			rate *float64
		}{{*importOff, &l.ImportOff, &l.OffRate}, {*importOn, &l.ImportOn, &l.OnRate}} {
			if x.path == "" {
				continue
			}
			row, err := importRow(x.path)
			if err != nil {
				return err
			}
			*x.row = row
			*x.rate, _ = graphbench.ImportRate(row)
		}
		l.Note = *note
		report.LoCoMo = &l
	}
	section := graphbench.Render(report)
	fmt.Println(section)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(report, "", "  ")
		if err := os.WriteFile(*jsonOut, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	if *doc != "" {
		old, err := os.ReadFile(*doc)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		text := string(old)
		if text == "" {
			text = "# Benchmarks\n"
		}
		if err := os.WriteFile(*doc, []byte(graphbench.ReplaceSection(text, section)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goldSessions returns a gold conversation's turns, one batch per session
// in order: a chat's from its file, a LoCoMo conversation's whole (the
// span only limits what is scored).
func goldSessions(g graphbench.Gold, samples map[string]extract.LoCoMoSample) ([][]ontology.Turn, error) {
	kind, id := g.Kind()
	var out [][]ontology.Turn
	if kind == "locomo" {
		s, ok := samples[id]
		if !ok {
			return nil, fmt.Errorf("bench graph: %s: LoCoMo sample %q not in the LoCoMo file", g.File, id)
		}
		for _, ses := range s.Sessions {
			if len(ses.Turns) == 0 {
				continue
			}
			// The image URLs go: some turns' lists exceed the API's
			// metadata limit, and they carry nothing the extractor reads.
			turns := make([]ontology.Turn, len(ses.Turns))
			for i, t := range ses.Turns {
				if t.Metadata != nil {
					md := map[string]any{}
					for k, v := range t.Metadata {
						if k != "img_url" {
							md[k] = v
						}
					}
					t.Metadata = md
				}
				turns[i] = t
			}
			out = append(out, turns)
		}
		return out, nil
	}
	bySession := map[string]int{}
	for _, t := range g.Chat.Turns {
		if t.Timestamp == nil {
			return nil, fmt.Errorf("bench graph: %s turn %s: no timestamp", g.File, t.ID)
		}
		i, ok := bySession[t.Session]
		if !ok {
			i = len(out)
			bySession[t.Session] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], t)
	}
	return out, nil
}

// ingestFresh deletes conv and stores its sessions again, one batch each.
func ingestFresh(ctx context.Context, c *client.Client, conv string, sessions [][]ontology.Turn) error {
	if _, err := c.DeleteConversation(ctx, conv); err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
		return fmt.Errorf("bench graph: deleting %s: %w", conv, err)
	}
	for _, turns := range sessions {
		// The graph is read right after: wait for its enrichment.
		if _, err := c.AddTurnsWait(ctx, conv, turns); err != nil {
			return fmt.Errorf("bench graph: storing %s: %w", conv, err)
		}
	}
	return nil
}

// readGraph reads a conversation's entities and typed relations back
// through the API: the entities of each type (at most 100 each) and those
// found by the gold's names, then every entity's relations, following the
// relations to entities the lists missed.
func readGraph(ctx context.Context, c *client.Client, conv string, gold []graphbench.GoldEntity) ([]graphbench.StoredEntity, []graphbench.Predicted, error) {
	queue := []string{}
	seen := map[string]bool{}
	push := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			queue = append(queue, id)
		}
	}
	for _, t := range ontology.EntityTypes {
		ents, err := c.Entities(ctx, client.EntitiesRequest{ConversationID: conv, Type: t, Limit: ontology.MaxEntityResults})
		if err != nil {
			return nil, nil, err
		}
		if len(ents) == ontology.MaxEntityResults {
			fmt.Fprintf(os.Stderr, "bench graph: %s has at least %d %s entities; the rest are reached through relations and names\n", conv, len(ents), t)
		}
		for _, e := range ents {
			push(e.ID)
		}
	}
	for _, g := range gold {
		ents, err := c.Entities(ctx, client.EntitiesRequest{ConversationID: conv, Query: g.Name, Limit: 10})
		if err != nil && ontology.ErrorCode(err) != ontology.ENotFound {
			return nil, nil, err
		}
		for _, e := range ents {
			push(e.ID)
		}
	}
	var stored []graphbench.StoredEntity
	var pred []graphbench.Predicted
	edges := map[string]bool{}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		d, err := c.Entity(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		stored = append(stored, graphbench.StoredEntity{ID: d.ID, Name: d.Name, Aliases: d.Aliases, Type: d.Type})
		for _, e := range d.Relations {
			key := string(e.Type) + "\x00" + e.FromID + "\x00" + e.ToID
			if edges[key] {
				continue
			}
			edges[key] = true
			push(e.FromID)
			push(e.ToID)
			pred = append(pred, graphbench.Predicted{Type: e.Type, FromID: e.FromID, ToID: e.ToID, Role: e.Role,
				Ended: e.ValidTo != nil, SourceTurnIDs: e.SourceTurnIDs})
		}
	}
	sort.Slice(stored, func(i, j int) bool { return stored[i].ID < stored[j].ID })
	return stored, pred, nil
}

// scorePaths asks /v1/graph/paths (max_hops 3) for every gold pair whose
// ends are stored and counts the pairs with a path citing the evidence,
// and the pairs the found gold relations (found, per gold relation) would
// connect.
func scorePaths(ctx context.Context, c *client.Client, g graphbench.Gold, r *graphbench.Resolver, found []bool) (graphbench.PathCounts, error) {
	var out graphbench.PathCounts
	for _, p := range g.Paths {
		out.Pairs++
		if graphbench.Reachable(g, found, p) {
			out.Reachable++
		}
		from, ok1 := r.StoredOf(p.From)
		to, ok2 := r.StoredOf(p.To)
		if !ok1 || !ok2 || from.ID == to.ID {
			continue
		}
		out.Resolved++
		for _, kinds := range []string{"", "typed"} {
			paths, err := c.PathsAt(ctx, from.ID, to.ID, client.GraphRequest{Hops: 3, Limit: ontology.MaxPaths, Kinds: kinds})
			if err != nil {
				if ontology.ErrorCode(err) == ontology.ENotFound {
					break
				}
				return out, err
			}
			for _, path := range paths {
				if graphbench.PathCitesEvidence(path, p.Evidence) {
					if kinds == "" {
						out.Connected++
					} else {
						out.ConnectedTyped++
					}
					break
				}
			}
		}
	}
	return out, nil
}

// locomoTyped counts the relations stored for every LoCoMo conversation
// under prefix (default tenant, as `loci bench import` stores them), read
// from the store.
func (e Env) locomoTyped(ctx context.Context, samples []extract.LoCoMoSample, prefix string) (graphbench.LoCoMoResult, error) {
	store, err := graph.Open(e.Graph)
	if err != nil {
		return graphbench.LoCoMoResult{}, err
	}
	defer store.Close(ctx)
	l := graphbench.LoCoMoResult{Typed: map[ontology.RelationType]int64{}}
	var convs []string
	for _, s := range samples {
		convs = append(convs, prefix+s.ID)
		l.Turns += s.TurnCount()
	}
	counts, err := store.RelationTypeCounts(ctx, ontology.DefaultTenant, convs)
	if err != nil {
		return l, err
	}
	for t, n := range counts {
		switch {
		case ontology.RelationType(t).Valid():
			l.Typed[ontology.RelationType(t)] = n
		case t == ontology.RelMentionedWith:
			l.MentionedWith = n
		}
	}
	return l, nil
}

// importRow returns the "| import | … |" row of a `loci bench import`
// output file.
func importRow(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); strings.HasPrefix(line, "| import |") {
			return line, nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("bench graph: no `| import |` row in %s", path)
}
