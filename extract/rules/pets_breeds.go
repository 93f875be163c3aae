package rules

import "github.com/loci-memory/loci/lang"

// petBreeds17 are dog and cat breeds and other kept animals h14-blind17's
// chats showed missing from petSpecies ("we got a second lurcher, Pip"):
// added to it, so that every reading of a pet knows them. Words that are
// also towns, peoples or common names (newfoundland, persian, hen) are
// left out.
var petBreeds17 = lang.Words(`lurcher lurchers cockapoo labradoodle cavapoo cavachon sheepdog staffie staffy
	westie springer vizsla weimaraner dalmatian akita samoyed mastiff saluki basset bloodhound frenchie
	pitbull malamute ragdoll sphynx moggy tomcat parakeet cockatoo lovebird donkey alpaca foal mare
	greyhounds whippets spaniels terriers collies`)

func init() {
	for w := range petBreeds17 {
		petSpecies[w] = true
	}
}
