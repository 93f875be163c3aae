package llm

// Turning the model's JSON answer into a sanitised ontology.Extraction.

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/loci-memory/loci/ontology"
)

// The answer's shapes, as the schema describes them. Strings stay strings
// here; types and dates are interpreted while converting.
type (
	wireRef struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}
	wireEntity struct {
		Name          string   `json:"name"`
		Type          string   `json:"type"`
		Aliases       []string `json:"aliases"`
		SourceTurnIDs []string `json:"source_turn_ids"`
	}
	wireRelation struct {
		Type          string   `json:"type"`
		From          wireRef  `json:"from"`
		To            wireRef  `json:"to"`
		Role          string   `json:"role"`
		Confidence    float64  `json:"confidence"`
		ValidFrom     string   `json:"valid_from"`
		SourceTurnIDs []string `json:"source_turn_ids"`
	}
	// wireCited is the confidence and the cited turns every fact, event
	// and profile item ends with; embedded, its keys decode as the item's.
	wireCited struct {
		Confidence    float64  `json:"confidence"`
		SourceTurnIDs []string `json:"source_turn_ids"`
	}
	wireFact struct {
		Subject   wireRef `json:"subject"`
		Statement string  `json:"statement"`
		wireCited
	}
	wireEvent struct {
		Participants []wireRef `json:"participants"`
		What         string    `json:"what"`
		WhenStart    string    `json:"when_start"`
		WhenEnd      string    `json:"when_end"`
		WhenPhrase   string    `json:"when_phrase"`
		Where        *wireRef  `json:"where"`
		wireCited
	}
	wireProfile struct {
		Subject  wireRef `json:"subject"`
		Topic    string  `json:"topic"`
		SubTopic string  `json:"sub_topic"`
		Value    string  `json:"value"`
		wireCited
	}
	wireExtraction struct {
		Entities  []wireEntity   `json:"entities"`
		Relations []wireRelation `json:"relations"`
		Facts     []wireFact     `json:"facts"`
		Events    []wireEvent    `json:"events"`
		Profile   []wireProfile  `json:"profile"`
	}
)

// parseExtraction decodes an extraction answer for prompt p, converts it,
// sanitises it against the turns sent, and attributes each fact to the
// speaker of the first turn it cites. A malformed answer is an ErrResponse.
func parseExtraction(content string, p prompt) (ontology.Extraction, error) {
	var w wireExtraction
	if err := decodeAnswer(content, &w, "entities", "relations", "facts", "events", "profile"); err != nil {
		return ontology.Extraction{}, err
	}
	x, _ := ontology.SanitiseExtraction(convert(w), p.turnIDs)
	for i := range x.Facts {
		if ids := x.Facts[i].SourceTurnIDs; len(ids) > 0 {
			x.Facts[i].Speaker = p.speakers[ids[0]]
		}
	}
	return x, nil
}

// decodeAnswer unmarshals an answer into v after checking it is one JSON
// object holding every required key. A Markdown code fence around the JSON,
// which some servers add without strict mode, is tolerated.
func decodeAnswer(content string, v any, required ...string) error {
	content = stripFence(content)
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(content), &keys); err != nil {
		return fmt.Errorf("llm: %w: the answer is not a JSON object: %w", ErrResponse, err)
	}
	for _, k := range required {
		if _, ok := keys[k]; !ok {
			return fmt.Errorf("llm: %w: the answer has no %q", ErrResponse, k)
		}
	}
	if err := json.Unmarshal([]byte(content), v); err != nil {
		return fmt.Errorf("llm: %w: the answer does not match the schema: %w", ErrResponse, err)
	}
	return nil
}

// stripFence removes surrounding white space and a ```json ... ``` fence.
func stripFence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") || !strings.HasSuffix(s, "```") || len(s) < 6 {
		return s
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "```"), "```")
	if nl := strings.IndexByte(s, '\n'); nl >= 0 && !strings.ContainsAny(s[:nl], "{[") {
		s = s[nl+1:] // the fence's language tag
	}
	return strings.TrimSpace(s)
}

// convert maps the answer onto ontology types, marking every item as the
// LLM extractor's. It does not validate; SanitiseExtraction does.
func convert(w wireExtraction) ontology.Extraction {
	var x ontology.Extraction
	for _, e := range w.Entities {
		x.Entities = append(x.Entities, ontology.EntityMention{EntityRef: ref(wireRef{e.Name, e.Type}),
			Aliases: e.Aliases, SourceTurnIDs: e.SourceTurnIDs})
	}
	for _, r := range w.Relations {
		var from *time.Time
		if start, _, ok := parseDate(r.ValidFrom); ok {
			from = &start
		}
		x.Relations = append(x.Relations, ontology.Relation{Type: ontology.RelationType(r.Type), From: ref(r.From),
			To: ref(r.To), Role: r.Role, Confidence: r.Confidence, ValidFrom: from,
			SourceTurnIDs: r.SourceTurnIDs, Extractor: ontology.ExtractorLLM})
	}
	for _, f := range w.Facts {
		x.Facts = append(x.Facts, ontology.Fact{Subject: ref(f.Subject), Statement: f.Statement,
			Confidence: f.Confidence, SourceTurnIDs: f.SourceTurnIDs, Extractor: ontology.ExtractorLLM})
	}
	for _, e := range w.Events {
		x.Events = append(x.Events, convertEvent(e))
	}
	for _, p := range w.Profile {
		x.Profile = append(x.Profile, ontology.ProfileFact{Subject: ref(p.Subject), Topic: p.Topic,
			SubTopic: p.SubTopic, Value: p.Value, Confidence: p.Confidence,
			SourceTurnIDs: p.SourceTurnIDs, Extractor: ontology.ExtractorLLM})
	}
	return x
}

// convertEvent maps one event, with its time span and place.
func convertEvent(e wireEvent) ontology.Event {
	ev := ontology.Event{What: e.What, When: span(e.WhenStart, e.WhenEnd, e.WhenPhrase),
		SourceTurnIDs: e.SourceTurnIDs, Confidence: e.Confidence, Extractor: ontology.ExtractorLLM}
	for _, p := range e.Participants {
		ev.Participants = append(ev.Participants, ref(p))
	}
	if e.Where != nil && strings.TrimSpace(e.Where.Name) != "" {
		where := ref(*e.Where)
		ev.Where = &where
	}
	return ev
}

// ref maps an entity reference.
func ref(r wireRef) ontology.EntityRef {
	return ontology.EntityRef{Name: r.Name, Type: ontology.EntityType(strings.TrimSpace(r.Type))}
}

// span builds the half-open interval from the first day of start to the
// day after end (or after start's own period when end is ""), with a
// granularity inferred from its length and phrase; nil without a usable
// start or with an end before the start.
func span(start, end, phrase string) *ontology.TimeSpan {
	s, sEnd, ok := parseDate(start)
	if !ok {
		return nil
	}
	e := sEnd
	if _, eEnd, ok := parseDate(end); ok {
		e = eEnd
	}
	if !e.After(s) {
		return nil
	}
	phrase = strings.TrimSpace(phrase)
	return &ontology.TimeSpan{Start: s, End: e, Granularity: granularity(e.Sub(s), phrase), Phrase: phrase}
}

// parseDate reads YYYY-MM-DD (also YYYY-MM, YYYY, or an RFC 3339 time, of
// which the date counts) and returns the UTC start of that period and the
// start of the next one.
func parseDate(s string) (start, next time.Time, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) > 10 && s[10] == 'T' {
		s = s[:10]
	}
	for _, f := range []struct {
		layout              string
		years, months, days int
	}{{"2006-01-02", 0, 0, 1}, {"2006-01", 0, 1, 0}, {"2006", 1, 0, 0}} {
		if t, err := time.Parse(f.layout, s); err == nil {
			return t, t.AddDate(f.years, f.months, f.days), true
		}
	}
	return time.Time{}, time.Time{}, false
}

// granularity infers how coarse a span is: mostly from its length, with
// the phrase deciding between nearby units ("last weekend" is a week,
// "this summer" a season).
func granularity(d time.Duration, phrase string) string {
	days := d.Hours() / 24
	multi := days > 1
	switch {
	case days >= 365 || multi && mentions(phrase, "year"):
		return ontology.GranularityYear
	case multi && mentions(phrase, "season", "spring", "summer", "autumn", "fall", "winter"):
		return ontology.GranularitySeason
	case days >= 28 || multi && mentions(phrase, "month"):
		return ontology.GranularityMonth
	case days >= 7 || multi && mentions(phrase, "week"):
		return ontology.GranularityWeek
	default:
		return ontology.GranularityDay
	}
}

// mentions reports whether a word of phrase starts with one of keys
// ("weeks" and "weekend" mention "week").
func mentions(phrase string, keys ...string) bool {
	words := strings.FieldsFunc(strings.ToLower(phrase), func(r rune) bool { return !unicode.IsLetter(r) })
	for _, w := range words {
		for _, k := range keys {
			if strings.HasPrefix(w, k) {
				return true
			}
		}
	}
	return false
}
