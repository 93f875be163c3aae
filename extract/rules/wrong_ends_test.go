package rules

import "testing"

// TestWrongRelationTwins: a name after "my <relative>" before a verb
// ("my dad Sol set it up", "my aunt quinn quit her job"), "her" of a
// person, and leads and jobs said plainly still give their relation
// (testdata/wrong_ends_cases.txt).
func TestWrongRelationTwins(t *testing.T) { wantCurrentRelations(t, "wrong_ends_cases.txt") }

// TestWrongRelationNegatives: a verb or a noun after "my <relative>"
// ("my dad set it up", "my kids primary school"), a business a "her"
// would give kin ("Nettle & Pan, owned by her uncle Sam"), a hedged lead
// or job ("i think Marcus runs it"), questions, plans, wishes, negations
// and likenesses give no current relation of the type named
// (testdata/wrong_ends_negatives.txt).
func TestWrongRelationNegatives(t *testing.T) { wantNoCurrentRelation(t, "wrong_ends_negatives.txt") }
