package llm

// The extraction prompt: a fixed system message describing the task and the
// vocabulary, and a user message holding the batch, bounded in size.

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/ontology"
)

const (
	// minTurnText is how much of each turn's text is kept, at least, before
	// whole turns are left out of an oversized batch.
	minTurnText = 512
	// cutMark ends a turn text that was cut.
	cutMark = "…"
	// maxHintName bounds one name in the speakers and known-entities hints.
	maxHintName = ontology.MaxNameBytes
)

// extractionSystemPrompt is the system message of every extraction: the
// rules, the vocabulary and the taxonomy. It depends only on ontology data.
func extractionSystemPrompt() string {
	var b strings.Builder
	b.WriteString(`You extract lasting knowledge about people from a conversation, for a long-term memory.
Answer with one JSON object holding five arrays: entities, relations, facts, events and profile. Use empty arrays when there is nothing to extract.

Rules:
- Turns are shown as "[turn id] (timestamp) Speaker: text". The speaker is the subject of first-person statements ("I", "my", "we"); "you" is the other speaker.
- Use names, never pronouns: write "Caroline", not "she", "I" or "my friend". Reuse the exact spelling of the speakers and known entities when the same thing is meant.
- Statements (fact statements, event "what") are self-contained sentences in the third person that make sense without the conversation, e.g. "Caroline adopted a dog named Max."
- Resolve relative dates ("yesterday", "last week", "next month") against the timestamp of the turn that contains them. Dates are YYYY-MM-DD; use "" when the text gives no date. Never invent one.
- confidence is between 0.5 and 1.0: 1.0 for what is said explicitly, lower for what is inferred.
- Prefer precision over recall: extract only what the text clearly states; skip greetings, small talk, hypotheticals and remarks about the conversation itself.
- source_turn_ids cite the ids of the turns an item comes from, exactly as written between the brackets.
- Relations use only the types listed below. For any other link use RELATED_TO and put what the link is in role.

Fields:
- entities: each person, organization, place, work, activity or concept the other items mention, with its type; aliases are other names the turns use for it.
- relations: from and to are entities; role qualifies the type (FAMILY_OF: what "to" is to "from", e.g. "sister"), else ""; valid_from is when the relation began if the text says, else "".
- facts: subject is the entity the statement is about.
- events: things that happened or are planned. when_start and when_end bound the date (when_end equals when_start for a single day; a month runs from its first to its last day; both "" when unknown); when_phrase is the words used ("last Saturday"), else ""; where is the place, with name "" when there is none.
- profile: lasting attributes of a person in the taxonomy below; value is short ("Acme Corp", "hiking").
`)
	b.WriteString("\nEntity types: ")
	for i, t := range ontology.EntityTypes {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(t))
	}
	b.WriteString(".\n\nRelation types (from → to: meaning):\n")
	for _, r := range ontology.Relations {
		fmt.Fprintf(&b, "- %s (%s → %s): %s\n", r.Type, typeList(r.From), typeList(r.To), r.Doc)
	}
	b.WriteString("\nProfile taxonomy (topic: sub_topics; * marks sub-topics holding several values):\n")
	for _, t := range ontology.ProfileTaxonomy {
		fmt.Fprintf(&b, "- %s: ", t.Name)
		for i, s := range t.SubTopics {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(s.Name)
			if s.ListLike {
				b.WriteByte('*')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// typeList renders the entity types at one end of a relation.
func typeList(ts []ontology.EntityType) string {
	if len(ts) == 0 {
		return "any"
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = string(t)
	}
	return strings.Join(names, "/")
}

// prompt is a batch rendered for the model, with what parsing needs to know
// about it.
type prompt struct {
	user string
	// turnIDs are the ids of the turns sent; the model may cite no others.
	turnIDs map[string]bool
	// speakers maps each sent turn's id to its speaker.
	speakers    map[string]string
	sent, total int
}

// truncation is the usage note for a batch whose turns were not all sent,
// "" otherwise.
func (p prompt) truncation() string {
	if p.sent == p.total {
		return ""
	}
	return fmt.Sprintf("prompt truncated: %d of %d turns sent", p.sent, p.total)
}

// buildPrompt renders req as the user message, so that it and the system
// prompt together stay within e.maxPrompt bytes: the speakers hint gets at
// most an eighth of the room, the known-entities hint a quarter, and the
// turns the rest (see fitTurns).
func (e *Extractor) buildPrompt(req ontology.ExtractRequest) prompt {
	budget := e.maxPrompt - len(e.system)
	var b strings.Builder
	b.WriteString("Extract the knowledge in the conversation below.\n\n")
	writeSection(&b, "Speakers:", speakerLines(req), budget/8)
	writeSection(&b, "Known entities (reuse these names when the same thing is meant):", knownLines(req.KnownEntities, e.maxKnown), budget/4)
	b.WriteString("Turns, by session:\n")
	blocks := layoutTurns(req.Turns)
	turns, sent := fitTurns(blocks, budget-b.Len())
	b.WriteString(turns)
	p := prompt{user: b.String(), turnIDs: map[string]bool{}, speakers: map[string]string{}, sent: len(sent), total: len(req.Turns)}
	for _, t := range sent {
		p.turnIDs[t.id] = true
		p.speakers[t.id] = t.speaker
	}
	return p
}

// writeSection writes a titled list of lines followed by a blank line,
// taking at most limit bytes: lines that do not fit are left out, and so is
// the whole section when not even its first line fits.
func writeSection(b *strings.Builder, title string, lines []string, limit int) {
	used := len(title) + 2 // title line and closing blank line
	n := 0
	for _, l := range lines {
		if used+len(l)+1 > limit {
			break
		}
		used += len(l) + 1
		n++
	}
	if n == 0 {
		return
	}
	b.WriteString(title)
	b.WriteByte('\n')
	for _, l := range lines[:n] {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
}

// speakerLines lists the conversation's speakers, those of the batch
// included, once each.
func speakerLines(req ontology.ExtractRequest) []string {
	var lines []string
	seen := map[string]bool{}
	add := func(name string) {
		name = cutText(flatten(name), maxHintName)
		if name != "" && !seen[name] {
			seen[name] = true
			lines = append(lines, "- "+name)
		}
	}
	for _, s := range req.Speakers {
		add(s)
	}
	for _, t := range req.Turns {
		add(t.Speaker)
	}
	return lines
}

// knownLines lists at most limit known entities, once each, as
// "- Name (Type)".
func knownLines(known []ontology.EntityRef, limit int) []string {
	var lines []string
	seen := map[string]bool{}
	for _, k := range known {
		if len(lines) >= limit {
			break
		}
		name := cutText(flatten(k.Name), maxHintName)
		typ := k.Type
		if !typ.Valid() {
			typ = ontology.EntityConcept
		}
		key := ontology.NormaliseName(name) + "\x00" + string(typ)
		if name == "" || seen[key] {
			continue
		}
		seen[key] = true
		lines = append(lines, fmt.Sprintf("- %s (%s)", name, typ))
	}
	return lines
}

// turnLine is one turn ready to print: prefix is "[id] (timestamp)
// Speaker: ", text the flattened text.
type turnLine struct {
	id, speaker  string
	prefix, text string
}

// sessionBlock is the turns of one session, under a header line.
type sessionBlock struct {
	header string
	turns  []turnLine
}

// layoutTurns groups turns by session, sessions in order of first
// appearance and turns in batch order within each.
func layoutTurns(turns []ontology.Turn) []sessionBlock {
	var blocks []sessionBlock
	index := map[string]int{}
	for _, t := range turns {
		i, ok := index[t.Session]
		if !ok {
			i = len(blocks)
			index[t.Session] = i
			blocks = append(blocks, sessionBlock{header: "## Session " + cutText(flatten(t.Session), maxHintName) + "\n"})
		}
		prefix := fmt.Sprintf("[%s] (%s) %s: ", t.ID, stamp(t), flatten(t.Speaker))
		blocks[i].turns = append(blocks[i].turns, turnLine{id: t.ID, speaker: t.Speaker, prefix: prefix, text: flatten(t.Text)})
	}
	return blocks
}

// stamp renders a turn's timestamp with its weekday, in the timestamp's own
// zone, which is what relative dates in the text refer to.
func stamp(t ontology.Turn) string {
	if t.Timestamp == nil {
		return "no timestamp"
	}
	return t.Timestamp.Format("2006-01-02 15:04 -07:00, Monday")
}

// fitTurns renders blocks in at most budget bytes and returns the text and
// the turns it holds. If everything fits it is rendered whole. Otherwise
// every text is cut to the longest common length that fits; if even
// minTurnText per text is too much, texts are cut to minTurnText and the
// turns that still do not fit, the last ones, are left out.
func fitTurns(blocks []sessionBlock, budget int) (string, []turnLine) {
	longest := 0
	for _, bl := range blocks {
		for _, t := range bl.turns {
			longest = max(longest, len(t.text))
		}
	}
	limit := longest
	if renderedSize(blocks, limit) > budget {
		limit = minTurnText
		if renderedSize(blocks, minTurnText) <= budget {
			// The largest limit that fits: renderedSize grows with it.
			limit = minTurnText + sort.Search(longest-minTurnText+1, func(n int) bool {
				return renderedSize(blocks, minTurnText+n) > budget
			}) - 1
		}
	}
	return render(blocks, limit, budget)
}

// renderedSize is how many bytes render needs for all of blocks with texts
// cut to limit (an upper bound: a cut on a rune boundary may be shorter).
func renderedSize(blocks []sessionBlock, limit int) int {
	n := 0
	for _, bl := range blocks {
		n += len(bl.header)
		for _, t := range bl.turns {
			n += lineSize(t, limit)
		}
	}
	return n
}

// lineSize is the upper bound of one rendered turn line's size.
func lineSize(t turnLine, limit int) int {
	if len(t.text) <= limit {
		return len(t.prefix) + len(t.text) + 1
	}
	return len(t.prefix) + limit + len(cutMark) + 1
}

// render writes blocks with texts cut to limit, stopping at the first turn
// that would take it over budget.
func render(blocks []sessionBlock, limit, budget int) (string, []turnLine) {
	var b strings.Builder
	var sent []turnLine
	for _, bl := range blocks {
		for i, t := range bl.turns {
			need := lineSize(t, limit)
			if i == 0 {
				need += len(bl.header)
			}
			if b.Len()+need > budget {
				return b.String(), sent
			}
			if i == 0 {
				b.WriteString(bl.header)
			}
			b.WriteString(t.prefix)
			if len(t.text) > limit {
				b.WriteString(cutText(t.text, limit))
				b.WriteString(cutMark)
			} else {
				b.WriteString(t.text)
			}
			b.WriteByte('\n')
			sent = append(sent, t)
		}
	}
	return b.String(), sent
}

// flatten makes s one clean line: invalid UTF-8 dropped, control
// characters and runs of white space turned into single spaces, and the
// ends trimmed.
func flatten(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
}

// cutText returns the longest head of s of at most n bytes that ends on a
// rune boundary.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
