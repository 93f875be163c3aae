package ontology

import (
	"fmt"
	"strings"
	"time"
)

// ProfileTopic is one topic of the profile taxonomy and its sub-topics.
type ProfileTopic struct {
	Name      string        `json:"name"`
	SubTopics []SubTopicDef `json:"sub_topics"`
}

// SubTopicDef is one sub-topic. A list-like sub-topic holds many values at
// once (hobbies, pets, siblings); others hold one current value whose older
// values are kept with a valid_to.
type SubTopicDef struct {
	Name     string `json:"name"`
	ListLike bool   `json:"list_like"`
}

// ProfileTaxonomy is the fixed profile taxonomy, as data.
var ProfileTaxonomy = []ProfileTopic{
	{"basic_info", []SubTopicDef{{"name", false}, {"nickname", true}, {"age", false}, {"birthday", false},
		{"location", false}, {"hometown", false}, {"nationality", false}, {"languages", true}}},
	{"demographics", []SubTopicDef{{"gender", false}, {"gender_identity", false}, {"marital_status", false},
		{"religion", false}, {"ethnicity", false}, {"children_count", false}}},
	{"work", []SubTopicDef{{"employer", false}, {"title", false}, {"industry", false}, {"occupation", false},
		{"past_employers", true}, {"projects", true}, {"work_skills", true}}},
	{"education", []SubTopicDef{{"school", false}, {"degree", false}, {"field", false}, {"status", false},
		{"past_schools", true}}},
	{"interests", []SubTopicDef{{"hobbies", true}, {"skills", true}, {"pets", true}, {"favourites", true},
		{"sports", true}, {"music", true}, {"books", true}, {"movies", true}, {"food", true}, {"causes", true},
		{"goals", true}}},
	{"personality", []SubTopicDef{{"traits", true}, {"values", true}, {"dislikes", true}}},
	{"relationships", []SubTopicDef{{"family", true}, {"partner", false}, {"children", true},
		{"friends", true}, {"colleagues", true}, {"pets", true}}},
}

// LookupSubTopic returns the definition of topic/sub.
func LookupSubTopic(topic, sub string) (SubTopicDef, bool) {
	for _, t := range ProfileTaxonomy {
		if t.Name != topic {
			continue
		}
		for _, s := range t.SubTopics {
			if s.Name == sub {
				return s, true
			}
		}
	}
	return SubTopicDef{}, false
}

// MergeAction is what a new profile fact does to a subject's profile.
type MergeAction string

// Merge actions.
const (
	// MergeInsert: nothing was known for the sub-topic.
	MergeInsert MergeAction = "insert"
	// MergeUpdate: the new value replaces the current one, which is kept
	// with a valid_to, never deleted.
	MergeUpdate MergeAction = "update"
	// MergeAppend: a further value of a list-like sub-topic, or a value kept
	// beside a conflicting one when the conflict is ambiguous.
	MergeAppend MergeAction = "append"
	// MergeSkip: the value is already known (or less complete).
	MergeSkip MergeAction = "skip"
	// MergeRetype: an entity's type was changed by a stronger cue than the
	// one it was stored with (Topic and SubTopic are empty; Value is the
	// new type, Previous the old one, Reason names the cue).
	MergeRetype MergeAction = "retype"
)

// MergeDecision records what was done with one incoming profile fact and
// why. Decisions are stored and readable as an entity's history.
type MergeDecision struct {
	// Subject is whom the decision is about.
	Subject  EntityRef   `json:"subject"`
	Action   MergeAction `json:"action"`
	Reason   string      `json:"reason"`
	Topic    string      `json:"topic"`
	SubTopic string      `json:"sub_topic"`
	Value    string      `json:"value"`
	// Previous is the value updated or matched, if any.
	Previous      string    `json:"previous,omitempty"`
	Confidence    float64   `json:"confidence"`
	SourceTurnIDs []string  `json:"source_turn_ids"`
	Decider       string    `json:"decider"` // "rules" or "llm"
	At            time.Time `json:"at"`
	// Ambiguous is true when rules could not decide between the values.
	Ambiguous bool `json:"ambiguous,omitempty"`
}

// AmbiguityPenalty scales the confidence of a value kept beside a
// conflicting one when no LLM decides between them.
const AmbiguityPenalty = 0.8

// DecideProfile applies the merge rules to one incoming fact given the
// current (valid_to unset) values of the same subject, topic and sub-topic.
// It returns the decision and, for MergeUpdate or a matched skip, the
// current value concerned. Rules:
//   - no current value: insert;
//   - an equal value (case, spacing and punctuation aside): skip;
//   - the new value extends a current one ("Alice" → "Alice Smith"): update;
//   - a current value extends the new one: skip (less complete);
//   - list-like sub-topic, otherwise: append;
//   - single-valued, different, and the new fact is newer (its valid_from,
//     or its time of assertion, after the current one's): update;
//   - otherwise ambiguous: append with the confidence lowered by
//     AmbiguityPenalty (an LLM, when configured, decides instead).
func DecideProfile(current []ProfileFact, incoming ProfileFact) MergeDecision {
	d := MergeDecision{Subject: incoming.Subject, Topic: incoming.Topic, SubTopic: incoming.SubTopic, Value: incoming.Value,
		Confidence: incoming.Confidence, SourceTurnIDs: incoming.SourceTurnIDs, Decider: "rules"}
	if len(current) == 0 {
		d.Action, d.Reason = MergeInsert, "no value known for this sub-topic"
		return d
	}
	nv := NormaliseValue(incoming.Value)
	for _, c := range current {
		if NormaliseValue(c.Value) == nv {
			d.Action, d.Previous, d.Reason = MergeSkip, c.Value, "identical to a known value"
			return d
		}
	}
	for _, c := range current {
		cv := NormaliseValue(c.Value)
		if extends(nv, cv) {
			d.Action, d.Previous, d.Reason = MergeUpdate, c.Value, "more complete than the known value"
			return d
		}
		if extends(cv, nv) {
			d.Action, d.Previous, d.Reason = MergeSkip, c.Value, "less complete than the known value"
			return d
		}
	}
	def, _ := LookupSubTopic(incoming.Topic, incoming.SubTopic)
	if def.ListLike {
		d.Action, d.Reason = MergeAppend, "another value of a list-like sub-topic"
		return d
	}
	latest := current[0]
	for _, c := range current[1:] {
		if after(c.ValidFrom, latest.ValidFrom) {
			latest = c
		}
	}
	if incoming.ValidFrom != nil && after(incoming.ValidFrom, latest.ValidFrom) {
		d.Action, d.Previous = MergeUpdate, latest.Value
		d.Reason = fmt.Sprintf("newer value (from %s) replaces %q", incoming.ValidFrom.UTC().Format("2006-01-02"), latest.Value)
		return d
	}
	d.Action, d.Ambiguous = MergeAppend, true
	d.Confidence = ClampConfidence(incoming.Confidence * AmbiguityPenalty)
	d.Reason = fmt.Sprintf("conflicts with %q and is not newer; both kept with lower confidence", latest.Value)
	d.Previous = latest.Value
	return d
}

func after(a, b *time.Time) bool {
	if a == nil {
		return false
	}
	return b == nil || a.After(*b)
}

// extends reports whether long is short with more words: every word of
// short appears in long, in order, and long has more.
func extends(long, short string) bool {
	lw, sw := strings.Fields(long), strings.Fields(short)
	if len(lw) <= len(sw) || len(sw) == 0 {
		return false
	}
	i := 0
	for _, w := range lw {
		if i < len(sw) && w == sw[i] {
			i++
		}
	}
	return i == len(sw)
}

// NormaliseValue folds case, punctuation and spacing so equal values
// compare equal.
func NormaliseValue(v string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(v) {
		switch {
		case r == '\'' || r == '’':
			continue
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r > 127:
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		default:
			space = true
		}
	}
	return b.String()
}

// NormaliseName is the key an entity name resolves by: NormaliseValue with
// a trailing possessive ("Caroline's") and a leading article removed.
func NormaliseName(name string) string {
	n := strings.TrimSpace(name)
	for _, suf := range []string{"'s", "’s", "s'", "s’"} {
		if strings.HasSuffix(n, suf) && len(n) > len(suf)+1 {
			n = n[:len(n)-len(suf)]
			if suf[0] == 's' {
				n += "s"
			}
			break
		}
	}
	v := NormaliseValue(n)
	for _, art := range []string{"the ", "a ", "an "} {
		if strings.HasPrefix(v, art) && len(v) > len(art) {
			v = v[len(art):]
			break
		}
	}
	return v
}

// AliasKeys are the keys under which an entity is found: its normalised
// name and, for a person with several names, the first name alone, so
// "Alice" and "Alice Smith" resolve to one person.
func AliasKeys(ref EntityRef) []string {
	k := NormaliseName(ref.Name)
	if k == "" {
		return nil
	}
	keys := []string{k}
	if ref.Type == EntityPerson {
		if f := strings.Fields(k); len(f) > 1 {
			keys = append(keys, f[0])
		}
	}
	return keys
}
