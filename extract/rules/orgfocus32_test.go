package rules

import "testing"

// TestOrgFocus32Chats checks h14-orgfocus32's readings of where an
// organisation named a few turns before is (testdata/orgfocus32_cases.txt)
// and their twins (testdata/orgfocus32_negatives.txt): a later turn that
// names it by its first word ("marlow as in the big london firm?") keeps it
// in focus, an invitation after the place ("if anyone's ever tempted")
// hedges nothing, and a person spoken of since only as "he" or "she" is no
// "their". Another workplace spoken of since, a condition, or people who
// may be "they" read nothing.
func TestOrgFocus32Chats(t *testing.T) { checkCaseFiles(t, "testdata/orgfocus32", 9, 15) }
