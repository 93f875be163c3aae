package rules

import _ "embed" // frames_blind26.txt

// framesBlind26 holds the frames h14-blind26 added (a flat-share's
// WhatsApp, a café-bakery's staff Slack, a grandfather's family chat
// across two countries): a move to an employer with the post it is for
// ("going to Grindstone as head barista"). frames.go parses them with the
// others.
//
//go:embed data/frames_blind26.txt
var framesBlind26 string
