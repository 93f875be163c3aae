package rules

import "testing"

// TestBlind26Chats checks h14-blind26's readings on short chats
// (testdata/blind26_cases.txt) and their adversarial twins, written with
// them (testdata/blind26_negatives.txt): a move to an employer with the
// post it is for ("going to Grindstone as head barista", and no home move
// to it), a stay told before the employer ("six years I have been at …"),
// a post on a group's committee, a congregation's head ("the imam at",
// "the vicar of", "the Imam there"), a club post stepped down from ("I have
// also stepped down as Treasurer at Masjid Noor"), "avonmere's the one out
// in southmead right?" / "Is Brindley Engineering the Big factory in
// Tyseley?" confirmed, a writer's odd capitals ("is Engaged to", "a
// Mechanical Engineer at"), a stay of years at a former employer ("was at
// Pattisons for 6 yrs"), a kin title in a confirmed question kept the
// asker's ("uncle tariq retired??" / "Yes Zarah"), a name after an
// answer's "no" its addressee ("No Adil that was his Brother Kamran"),
// moving in with "my cousin Hattie" in a place. Each twin (a plan, a hedge, a question, a
// negation, a visit, a customer, a festival, someone else's, a street or a
// lone adjective in an organisation's slot, a ranking, a choice, a person
// asked about, a meeting stepped down at, a job title that is no club post,
// a school, an hour's stay, a season for a place, a "yes" said to someone)
// reads nothing of its kind.
func TestBlind26Chats(t *testing.T) { checkCaseFiles(t, "testdata/blind26", 20, 30) }
