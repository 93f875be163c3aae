package rules

import "testing"

// TestOrg37Chats checks h14-org37's mends, found on the blind37 chats'
// misses of the organisation family, on short chats
// (testdata/org37_cases.txt) and their adversarial twins
// (testdata/org37_negatives.txt): a sentence a phone capitalised at its
// first word and typed in lower case after it reads its lower-case
// organisations and places ("Ok big one. I quit quadra in December", "I'm
// moving to austin") but no lower-case person's name, nor a common word
// ("I work at home", "Nowhere rn", "the local team", "been at northgate
// long"); "i've moved!!" before "got a flat in X" makes it a move, also
// for the pair a built statement reads ("me and my girlfriend zara got a
// flat in heeley"), not "i've never moved" or "i've moved the sofa"; an
// adverb before "my cousin" is no name ("technically my cousin"); "abi"
// closing a question is Nigerian English's tag, no person a later "she"
// may mean; "Priya is your line manager", "toby's your manager", "he's
// your line manager now" name the addressee's manager (not the person named
// in the turn before, as "your manager" alone reads), not when negated,
// modal or asked; "ayla is the best boss i've ever had", "the best manager
// I've worked for" name the speaker's boss, not "would be", "isn't",
// "you've", "ever seen", "in the building" nor a boyfriend; "so
// technically he's my boss now" has "he" as its subject, and so has "I"
// after a share of time ("rest of the time i'm drumming for …", "most of
// the week I work at …"), not "the time I worked at"; a name said alone
// ("wout.") is the subject of the subjectless sentence after it ("plays
// bass in a band called Lichtkrant"), not the person named turns before,
// and a filler or an everyday word alone ("lol.", "update.") is no name.
func TestOrg37Chats(t *testing.T) { checkCaseFiles(t, "testdata/org37", 17, 33) }
