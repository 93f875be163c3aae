package rules

import "testing"

// TestPetsTurnsChats checks h14-owns22's OWNS readings on short chats
// (testdata/pets_turns_cases.txt): a pet said got and named in the speaker's
// next turn after someone's reaction ("Guess who got a dog" / "NO" / "she's
// called Pip", "i adopted two cats" / … / "miso and tofu", "im a dad" /
// "(to a cat)" / "her name's Fig"); a name called "my dog" / "your dog" in
// the next turn; "my/our N" shown a pet by a pet word ("Vet says its his
// kidneys"); "rowan the dog or rowan ur bf" / "the dog"; an unnamed pet
// ("i kept the dog", "And the dog?") named by its owner's next turn. Their
// adversarial twins, written first (testdata/pets_turns_negatives.txt: a job,
// someone else's pet, a joke, a stale antecedent, a hypothetical, a
// question, speakers' names, two names, an organisation, a place, a vet by
// trade, a wish, another speaker's answer, the boyfriend, a person who has
// the pet, the dog next door), each read nothing.
func TestPetsTurnsChats(t *testing.T) { checkCaseFiles(t, "testdata/pets_turns", 19, 43) }
