package rules

import "testing"

// TestAmp41Typing checks that two capitalised words joined by "&" are a
// firm wherever they stand ("Hall & Pryor did our kitchen"), and that two
// people, a pronoun, kin or two places joined the same way are not
// (testdata/amp41_typing.txt).
func TestAmp41Typing(t *testing.T) { checkTyping(t, "amp41_typing.txt") }

// TestAmp41Chats checks the readings a firm typed so depends on, and their
// adversarial twins (testdata/amp41_cases.txt and amp41_negatives.txt):
// opening a shop at an hour of the day is not founding it, and a business
// in a town this weekend is at an event there, not located there.
func TestAmp41Chats(t *testing.T) { checkCaseFiles(t, "testdata/amp41", 5, 8) }
