package rules

import "testing"

func TestOwns26Chats(t *testing.T) { checkCaseFiles(t, "testdata/owns26", 1, 1) }
