package rules

import "testing"

// TestOrgsNamedAgainChats checks h14-desc25's readings on short chats
// (testdata/orgs_named_again_cases.txt) and their adversarial twins, written with
// them (testdata/orgs_named_again_negatives.txt): an organisation named again by a
// description of its kind ("the restaurant's in Leeds", "the firm's over
// in Bristol", "Tom works at the restaurant too"), resolved to the most
// recent organisation of that kind or the only one whose kind was never
// said; the speaker's employer as "our"/"we" ("our hq's in lisbon", "we
// have an office in Berlin", "we're based in Oslo" while the employer is
// in focus); and "they" for a couple a PARTNER_OF joined ("Rui's
// girlfriend Ana" / "they moved to Leeds"). Each twin (two candidates,
// another kind, an unnamed shop or restaurant, an antecedent out of the
// window, a hedge, a question, a past, a negation, a time, trouble, a band
// on tour, a trip, a house, no employer or two, a household's "we", a
// stay, another speaker's "our", a past employer, no office; a couple
// followed by an organisation or another person, the speaker's own
// partner, a hedge, a question, a couple out of the window; "the lab"
// after "the University of Galway") reads nothing.
func TestOrgsNamedAgainChats(t *testing.T) { checkCaseFiles(t, "testdata/orgs_named_again", 15, 36) }
