package rules

import "testing"

// TestOrgFocus32Chats checks h14-orgfocus32's readings of where an
// organisation named a few turns before is (testdata/orgfocus32_cases.txt)
// and their twins (testdata/orgfocus32_negatives.txt): a later turn that
// names it by its first word ("marlow as in the big london firm?") keeps it
// in focus, an invitation after the place ("if anyone's ever tempted")
// hedges nothing, a person spoken of since only as "he" or "she" is no
// "their", an untyped name named again lately is the topic "they" means,
// "it's on Admiralty Way in Lekki", "run it together out of a unit in
// Hackney", a fragment of its kind ("the pub in Headingley") and an answer
// to "where are they even based" after "swiftstaff again" place it. Another workplace spoken of since, a condition, a
// plan, a past, a question, a hedge, people who may be "they", or a name
// said long ago read nothing.
func TestOrgFocus32Chats(t *testing.T) { checkCaseFiles(t, "testdata/orgfocus32", 14, 28) }
