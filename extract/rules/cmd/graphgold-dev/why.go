package main

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/extract/simrel"
	"github.com/loci-memory/loci/ontology"
)

// whyTally classifies, with -why, every miss by why the similarity stage
// did not even see it as a candidate pair, reading the rules' candidate
// sentences of the gold relation's evidence turns.
type whyTally struct {
	enabled *bool
	counts  map[string]int
	ends    map[string]int // misses with an end extracted as no entity, by the end's shape
}

var why whyTally

// whyFlags declares -why.
func whyFlags() {
	why.enabled = flag.Bool("why", false, "classify every miss by why it was no candidate pair of the similarity stage (both ends in one sentence, the speaker, a pronoun, an end not read, ends in different turns) and print the counts")
	why.counts = map[string]int{}
	why.ends = map[string]int{}
}

func (w *whyTally) on() bool { return w.enabled != nil && *w.enabled }

// The classes of a miss.
const (
	whyScored    = "0 scored, not typed"
	whyRelated   = "0 the rules relate the two otherwise"
	whySentence  = "a both ends named in one sentence"
	whySelfSent  = "b the speaker and the other end in one sentence"
	whyProSent   = "c a resolved pronoun and the other end in one sentence"
	whyTurn      = "a2 both ends in one turn, different sentences"
	whySpeaker   = "b the speaker or addressee, not in the sentence"
	whyPronoun   = "c an end only as a pronoun or description"
	whyUnread    = "d an end in the text, not read as an end: written in lower case"
	whyUnreadCap = "d an end in the text, not read as an end: capitalised"
	whyDifferent = "e the ends in different turns"
)

// miss classifies the gold relation r that the extraction lacks.
func (w *whyTally) miss(conv string, r goldRelation, turns []ontology.Turn, cands []rules.Candidate, scored []simrel.Scored, got ontology.Extraction, name func(string) string) {
	if !w.on() {
		return
	}
	class, detail := classify(r, turns, cands, scored, got, name)
	w.counts[class]++
	fmt.Printf("WHY %s | %s %s: %s -> %s %s\n", class, conv, r.Type, r.From, r.To, detail)
	if end, shape, at := unextracted(r, turns, got, name); end != "" {
		w.ends[shape]++
		fmt.Printf("END %s | %s %s: %s -> %s | %q %s\n", shape, conv, r.Type, r.From, r.To, end, at)
	}
}

// The shapes of an end that the extraction holds as no entity at all.
const (
	endAnswer  = "answer: the first words of a turn after a where/who/which question"
	endAppos   = "apposition: after a named-thing noun (\"our cat biscuit\", \"the pub, the crown\")"
	endLower   = "lower case: only written in lower case"
	endCapital = "other: written with a capital"
	endPronoun = "pronoun only: not named in the evidence turns"
)

// unextracted returns the first end of r, other than a speaker, that no
// entity of got names, with its shape and the turn that shows it; "" when
// both ends are entities.
func unextracted(r goldRelation, turns []ontology.Turn, got ontology.Extraction, name func(string) string) (string, string, string) {
	have := map[string]bool{}
	for _, e := range got.Entities {
		have[name(e.Name)] = true
		for _, a := range e.Aliases {
			have[name(a)] = true
		}
	}
	speakers := map[string]bool{}
	for _, t := range turns {
		speakers[name(t.Speaker)] = true
	}
	ev := map[string]bool{}
	for _, id := range r.Evidence {
		ev[id] = true
	}
	for _, end := range []string{r.From, r.To} {
		if have[end] || speakers[end] {
			continue
		}
		shape, at := endPronoun, ""
		for i, t := range turns {
			if !ev[t.ID] {
				continue
			}
			ws := strings.FieldsFunc(t.Text, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '.' && r != '@' && r != '&' && r != ','
			})
			for k := range ws {
				for j := k + 1; j <= min(len(ws), k+4); j++ {
					if name(strings.TrimRight(strings.Join(ws[k:j], " "), ",")) != end {
						continue
					}
					s := endLower
					if unicode.IsUpper([]rune(ws[k])[0]) {
						s = endCapital
					}
					asked := false // the turn before, by another speaker, a short where/who/which/what question
					if i > 0 && turns[i-1].Speaker != t.Speaker {
						pw := strings.Fields(strings.ToLower(turns[i-1].Text))
						for _, w := range pw {
							w = strings.Trim(w, "?!.,'’")
							asked = asked || len(pw) <= 12 && (strings.HasPrefix(w, "where") || strings.HasPrefix(w, "who") || w == "which" || w == "what" || w == "onde")
						}
					}
					switch {
					case k == 0 && asked:
						s = endAnswer
					case k > 0 && strings.HasSuffix(ws[k-1], ","),
						k > 1 && strings.HasSuffix(ws[k-2], ",") && strings.EqualFold(ws[k-1], "the"),
						k > 1 && isDet(ws[k-2]) && !isDet(ws[k-1]):
						s = endAppos
					}
					// the strongest shape of any mention: answer, apposition, lower, capital
					if shape == endPronoun || rank(s) < rank(shape) {
						shape, at = s, t.ID+" "+t.Text
					}
				}
			}
		}
		return end, shape, at
	}
	return "", "", ""
}

func isDet(w string) bool {
	switch strings.ToLower(w) {
	case "my", "our", "the", "his", "her", "their", "your", "ur":
		return true
	}
	return false
}

func rank(s string) int {
	switch s {
	case endAnswer:
		return 0
	case endAppos:
		return 1
	case endLower:
		return 2
	case endCapital:
		return 3
	}
	return 4
}

// same reports whether a and b are the gold pair x, y in either order.
func same(a, b, x, y string) bool { return a == x && b == y || a == y && b == x }

func classify(r goldRelation, turns []ontology.Turn, cands []rules.Candidate, scored []simrel.Scored, got ontology.Extraction, name func(string) string) (string, string) {
	ev := map[string]bool{}
	for _, id := range r.Evidence {
		ev[id] = true
	}
	for _, s := range scored {
		if ev[s.Turn] && same(name(s.From.Name), name(s.To.Name), r.From, r.To) {
			return whyScored, fmt.Sprintf("%q %v", s.Text, s.Scores)
		}
	}
	for _, g := range got.Relations {
		if same(name(g.From.Name), name(g.To.Name), r.From, r.To) {
			return whyRelated, string(g.Type) + " " + g.From.Name + ">" + g.To.Name
		}
	}
	for _, c := range cands {
		if !ev[c.Turn] {
			continue
		}
		var a, b *rules.CandidateEnd
		for i := range c.Ends {
			switch name(c.Ends[i].Ref.Name) {
			case r.From:
				a = &c.Ends[i]
			case r.To:
				b = &c.Ends[i]
			}
		}
		if a == nil || b == nil {
			continue
		}
		var why []string
		if c.Question {
			why = append(why, "question")
		}
		if len(c.Hedges) > 0 {
			why = append(why, "hedge")
		}
		if len(c.Ends) > 6 {
			why = append(why, "many ends")
		}
		var ends []string
		for _, e := range c.Ends {
			ends = append(ends, fmt.Sprintf("%s/%s%s", e.Ref.Name, string(e.Ref.Type)[:3], map[bool]string{true: "*"}[e.Self]))
		}
		d := fmt.Sprintf("[%s] %q %v", strings.Join(why, ","), c.Text, ends)
		switch {
		case a.Self || b.Self:
			return whySelfSent, d
		case a.Pronoun || b.Pronoun:
			return whyProSent, d
		}
		return whySentence, d
	}
	// Where each end is in the evidence turns: as a candidate end, in the
	// text only, or as the turn's speaker or addressee.
	type where struct {
		end, text, self map[string]bool
		capital         bool // a mention in the text starts with a capital letter
	}
	at := map[string]*where{r.From: {map[string]bool{}, map[string]bool{}, map[string]bool{}, false}, r.To: {map[string]bool{}, map[string]bool{}, map[string]bool{}, false}}
	for _, c := range cands {
		if ev[c.Turn] {
			for _, e := range c.Ends {
				if w := at[name(e.Ref.Name)]; w != nil {
					w.end[c.Turn] = true
				}
			}
		}
	}
	speakers := map[string]bool{}
	for _, t := range turns {
		speakers[name(t.Speaker)] = true
	}
	var texts []string
	for _, t := range turns {
		if !ev[t.ID] {
			continue
		}
		texts = append(texts, t.ID+" "+t.Speaker+": "+t.Text)
		ws := strings.FieldsFunc(t.Text, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '.' && r != '@'
		})
		you := false
		for i := range ws {
			if n := strings.ToLower(ws[i]); n == "you" || n == "your" || n == "u" || n == "ur" || n == "youre" {
				you = true
			}
			for j := i + 1; j <= min(len(ws), i+4); j++ {
				if w := at[name(strings.Join(ws[i:j], " "))]; w != nil {
					w.text[t.ID] = true
					w.capital = w.capital || unicode.IsUpper([]rune(ws[i])[0])
				}
			}
		}
		for x, w := range at {
			if name(t.Speaker) == x || you && len(speakers) == 2 && speakers[x] {
				w.self[t.ID] = true
			}
		}
	}
	detail := strings.Join(texts, " || ")
	for _, w := range at {
		if len(w.end)+len(w.text)+len(w.self) == 0 {
			return whyPronoun, detail
		}
	}
	for _, w := range at {
		if len(w.end)+len(w.self) == 0 && w.capital {
			return whyUnreadCap, detail
		}
	}
	for _, w := range at {
		if len(w.end)+len(w.self) == 0 {
			return whyUnread, detail
		}
	}
	f, t := at[r.From], at[r.To]
	for id := range ev {
		fIn, tIn := f.end[id] || f.text[id] || f.self[id], t.end[id] || t.text[id] || t.self[id]
		if !fIn || !tIn {
			continue
		}
		if f.self[id] && !f.end[id] || t.self[id] && !t.end[id] {
			return whySpeaker, detail
		}
		return whyTurn, detail
	}
	return whyDifferent, detail
}

// report prints the counts per class.
func (w *whyTally) report() {
	if !w.on() {
		return
	}
	keys := make([]string, 0, len(w.counts))
	for k := range w.counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("why %-55s %4d\n", k, w.counts[k])
	}
	keys = keys[:0]
	n := 0
	for k := range w.ends {
		keys = append(keys, k)
		n += w.ends[k]
	}
	sort.Strings(keys)
	fmt.Printf("misses with an end extracted as no entity: %d\n", n)
	for _, k := range keys {
		fmt.Printf("end %-70s %4d\n", k, w.ends[k])
	}
}
