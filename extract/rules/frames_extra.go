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
	for _, w := range []string{"did", "takes", "take", "reading"} {
		thirdVerbs[w] = true // "Dana did her degree at Leeds Uni", "Dana takes classes at City Lit"
	}
	possIsBe["off"] = true                              // "Dana's off to Leeds Uni in September"
	frameEndWords["here"], npStops["here"] = true, true // "big fan of Radiohead here"
	for _, w := range []string{"mostly", "mainly", "atm", "obviously", "obvs"} {
		npStops[w] = true // "bouldering mostly"
	}
	for w := range chatFillers {
		npStops[w] = true
		if w != "idk" {
			implicitLead[w] = true // a clause starts after "ngl"
		}
	}
}

func init() {
	for _, w := range []string{"really", "obsessed", "into", "totally", "hooked", "crazy", "keen", "mad", "so"} {
		possIsBe[w] = true // "Dana's really into jazz", "Dana's obsessed with Severance"
	}
}

// likeVetoes are what one gets into or is keen on without liking it ("I
// got really into trouble").
var likeVetoes = lang.Words(`trouble debt debts fight fights argument arguments mess bother problems difficulty
	difficulties hot water`)

// quantityWord reports whether w counts ("two", "3", "several"): a liking
// does not open on a count ("I'm keen on two projects in particular").
func quantityWord(w string) bool {
	return lang.NumberWords[w] > 0 || isDigits(w) || w == "several" || w == "some" || w == "many" || w == "few"
}
