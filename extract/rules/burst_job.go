package rules

import (
	"regexp"
	"strings"
)

// Bursts whose next message finishes a phrase with a name: "got the
// job!!" / "Fernhill Bank, starting the 3rd"; "Jonah joined" / "The
// Lamplighters"; "so my brother" / "Callum".

// gotJobRe: a message that ends on getting a job whose employer the next
// message names ("got the job!!" / "Fernhill Bank, starting the 3rd").
// Hedges and conditions before it ("almost", "if I") leave it unread.
var gotJobRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(?:(?:i|\p{Lu}\p{L}+|he|she|they)\s+)?(?:just\s+|finally\s+|officially\s+)?got the job$`)

// openVerbRe: a message that ends on a verb whose object the next message
// names ("Jonah joined" / "The Lamplighters", "Tom's moving to" / "Leeds").
var openVerbRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(?:joined|signed with|moved to|moving to|works at|works for|started at|got into|is dating|got engaged to|married)$`)

// burstHedgeRe: words in the message's last clause that make it no
// statement: hedges, conditions, wishes, negation, "guess who".
var burstHedgeRe = regexp.MustCompile(`(?i)\b(?:almost|nearly|if|hope|hopefully|wish|when|unless|whether|might|may|maybe|want|wants|wanna|gonna|would|could|should|thinking|planning|not|never|didn't|didnt|guess|who|what)\b[^.!?,]*$`)

// gotJob reports whether prev, a message's last sentence, ends on
// getting a job, unhedged.
func gotJob(prev string) bool {
	return gotJobRe.MatchString(prev) && !burstHedgeRe.MatchString(prev)
}

// openVerb reports whether prev ends on a verb missing its object,
// unhedged.
func openVerb(prev string) bool {
	return openVerbRe.MatchString(prev) && !burstHedgeRe.MatchString(prev)
}

// employerLead returns the name a message (text) opens with when nothing but
// punctuation or a comma follows it ("Fernhill Bank!!", "Fernhill Bank,
// starting the 3rd"): up to five words, capitalised or "of", "and", "&".
func employerLead(text string, s *sentence, f int) (string, bool) {
	end, caps := f, 0
	for ; end < len(s.Toks) && s.Toks[end].Word && end < f+5; end++ {
		switch {
		case s.Toks[end].Cap:
			caps++
		case s.Is(end, "of", "and", "&") && end > f:
		default:
			return "", false
		}
	}
	if caps == 0 || !s.Toks[end-1].Cap || end < len(s.Toks) && s.Toks[end].Word {
		return "", false
	}
	return strings.TrimSpace(text[s.Toks[f].Start:s.Toks[end-1].End]), true
}

// endsOnPossessedRole reports whether a message ends on "my/our" and a
// singular tie ("so my brother", "our new neighbour"), which a name sent
// alone next completes: "so my brother Callum".
func endsOnPossessedRole(text string) bool {
	f := strings.Fields(strings.ToLower(strings.TrimRight(text, " .!…")))
	n := len(f)
	if n < 2 {
		return false
	}
	info, ok := roleWords[f[n-1]]
	if !ok || info.plural {
		return false
	}
	j := n - 2
	for j > 0 && roleAdjectives[f[j]] {
		j--
	}
	return f[j] == "my" || f[j] == "our"
}
