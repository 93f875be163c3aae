package rules

import "testing"

// TestFP29Chats checks h14-fp29's readings, found on h14-blind29's
// porters' night-shift chat, on short chats (testdata/fp29_cases.txt)
// and their adversarial twins, written with them
// (testdata/fp29_negatives.txt): a lower-case name that stops before an
// adverb in -ly, a question word typed without its apostrophe that is no
// name, a possessive name opening a sentence that the next turn's "he"
// means, keys to "a council flat in", dialect "me" for "my" and a
// family home left ("leaving me mams in southwick"), "I am with X since
// June", cleaning as a job ("ive cleaned at st oswins"), "You'll report
// to me", a lower-case surname before a verb ("dave milburn chairs"), a
// lower-case employer of several words opening "took me on", "on the
// committee there" and the description it lets find the club two turns
// on, and the street of a business a job was just read at. Each twin (the
// name run on over the adverb, "whos" or "hows" as a subject, an older or
// a second person, an organisation, a month, a holiday let, an office,
// someone else's home, a visit, a partner, a chore, a group with no one
// named, two clubs, a meal out, a way, a hope, a question, a negation)
// reads nothing of its kind.
func TestFP29Chats(t *testing.T) { checkCaseFiles(t, "testdata/fp29", 34, 60) }
