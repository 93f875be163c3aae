package rules

import "testing"

// TestLowercasePetsRecase: a pet's name typed in lower case is read after
// "her name's", after "<species>, name is", before "is my <species>" and,
// ending in "-ing", after "my <species>"; pronouns, demonstratives, verbs'
// forms, a possessed species and a question stay words. Names here are of
// no list, no pool and no dev chat.
func TestLowercasePetsRecase(t *testing.T) {
	const cases = `we're fostering a lurcher for a bit, her name's quenby | Quenby
		got a kitten, name is sprocket | Sprocket
		we adopted a puppy, name is tuppence | Tuppence
		my cat dumpling has been sick on the rug | Dumpling
		and my dog wobbling is at the groomer's | Wobbling
		brisket is my terrier and she ate my shoe | Brisket
		so pumble is my cat, before u ask | Pumble
		this is my dog
		she is my cat lol
		food is my dog's life
		my dog barking woke me up
		my cat tired again
		what's her name's
		the name is bond
		name is on the list`
	checkRecased(t, cases)
}
