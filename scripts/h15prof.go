//go:build ignore

// Command h15prof replays captured search statements against a Neo4j
// server, to see which channel of a combined search costs what (issue 15,
// docs/benchmarks.md "Which part of a default search grows with the copies
// in the store"). Input: one JSON line per search, {"stmt", "params",
// "channels": [{"stmt", "params"}]}, as written by a capture hook after
// combineStatements in graph/onestatement.go. Per channel (or, with
// -combined, per combined statement) it PROFILEs each search once (rows
// and db hits per operator), then runs it -reps times and reports wall
// time and the Neo4j JVM's CPU (utime+stime of -pid) per statement.
// Diagnosis only: run with go run scripts/h15prof.go.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

type ch struct {
	Stmt   string         `json:"stmt"`
	Params map[string]any `json:"params"`
}
type rec struct {
	Stmt     string         `json:"stmt"`
	Params   map[string]any `json:"params"`
	Channels []ch           `json:"channels"`
}

func fix(p map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range p {
		if f, ok := v.(float64); ok && f == float64(int64(f)) && !strings.Contains(k, "as_of") {
			out[k] = int64(f)
		} else {
			out[k] = v
		}
	}
	return out
}

type opStat struct{ hits, rows int64 }

func walk(p neo4j.ProfiledPlan, depth int, acc map[string]*opStat, order *[]string) {
	key := fmt.Sprintf("%s%s", strings.Repeat(" ", depth), p.Operator())
	if _, ok := acc[key]; !ok {
		acc[key] = &opStat{}
		*order = append(*order, key)
	}
	acc[key].hits += p.DbHits()
	acc[key].rows += p.Records()
	for _, c := range p.Children() {
		walk(c, depth+1, acc, order)
	}
}

func main() {
	uri := flag.String("uri", "", "")
	dump := flag.String("dump", "", "")
	reps := flag.Int("reps", 5, "")
	combined := flag.Bool("combined", false, "")
	pid := flag.Int("pid", 0, "JVM pid for CPU")
	flag.Parse()
	ctx := context.Background()
	drv, err := neo4j.NewDriverWithContext(*uri, neo4j.BasicAuth("neo4j", "loci-dev-password", ""))
	if err != nil {
		panic(err)
	}
	defer drv.Close(ctx)
	f, _ := os.Open(*dump)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<24), 1<<24)
	var recs []rec
	for sc.Scan() {
		var r rec
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			panic(err)
		}
		recs = append(recs, r)
	}
	run := func(stmt string, p map[string]any) (neo4j.ResultSummary, int, error) {
		sess := drv.NewSession(ctx, neo4j.SessionConfig{AccessMode: neo4j.AccessModeRead})
		defer sess.Close(ctx)
		res, err := sess.Run(ctx, stmt, p)
		if err != nil {
			return nil, 0, err
		}
		n := 0
		for res.Next(ctx) {
			n++
		}
		s, err := res.Consume(ctx)
		return s, n, err
	}
	nch := len(recs[0].Channels)
	cpu := func() float64 {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", *pid))
		f := strings.Fields(string(b)[strings.LastIndex(string(b), ")")+2:])
		var u, s float64
		fmt.Sscan(f[11], &u)
		fmt.Sscan(f[12], &s)
		return (u + s) * 10
	}
	// warm-up: every channel of every record once
	for _, r := range recs {
		for _, x := range r.Channels {
			if _, _, err := run(x.Stmt, fix(x.Params)); err != nil {
				panic(err)
			}
		}
	}
	// measure PROFILEs stmt once, then runs it reps times: the profile,
	// the profiled run's rows, the wall time and the JVM CPU (ms) of the reps.
	measure := func(stmt string, p map[string]any) (neo4j.ResultSummary, int, time.Duration, float64) {
		pstmt := "PROFILE " + stmt
		if strings.HasPrefix(stmt, "CYPHER 25\n") {
			pstmt = "CYPHER 25 PROFILE\n" + strings.TrimPrefix(stmt, "CYPHER 25\n")
		}
		s, n, err := run(pstmt, p)
		if err != nil {
			panic(err)
		}
		var wall time.Duration
		c0 := cpu()
		for i := 0; i < *reps; i++ {
			t := time.Now()
			if _, _, err := run(stmt, p); err != nil {
				panic(err)
			}
			wall += time.Since(t)
		}
		return s, n, wall, cpu() - c0
	}
	if *combined {
		var tot time.Duration
		var hits int64
		var cpums float64
		for _, r := range recs {
			s, _, wall, c := measure(r.Stmt, fix(r.Params))
			tot += wall
			cpums += c
			acc := map[string]*opStat{}
			var order []string
			walk(s.Profile(), 0, acc, &order)
			for _, o := range acc {
				hits += o.hits
			}
		}
		fmt.Printf("combined: mean %.2f ms wall, JVM CPU %.2f ms/query, dbhits/query %d\n", float64(tot.Microseconds())/1000/float64(len(recs)**reps), cpums/float64(len(recs)**reps), hits/int64(len(recs)))
		return
	}
	for c := 0; c < nch; c++ {
		acc := map[string]*opStat{}
		var order []string
		var tot time.Duration
		var rows int
		var cpums float64
		for _, r := range recs {
			x := r.Channels[c]
			s, n, wall, ms := measure(x.Stmt, fix(x.Params))
			rows += n
			tot += wall
			cpums += ms
			walk(s.Profile(), 0, acc, &order)
		}
		first := strings.SplitN(strings.TrimPrefix(recs[0].Channels[c].Stmt, "CYPHER 25\n"), "\n", 2)[0]
		nq := int64(len(recs))
		var th int64
		for _, o := range acc {
			th += o.hits
		}
		fmt.Printf("## channel %d: %s\n   mean %.2f ms/query wall, JVM CPU %.2f ms/query, result rows/query %.1f, dbhits/query %d\n", c, first[:min(len(first), 90)],
			float64(tot.Microseconds())/1000/float64(int(nq)**reps), cpums/float64(int(nq)**reps), float64(rows)/float64(nq), th/nq)
		for _, k := range order {
			fmt.Printf("   %-40s rows %8.1f  dbhits %8d\n", k, float64(acc[k].rows)/float64(nq), acc[k].hits/nq)
		}
	}
}
