package rules

import "regexp"

// attachmentTagRE finds the tag a chat export or a transcribing app puts
// before a message in place of what was sent: "[voice note 0:52]",
// "<photo>", "[image]", "<Media omitted>".
var attachmentTagRE = regexp.MustCompile(`(?i)^\s*[\[<](?:voice note|voice message|audio|photo|image|video|sticker|gif|media omitted|document)\b[^\]>]{0,16}[\]>]\s*`)

// attachmentTag drops a message's opening attachment tag, so that what
// the message says opens its first sentence: "[voice note 0:58] riaan my
// seun i hope…" reads as "riaan my seun i hope…", with the address first.
func attachmentTag(text string) string {
	if loc := attachmentTagRE.FindStringIndex(text); loc != nil && loc[1] < len(text) {
		return text[loc[1]:]
	}
	return text
}
