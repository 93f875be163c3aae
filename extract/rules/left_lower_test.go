package rules

import "testing"

// TestLeftLower: jobs left said in lower case, by a name the conversation
// typed an organisation before or one that is no word of the language,
// and a last day at such a name in a turn that tells of the job, with
// twins that must read no ending (testdata/left_lower.txt): the building
// left for the day, a plan, a question, a habit, an app, a place, a
// festival, someone unnamed.
func TestLeftLower(t *testing.T) { checkRelationStates(t, "left_lower.txt", nil) }
