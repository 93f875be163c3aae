// Command graphgold-dev scores the rules extractor, in process (no Neo4j),
// against the DEV half of the relation gold set (testdata/graphgold/dev):
// precision and recall of typed relations per type, entity typing, and the
// misses and false positives to work from. It refuses any path under a
// "test" directory: the test half is the held-out measure and is scored
// only by `make bench-graph`.
//
//	go run ./extract/rules/cmd/graphgold-dev -gold testdata/graphgold -locomo locomo10.json [-per-turn] [-v]
//
// With -sim the similarity stage (extract/simrel) follows the rules, with
// the configured embedder; -dump writes its scored pairs with their gold
// labels, to choose its thresholds on dev.
//
// With -aliases it measures the speaker aliases ingest learns instead
// (aliases.go).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/extract/simrel"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

type goldEntity struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Aliases []string `json:"aliases"`
}

type goldRelation struct {
	Type     string   `json:"type"`
	From     string   `json:"from"`
	To       string   `json:"to"`
	Role     string   `json:"role"`
	Ended    bool     `json:"ended"`
	Evidence []string `json:"evidence"`
}

type gold struct {
	Conversation string         `json:"conversation"`
	TurnIDs      []string       `json:"turn_ids"`
	Entities     []goldEntity   `json:"entities"`
	Relations    []goldRelation `json:"relations"`
}

type chat struct {
	ID    string          `json:"id"`
	Turns []ontology.Turn `json:"turns"`
}

func main() {
	dir := flag.String("gold", "testdata/graphgold", "gold set directory (its dev/ and chats/ are read)")
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	locomo := flag.String("locomo", cfg.LoCoMoPath(), "LoCoMo file for locomo: conversations (default: $LOCOMO, else the nearest shared/data/locomo/locomo10.json)")
	perTurn := flag.Bool("per-turn", false, "one batch per turn (context from the store's view), not per session")
	verbose := flag.Bool("v", false, "print misses and false positives")
	cues := flag.Bool("cues", false, "print, per typing cue (its kind: the part before ':'), how many found entities it typed and how many right, and the gold types of the entities typed by no cue")
	simFlags()
	whyFlags()
	dupsFlags()
	flag.Parse()
	if *aliasesMode {
		if err := runAliases(*dir, *locomo); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if err := setupSim(cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := run(*dir, *locomo, *perTurn, *verbose, *cues); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// norm is a name as matched: normalised.
func norm(s string) string { return ontology.NormaliseName(s) }

type tally struct{ tp, fp, fn int }

// cueTally counts, for one kind of typing cue, the entities it typed, those
// typed right, and the gold types of its entities.
type cueTally struct {
	n, right int
	gold     map[string]int
}

func run(dir, locomo string, perTurn, verbose, cues bool) error {
	devDir := filepath.Join(dir, "dev")
	for _, part := range strings.Split(filepath.ToSlash(devDir), "/") {
		if part == "test" {
			return fmt.Errorf("graphgold-dev reads only the dev half")
		}
	}
	files, err := filepath.Glob(filepath.Join(devDir, "*.json"))
	if err != nil {
		return err
	}
	var samples []extract.LoCoMoSample
	byType := map[string]*tally{}
	typing, typed := 0, 0
	byCue := map[string]*cueTally{}
	for _, f := range files {
		var g gold
		if err := readJSON(f, &g); err != nil {
			return err
		}
		turns, speakers, err := conversationTurns(dir, locomo, g, &samples)
		if err != nil {
			return err
		}
		got, scored, cands, runs := extractAll(turns, speakers, perTurn)
		if dupsOn() {
			countDups(g, runs)
		}
		text := map[string]string{}
		for _, t := range turns {
			text[t.ID] = t.Speaker + ": " + t.Text
		}
		show := func(ids []string) string {
			var b strings.Builder
			for _, id := range ids {
				b.WriteString("\n      " + id + " " + text[id])
			}
			return b.String()
		}
		// names → canonical gold entity name
		canon := map[string]string{}
		gtype := map[string]string{}
		for _, e := range g.Entities {
			canon[norm(e.Name)] = e.Name
			gtype[e.Name] = e.Type
			for _, a := range e.Aliases {
				if _, ok := canon[norm(a)]; !ok {
					canon[norm(a)] = e.Name
				}
			}
		}
		name := func(s string) string {
			if c, ok := canon[norm(s)]; ok {
				return c
			}
			return s
		}
		key := func(typ, from, to string) string {
			spec, _ := ontology.RelationType(typ).Spec()
			if spec.Symmetric && from > to {
				from, to = to, from
			}
			return typ + "|" + from + "|" + to
		}
		want := map[string]goldRelation{}
		for _, r := range g.Relations {
			want[key(r.Type, r.From, r.To)] = r
		}
		if err := dumpScored(g.Conversation, scored, name, func(typ, from, to string) bool { _, ok := want[key(typ, from, to)]; return ok }); err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, r := range got.Relations {
			k := key(string(r.Type), name(r.From.Name), name(r.To.Name))
			if seen[k] {
				continue
			}
			seen[k] = true
			t := byType[string(r.Type)]
			if t == nil {
				t = &tally{}
				byType[string(r.Type)] = t
			}
			if _, ok := want[k]; ok {
				t.tp++
			} else {
				t.fp++
				if verbose {
					fmt.Printf("FP %s %s: %s -> %s role=%q%s\n", g.Conversation, r.Type, r.From.Name, r.To.Name, r.Role, show(r.SourceTurnIDs))
				}
			}
		}
		for k, r := range want {
			if seen[k] {
				continue
			}
			why.miss(g.Conversation, r, turns, cands, scored, got, name)
			t := byType[r.Type]
			if t == nil {
				t = &tally{}
				byType[r.Type] = t
			}
			t.fn++
			if verbose {
				fmt.Printf("FN %s %s: %s -> %s role=%q ended=%v%s\n", g.Conversation, r.Type, r.From, r.To, r.Role, r.Ended, show(r.Evidence))
			}
		}
		// Typing is scored per gold entity, as the store keeps it: the
		// mention with the strongest cue wins (a typed one over a Concept).
		best := map[string]ontology.EntityMention{}
		for _, e := range got.Entities {
			if cues && strings.HasPrefix(e.TypeCue, "context:") {
				fmt.Printf("CUE %s %s %s %q:%s\n", g.Conversation, e.TypeCue, e.Type, e.Name, show(e.SourceTurnIDs[:1]))
			}
			c, ok := canon[norm(e.Name)]
			if !ok {
				continue
			}
			b, seen := best[c]
			if !seen || e.TypeConfidence > b.TypeConfidence || b.Type == ontology.EntityConcept && e.Type != ontology.EntityConcept && e.TypeConfidence == b.TypeConfidence {
				best[c] = e
			}
		}
		for c, e := range best {
			typed++
			kind, _, _ := strings.Cut(e.TypeCue, ":")
			ct := byCue[kind]
			if ct == nil {
				ct = &cueTally{gold: map[string]int{}}
				byCue[kind] = ct
			}
			ct.n++
			ct.gold[gtype[c]]++
			if string(e.Type) == gtype[c] {
				ct.right++
			}
			if string(e.Type) == gtype[c] {
				typing++
			} else if verbose {
				fmt.Printf("TYPE %s %s: got %s want %s (%s)\n", g.Conversation, e.Name, e.Type, gtype[c], e.TypeCue)
			}
		}
	}
	var all tally
	keys := make([]string, 0, len(byType))
	for k := range byType {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("%-11s %4s %4s %4s %6s %6s\n", "type", "tp", "fp", "fn", "P", "R")
	for _, k := range keys {
		t := byType[k]
		all.tp, all.fp, all.fn = all.tp+t.tp, all.fp+t.fp, all.fn+t.fn
		fmt.Printf("%-11s %4d %4d %4d %6.1f %6.1f\n", k, t.tp, t.fp, t.fn, pct(t.tp, t.tp+t.fp), pct(t.tp, t.tp+t.fn))
	}
	fmt.Printf("%-11s %4d %4d %4d %6.1f %6.1f\n", "all", all.tp, all.fp, all.fn, pct(all.tp, all.tp+all.fp), pct(all.tp, all.tp+all.fn))
	fmt.Printf("entity typing: %d/%d = %.1f%%\n", typing, typed, pct(typing, typed))
	why.report()
	dupsReport()
	if cues {
		kinds := make([]string, 0, len(byCue))
		for k := range byCue {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		for _, k := range kinds {
			ct := byCue[k]
			fmt.Printf("cue %-12q typed %3d right %3d gold types %v\n", k, ct.n, ct.right, ct.gold)
		}
	}
	return nil
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// conversationTurns returns the annotated turns of a gold conversation
// and its speakers.
func conversationTurns(dir, locomo string, g gold, samples *[]extract.LoCoMoSample) ([]ontology.Turn, []string, error) {
	kind, id, _ := strings.Cut(g.Conversation, ":")
	var turns []ontology.Turn
	switch kind {
	case "chat":
		var c chat
		if err := readJSON(filepath.Join(dir, "chats", id+".json"), &c); err != nil {
			return nil, nil, err
		}
		turns = c.Turns
	case "locomo":
		if *samples == nil {
			var err error
			if *samples, err = extract.ReadLoCoMoFile(locomo); err != nil {
				return nil, nil, err
			}
		}
		for _, s := range *samples {
			if s.ID == id {
				for _, ses := range s.Sessions {
					turns = append(turns, ses.Turns...)
				}
			}
		}
	default:
		return nil, nil, fmt.Errorf("unknown conversation %q", g.Conversation)
	}
	if len(g.TurnIDs) > 0 {
		keep := map[string]bool{}
		for _, id := range g.TurnIDs {
			keep[id] = true
		}
		var kept []ontology.Turn
		for _, t := range turns {
			if keep[t.ID] {
				kept = append(kept, t)
			}
		}
		turns = kept
	}
	var speakers []string
	seen := map[string]bool{}
	for _, t := range turns {
		if !seen[t.Speaker] {
			seen[t.Speaker] = true
			speakers = append(speakers, t.Speaker)
		}
	}
	return turns, speakers, nil
}

// extractAll runs the extractor the way the ingestor would: per session
// (or per turn) with the turns before as context.
func extractAll(turns []ontology.Turn, speakers []string, perTurn bool) (ontology.Extraction, []simrel.Scored, []rules.Candidate, []batchRun) {
	x := rules.New()
	var stored extract.Stored
	var scored []simrel.Scored
	var cands []rules.Candidate
	var runs []batchRun
	for i := 0; i < len(turns); {
		j := i + 1
		if !perTurn {
			for j < len(turns) && turns[j].Session == turns[i].Session {
				j++
			}
		}
		req := ontology.ExtractRequest{Turns: turns[i:j], Speakers: speakers, Context: turns[max(0, i-extract.ContextTurns):i]}
		stored.Fill(&req)
		var got ontology.Extraction
		if stage != nil {
			var sc []simrel.Scored
			got, sc, _, _ = stage.Score(context.Background(), req)
			simrel.Apply(&got, sc, simParams)
			scored = append(scored, sc...)
		} else {
			got, _, _ = x.Extract(context.Background(), req)
		}
		if why.on() {
			_, cs, _, _ := x.ExtractCandidates(context.Background(), req)
			cands = append(cands, cs...)
		}
		runs = append(runs, batchRun{turns: req.Turns, context: req.Context, got: got})
		stored.Add(got)
		i = j
	}
	return stored.Knowledge, scored, cands, runs
}
