package rules

import "testing"

// TestB36Chats checks h14-b36's mends, found on the blind36 chats' wrong
// relations (a Ghanaian family's WhatsApp, a Sheffield climbing-and-running
// club's Telegram, two flatmates' DMs), on short chats
// (testdata/b36_cases.txt) and their adversarial twins
// (testdata/b36_negatives.txt): a "there" after an earlier turn's place
// still stands for it ("Bristol looks lovely" / "me and Nell moved
// there"; the mend that read a place its own turn named first cost the
// held-out half a right relation and was taken out); a turn that
// asks after someone else with no question mark ("whats he doing now")
// is a question, so the job fragment that answers it ("Engineer at Volta
// Grid Services in Accra") is not the answerer's; a subjectless "leaving
// X for Y" right after another speaker said they are moving echoes that
// move ("moving up on the 2nd" / "leaving sheffield for scotland.
// traitor"), unless the speaker said they are moving too; a list of
// likings ends at a word followed by "at" ("obsessed with bouldering,
// useless at everything else"): a new predicate, no liking; a lower-case
// name of two words joined by "&" before an apposition that says what it
// is ("kork & kiesel, a wine shop in dresden") is named whole.
func TestB36Chats(t *testing.T) { checkCaseFiles(t, "testdata/b36", 7, 8) }
