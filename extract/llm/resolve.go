package llm

// Profile conflict rulings: the model decides between a current profile
// value and an incoming one when the merge rules find them ambiguous.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// maxReasonBytes bounds a ruling's reason.
const maxReasonBytes = 300

// rulingSystemPrompt is the system message of every ruling.
const rulingSystemPrompt = `You keep the profile of a person from what they said in conversations. A new value arrived for a profile entry that already holds a different value, and simple rules could not tell how the two relate. Decide:
- "update": the new value replaces the current one (it changed, e.g. a move, a new job, a new partner, or it corrects the current value);
- "append": both values hold at the same time;
- "skip": the new value adds nothing (the same in other words, less specific, or not credible).
Answer with a JSON object: action, reason (one short sentence), and confidence between 0.5 and 1.0.`

// ruling is the model's decision on one conflict.
type ruling struct {
	Action     ontology.MergeAction `json:"action"`
	Reason     string               `json:"reason"`
	Confidence float64              `json:"confidence"`
}

// ResolveProfileConflict asks the model, in one small cached call, whether
// incoming updates, joins or adds nothing to current, a different value of
// the same subject's topic and sub-topic. The decision has Decider "llm",
// the incoming topic, sub-topic, value and source turns, Previous set to
// current.Value, the model's confidence, and At the extractor's clock. Its
// errors are Extract's.
func (e *Extractor) ResolveProfileConflict(ctx context.Context, subject string, current, incoming ontology.ProfileFact) (ontology.MergeDecision, ontology.ExtractUsage, error) {
	usage := ontology.ExtractUsage{Extractor: ontology.ExtractorLLM}
	msgs := chatMessages(rulingSystemPrompt, rulingPrompt(subject, current, incoming))
	r, shared, err := e.rulings.do(ctx, cacheKey(e.model, resolveVersion, msgs), &usage, func(ctx context.Context, usage *ontology.ExtractUsage) (ruling, error) {
		content, err := e.complete(ctx, msgs, e.resolveFmt, usage)
		if err != nil {
			return ruling{}, err
		}
		return parseRuling(content)
	})
	if err != nil {
		usage.Error = err.Error()
		return ontology.MergeDecision{}, usage, err
	}
	usage.Cached = shared
	return ontology.MergeDecision{
		Subject:       subjectRef(subject, incoming),
		Action:        r.Action,
		Reason:        r.Reason,
		Topic:         incoming.Topic,
		SubTopic:      incoming.SubTopic,
		Value:         incoming.Value,
		Previous:      current.Value,
		Confidence:    r.Confidence,
		SourceTurnIDs: slices.Clone(incoming.SourceTurnIDs),
		Decider:       ontology.ExtractorLLM,
		At:            e.now(),
	}, usage, nil
}

// subjectRef is the incoming fact's subject, or a person named subject when
// the fact names none.
func subjectRef(subject string, incoming ontology.ProfileFact) ontology.EntityRef {
	if strings.TrimSpace(incoming.Subject.Name) != "" {
		return incoming.Subject
	}
	return ontology.EntityRef{Name: subject, Type: ontology.EntityPerson}
}

// rulingPrompt renders one conflict as the user message; every value is
// flattened and bounded, so the message is small whatever it is given.
func rulingPrompt(subject string, current, incoming ontology.ProfileFact) string {
	many := "holds one value"
	if def, _ := ontology.LookupSubTopic(incoming.Topic, incoming.SubTopic); def.ListLike {
		many = "holds several values"
	}
	return fmt.Sprintf("Person: %s\nEntry: %s / %s (%s)\nCurrent value: %q (%s)\nNew value: %q (%s)\n",
		bounded(subject), bounded(incoming.Topic), bounded(incoming.SubTopic), many,
		bounded(current.Value), since(current), bounded(incoming.Value), since(incoming))
}

// bounded flattens s and cuts it to ontology.MaxNameBytes.
func bounded(s string) string { return cutText(flatten(s), ontology.MaxNameBytes) }

// since says from when a profile value holds, as far as is known.
func since(p ontology.ProfileFact) string {
	if p.ValidFrom == nil {
		return "since an unknown date"
	}
	return "since " + p.ValidFrom.UTC().Format("2006-01-02")
}

// parseRuling decodes a ruling answer; an action other than update, append
// or skip is an ErrResponse.
func parseRuling(content string) (ruling, error) {
	var r ruling
	if err := decodeAnswer(content, &r, "action", "reason", "confidence"); err != nil {
		return ruling{}, err
	}
	r.Action = ontology.MergeAction(strings.ToLower(strings.TrimSpace(string(r.Action))))
	switch r.Action {
	case ontology.MergeUpdate, ontology.MergeAppend, ontology.MergeSkip:
	default:
		return ruling{}, fmt.Errorf("llm: %w: unknown action %q", ErrResponse, cutText(string(r.Action), 40))
	}
	r.Reason = cutText(flatten(r.Reason), maxReasonBytes)
	if r.Reason == "" {
		r.Reason = "decided by the model"
	}
	r.Confidence = ontology.ClampConfidence(r.Confidence)
	return r, nil
}
