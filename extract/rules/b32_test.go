package rules

import "testing"

// TestB32Chats checks h14-b32's readings, found on the blind32 chats
// (Dublin tenants, a Nairobi family, a Toronto lab), on short chats
// (testdata/b32_cases.txt) and their adversarial twins, written with them
// (testdata/b32_negatives.txt): a common word capitalised as the sentence
// opens is no person "from" an organisation ("Letter from Quayline
// today"), and a year at a school after a comma is the subject's before it
// ("Wambui has gone back, third year at Moi University"); Irish "born and
// reared" as "born and raised"; "chairlady" (and "chairman") one was made;
// "got attachment at X" (Kenyan and Indian English for an internship, no
// article needed) and "a CDL job with X"; the Irish perfect "I'm after
// starting at X" (read as the -ing verb's clause) and starting "in" an
// organisation ("in Halloran & Duff": "&" names a firm); a job once held,
// "I was a nurse at X", "I used to be (a) mechanic at X"; an emoji between
// two clauses ends the first (lang.SplitSentences: "i've been poached 🙃
// starting at Orrery Bio"). Each twin (a thing sent,
// someone else's year, a pronoun's, a question, someone else's birth, a
// wish, a maybe, an email's attachment, a negation, a hope, "after" a job
// wanted or something bought, a month or a place one starts in, a guest,
// a student, a town, an emoji before a third person's verb or a
// question, a hope) reads nothing of its kind.
func TestB32Chats(t *testing.T) { checkCaseFiles(t, "testdata/b32", 21, 28) }
