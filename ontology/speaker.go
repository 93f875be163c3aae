package ontology

import (
	"fmt"
	"strings"
	"unicode"
)

// SpeakerAlias is another name by which a speaker is known in a
// conversation ("Ro" for the speaker labelled "rosa_m92"), how Loci came
// to know it, and how often the conversation used it.
type SpeakerAlias struct {
	Alias string `json:"alias"`
	How   string `json:"how"`
	Count int64  `json:"count"`
}

// How a speaker alias was learned.
const (
	// AliasExplicit: set through the API.
	AliasExplicit = "explicit"
	// AliasVocative: another speaker addressed them by it ("Hey Rosa!").
	AliasVocative = "vocative"
	// AliasIntroduction: they introduced themselves by it ("I'm Rosa").
	AliasIntroduction = "introduction"
)

// Speaker is a speaker of a conversation with the aliases Loci knows.
// Forms that follow from the label itself (its first name, the name
// inside a handle) are not listed: they are derived when matching.
type Speaker struct {
	Name    string         `json:"name"`
	Aliases []SpeakerAlias `json:"aliases"`
}

// LearnedAlias is one use of an alias in a turn, found at ingest: Speaker
// (a label of the conversation) was called Alias in turn TurnID.
type LearnedAlias struct {
	Speaker string
	Alias   string
	How     string
	TurnID  string
}

// MaxSpeakerAliases bounds a speaker's explicit aliases.
const MaxSpeakerAliases = 32

// MaxAliasRunes bounds an alias's length.
const MaxAliasRunes = 64

// ValidateAliases checks a speaker's explicit aliases and returns them
// trimmed, without repeats (in any case): at most MaxSpeakerAliases, each
// a name of 1 to MaxAliasRunes characters with a letter or digit.
func ValidateAliases(aliases []string) ([]string, error) {
	if len(aliases) > MaxSpeakerAliases {
		return nil, Errorf(EValidation, "aliases holds %d names, more than the %d allowed", len(aliases), MaxSpeakerAliases)
	}
	out := make([]string, 0, len(aliases))
	seen := map[string]bool{}
	for i, a := range aliases {
		a = strings.TrimSpace(a)
		what := fmt.Sprintf("aliases[%d]", i)
		if err := ValidateName(what, a, MaxAliasRunes); err != nil {
			return nil, err
		}
		if strings.IndexFunc(a, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			return nil, Errorf(EValidation, "%s has no letter or digit", what)
		}
		if k := strings.ToLower(a); !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out, nil
}
