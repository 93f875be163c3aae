package rules

import "testing"

// TestB34Chats checks h14-b34's mends, found on the blind34 chats' wrong
// relations (a Mexican-American family's WhatsApp, a Bristol architecture
// practice's channel, two Scottish sisters' DMs), on short chats
// (testdata/b34_cases.txt) and their adversarial twins
// (testdata/b34_negatives.txt): chat's "til" and "till" end an
// organisation's name typed in lower case ("still at heb til then tho");
// a known place and a given name typed together without a comma are two
// names ("born in Monterrey Daniel I know"); a yes and a lower-case name
// alone echo a name another speaker just named ("DAZZA KYDD??" / "aye
// dazza. he drums for …"), so the "he" means that person; a lower-case
// name after "joined the" that runs on past what was read is read not at
// all ("joined the pt chev dawn dippers"). Readings found on its misses
// and checked across the dev half: "X and I are getting divorced" (or
// "got divorced") parts the pair; a third person "joins" an organisation
// as "joined" does ("Keeley Moss joins AK in Cardiff on Monday"); a name
// with "a friend of mine" in apposition is the speaker's friend ("Clive
// Haddon, an old friend of mine from the rugby club"); American "my pops"
// and Spanish kin words mixed into English are kin ("my pops memo", "my
// hermana Rosa": data/kinwords.txt). Each twin (a question, a
// negation, a place whose name holds a given name, a person whose first
// name is a place, a yes before a word no one named, a question after the
// echo, more words after it; a divorce asked, denied or only possible; a
// "joins" hedged, asked, of "us", never, of whoever; a friend of
// someone else's, one addressed, one asked about; "pops" a verb or said
// to him) reads nothing of its
// kind.
func TestB34Chats(t *testing.T) { checkCaseFiles(t, "testdata/b34", 17, 23) }
