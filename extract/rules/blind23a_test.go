package rules

import "testing"

// TestBlind23aChats checks h14-blind23a's readings of whole chats
// (testdata/blind23a_cases.txt) and their adversarial twins
// (testdata/blind23a_negatives.txt): a business owned ("She owns
// Copperleaf"), a board or committee joined in lower case ("i've joined
// the board of tejo tech guild"), a home town as "i'm galway originally",
// a home "been in Lewes since 2010", a pair parted in the perfect
// ("Chiamaka and I have broken up"), and groups joined whose names end in
// "Strings", "Chapel", "Singers" or "Fellowship" (membership, not a job),
// a statement tagged "abi" (Nigerian English's "isn't it") confirmed, "my
// shop Funmilayo Fabrics", "my own flat in Jabi", "opened my own salon!!!
// Glow by Morenike" (the name in the next sentence), "Where is this Irwell
// Health?" / "Salford, Daddy." of an organisation named before, and a
// business described, then named: "runs a restaurant there, Ifeoma's
// Kitchen", "owns a little bakery in Kreuzberg, Brezelwerk", and a pair
// subject before ", both" ("Gareth and Sunil, both play for X").
// Each twin (a wish, a question, a negation, a modal, a thing or a flat, a
// visit, a fight broken up, strings bought, a chapel visited, a group
// another member just joined, an "abi" never answered, a local or a
// favourite shop, a shop assistant, a home or a person named after "my own
// …!!", a person's whereabouts, an unsure answer, a place after the comma,
// "both might", "both … ?", "both hated working at")
// reads nothing.
func TestBlind23aChats(t *testing.T) { checkCaseFiles(t, "testdata/blind23a", 32, 48) }
