package rules

import (
	_ "embed"
	"strconv"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// framesBlind5 holds the frames h14-blind5 added, kept apart from
// data/frames.txt so the two lists can grow without touching each other;
// both are read as one.
//
//go:embed data/frames_blind5.txt
var framesBlind5 string

// framesBlind26 holds the frames h14-blind26 added (a flat-share's
// WhatsApp, a café-bakery's staff Slack, a grandfather's family chat
// across two countries): a move to an employer with the post it is for
// ("going to Grindstone as head barista"). frames.go parses them with the
// others.
//
//go:embed data/frames_blind26.txt
var framesBlind26 string

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

// framesBlind7 holds the frames h14-blind7 added (the themes of bands
// sharing a flat, coworkers, harbour towns and siblings), kept apart from
// the other frame files; all are read as one.
//
//go:embed data/frames_blind7.txt
var framesBlind7 string

func init() {
	// what a relative or a boss is, which no list calls a common word: "my mum is ill", "my boss is awful"
	for _, w := range strings.Fields(`ill sick poorly unwell pregnant retired skint broke awful amazing
		lovely nice mean strict brilliant tired exhausted stressed busy chill cool great horrible terrible gorgeous sweet
		kind funny weird moody grumpy fab wonderful perfect annoying hilarious brill shattered knackered furious livid
		upset sad happy thrilled buzzing gutted proud mad angry worried recovering better worse asleep awake dead late
		early right wrong young old lazy clever smart quiet loud shy single engaged married divorced vegan lush
		obsessed devastated delighted fuming raging sound legend useless hopeless struggling coping thriving`) {
		roleStates[w] = true
	}
	// trades of harbour towns, building and care ("an auctioneer at Peterhead Fish Market")
	for _, w := range []string{"auctioneer", "foreman", "forewoman", "deckhand", "fisherman", "fisherwoman", "boatbuilder",
		"shipwright", "welder", "porter", "carpenter", "joiner", "plumber", "labourer", "librarian", "midwife", "carer",
		"curator", "translator", "harbourmaster", "lifeguard", "steward", "stewardess", "ranger", "gardener", "baker",
		"butcher", "hairdresser", "optician", "firefighter", "surveyor", "instructor", "dispatcher"} {
		jobTitles[w] = true
	}
}

func init() {
	// the trades of a harbour town end organisations' names: "Kettleness Marina", "Selkie Boatworks", "Skerry Ferries"
	for _, w := range strings.Fields(`marina boatyard boatworks shipyard chandlery ferries fisheries seafoods smokehouse
		creamery distillery boatbuilders marine`) {
		orgCues[w] = true
	}
	thirdVerbs["coaches"] = true // "Siobhan coaches our five-a-side team, the Dynamos"
	for _, w := range []string{"btw", "lol", "anyway", "haha"} {
		answerFillers[w] = true // "where did u grow up btw?"
	}
}

// framesBlind23a holds the frames h14-blind23a added (a start-up's chat of
// handles, a Nigerian-English family group, an orchestra committee), kept
// apart from the other frame files; all are read as one.
//
//go:embed data/frames_blind23a.txt
var framesBlind23a string

// longSinceStarts are the words after "since" that start a stretch of
// life, not of a day: a year ("since 2010") or a stage ("since uni"). The
// frames' class @since; "been in Lewes since 9 this morning" is a visit.
var longSinceStarts = func() map[string]bool {
	w := lang.Words(`uni university school college childhood birth forever ages covid lockdown`)
	for y := 1940; y <= 2040; y++ {
		w[strconv.Itoa(y)] = true
	}
	return w
}()

// groupObjectVerbs take a group or a business as their object: a name
// right after them ("raff started Velvet Gutter with his cousin Ines") is
// not the person a later "his" means.
var groupObjectVerbs = lang.Words(`started founded co-founded formed joined quit left runs run fronts fronted`)
