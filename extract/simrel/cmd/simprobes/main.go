// Command simprobes scores the similarity stage (extract/simrel) on the
// relation probes of testdata/relprobes, in process, with the configured
// embedder: what the rules find alone, what the stage adds (right, extra on
// a positive probe, drawn from a negative probe), and, with -v, every
// candidate pair the stage scored with its scores and decision. The probes
// are out of sample for the prototypes and the thresholds (chosen on the
// dev gold half): this is the stage's held-out check beside
// TestRelationProbes, which runs the rules alone.
//
//	go run ./extract/simrel/cmd/simprobes [-dir testdata/relprobes] [-v] [-dump F]
package main

import (
	"context"
	"flag"
	"fmt"
	"sort"
	"strings"
	"time"

	"encoding/json"
	"os"
	"path/filepath"

	"github.com/loci-memory/loci/extract/simrel"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

// probeSet is one probe file (format in testdata/relprobes/README.md).
type probeSet struct {
	Speaker string `json:"speaker"`
	With    string `json:"with"`
	Probes  []struct {
		ID      string              `json:"id"`
		Expect  [][3]string         `json:"expect"`
		Aliases map[string][]string `json:"aliases"`
		Text    string              `json:"text"`
		Turns   []ontology.Turn     `json:"turns"`
		Speaker string              `json:"speaker"`
		With    string              `json:"with"`
	} `json:"probes"`
}

// counts are the run's totals.
type counts struct {
	want, rules, simRight, simExtra, simNeg, negatives, scored int
}

func main() {
	dir := flag.String("dir", "testdata/relprobes", "probe directory")
	verbose := flag.Bool("v", false, "print every scored candidate pair with its decision")
	dump := flag.String("dump", "", "write every scored pair as a JSON line (scores, none, gold type or NONE, negative probe or not)")
	p := simrel.DefaultParams
	flag.Float64Var(&p.Min, "sim-min", p.Min, "Decide's minimum cosine")
	flag.Float64Var(&p.Margin, "sim-margin", p.Margin, "Decide's margin over the runner-up type")
	flag.Float64Var(&p.NoneMargin, "sim-none-margin", p.NoneMargin, "Decide's margin over the no-relation prototypes")
	flag.IntVar(&p.K, "sim-k", p.K, "how many nearest prototypes per type are averaged")
	flag.Parse()
	if err := run(*dir, *verbose, *dump, p); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(dir string, verbose bool, dumpPath string, p simrel.Params) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	emb, closeEmb, err := app.NewEmbedder(cfg)
	if err != nil {
		return err
	}
	if emb == nil {
		return fmt.Errorf("simprobes: the stage needs an embedder (LOCI_EMBEDDER is none)")
	}
	defer closeEmb()
	x, err := simrel.New(emb, p)
	if err != nil {
		return err
	}
	var dump *json.Encoder
	if dumpPath != "" {
		f, err := os.Create(dumpPath)
		if err != nil {
			return err
		}
		defer f.Close()
		dump = json.NewEncoder(f)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no probe files in %s: %v", dir, err)
	}
	var c counts
	ts := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var set probeSet
		if err := json.Unmarshal(b, &set); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		for _, pr := range set.Probes {
			speaker, with := or(pr.Speaker, set.Speaker), or(pr.With, set.With)
			turns := pr.Turns
			if len(turns) == 0 {
				turns = []ontology.Turn{{Speaker: speaker, Text: pr.Text}}
			}
			speakers := []string{speaker, with}
			for i := range turns {
				turns[i].ID, turns[i].Session, turns[i].Timestamp = fmt.Sprintf("D1:%d", i+1), "1", &ts
				if turns[i].Speaker != speaker && turns[i].Speaker != with {
					speakers = append(speakers, turns[i].Speaker)
				}
			}
			got, scored, _, err := x.Score(context.Background(), ontology.ExtractRequest{
				Conversation: "probe:" + pr.ID, Turns: turns, Speakers: speakers})
			if err != nil {
				return fmt.Errorf("%s: %w", pr.ID, err)
			}
			key := keyer(pr.Aliases)
			want := map[string]bool{}
			for _, e := range pr.Expect {
				want[key(e[0], e[1], e[2])] = true
			}
			c.want += len(want)
			if len(want) == 0 {
				c.negatives++
			}
			for k := range relationKeys(got.Relations, key) {
				if want[k] {
					c.rules++
				}
			}
			for _, s := range scored {
				c.scored++
				t, ok := simrel.Decide(s.Scores, p)
				gold := "NONE"
				for typ := range s.Scores.ByType {
					if want[key(string(typ), s.From.Name, s.To.Name)] {
						gold = string(typ)
					}
				}
				switch {
				case !ok:
				case gold == string(t):
					c.simRight++
				case len(want) == 0:
					c.simNeg++
				default:
					c.simExtra++
				}
				if verbose {
					fmt.Printf("%-8s gold=%-11s decided=%-11s %s -> %s | %s | %s\n", pr.ID, gold, string(t),
						s.From.Name, s.To.Name, s.Text, format(s.Scores))
				}
				if dump != nil {
					if err := dump.Encode(row(pr.ID, s, gold, len(want) == 0)); err != nil {
						return err
					}
				}
			}
		}
	}
	fmt.Printf("probe relations %d, negative probes %d, pairs scored %d\n", c.want, c.negatives, c.scored)
	fmt.Printf("rules alone %d/%d; stage adds %d right, %d extra on positives, %d on negatives; with stage %d/%d\n",
		c.rules, c.want, c.simRight, c.simExtra, c.simNeg, c.rules+c.simRight, c.want)
	return nil
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// keyer keys a relation by type and normalised ends (aliases folded, a
// symmetric type's ends in order), as TestRelationProbes does.
func keyer(aliases map[string][]string) func(typ, from, to string) string {
	alias := map[string]string{}
	for name, as := range aliases {
		for _, a := range as {
			alias[ontology.NormaliseName(a)] = ontology.NormaliseName(name)
		}
	}
	canon := func(s string) string {
		n := ontology.NormaliseName(s)
		if a, ok := alias[n]; ok {
			return a
		}
		return n
	}
	return func(typ, from, to string) string {
		from, to = canon(from), canon(to)
		if spec, _ := ontology.RelationType(typ).Spec(); spec.Symmetric && from > to {
			from, to = to, from
		}
		return typ + "|" + from + "|" + to
	}
}

// relationKeys is the set of keys of rs.
func relationKeys(rs []ontology.Relation, key func(typ, from, to string) string) map[string]bool {
	out := map[string]bool{}
	for _, r := range rs {
		out[key(string(r.Type), r.From.Name, r.To.Name)] = true
	}
	return out
}

// format prints scores best first.
func format(s simrel.Scores) string {
	type kv struct {
		t string
		v float64
	}
	var l []kv
	for t, v := range s.ByType {
		l = append(l, kv{string(t), v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	var parts []string
	for _, e := range l {
		parts = append(parts, fmt.Sprintf("%s %.3f", e.t, e.v))
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" none %.3f", s.None)
}

// row is one scored pair as -dump writes it: its probe, ends, reworded
// text, scores per type and against "no relation", its gold type among the
// scored ones (or NONE) and whether the probe is a negative one.
func row(id string, s simrel.Scored, gold string, negative bool) map[string]any {
	scores := map[string]float64{}
	for t, v := range s.Scores.ByType {
		scores[string(t)] = v
	}
	return map[string]any{"probe": id, "from": s.From.Name, "to": s.To.Name, "text": s.Text,
		"scores": scores, "none": s.Scores.None, "gold": gold, "negative": negative}
}
