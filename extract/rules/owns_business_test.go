package rules

import "testing"

// TestOwnsBusinessChats checks h14-biz22's business readings of whole chats
// (testdata/owns_business_cases.txt) and their adversarial twins, written first
// (testdata/owns_business_negatives.txt): OWNS of a business named right after
// "his own place" or "my own business" ("got his own place now, Kerr
// Motors"), and LEADS by the kin who runs it after its runner retired
// ("Kev from Harrow Tyres has retired, his son Dean runs it now"). Each
// twin (a wish or a plan, a modal, a likeness, a flat or a room, a person
// or a place named, a question, a metaphor, a negation, "speaking of" a
// thing, two businesses, a race run) reads nothing.
func TestOwnsBusinessChats(t *testing.T) { checkCaseFiles(t, "testdata/owns_business", 7, 26) }
