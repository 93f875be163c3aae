package rules

import "testing"

// TestChatGroup checks the group a club's or a committee's own chat names
// once and then leaves implicit (chatgroup.go), on short chats and their
// twins (testdata/chatgroup_cases.txt, chatgroup_negatives.txt).
func TestChatGroup(t *testing.T) { checkCaseFiles(t, "testdata/chatgroup", 21, 23) }
