package rules

import "testing"

// TestBiz30Chats checks h14-biz30's readings of business talk on short
// chats (testdata/biz30_cases.txt) and their adversarial twins, written
// with them (testdata/biz30_negatives.txt): a business made one by the
// kind apposed after its street ("The Nest on Tankerton Road, the
// coworking place"), a deli by its name, a shop named by a possessive
// ("owns Karimi's on Palace St"), the town after a business's street, a
// trader's introduction ("Kapoor Cycles, Mortimer St in Herne Bay."), a
// business set up "with my sister Becca", a takeover said after "Also
// FYI," and before "so if … that's why", an employer that "has taken him
// on". Each twin (a person met on a street, a way walked, a friend's home,
// a van, a sentence going on, a time, a plan, a question, a hedge, a
// condition, a pronoun no one was named for, a trip, a negation) reads
// nothing of its kind.
func TestBiz30Chats(t *testing.T) { checkCaseFiles(t, "testdata/biz30", 43, 78) }
