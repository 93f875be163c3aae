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

// TestOwnsEverydayChats checks h14-owns26's readings of everyday chat
// (testdata/owns_everyday_cases.txt): a pet adopted or got, described
// before its kind or named after a comma ("we have a very nervous cat
// called Pepper", "adopted one kitten, name is Biscuit"); a business bought
// or being sold ("Rosa's bought Marlow Music", "Bernard is retiring and
// selling Marlow Music"); "X runs it" of the organisation named earlier in
// the sentence or at one's job. Each twin (a plan, a hedge, a question, a
// negation, someone unnamed's pet, a treat or a title bought, "sold me his
// bike", "selling up", a podcast "it" may mean, two organisations) reads
// nothing.
func TestOwnsEverydayChats(t *testing.T) { checkCaseFiles(t, "testdata/owns_everyday", 18, 31) }
