// Command graphgold-variants scores the rules extractor, in process (no
// Neo4j), on the DEV half of the relation gold set and on metamorphic
// variants of it (graphbench/metamorph): names swapped for unseen ones,
// lower case, chat fillers, bursts of short messages, chat spellings, and
// their combinations. It prints recall and precision per variant and per
// relation type; with -v, the gold relations a variant loses that the
// original finds, and the relations it draws that the original does not.
//
//	go run ./extract/rules/cmd/graphgold-variants -gold testdata/graphgold [-md] [-v names]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/graphbench/metamorph"
	"github.com/loci-memory/loci/internal/config"
	"github.com/loci-memory/loci/ontology"
)

func main() {
	dir := flag.String("gold", "testdata/graphgold", "gold set directory (only its dev/ and chats/ are read)")
	locomo := flag.String("locomo", "", "LoCoMo file for locomo: conversations (default: internal/config's; \"-\" skips them)")
	md := flag.Bool("md", false, "print the tables as markdown")
	diff := flag.String("v", "", "print, for this variant, what it loses and adds against the original")
	flag.Parse()
	switch *locomo {
	case "-":
		*locomo = ""
	case "":
		if cfg, err := config.Load(); err == nil {
			*locomo = cfg.LoCoMoPath()
		}
	}
	if err := run(*dir, *locomo, *md, *diff); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(dir, locomo string, md bool, diff string) error {
	convs, err := metamorph.LoadDev(dir, locomo)
	if err != nil {
		return err
	}
	variants := metamorph.Variants(metamorph.DefaultPools)
	table := metamorph.Table{}
	for _, c := range convs {
		var orig ontology.Extraction
		for _, v := range variants {
			vc := v.Rewrite(c)
			got, err := metamorph.Run(context.Background(), rules.New(), vc)
			if err != nil {
				return err
			}
			table.Add(v.Name, metamorph.Score(vc, got))
			if v.Name == "original" {
				orig = got
			}
			if v.Name == diff {
				printDiff(c, vc, orig, got)
			}
		}
	}
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.Name
	}
	printTables(table, names, md)
	return nil
}

// printTables prints recall (found/gold) per type and variant, then the
// overall recall and precision per variant.
func printTables(t metamorph.Table, variants []string, md bool) {
	sep, start, end := " ", "", ""
	if md {
		sep, start, end = " | ", "| ", " |"
	}
	types := map[ontology.RelationType]bool{}
	for _, byType := range t {
		for typ := range byType {
			types[typ] = true
		}
	}
	list := make([]string, 0, len(types))
	for typ := range types {
		list = append(list, string(typ))
	}
	slices.Sort(list)
	row := func(cells ...string) { fmt.Println(start + strings.Join(cells, sep) + end) }
	pad := func(s string) string { return fmt.Sprintf("%-11s", s) }
	head := append([]string{pad("type")}, variants...)
	row(head...)
	if md {
		row(strings.Split(strings.Repeat("---,", len(head)-1)+"---", ",")...)
	}
	for _, typ := range list {
		cells := []string{pad(typ)}
		for _, v := range variants {
			c := t[v][ontology.RelationType(typ)]
			cells = append(cells, fmt.Sprintf("%d/%d", c.Found, c.Gold))
		}
		row(cells...)
	}
	for _, m := range []struct {
		name string
		f    func(graphbench.Counts) string
	}{
		{"recall", func(c graphbench.Counts) string { return fmt.Sprintf("%.1f%%", 100*c.Recall()) }},
		{"precision", func(c graphbench.Counts) string {
			return fmt.Sprintf("%.1f%% (%d/%d)", 100*c.Precision(), c.Correct, c.Predicted)
		}},
	} {
		cells := []string{pad(m.name)}
		for _, v := range variants {
			cells = append(cells, m.f(t.Overall(v)))
		}
		row(cells...)
	}
}

// printDiff prints the gold relations the variant loses that the
// original finds ("LOST"), those it finds that the original does not
// ("GAINED": a label or a swap that should cost or give nothing), and the
// variant's wrong relations, with the variant's text of the turns cited
// and, after "<=", the original's. A wrong
// relation the original draws too (same type, same turns) is marked
// "(also original)": the swap did not cause it.
func printDiff(orig, vc metamorph.Conv, a, b ontology.Extraction) {
	text, was := map[string]string{}, map[string]string{}
	for _, t := range vc.Turns {
		text[t.ID] = t.Speaker + ": " + t.Text
	}
	for _, t := range orig.Turns {
		was[t.ID] = t.Speaker + ": " + t.Text
	}
	fa, wrongA := metamorph.Found(orig, a)
	fb, wrong := metamorph.Found(vc, b)
	for i, r := range vc.Relations {
		if fa[i] && !fb[i] {
			fmt.Printf("LOST %s %s: %s -> %s  [%s] <= [%s]\n", orig.Name, r.Type, r.From, r.To, cite(r.Evidence, text), cite(r.Evidence, was))
		}
		if fb[i] && !fa[i] {
			fmt.Printf("GAINED %s %s: %s -> %s  [%s] <= [%s]\n", orig.Name, r.Type, r.From, r.To, cite(r.Evidence, text), cite(r.Evidence, was))
		}
	}
	inOrig := map[string]bool{}
	for _, r := range wrongA {
		inOrig[string(r.Type)+" "+strings.Join(r.SourceTurnIDs, ",")] = true
	}
	for _, r := range wrong {
		mark := ""
		if inOrig[string(r.Type)+" "+strings.Join(r.SourceTurnIDs, ",")] {
			mark = " (also original)"
		}
		fmt.Printf("WRONG%s %s %s: %s -> %s  [%s] <= [%s]\n", mark, orig.Name, r.Type, r.From.Name, r.To.Name,
			cite(r.SourceTurnIDs, text), cite(r.SourceTurnIDs, was))
	}
}

func cite(ids []string, text map[string]string) string {
	var parts []string
	for _, id := range ids {
		parts = append(parts, id+" "+text[id])
	}
	return strings.Join(parts, " / ")
}
