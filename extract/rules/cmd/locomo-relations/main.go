// Command locomo-relations runs the rules extractor over a LoCoMo file in
// process (no Neo4j) and prints how many typed relations it finds per
// type, per 100 turns, and a random sample of them to check by hand. Each
// session is one batch; the last turns of the previous session are its
// context, as the ingestor would read them.
//
//	go run ./extract/rules/cmd/locomo-relations -file locomo10.json -sample 40
//
// -sim follows the rules with the similarity stage (extract/simrel);
// -only-new samples only the relations it added.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/extract/simrel"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	file := flag.String("file", cfg.LoCoMoPath(), "LoCoMo JSON file (default: internal/config's: $LOCOMO, else the nearest shared/data/locomo/locomo10.json)")
	sample := flag.Int("sample", 40, "relations to print for checking by hand")
	seed := flag.Uint64("seed", 1, "sampling seed")
	from := flag.Int("sample-from", 0, "first conversation (index in the file) the sample is drawn from")
	to := flag.Int("sample-to", 9, "last conversation the sample is drawn from (0-4 is the dev half)")
	cue := flag.String("cue", "", "also print the entity mentions of the sampled conversations typed by a cue starting with this (\"context:\"), with their turn, to check typing by hand")
	sim := flag.Bool("sim", false, "follow the rules with the similarity stage (extract/simrel) over the configured embedder")
	onlyNew := flag.Bool("only-new", false, "with -sim: sample only the relations the similarity stage added")
	dump := flag.String("dump", "", "also write every relation to this file, one a line (conversation index, turns, type, from, to, role), to diff two builds")
	flag.Parse()
	var x ontology.Extractor = rules.New()
	if *sim {
		emb, _, err := app.NewEmbedder(cfg)
		if err == nil {
			x, err = simrel.New(emb, simrel.DefaultParams)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	if err := run(x, *file, *sample, *seed, *from, *to, *cue, *onlyNew, *dump); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// found is one relation with the text of the turns it cites.
type found struct {
	rel   ontology.Relation
	texts []string
}

func run(x ontology.Extractor, file string, sample int, seed uint64, from, to int, cue string, onlyNew bool, dump string) error {
	samples, err := extract.ReadLoCoMoFile(file)
	if err != nil {
		return err
	}
	counts := map[ontology.RelationType]int{}
	types := map[ontology.EntityType]int{}
	var all, pool []found
	var lines []string
	// split counts relations and turns of the dev half (conversations 0-4)
	// and of the held-out half (5-9) apart.
	var split [2]struct {
		turns  int
		counts map[ontology.RelationType]int
	}
	split[0].counts, split[1].counts = map[ontology.RelationType]int{}, map[ontology.RelationType]int{}
	turns := 0
	start := time.Now()
	for i, s := range samples {
		var prev []ontology.Turn
		var sofar extract.Stored // the conversation's sessions so far, as stored
		text := map[string]string{}
		for _, ses := range s.Sessions {
			for _, t := range ses.Turns {
				text[t.ID] = t.Speaker + ": " + t.Text
			}
			turns += len(ses.Turns)
			half := &split[min(i/5, 1)]
			half.turns += len(ses.Turns)
			req := ontology.ExtractRequest{Conversation: s.ID, Turns: ses.Turns, Speakers: s.Speakers[:], Context: prev}
			sofar.Fill(&req)
			got, _, err := x.Extract(context.Background(), req)
			if err != nil {
				return err
			}
			sofar.Add(got)
			for _, r := range got.Relations {
				counts[r.Type]++
				half.counts[r.Type]++
				lines = append(lines, fmt.Sprintf("%d\t%s\t%s\t%s\t%s\t%s", i, strings.Join(r.SourceTurnIDs, ","), r.Type, r.From.Name, r.To.Name, r.Role))
				fd := found{rel: r}
				for _, id := range r.SourceTurnIDs {
					fd.texts = append(fd.texts, id+" "+text[id])
				}
				all = append(all, fd)
				if i >= from && i <= to && (!onlyNew || r.Extractor == simrel.ExtractorSim) {
					pool = append(pool, fd)
				}
			}
			for _, e := range got.Entities {
				types[e.Type]++
				if cue != "" && i >= from && i <= to && strings.HasPrefix(e.TypeCue, cue) {
					fmt.Printf("cue %s %s %q: %s\n", e.TypeCue, e.Type, e.Name, text[e.SourceTurnIDs[0]])
				}
			}
			prev = ses.Turns[max(0, len(ses.Turns)-extract.ContextTurns):]
		}
	}
	elapsed := time.Since(start)
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, string(k))
	}
	sort.Strings(keys)
	fmt.Printf("turns %d, typed relations %d (%.1f per 100 turns), %.0f µs/turn\n", turns, len(all),
		100*float64(len(all))/float64(turns), float64(elapsed.Microseconds())/float64(turns))
	for _, k := range keys {
		fmt.Printf("  %-11s %d\n", k, counts[ontology.RelationType(k)])
	}
	for h, name := range []string{"dev 0-4", "held-out 5-9"} {
		n := 0
		for _, c := range split[h].counts {
			n += c
		}
		fmt.Printf("%s: turns %d, typed relations %d (%.1f per 100 turns) %v\n", name, split[h].turns, n,
			100*float64(n)/float64(max(split[h].turns, 1)), split[h].counts)
	}
	fmt.Printf("entity mentions by type: %v\n", types)
	if dump != "" {
		if err := os.WriteFile(dump, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	if st, ok := x.(*simrel.Extractor); ok {
		fmt.Printf("similarity stage: %d candidate pairs, %d candidate sentences embedded (%.1f per 100 turns)\n", st.Pairs(), st.Embedded(), 100*float64(st.Embedded())/float64(turns))
	}
	r := rand.New(rand.NewPCG(seed, seed))
	fmt.Printf("sample drawn from conversations %d-%d (%d relations)\n", from, to, len(pool))
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := 0; i < sample && i < len(pool); i++ {
		rel := pool[i].rel
		ended := ""
		if rel.ValidTo != nil {
			ended = " (ended)"
		}
		fmt.Printf("\n%d. %s %s -> %s role=%q%s\n", i+1, rel.Type, rel.From.Name, rel.To.Name, rel.Role, ended)
		for _, t := range pool[i].texts {
			fmt.Printf("     %s\n", t)
		}
	}
	return nil
}
