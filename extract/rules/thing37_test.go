package rules

import "testing"

// TestThing37Chats checks h14-thing37's readings, found on the blind37
// chats' misses of the things-and-people family, on short chats
// (testdata/thing37_cases.txt) and their adversarial twins
// (testdata/thing37_negatives.txt): "rafi proposed on saturday 💍 we're
// engaged" makes the speaker and the proposer partners; "my fella Ewan" is
// a boyfriend (after a possessive only: "a fella called Tom" is anyone);
// "Dario from our course at maastricht uni", "we finished at Maastricht
// Uni", "did events management at Leeds Beckett College" are studies at a
// school (ATTENDED; study_course_at.go); "been well into foraging
// lately" (no "I", an intensifier before "into") and "i'm well into
// paddleboarding" are likings, as more pastimes ("foraging",
// "paddleboarding") are named alone; "who started larkspur?" / "me and
// hattie brennan, 2016" names the founders (CREATED;
// crossturn_who_founded.go); "he set Soar Valley up back in 2011" reads
// as "set up Soar Valley" (role_rewrites.go); "Because me and my brother
// santi set up a coffee roastery!!! Ceiba Tostadores" names the brother
// in a sentence typed with a capital (an irregular past after the name),
// both founders, and the business by its name alone after the founding;
// "does your sister lotte know?" names her (a given name of the lists);
// more given names typed in lower case ("tolu akande and her fiancé jamie",
// "so niall moved to galway") are names (data/firstnames.txt); "i'm
// seeing someone 🙈" / "WHO" / "wout. plays bass" names the partner
// (partners_seeing.go); "bouldering is my whole personality now" is a
// liking (study_course_at.go); "opened his own place in ilkley" is a
// business opened, no home (frames.go, patterns_gen.go).
func TestThing37Chats(t *testing.T) { checkCaseFiles(t, "testdata/thing37", 31, 49) }
