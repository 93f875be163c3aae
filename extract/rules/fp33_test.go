package rules

import "testing"

// TestFP33Chats checks h14-fp33's readings, found on the blind33 chats
// (an estate agent's texts, a frisbee alumni group, Filipino nurses abroad)
// on short chats (testdata/fp33_cases.txt) and their adversarial twins
// (testdata/fp33_negatives.txt): particles of the languages chats
// code-switch into (data/particles.txt) are no names and end the liked
// thing ("sana all", "i love riyadh, home na talaga"); "ur tyler" likes
// Tyler; a verb after "my (new) <role>" is no name ("my new flatmate pays
// rent"); "queen eleanor" is no person; a subjectless tally after a
// sentence about someone else is theirs, and so is a subjectless answer
// to "how's the hubby"; a place question answered by a third speaker is
// no destination of a later move; "moved into our own place in X" is
// MOVED_TO only.
func TestFP33Chats(t *testing.T) { checkCaseFiles(t, "testdata/fp33", 13, 16) }

// TestParticlesAreNoNames checks data/particles.txt: no word of its word
// lines is a given name, a kin word or a place of the gazetteer (such a
// word belongs on the "mixed:" line or in a phrase), and the lists are
// read.
func TestParticlesAreNoNames(t *testing.T) {
	if len(particleWords) < 100 || len(mixedParticles) < 5 || len(particlePhrases) < 5 {
		t.Fatalf("particles read: %d words, %d mixed, %d phrases", len(particleWords), len(mixedParticles), len(particlePhrases))
	}
	for w := range particleWords {
		if firstName(w) || wordNames[w] || inGazetteer(w) || isRoleWord(w) {
			t.Errorf("particle %q is also a name, a place or a role word", w)
		}
	}
}
