package rules

import (
	_ "embed"
	"strconv"

	"github.com/loci-memory/loci/lang"
)

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
