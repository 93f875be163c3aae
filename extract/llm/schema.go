package llm

// The JSON schemas the model's answers must follow (OpenAI structured
// outputs, strict mode: every object closed and every property required).

import (
	"slices"

	"github.com/loci-memory/loci/ontology"
	openai "github.com/sashabaranov/go-openai"
	"github.com/sashabaranov/go-openai/jsonschema"
)

// strictFormat wraps a schema as a strict json_schema response format.
func strictFormat(name string, schema jsonschema.Definition) *openai.ChatCompletionResponseFormat {
	return &openai.ChatCompletionResponseFormat{
		Type:       openai.ChatCompletionResponseFormatTypeJSONSchema,
		JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: name, Schema: &schema, Strict: true},
	}
}

// object is a closed object schema requiring all of its properties.
func object(props map[string]jsonschema.Definition) jsonschema.Definition {
	required := make([]string, 0, len(props))
	for k := range props {
		required = append(required, k)
	}
	slices.Sort(required)
	return jsonschema.Definition{Type: jsonschema.Object, Properties: props, Required: required, AdditionalProperties: false}
}

// arrayOf is an array schema of items.
func arrayOf(items jsonschema.Definition) jsonschema.Definition {
	return jsonschema.Definition{Type: jsonschema.Array, Items: &items}
}

// str is a string schema with a description.
func str(desc string) jsonschema.Definition {
	return jsonschema.Definition{Type: jsonschema.String, Description: desc}
}

// enum is a string schema restricted to values.
func enum(values []string) jsonschema.Definition {
	return jsonschema.Definition{Type: jsonschema.String, Enum: values}
}

// confidence is the schema of a confidence value.
func confidence() jsonschema.Definition {
	return jsonschema.Definition{Type: jsonschema.Number, Description: "between 0.5 and 1.0"}
}

// sourceTurns is the schema of the cited turn ids.
func sourceTurns() jsonschema.Definition {
	return arrayOf(str("a turn id exactly as shown between brackets"))
}

// entityRef is the schema of an entity named by an item.
func entityRef() jsonschema.Definition {
	return object(map[string]jsonschema.Definition{
		"name": str("the entity's name, never a pronoun"),
		"type": enum(entityTypeNames()),
	})
}

// date is the schema of a calendar date or nothing.
func date(desc string) jsonschema.Definition {
	return str("YYYY-MM-DD or \"\": " + desc)
}

// extractionFormat is the response format of an extraction.
func extractionFormat() *openai.ChatCompletionResponseFormat {
	return strictFormat("loci_extraction", object(map[string]jsonschema.Definition{
		"entities": arrayOf(object(map[string]jsonschema.Definition{
			"name":            str("the entity's name"),
			"type":            enum(entityTypeNames()),
			"aliases":         arrayOf(str("another name used for it")),
			"source_turn_ids": sourceTurns(),
		})),
		"relations": arrayOf(object(map[string]jsonschema.Definition{
			"type":            enum(relationTypeNames()),
			"from":            entityRef(),
			"to":              entityRef(),
			"role":            str("qualifies the type (\"sister\"), or what a RELATED_TO link is; else \"\""),
			"confidence":      confidence(),
			"valid_from":      date("when the relation began"),
			"source_turn_ids": sourceTurns(),
		})),
		"facts": arrayOf(object(map[string]jsonschema.Definition{
			"subject":         entityRef(),
			"statement":       str("a self-contained third-person sentence"),
			"confidence":      confidence(),
			"source_turn_ids": sourceTurns(),
		})),
		"events": arrayOf(object(map[string]jsonschema.Definition{
			"participants":    arrayOf(entityRef()),
			"what":            str("a self-contained third-person sentence"),
			"when_start":      date("first day of when it happened"),
			"when_end":        date("last day of when it happened"),
			"when_phrase":     str("the words that say when, or \"\""),
			"where":           entityRef(),
			"confidence":      confidence(),
			"source_turn_ids": sourceTurns(),
		})),
		"profile": arrayOf(object(map[string]jsonschema.Definition{
			"subject":         entityRef(),
			"topic":           enum(topicNames()),
			"sub_topic":       enum(subTopicNames()),
			"value":           str("short value"),
			"confidence":      confidence(),
			"source_turn_ids": sourceTurns(),
		})),
	}))
}

// rulingFormat is the response format of a profile conflict ruling.
func rulingFormat() *openai.ChatCompletionResponseFormat {
	return strictFormat("loci_profile_ruling", object(map[string]jsonschema.Definition{
		"action":     enum([]string{string(ontology.MergeUpdate), string(ontology.MergeAppend), string(ontology.MergeSkip)}),
		"reason":     str("one short sentence"),
		"confidence": confidence(),
	}))
}

// entityTypeNames lists ontology.EntityTypes as strings.
func entityTypeNames() []string {
	out := make([]string, len(ontology.EntityTypes))
	for i, t := range ontology.EntityTypes {
		out[i] = string(t)
	}
	return out
}

// relationTypeNames lists ontology.RelationTypes as strings.
func relationTypeNames() []string {
	types := ontology.RelationTypes()
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = string(t)
	}
	return out
}

// topicNames lists the profile taxonomy's topics.
func topicNames() []string {
	out := make([]string, len(ontology.ProfileTaxonomy))
	for i, t := range ontology.ProfileTaxonomy {
		out[i] = t.Name
	}
	return out
}

// subTopicNames lists every sub-topic name of the taxonomy once.
func subTopicNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range ontology.ProfileTaxonomy {
		for _, s := range t.SubTopics {
			if !seen[s.Name] {
				seen[s.Name] = true
				out = append(out, s.Name)
			}
		}
	}
	return out
}
