package graphbench

import (
	"fmt"
	"sort"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Section markers of the bench-graph tables in docs/benchmarks.md.
const (
	SectionStart = "<!-- bench:graph:start -->"
	SectionEnd   = "<!-- bench:graph:end -->"
)

// LoCoMoResult is what the rules extractor stored for all of LoCoMo, and
// the ingest throughput with extraction off and on.
type LoCoMoResult struct {
	Turns         int                             `json:"turns"`
	Typed         map[ontology.RelationType]int64 `json:"typed"`
	MentionedWith int64                           `json:"mentioned_with"`
	ImportOff     string                          `json:"import_off,omitempty"` // the `loci bench import` row, extraction off
	ImportOn      string                          `json:"import_on,omitempty"`  // the same, rules extractor
	Note          string                          `json:"note,omitempty"`       // conditions of the throughput runs (machine load)
	OffRate       float64                         `json:"off_turns_per_s,omitempty"`
	OnRate        float64                         `json:"on_turns_per_s,omitempty"`
}

// TypedTotal is the number of typed relations (the vocabulary's types).
func (l LoCoMoResult) TypedTotal() int64 {
	var n int64
	for _, c := range l.Typed {
		n += c
	}
	return n
}

// Report is everything `make bench-graph` measured.
type Report struct {
	Date    string        `json:"date"`
	Command string        `json:"command"`
	Splits  []SplitResult `json:"splits"`
	LoCoMo  *LoCoMoResult `json:"locomo,omitempty"`
}

func pct(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) }

func frac(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%d / %d (%s)", a, b, pct(float64(a)/float64(b)))
}

// Render writes the report as the markdown section of docs/benchmarks.md,
// markers included.
func Render(r Report) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("%s\n## Knowledge graph: relations against the gold set (issue 14)\n\n", SectionStart)
	w("Command: `%s` (scripts/bench-graph.sh) · date: %s · gold: testdata/graphgold (README there: guideline, split, counts). ", r.Command, r.Date)
	w("Each gold conversation is ingested through the REST API of a fresh `loci serve` (default rules extractor, one batch per session) and read back through /v1/entities, /v1/entities/{id} and /v1/graph/paths. ")
	w("A stored relation is correct when a gold relation has its type and both ends match by normalised name or alias (symmetric types either way); only stored relations citing a turn of the annotated span count. ")
	w("Entities: gold entities found by name or alias, and of those the share stored with the gold type. Multi-hop: gold pairs for which /v1/graph/paths (max_hops 3) returns a path whose every relationship cites one of the pair's evidence turns, through typed relations and co-mention edges (the default), and through typed relations alone (kinds=typed); beside them, the pairs the gold relations found in the store connect (each hop citing the evidence), which is what a read path losing nothing returns through typed relations: the gap between that column and recall-limited paths is the extractor's, the gap between it and the typed column the read path's.\n\n")
	w("| split | conversations | annotated turns | gold relations | recall | precision | ended flag agrees (found) | ended relations stored closed (found) | entities found | typed right | multi-hop pairs connected with evidence | of them through typed relations alone | pairs the found gold relations connect |\n")
	w("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, s := range r.Splits {
		o := s.Overall()
		w("| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.Split, len(s.Conversations), s.Turns, o.Gold,
			frac(o.Found, o.Gold), frac(o.Correct, o.Predicted), frac(o.EndedOK, o.Found), frac(o.EndedClosed, o.EndedGold),
			frac(s.Entities.Found, s.Entities.Gold), frac(s.Entities.TypedRight, s.Entities.Found), frac(s.Paths.Connected, s.Paths.Pairs),
			frac(s.Paths.ConnectedTyped, s.Paths.Pairs), frac(s.Paths.Reachable, s.Paths.Pairs))
	}
	w("\nPer relation type (recall: found / gold; precision: correct / stored):\n\n")
	w("| type |")
	for _, s := range r.Splits {
		w(" %s recall | %s precision |", s.Split, s.Split)
	}
	w("\n|---|")
	for range r.Splits {
		w("---|---|")
	}
	w("\n")
	for _, t := range ontology.RelationTypes() {
		shown := false
		for _, s := range r.Splits {
			if c := s.Relations[t]; c.Gold > 0 || c.Predicted > 0 {
				shown = true
			}
		}
		if !shown {
			continue
		}
		w("| %s |", t)
		for _, s := range r.Splits {
			c := s.Relations[t]
			w(" %s | %s |", frac(c.Found, c.Gold), frac(c.Correct, c.Predicted))
		}
		w("\n")
	}
	w("| **all** |")
	for _, s := range r.Splits {
		o := s.Overall()
		w(" **%s** | **%s** |", frac(o.Found, o.Gold), frac(o.Correct, o.Predicted))
	}
	w("\n")
	if l := r.LoCoMo; l != nil {
		w("\nAll of LoCoMo with the rules extractor (`loci bench import`, rules, conversations then read from the store): ")
		n := l.TypedTotal()
		per := 0.0
		if l.Turns > 0 {
			per = 100 * float64(n) / float64(l.Turns)
		}
		w("**%d typed relations over %d turns, %.1f per 100 turns**; %d MENTIONED_WITH edges besides.\n\n", n, l.Turns, per, l.MentionedWith)
		types := make([]string, 0, len(l.Typed))
		for t, c := range l.Typed {
			if c > 0 {
				types = append(types, fmt.Sprintf("%s %d", t, c))
			}
		}
		sort.Strings(types)
		if len(types) > 0 {
			w("By type: %s.\n\n", strings.Join(types, ", "))
		}
		if l.ImportOff != "" || l.ImportOn != "" {
			w("Ingest throughput (all of LoCoMo, default embedder):\n\n| benchmark | what | time | rate |\n|---|---|---|---|\n")
			for _, line := range []string{l.ImportOff, l.ImportOn} {
				if line != "" {
					w("%s\n", strings.TrimSpace(line))
				}
			}
			if l.OffRate > 0 && l.OnRate > 0 {
				w("\nExtraction costs %.1f %% of ingest throughput (%.0f → %.0f turns/s).", 100*(1-l.OnRate/l.OffRate), l.OffRate, l.OnRate)
			}
			if l.Note != "" {
				w(" %s", l.Note)
			}
			w("\n")
		}
	}
	w("%s", SectionEnd)
	return b.String()
}

// ReplaceSection puts section (markers included) in place of the text
// between the markers of doc, or appends it when doc has none.
func ReplaceSection(doc, section string) string {
	i := strings.Index(doc, SectionStart)
	j := strings.Index(doc, SectionEnd)
	if i >= 0 && j > i {
		return doc[:i] + section + doc[j+len(SectionEnd):]
	}
	return strings.TrimRight(doc, "\n") + "\n\n" + section + "\n"
}

// ImportRate reads the turns/s of a `loci bench import` row
// ("| import | … | 12.3 s | 150 turns/s |"); ok is false when there is none.
func ImportRate(line string) (float64, bool) {
	cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	for i := len(cells) - 1; i >= 0; i-- {
		c := strings.TrimSpace(cells[i])
		if v, ok := strings.CutSuffix(c, " turns/s"); ok {
			var x float64
			if _, err := fmt.Sscanf(v, "%g", &x); err == nil {
				return x, true
			}
		}
	}
	return 0, false
}
