package rules

import (
	_ "embed"

	"github.com/loci-memory/loci/lang"
)

// framesBlind5 holds the frames h14-blind5 added, kept apart from
// data/frames.txt so the two lists can grow without touching each other;
// both are read as one.
//
//go:embed data/frames_blind5.txt
var framesBlind5 string

// chatFillers are chat words that end a noun phrase and open no liking:
// "nothing beats a Sunday roast tbh", "ngl Valparaíso stole my heart".
var chatFillers = lang.Words(`tbh ngl lol rn btw haha lmao fr imo honestly idk`)

// skipVetoes stop a frame's skip: "top 3 worst bands: …" lists no likings.
var skipVetoes = lang.Words(`worst least hated overrated underrated annoying awful bad terrible`)

// schoolVerbs open the ATTENDED frames of data/frames_blind5.txt in a
// third-person clause or one that drops its "I": "Ciarán dropped out of
// Maynooth University", "finished her degree at Kingston University".
var schoolVerbs = lang.Words(`dropped finished completed`)

func init() {
	for w := range skipVetoes {
		frameSkipStops[w] = true
	}
	for w := range schoolVerbs {
		thirdVerbs[w] = true
	}
	for w := range chatFillers {
		npStops[w] = true
		if w != "idk" {
			implicitLead[w] = true // a clause starts after "ngl"
		}
	}
}
