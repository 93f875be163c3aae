package rules

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/loci-memory/loci/graphbench/metamorph"
	"github.com/loci-memory/loci/ontology"
)

// TestRelationProbesUnseenNames reads the relation probes again with every
// person's given name of a list (an expected relation's one-word end, or a
// capitalised word of a negative probe) swapped for a given name no list
// knows (graphbench/metamorph's pool), consistently in the text, the turns
// and the expectations: what the rules find there leans on the words
// around a name, not on the name list. The swapped negatives must draw no
// relation (but gender.json's, negative by the genders their names say),
// and the swapped positives must keep at least unseenProbeFloor of what
// the same probes give with their own names. Recall and what the swap
// loses are logged with -v.
func TestRelationProbesUnseenNames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "relprobes", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no probe files: %v", err)
	}
	pool := metamorph.DefaultPools.First
	next := 0
	var want, found, foundOwn, negatives, negFP int
	for _, f := range files {
		var pf probeFile
		b, err := os.ReadFile(f)
		if err == nil {
			err = json.Unmarshal(b, &pf)
		}
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, p := range pf.Probes {
			swap := map[string]string{} // given name → unseen name
			speakers := map[string]bool{pf.Speaker: true, pf.With: true, p.Speaker: true, p.With: true}
			for _, tu := range p.Turns {
				speakers[tu.Speaker] = true
			}
			add := func(name string) {
				n := ontology.NormaliseName(name)
				if strings.Contains(n, " ") || !firstName(n) || swap[name] != "" || speakers[name] {
					return
				}
				swap[name] = pool[next%len(pool)]
				next++
			}
			for _, e := range p.Expect {
				add(e[1])
				add(e[2])
			}
			if len(p.Expect) == 0 {
				for _, w := range strings.Fields(probeText(p)) {
					if w = strings.Trim(w, ".,!?;:'\"()"); w != "" && w[0] >= 'A' && w[0] <= 'Z' {
						add(w)
					}
				}
			}
			if len(swap) == 0 {
				continue
			}
			q := swapProbe(p, swap)
			canon, qcanon := probeCanon(p), probeCanon(q)
			own := distinctRelations(runProbe(t, pf, cloneProbe(p)).Relations, canon)
			got := distinctRelations(runProbe(t, pf, q).Relations, qcanon)
			if len(q.Expect) == 0 {
				if filepath.Base(f) == "gender.json" {
					continue // negative by the genders the names say: unseen names say none
				}
				negatives++
				for _, r := range got {
					negFP++
					t.Errorf("negative probe %s with unseen names drew %s %s -> %s (%s)", p.ID, r.Type, r.From.Name, r.To.Name, probeText(q))
				}
				continue
			}
			for i, e := range q.Expect {
				want++
				if _, ok := got[probeKey(e[0], qcanon(e[1]), qcanon(e[2]))]; ok {
					found++
				} else if testing.Verbose() {
					o := p.Expect[i]
					if _, ok := own[probeKey(o[0], canon(o[1]), canon(o[2]))]; ok {
						t.Logf("LOST %s %s: %s -> %s (%s)", q.ID, e[0], e[1], e[2], probeText(q))
					}
				}
				o := p.Expect[i]
				if _, ok := own[probeKey(o[0], canon(o[1]), canon(o[2]))]; ok {
					foundOwn++
				}
			}
		}
	}
	t.Logf("unseen names: %d/%d expected relations (own names: %d), %d negatives, %d drew", found, want, foundOwn, negatives, negFP)
	if want == 0 || float64(found) < unseenProbeFloor*float64(foundOwn) {
		t.Errorf("unseen names keep %d of the %d relations the probes give with their own names, below %.2f", found, foundOwn, unseenProbeFloor)
	}
}

// unseenProbeFloor is the least share of the probes' relations (with their
// own names) the rules keep when the names are swapped for unseen ones.
const unseenProbeFloor = 0.93

// cloneProbe copies p's turns so a run may number them.
func cloneProbe(p probe) probe {
	p.Turns = append([]ontology.Turn(nil), p.Turns...)
	return p
}

// swapProbe replaces the names of swap, whole words in either case, in p's
// text, turns, expectations and aliases.
func swapProbe(p probe, swap map[string]string) probe {
	q := cloneProbe(p)
	var olds []string
	for o := range swap {
		olds = append(olds, regexp.QuoteMeta(o))
	}
	re := regexp.MustCompile(`(?i)\b(` + strings.Join(olds, "|") + `)\b`)
	lower := map[string]string{}
	for o, n := range swap {
		lower[strings.ToLower(o)] = n
	}
	rep := func(s string) string {
		return re.ReplaceAllStringFunc(s, func(m string) string {
			n := lower[strings.ToLower(m)]
			if m == strings.ToLower(m) {
				return strings.ToLower(n)
			}
			return n
		})
	}
	q.Text = rep(p.Text)
	for i := range q.Turns {
		q.Turns[i].Text = rep(q.Turns[i].Text)
	}
	q.Expect = nil
	for _, e := range p.Expect {
		q.Expect = append(q.Expect, [3]string{e[0], rep(e[1]), rep(e[2])})
	}
	q.Aliases = map[string][]string{}
	for k, as := range p.Aliases {
		for _, a := range as {
			q.Aliases[rep(k)] = append(q.Aliases[rep(k)], rep(a))
		}
	}
	return q
}
