package llmcontext

import (
	"strings"
	"time"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
	"github.com/loci-memory/loci/query/budget"
)

// contextBlocks lays out the blocks: topics, profiles, events, memories,
// with the profiles of the people asked about claiming the first share.
// mems are the memories as budget items, in rank order.
func contextBlocks(cc Config, set anchorSet, mems []budget.Item) []budget.Block {
	var topics, profiles, events []budget.Item
	for _, a := range set.topics {
		topics = append(topics, anchorBudgetItem(a))
	}
	for _, a := range set.profiles {
		profiles = append(profiles, anchorBudgetItem(a))
	}
	for _, a := range set.events {
		events = append(events, anchorBudgetItem(a))
	}
	share := 0.0
	if len(profiles) > 0 {
		share = cc.ProfileShare
	}
	return []budget.Block{
		{Name: BlockTopics, Items: topics},
		{Name: BlockProfiles, Items: profiles, Share: share},
		{Name: BlockEvents, Items: events},
		{Name: BlockMemories, Items: mems, Share: cc.MemoryShare},
	}
}

// memoryBudgetItems are the memories as budget items, in rank order.
func memoryBudgetItems(fused []ontology.SearchResult, memories []ontology.ContextItem) []budget.Item {
	var mems []budget.Item
	for i, f := range fused {
		it := memories[i]
		mems = append(mems, budget.Item{Kind: budget.KindMemory, ID: memoryKey(f), Text: it.Text, SourceTurnIDs: it.SourceTurnIDs, Carries: carries(f)})
	}
	return mems
}

// memoryKey names a memory among a context's items: turn ids are unique
// only within their conversation, and a tenant-wide context holds several.
func memoryKey(r ontology.SearchResult) string { return r.Conversation + "\x1f" + r.ID }

func carries(r ontology.SearchResult) []string {
	switch r.Kind {
	case ontology.KindTurn:
		return []string{r.ID}
	case ontology.KindBurst:
		return r.SourceTurnIDs
	}
	return nil
}

// anchorItem describes an anchor as a context item.
func anchorItem(a ontology.Anchor) ontology.ContextItem {
	return ontology.ContextItem{Kind: a.Kind, ID: a.ID, Title: a.Title, Text: anchorText(a), SourceTurnIDs: a.SourceTurnIDs, When: a.When, Similarity: a.Similarity}
}

func anchorBudgetItem(a ontology.Anchor) budget.Item {
	return budget.Item{Kind: a.Kind, ID: a.ID, Text: anchorText(a), SourceTurnIDs: a.SourceTurnIDs}
}

// anchorText renders an anchor: a title line, then one line per fact with
// the turn ids it rests on in brackets.
func anchorText(a ontology.Anchor) string {
	var b strings.Builder
	switch a.Kind {
	case ontology.AnchorProfile:
		for i, l := range a.Lines {
			if i == 0 {
				b.WriteString("### " + l.Text)
			} else {
				b.WriteString("\n- " + l.Text + cite(l.SourceTurnIDs))
			}
		}
	case ontology.AnchorEvent:
		b.WriteString("- ")
		if a.When != nil {
			b.WriteString(formatSpan(*a.When) + ": ")
		}
		b.WriteString(a.Title)
		if len(a.Participants) > 0 {
			b.WriteString(" (" + strings.Join(a.Participants, ", ") + ")")
		}
		b.WriteString(cite(a.SourceTurnIDs))
	case ontology.AnchorTopic:
		b.WriteString("### " + a.Title)
		if a.When != nil {
			b.WriteString(" (" + a.When.Start.Format("2 Jan 2006") + " – " + a.When.End.AddDate(0, 0, -1).Format("2 Jan 2006") + ")")
		}
		if len(a.Participants) > 0 {
			b.WriteString("; " + strings.Join(a.Participants, ", "))
		}
		for _, l := range a.Lines {
			b.WriteString("\n- " + l.Text + cite(l.SourceTurnIDs))
		}
	}
	return b.String()
}

func formatSpan(sp ontology.TimeSpan) string {
	switch sp.Granularity {
	case ontology.GranularityYear:
		return sp.Start.Format("2006")
	case ontology.GranularityMonth:
		return sp.Start.Format("January 2006")
	case ontology.GranularityDay:
		return sp.Start.Format("2 Jan 2006")
	}
	return sp.Start.Format("2 Jan 2006") + " – " + sp.End.AddDate(0, 0, -1).Format("2 Jan 2006")
}

func cite(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " [" + strings.Join(ids, ", ") + "]"
}

// memoryItem renders a retrieved memory: "[D1:3] Caroline (8 May 2023): …"
// for a turn, the same with each further message after its id for a burst
// (writeBurst), "[D1:3, D2:5] fact about Caroline: …" for a fact. With
// conversations set (a tenant-wide context), a turn's line names its
// conversation too: "[D1:3] Caroline (8 May 2023, in conv-1): …".
func memoryItem(r ontology.SearchResult, resolveDates, conversations bool) ontology.ContextItem {
	var b strings.Builder
	in := ""
	if conversations && r.Conversation != "" {
		in = "in " + r.Conversation
	}
	if r.Kind == ontology.KindTurn {
		text := r.Text
		if r.Timestamp != nil && resolveDates {
			text = withResolvedDates(text, *r.Timestamp)
		}
		b.WriteString("- [" + r.ID + "] " + r.Speaker + said(r, in) + ": " + text)
	} else if r.Kind == ontology.KindBurst {
		writeBurst(&b, r, resolveDates, in)
	} else {
		b.WriteString("-" + cite(r.SourceTurnIDs) + " (" + strings.Join(nonEmpty(r.Speaker, in), ", ") + ") " + r.Text)
	}
	return ontology.ContextItem{Kind: r.Kind, ID: r.ID, ConversationID: r.Conversation, Text: b.String(), SourceTurnIDs: r.SourceTurnIDs, Channels: r.Channels}
}

// writeBurst renders a burst as one memory: one header (the first
// message's id, the speaker, the day), then the messages one after another,
// each after its own id: "- [D1:3] Caroline (8 May 2023): Hi! [D1:4] Guess
// what…". When the text does not split into one piece per member (a
// message held the separator), the joined text follows all the ids.
func writeBurst(b *strings.Builder, r ontology.SearchResult, resolveDates bool, in string) {
	resolve := func(t string) string {
		if resolveDates && r.Timestamp != nil {
			return withResolvedDates(t, *r.Timestamp)
		}
		return t
	}
	date := said(r, in)
	parts := strings.Split(r.Text, ontology.BurstSeparator)
	if len(parts) != len(r.SourceTurnIDs) || len(parts) == 0 {
		b.WriteString("-" + cite(r.SourceTurnIDs) + " " + r.Speaker + date + ": " + resolve(strings.ReplaceAll(r.Text, ontology.BurstSeparator, " ")))
		return
	}
	b.WriteString("- [" + r.SourceTurnIDs[0] + "] " + r.Speaker + date + ": " + resolve(parts[0]))
	for i := 1; i < len(parts); i++ {
		b.WriteString(" [" + r.SourceTurnIDs[i] + "] " + resolve(parts[i]))
	}
}

// said is what a memory's line says of when and where it was said: " (8
// May 2023)", " (8 May 2023, in conv-1)", or "" when neither is known.
func said(r ontology.SearchResult, in string) string {
	var day string
	if r.Timestamp != nil {
		day = r.Timestamp.UTC().Format("2 Jan 2006")
	}
	if parts := nonEmpty(day, in); len(parts) > 0 {
		return " (" + strings.Join(parts, ", ") + ")"
	}
	return ""
}

// nonEmpty returns the non-empty strings of ss, in order.
func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// withResolvedDates writes after each relative time expression of text
// the dates it means, resolved against ref (when the text was said).
// Expressions that already name their year are left as they are.
func withResolvedDates(text string, ref time.Time) string {
	ms := lang.ResolveTime(text, ref)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		if m.Start < last || m.End > len(text) || strings.Contains(text[m.Start:m.End], m.Span.Start.Format("2006")) {
			continue
		}
		b.WriteString(text[last:m.End])
		b.WriteString(" [" + formatSpan(m.Span) + "]")
		last = m.End
	}
	b.WriteString(text[last:])
	return b.String()
}
