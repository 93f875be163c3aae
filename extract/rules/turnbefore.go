package rules

// The turn before: readings that answer, echo or guard against the turn
// just before the current one ask the same two things of it, who said it
// and what its words are. otherTurnBefore is the first, said once;
// tokens and sentences come from the discourse's token cache
// (turntokens.go), so a turn is tokenised once however many readings read
// it.

// otherTurnBefore returns the id and text of the turn read just before the
// current one when someone other than speaker said it (speaker as the
// caller compares it: the turn's label or the speaker's trimmed name).
// named also wants that turn to have a speaker: a turn no one is known to
// have said is no question put to this one.
func (d *discourse) otherTurnBefore(speaker string, named bool) (string, string, bool) {
	if len(d.order) < 2 {
		return "", "", false
	}
	prev := d.order[len(d.order)-2]
	if by := d.speakerOf[prev]; by == speaker || named && by == "" {
		return "", "", false
	}
	return prev, d.texts[prev], true
}
