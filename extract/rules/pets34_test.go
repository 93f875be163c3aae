package rules

import "testing"

// TestPets34Chats checks h14-pets34's readings (pets introduced in chat
// style) on short chats (testdata/pets34_cases.txt) and their twins
// (testdata/pets34_negatives.txt).
func TestPets34Chats(t *testing.T) { checkCaseFiles(t, "testdata/pets34", 7, 14) }
