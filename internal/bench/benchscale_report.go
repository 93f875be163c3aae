package bench

import (
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// scaleReport is what `loci bench scale` measured, one entry per size.
type scaleReport struct {
	Date     string      `json:"date"`
	Server   string      `json:"server"`
	Embedder string      `json:"embedder"`
	Source   string      `json:"source"`
	Sizes    []scaleSize `json:"sizes"`
}

// scaleSize is one size of the grown tenant and what was measured at it.
type scaleSize struct {
	Turns         int     `json:"turns"`
	Conversations int     `json:"conversations"`
	BigTurns      int     `json:"big_turns"`
	IngestTurns   int     `json:"ingest_turns"`
	IngestSeconds float64 `json:"ingest_seconds"`
	// AnchorSeconds is how long rebuilding the stale topic sets and
	// profiles took before measuring (--settle-anchors; 0 when not done).
	AnchorSeconds    float64          `json:"anchor_seconds,omitempty"`
	StoreBytes       int64            `json:"store_bytes"`
	IndexBytes       int64            `json:"index_bytes"`
	TxLogBytes       int64            `json:"tx_log_bytes"`
	IndexBytesByKind map[string]int64 `json:"index_bytes_by_kind,omitempty"`
	HeapUsed         int64            `json:"heap_used"`
	HeapCommitted    int64            `json:"heap_committed"`
	PageCacheSetting string           `json:"page_cache_setting"`
	Neo4jRSSMiB      int64            `json:"neo4j_rss_mib"`
	LociPeakRSSMiB   int64            `json:"loci_peak_rss_mib"`
	Runs             []scaleRun       `json:"runs"`
}

// scaleRun is one measured run: an endpoint in a scope at a client count.
type scaleRun struct {
	Endpoint   string  `json:"endpoint"`
	Scope      string  `json:"scope"`
	Clients    int     `json:"clients"`
	N          int     `json:"n"`
	Errors     int     `json:"errors"`
	FirstError string  `json:"first_error,omitempty"`
	P50        float64 `json:"p50_ms"`
	P95        float64 `json:"p95_ms"`
	RPS        float64 `json:"rps"`
}

func (s scaleSize) run(endpoint, scope string, clients int) (scaleRun, bool) {
	for _, r := range s.Runs {
		if r.Endpoint == endpoint && r.Scope == scope && r.Clients == clients {
			return r, true
		}
	}
	return scaleRun{}, false
}

// readScaleReport reads the scale.json that write left in dir. read is
// false when the file could not be read (err says why), true when it was
// (err is then a parse error).
func readScaleReport(dir string) (r scaleReport, read bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, "scale.json"))
	if err != nil {
		return r, false, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, true, fmt.Errorf("%s/scale.json: %w", dir, err)
	}
	return r, true, nil
}

// write saves the report as JSON and markdown into dir and draws the plot.
func (r scaleReport) write(dir, plotPath string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "scale.json"), b, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "scale.md"), []byte(r.markdown(plotPath)), 0o644); err != nil {
		return err
	}
	if plotPath == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(plotPath), 0o755); err != nil {
		return err
	}
	return r.plot(plotPath)
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// markdown renders the tables (and the target checks) of the report.
func (r scaleReport) markdown(plotPath string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Server: Neo4j %s. Embedder: %s. Texts: %s.\n\n", r.Server, r.Embedder, strings.Replace(r.Source, "read from ", "read at run time from ", 1))
	b.WriteString("| turns | conversations | ingest (turns/s, this step) | store files | of them indexes | transaction logs | Neo4j heap used / committed | page cache (setting) | Neo4j RSS | loci serve peak RSS |\n")
	b.WriteString("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, s := range r.Sizes {
		rate := 0.0
		if s.IngestSeconds > 0 {
			rate = float64(s.IngestTurns) / s.IngestSeconds
		}
		fmt.Fprintf(&b, "| %d | %d | %.0f (%d in %.0f s) | %.0f MiB | %.0f MiB | %.0f MiB | %.0f / %.0f MiB | %s | %d MiB | %d MiB |\n",
			s.Turns, s.Conversations, rate, s.IngestTurns, s.IngestSeconds, mib(s.StoreBytes), mib(s.IndexBytes), mib(s.TxLogBytes), mib(s.HeapUsed), mib(s.HeapCommitted), s.PageCacheSetting, s.Neo4jRSSMiB, s.LociPeakRSSMiB)
	}
	for _, s := range r.Sizes {
		if len(s.IndexBytesByKind) == 0 {
			continue
		}
		kinds := make([]string, 0, len(s.IndexBytesByKind))
		for k := range s.IndexBytesByKind {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		parts := make([]string, len(kinds))
		for i, k := range kinds {
			parts[i] = fmt.Sprintf("%s %.0f MiB", k, mib(s.IndexBytesByKind[k]))
		}
		fmt.Fprintf(&b, "\nIndexes at %d turns: %s.\n", s.Turns, strings.Join(parts, ", "))
	}
	b.WriteString("\n| turns | endpoint | scope | 1 client p50 / p95 (n) | 8 clients p50 / p95 (n) | 8 clients req/s | errors |\n")
	b.WriteString("| ---: | --- | --- | ---: | ---: | ---: | ---: |\n")
	for _, s := range r.Sizes {
		for _, ep := range []string{"search", "context"} {
			for _, sc := range []string{"conversation (600)", "conversation (big)", "tenant-wide"} {
				one, ok1 := s.run(ep, sc, 1)
				eight, ok8 := s.run(ep, sc, 8)
				if !ok1 && !ok8 {
					continue
				}
				scope := sc
				if sc == "conversation (big)" {
					scope = fmt.Sprintf("conversation (%d)", s.BigTurns)
				}
				fmt.Fprintf(&b, "| %d | %s | %s | %.1f / %.1f ms (%d) | %.1f / %.1f ms (%d) | %.1f | %d |\n",
					s.Turns, ep, scope, one.P50, one.P95, one.N, eight.P50, eight.P95, eight.N, eight.RPS, one.Errors+eight.Errors)
			}
		}
	}
	b.WriteString("\nTargets (issue 15):\n\n")
	for _, s := range r.Sizes {
		small, ok1 := s.run("search", "conversation (600)", 1)
		big, ok2 := s.run("search", "conversation (big)", 1)
		if ok1 && ok2 && small.P50 > 0 {
			verdict := "met"
			if big.P50 > 1.5*small.P50 {
				verdict = "not met"
			}
			fmt.Fprintf(&b, "- at %d turns, default search p50 in the %d-turn conversation is %.2f× its p50 in a 600-turn one (target ≤ 1.5×: %s);\n",
				s.Turns, s.BigTurns, big.P50/small.P50, verdict)
		}
	}
	if n := len(r.Sizes); n > 0 {
		last := r.Sizes[n-1]
		if t, ok := last.run("search", "tenant-wide", 1); ok {
			verdict := "met"
			if t.P50 > 40 {
				verdict = "not met"
			}
			if last.Turns < 500000 {
				verdict += fmt.Sprintf(", but measured at %d turns, not 500k", last.Turns)
			}
			fmt.Fprintf(&b, "- tenant-wide default search p50 at %d turns, 1 client: %.1f ms (target ≤ 40 ms at 500k: %s);\n", last.Turns, t.P50, verdict)
		}
		// A run continued with --keep has a serve process per part: the
		// bench's peak is the largest.
		var peak int64
		for _, s := range r.Sizes {
			peak = max(peak, s.LociPeakRSSMiB)
		}
		verdict := "met"
		if peak > 300 {
			verdict = "not met"
		}
		fmt.Fprintf(&b, "- loci serve peak RSS over the whole bench: %d MiB (target ≤ 300 MB: %s).\n", peak, verdict)
	}
	if plotPath != "" {
		fmt.Fprintf(&b, "\n![p50 latency versus tenant size](%s)\n", strings.TrimPrefix(plotPath, "docs/"))
	}
	return b.String()
}

// plot draws p50 latency at 1 client against tenant size, one line per
// endpoint and scope, both axes logarithmic.
func (r scaleReport) plot(path string) error {
	p := plot.New()
	p.Title.Text = "Loci p50 latency (1 client) versus tenant size"
	p.X.Label.Text = "turns in the tenant"
	p.Y.Label.Text = "p50 latency (ms)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	series := []struct{ endpoint, scope, label string }{
		{"search", "conversation (600)", "search, 600-turn conversation"},
		{"search", "conversation (big)", "search, large conversation"},
		{"search", "tenant-wide", "search, tenant-wide"},
		{"context", "conversation (600)", "context, 600-turn conversation"},
		{"context", "conversation (big)", "context, large conversation"},
	}
	for i, s := range series {
		var pts plotter.XYs
		for _, size := range r.Sizes {
			if run, ok := size.run(s.endpoint, s.scope, 1); ok && run.N > 0 && run.P50 > 0 {
				pts = append(pts, plotter.XY{X: float64(size.Turns), Y: run.P50})
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, points.Color = c, c
		points.Shape = plotutil.Shape(i)
		if s.endpoint == "context" {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(line, points)
		p.Legend.Add(s.label, line, points)
	}
	// Fixed ranges: decades on both axes get labelled ticks, the 40 ms
	// target line is in view, and the top decade is left to the legend.
	p.X.Min, p.X.Max = 5000, 1e6
	p.Y.Min = 10
	p.Y.Max = 1000
	for _, size := range r.Sizes {
		for _, run := range size.Runs {
			if run.Clients == 1 && run.P50*30 > p.Y.Max {
				p.Y.Max = run.P50 * 30
			}
		}
	}
	target := plotter.NewFunction(func(float64) float64 { return 40 })
	target.Color = color.RGBA{R: 160, G: 160, B: 160, A: 255}
	target.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(target)
	p.Legend.Add("40 ms (tenant-wide target at 500k)", target)
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
}
