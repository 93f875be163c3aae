package ontology

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Extraction limits: an extractor's output is bounded whatever it returns.
const (
	MaxNameBytes      = 200
	MaxStatementBytes = 1000
	MaxItemsPerTurn   = 50
)

// SanitiseExtraction makes an extractor's output safe to store: it drops
// items that cite no turn of the batch (unless tied to a session), items
// with empty or oversized names or statements, unknown entity types
// (mapped to Concept) and unknown relation types (mapped to RELATED_TO with
// the original name as role); it clamps confidence into [0.5, 1], keeps
// only known profile sub-topics and forgets times outside years 1 to 9999
// (an event's time span, a validity bound). It returns the cleaned extraction and how
// many items it dropped. turnIDs are the ids of the batch's turns.
func SanitiseExtraction(x Extraction, turnIDs map[string]bool) (Extraction, int) {
	return SanitiseExtractionWithContext(x, turnIDs, nil)
}

// SanitiseExtractionWithContext is SanitiseExtraction for a batch read
// with context turns (ExtractRequest.Context): an item may also cite
// those, as the antecedent of a pronoun, but it must still cite at least
// one turn of the batch. Ids of neither are dropped.
func SanitiseExtractionWithContext(x Extraction, turnIDs, contextIDs map[string]bool) (Extraction, int) {
	dropped := 0
	limit := MaxItemsPerTurn * max(1, len(turnIDs))
	refs := func(ids []string) []string {
		var out []string
		seen := map[string]bool{}
		own := false
		for _, id := range ids {
			if (turnIDs[id] || contextIDs[id]) && !seen[id] {
				seen[id] = true
				own = own || turnIDs[id]
				out = append(out, id)
			}
		}
		if !own {
			return nil
		}
		return out
	}
	entity := func(r EntityRef) (EntityRef, bool) {
		r.Name = cleanText(r.Name, MaxNameBytes)
		if r.Name == "" || NormaliseName(r.Name) == "" {
			return r, false
		}
		if !r.Type.Valid() {
			r.Type = EntityConcept
		}
		return r, true
	}
	var out Extraction
	for _, e := range x.Entities {
		ref, ok := entity(e.EntityRef)
		e.SourceTurnIDs = refs(e.SourceTurnIDs)
		if !ok || len(e.SourceTurnIDs) == 0 || len(out.Entities) >= limit {
			dropped++
			continue
		}
		e.EntityRef = ref
		var aliases []string
		for _, a := range e.Aliases {
			if a = cleanText(a, MaxNameBytes); a != "" {
				aliases = append(aliases, a)
			}
		}
		e.Aliases = aliases
		out.Entities = append(out.Entities, e)
	}
	for _, r := range x.Relations {
		from, ok1 := entity(r.From)
		to, ok2 := entity(r.To)
		r.SourceTurnIDs = refs(r.SourceTurnIDs)
		if !ok1 || !ok2 || len(r.SourceTurnIDs) == 0 || len(out.Relations) >= limit ||
			NormaliseName(from.Name) == NormaliseName(to.Name) && from.Type == to.Type {
			dropped++
			continue
		}
		r.From, r.To = from, to
		r.Type = RelationType(strings.ToUpper(strings.TrimSpace(string(r.Type))))
		if !r.Type.Valid() {
			if r.Role == "" {
				r.Role = strings.ToLower(cleanText(string(r.Type), 60))
			}
			r.Type = RelRelatedTo
		}
		r.Role = cleanText(r.Role, 60)
		r.Confidence, r.ValidFrom, r.ValidTo = clampCited(r.Confidence, r.ValidFrom, r.ValidTo)
		out.Relations = append(out.Relations, r)
	}
	for _, f := range x.Facts {
		subj, ok := entity(f.Subject)
		f.Statement = cleanText(f.Statement, MaxStatementBytes)
		f.SourceTurnIDs = refs(f.SourceTurnIDs)
		if !ok || f.Statement == "" || (len(f.SourceTurnIDs) == 0 && f.Session == "") || len(out.Facts) >= limit {
			dropped++
			continue
		}
		f.Subject = subj
		f.Confidence, f.ValidFrom, f.ValidTo = clampCited(f.Confidence, f.ValidFrom, f.ValidTo)
		out.Facts = append(out.Facts, f)
	}
	for _, e := range x.Events {
		e.What = cleanText(e.What, MaxStatementBytes)
		e.SourceTurnIDs = refs(e.SourceTurnIDs)
		var parts []EntityRef
		for _, p := range e.Participants {
			if p, ok := entity(p); ok {
				parts = append(parts, p)
			}
		}
		e.Participants = parts
		if e.Where != nil {
			if w, ok := entity(*e.Where); ok {
				e.Where = &w
			} else {
				e.Where = nil
			}
		}
		if e.When != nil && (e.When.Start.IsZero() || !e.When.End.After(e.When.Start) || !SpanInRange(*e.When)) {
			e.When = nil
		}
		if e.When != nil {
			e.When.Phrase = cleanText(e.When.Phrase, MaxNameBytes)
		}
		if e.What == "" || (len(e.SourceTurnIDs) == 0 && e.Session == "") || len(out.Events) >= limit {
			dropped++
			continue
		}
		e.Confidence = ClampConfidence(e.Confidence)
		out.Events = append(out.Events, e)
	}
	for _, p := range x.Profile {
		subj, ok := entity(p.Subject)
		p.Value = cleanText(p.Value, MaxNameBytes)
		p.SourceTurnIDs = refs(p.SourceTurnIDs)
		p.Topic, p.SubTopic = strings.ToLower(strings.TrimSpace(p.Topic)), strings.ToLower(strings.TrimSpace(p.SubTopic))
		_, known := LookupSubTopic(p.Topic, p.SubTopic)
		if !ok || !known || p.Value == "" || len(p.SourceTurnIDs) == 0 || len(out.Profile) >= limit {
			dropped++
			continue
		}
		p.Subject = subj
		p.Confidence, p.ValidFrom, p.ValidTo = clampCited(p.Confidence, p.ValidFrom, p.ValidTo)
		out.Profile = append(out.Profile, p)
	}
	if x.ChatGroup != nil {
		// The chat's own group is a name only (no turn cites it): kept
		// when its name is, always as an organisation.
		if g, ok := entity(*x.ChatGroup); ok {
			g.Type = EntityOrganization
			out.ChatGroup = &g
		} else {
			dropped++
		}
	}
	return out, dropped
}

// clampCited brings a relation's, fact's or profile item's confidence and
// validity into range (ClampConfidence, TimeInRange).
func clampCited(confidence float64, from, to *time.Time) (float64, *time.Time, *time.Time) {
	return ClampConfidence(confidence), TimeInRange(from), TimeInRange(to)
}

// cleanText trims s, collapses runs of white space, drops control
// characters and invalid UTF-8, and cuts it to at most n bytes on a rune
// boundary.
func cleanText(s string, n int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == ' ' || r == '\u00a0' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := b.String()
	if len(out) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = strings.TrimSpace(out[:cut])
	}
	return out
}
