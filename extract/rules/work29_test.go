package rules

import "testing"

// TestWork29 checks work said in everyday ways (testdata/work29_cases.txt):
// by what one does there ("Sam cooks at Dishoom now", "Bisi bakes for Crumb
// & Co"), a title of several words ("the new office manager at", "a trainee
// dental nurse at"), a post at a shop's till ("on the tills at Aldi"). Each
// twin (cooking at home or for a charity dinner, a past job, a stranger
// from a firm, a boss, a question, a hypothetical, a denial, a union rep, a
// customer, a manager, who leads) reads no such WORKS_AT.
func TestWork29(t *testing.T) {
	checkChatCases(t, readCasesAtLeast(t, "testdata/work29_cases.txt", 19))
}
