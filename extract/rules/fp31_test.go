package rules

import "testing"

// TestFP31Chats checks h14-fp31's mends, found on the dev gold's wrong
// relations and on adversarial chats written for the session, on short
// chats (testdata/fp31_cases.txt) and their twins
// (testdata/fp31_negatives.txt): "they" after an organisation the
// sentence itself names ("joined Static Halo, they're based in
// Nottingham") is not an organisation named turns before; a pet read from an answer ("hows
// pudding coping" / "Our Pudding is not impressed … Cats have long
// memories") is no person a later "her" means; a kin word's possessive
// without its apostrophe is no name ("mums got the job at"); a name's
// possessive without it before a relationship word is the name ("my mate
// tylers big brother": Tyler); "mo is your sister still doing the stall?"
// is no tie; a job's word after a role word is no name ("made her lead
// hygienist"); "worked there" after a business the turn describes, "he
// runs it" after one it names in lower case ("mercer haulage") and "he"
// after two capitals ("sa QE", "new ID badges") or a married name ("now
// that she is Mrs Quayle") are no organisation or person named before;
// "moved up to the Comets" is no move home; "started at lincoln college
// monday, doing sport science" is a student's; a lower-case name before
// "has left" or "r moving in together" is a person.
func TestFP31Chats(t *testing.T) { checkCaseFiles(t, "testdata/fp31", 15, 17) }

// TestFP31Adversarial checks h14-fp31's adversarial chat lines
// (testdata/fp31adv_negatives.txt): code-switched fillers, handles, lower
// case, chat forms, a verb after a role noun ("my bf snores like a
// tractor"), a relative's job, a clan or family name, a married name,
// hypotheticals, negations and rumours read no relation of their kind;
// their twins (testdata/fp31adv_cases.txt), with the relation stated, must
// read it ("aye Callum works at the Co-op": a filler before the name
// leaves it the clause's subject; "my bf james snores": a name).
func TestFP31Adversarial(t *testing.T) { checkCaseFiles(t, "testdata/fp31adv", 18, 90) }
