package rules

import "regexp"

// groupAfterRe is a group named in apposition right after a name, across
// the chat's "!!" or a "btw": "Rangmanch!! the dramatics society",
// "Rangmanch, the drama club", "the quillfeather btw, the uni badminton club".
var groupAfterRe = regexp.MustCompile(`(?i)^['’]?s?\s*(?:(?:btw|now|lol|tho|too)\b\s*)?[!.,:-]*\s*(?:the|our|a)\s+(?:[\p{L}-]+\s+){0,3}?(?:society|soc|club|team|band|choir|squad|troupe|crew|ensemble|orchestra)\b`)

// groupAfter17 reports whether the name ending at token end is followed by
// a group in apposition, so that getting into it is joining a group, not
// being admitted to a school, and joining it no job.
func (p *sentCtx) groupAfter17(end int) bool {
	if end <= 0 || end > len(p.s.Toks) {
		return false
	}
	at := p.s.Toks[end-1].End
	if at > len(p.text) {
		return false
	}
	return groupAfterRe.MatchString(p.text[at:])
}
