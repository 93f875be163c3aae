package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// probeFile is one file of testdata/relprobes (format in its README).
type probeFile struct {
	Type    string  `json:"type"`
	Speaker string  `json:"speaker"`
	With    string  `json:"with"`
	Probes  []probe `json:"probes"`
}

type probe struct {
	ID      string              `json:"id"`
	Style   string              `json:"style"`
	Text    string              `json:"text"`
	Speaker string              `json:"speaker"`
	With    string              `json:"with"`
	Turns   []ontology.Turn     `json:"turns"`
	Expect  [][3]string         `json:"expect"`
	Aliases map[string][]string `json:"aliases"`
}

// probeTally counts one relation type's expected, found and extra relations.
type probeTally struct{ want, found, extra int }

// TestRelationProbes scores the extractor on the probe sentences of
// testdata/relprobes: recall per relation type over the positive probes,
// relations outside a probe's expectations, and relations drawn from the
// negative probes, which must be none (a wrong relation costs more than a
// missing one). Recall is printed with -v, not asserted: the probes measure.
func TestRelationProbes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "relprobes", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no probe files: %v", err)
	}
	tally := map[string]*probeTally{}
	get := func(typ string) *probeTally {
		if tally[typ] == nil {
			tally[typ] = &probeTally{}
		}
		return tally[typ]
	}
	positives := map[string]int{}
	perFile := map[string]*probeTally{} // found / want per probe file
	var negatives, negFP int
	var report []string
	for _, f := range files {
		var pf probeFile
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &pf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		base := filepath.Base(f)
		perFile[base] = &probeTally{}
		for _, p := range pf.Probes {
			got := runProbe(t, pf, p)
			if only := os.Getenv("RELPROBES_ONLY"); only != "" && strings.Contains(","+only+",", ","+p.ID+",") {
				t.Logf("%s: relations %+v\nentities %+v", p.ID, got.Relations, got.Entities)
			}
			canon := probeCanon(p)
			want := map[string]bool{}
			for _, e := range p.Expect {
				if !ontology.RelationType(e[0]).Valid() {
					t.Errorf("%s: expects unknown type %q", p.ID, e[0])
				}
				want[probeKey(e[0], canon(e[1]), canon(e[2]))] = true
			}
			seen := distinctRelations(got.Relations, canon)
			for k, r := range seen {
				if want[k] {
					get(string(r.Type)).found++
					continue
				}
				line := fmt.Sprintf("%s %s: %s -> %s (%s)", p.ID, r.Type, r.From.Name, r.To.Name, probeText(p))
				if len(p.Expect) == 0 {
					negFP++
					t.Errorf("negative probe drew a relation: %s", line)
				} else {
					get(string(r.Type)).extra++
					report = append(report, "EXTRA "+line)
				}
			}
			if len(p.Expect) == 0 {
				negatives++
				continue
			}
			positives[pf.Type]++
			for _, e := range p.Expect {
				get(e[0]).want++
				perFile[base].want++
				if _, ok := seen[probeKey(e[0], canon(e[1]), canon(e[2]))]; ok {
					perFile[base].found++
				} else {
					report = append(report, fmt.Sprintf("MISS %s %s: %s -> %s (%s)", p.ID, e[0], e[1], e[2], probeText(p)))
				}
			}
		}
	}
	for file, least := range probeFloors {
		c := perFile[file]
		if c == nil {
			t.Errorf("%s: no such probe file", file)
			continue
		}
		t.Logf("%s: %d/%d found", file, c.found, c.want)
		if c.found < least {
			t.Errorf("%s: %d/%d probe relations found, fewer than the %d reached", file, c.found, c.want, least)
		}
	}
	for typ, n := range positives {
		if n < 25 {
			t.Errorf("%s: %d positive probes, want at least 25", typ, n)
		}
	}
	if negatives < 60 {
		t.Errorf("%d negative probes, want at least 60", negatives)
	}
	types := make([]string, 0, len(tally))
	for typ := range tally {
		types = append(types, typ)
	}
	sort.Strings(types)
	var all probeTally
	t.Logf("%-11s %9s %6s", "type", "recall", "extra")
	for _, typ := range types {
		c := tally[typ]
		all.want += c.want
		all.found += c.found
		all.extra += c.extra
		t.Logf("%-11s %4d/%-4d %6d", typ, c.found, c.want, c.extra)
	}
	t.Logf("%-11s %4d/%-4d %6d  negatives: %d of %d drew a relation", "all", all.found, all.want, all.extra, negFP, negatives)
	if testing.Verbose() && os.Getenv("RELPROBES_DETAIL") != "" {
		sort.Strings(report)
		t.Log("\n" + strings.Join(report, "\n"))
	}
}

// probeFloors are the found relations a probe file has reached: fewer is a
// regression (crossturn.json: h14-xturn, 19/74 blind; names.json: h14-names,
// 32/53 blind; paraphrases.json: h14-meta, 27/42 blind; frames2.json:
// h14-meta2, 23/41 blind for fm-01..37; everyday2.json: h14-chat, 25/45
// blind; styles3.json: h14-blind3, 33/107 blind; styles4.json: h14-blind4,
// 30/105 blind; styles5.json: h14-blind5, 40/125 blind; crossturn3.json:
// h14-blind6, 18/61 blind; gender.json: h14-gender, 14/44 on main; themes7.json:
// h14-blind7, 30/96 blind).
var probeFloors = map[string]int{"crossturn.json": 54, "backrefs.json": 38, "names.json": 44, "paraphrases.json": 34,
	"frames2.json": 50, "everyday2.json": 43, "styles3.json": 61, "styles4.json": 82, "styles5.json": 96,
	"crossturn3.json": 32, "gender.json": 41, "themes7.json": 63}

// runProbe extracts one probe's messages as one batch of a session.
func runProbe(t *testing.T, pf probeFile, p probe) ontology.Extraction {
	t.Helper()
	speaker, with := pf.Speaker, pf.With
	if p.Speaker != "" {
		speaker = p.Speaker
	}
	if p.With != "" {
		with = p.With
	}
	turns := p.Turns
	if len(turns) == 0 {
		turns = []ontology.Turn{{Speaker: speaker, Text: p.Text}}
	}
	ts := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	speakers := []string{speaker, with}
	ids := map[string]bool{}
	for i := range turns {
		turns[i].ID = fmt.Sprintf("D1:%d", i+1)
		turns[i].Session = "1"
		turns[i].Timestamp = &ts
		ids[turns[i].ID] = true
		if turns[i].Speaker != speaker && turns[i].Speaker != with {
			speakers = append(speakers, turns[i].Speaker)
		}
	}
	req := ontology.ExtractRequest{Conversation: "probe:" + p.ID, Turns: turns, Speakers: speakers}
	x, _, err := New().Extract(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", p.ID, err)
	}
	checkInvariants(t, x, ids)
	return x
}

// probeCanon maps a name to its canonical probe name: normalised, with
// the probe's aliases folded onto the name they stand for.
func probeCanon(p probe) func(string) string {
	alias := map[string]string{}
	for name, as := range p.Aliases {
		for _, a := range as {
			alias[ontology.NormaliseName(a)] = ontology.NormaliseName(name)
		}
	}
	return func(s string) string {
		n := ontology.NormaliseName(s)
		if c, ok := alias[n]; ok {
			return c
		}
		return n
	}
}

// distinctRelations keys the relations by type and canonical ends, one
// relation per key.
func distinctRelations(rs []ontology.Relation, canon func(string) string) map[string]ontology.Relation {
	out := make(map[string]ontology.Relation, len(rs))
	for _, r := range rs {
		out[probeKey(string(r.Type), canon(r.From.Name), canon(r.To.Name))] = r
	}
	return out
}

func probeKey(typ, from, to string) string {
	if spec, _ := ontology.RelationType(typ).Spec(); spec.Symmetric && from > to {
		from, to = to, from
	}
	return typ + "|" + from + "|" + to
}

func probeText(p probe) string {
	if p.Text != "" {
		return p.Text
	}
	var parts []string
	for _, t := range p.Turns {
		parts = append(parts, t.Speaker+": "+t.Text)
	}
	return strings.Join(parts, " / ")
}
