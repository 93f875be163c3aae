package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/loci-memory/loci/extract"
	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// With -aliases graphgold-dev measures the speaker aliases ingest learns
// (extract.LearnAliases) instead of the relations: over every dev gold
// chat and every LoCoMo conversation, batch by batch per session with the
// speakers stored so far and the batch's rules extraction, as the
// ingestor calls it. Each learned
// (speaker → alias) gets a verdict:
//
//   - right: the gold names that speaker's entity by the alias (its name or
//     one of its aliases); in LoCoMo also a form of the speaker's name
//     ("Mel" for Melanie);
//   - wrong: the alias is a gold entity that is not that speaker (a place,
//     an organisation, another person), or another LoCoMo speaker's name;
//   - unknown otherwise.
var aliasesMode = flag.Bool("aliases", false, "measure the speaker aliases ingest learns (right/wrong/unknown against the gold) instead of the relations")

type aliasTally struct{ right, wrong, unknown int }

func runAliases(dir, locomo string) error {
	devDir := filepath.Join(dir, "dev")
	files, err := filepath.Glob(filepath.Join(devDir, "*.json"))
	if err != nil {
		return err
	}
	var samples []extract.LoCoMoSample
	if locomo != "" {
		if samples, err = extract.ReadLoCoMoFile(locomo); err != nil {
			return err
		}
	}
	golds := map[string]gold{} // locomo sample id → its dev annotation
	tallies := map[string]*aliasTally{"chats": {}, "locomo": {}}
	var wrongs []string
	for _, f := range files {
		var g gold
		if err := readJSON(f, &g); err != nil {
			return err
		}
		kind, id, _ := strings.Cut(g.Conversation, ":")
		if kind == "locomo" {
			golds[id] = g
			continue
		}
		var c chat
		if err := readJSON(filepath.Join(dir, "chats", id+".json"), &c); err != nil {
			return err
		}
		wrongs = append(wrongs, judgeAliases(g.Conversation, c.Turns, g.Entities, nil, tallies["chats"])...)
	}
	for _, s := range samples {
		var turns []ontology.Turn
		for _, ses := range s.Sessions {
			turns = append(turns, ses.Turns...)
		}
		wrongs = append(wrongs, judgeAliases("locomo:"+s.ID, turns, golds[s.ID].Entities, s.Speakers[:], tallies["locomo"])...)
	}
	for _, k := range []string{"chats", "locomo"} {
		t := tallies[k]
		fmt.Printf("aliases %-6s right %3d wrong %3d unknown %3d\n", k, t.right, t.wrong, t.unknown)
	}
	fmt.Printf("wrong aliases (%d):\n", len(wrongs))
	for _, w := range wrongs {
		fmt.Println("  " + w)
	}
	return nil
}

// judgeAliases learns the aliases of one conversation per session and
// prints each with its verdict; it returns the wrong ones. names are the
// speakers' real names (LoCoMo), nil for the chats.
func judgeAliases(conv string, turns []ontology.Turn, entities []goldEntity, names []string, t *aliasTally) []string {
	canon := map[string]string{} // normalised name or alias → gold entity
	forms := map[string][]string{}
	for _, e := range entities {
		canon[norm(e.Name)] = e.Name
		forms[e.Name] = append(forms[e.Name], norm(e.Name))
		for _, a := range e.Aliases {
			if _, ok := canon[norm(a)]; !ok {
				canon[norm(a)] = e.Name
			}
			forms[e.Name] = append(forms[e.Name], norm(a))
		}
	}
	// nameForm reports whether alias is a form of a LoCoMo speaker's name.
	nameForm := func(name, alias string) bool {
		n, a := norm(name), norm(alias)
		return len(a) >= 2 && (strings.HasPrefix(n, a) || strings.HasPrefix(a, n)) || len(a) >= 3 && len(n) >= 3 && a[:3] == n[:3]
	}
	var speakers []string
	seen := map[string]bool{}
	var wrongs []string
	type key struct{ speaker, alias string }
	judged := map[key]bool{}
	x := rules.New()
	var known extract.Stored
	for i := 0; i < len(turns); {
		j := i + 1
		for j < len(turns) && turns[j].Session == turns[i].Session {
			j++
		}
		for _, tu := range turns[i:j] {
			if !seen[tu.Speaker] {
				seen[tu.Speaker] = true
				speakers = append(speakers, tu.Speaker)
			}
		}
		req := ontology.ExtractRequest{Turns: turns[i:j], Speakers: speakers, Context: turns[max(0, i-extract.ContextTurns):i]}
		known.Fill(&req)
		got, _, _ := x.Extract(context.Background(), req)
		known.Add(got)
		for _, a := range extract.UntypedAliases(extract.LearnAliases(turns[i:j], speakers, rules.Lexicon{}), got.Entities) {
			k := key{a.Speaker, norm(a.Alias)}
			if judged[k] {
				continue
			}
			judged[k] = true
			verdict := "unknown"
			is := canon[norm(a.Alias)]
			switch {
			case slices.Contains(forms[canon[norm(a.Speaker)]], norm(a.Alias)) || names != nil && nameForm(a.Speaker, a.Alias):
				verdict, t.right = "right", t.right+1
			case is != "" && is != canon[norm(a.Speaker)] || names != nil && otherName(names, a.Speaker, a.Alias, nameForm):
				verdict, t.wrong = "wrong", t.wrong+1
				wrongs = append(wrongs, fmt.Sprintf("%s %s: %q → %q (%s %s; gold %q)", conv, a.TurnID, a.Speaker, a.Alias, a.How, textOf(turns, a.TurnID), is))
			default:
				t.unknown++
			}
			fmt.Printf("ALIAS %-7s %s %s: %q → %q (%s) %s\n", verdict, conv, a.TurnID, a.Speaker, a.Alias, a.How, textOf(turns, a.TurnID))
		}
		i = j
	}
	return wrongs
}

// otherName reports whether alias is a form of another speaker's name.
func otherName(names []string, speaker, alias string, form func(string, string) bool) bool {
	for _, n := range names {
		if n != speaker && form(n, alias) {
			return true
		}
	}
	return false
}

func textOf(turns []ontology.Turn, id string) string {
	for _, t := range turns {
		if t.ID == id {
			return fmt.Sprintf("%q", t.Text)
		}
	}
	return ""
}
