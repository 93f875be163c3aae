package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/ontology"
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

// movedHouseRe: a sentence that ends on a move whose place the next
// sentence names ("we've finally moved house! Buckshaw Village").
var movedHouseRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(?:moved|moving) (?:house|flat|home)$`)

// innerBurst reads a turn whose sentences burst as messages do: a
// sentence that ends on a job got, a move or an open verb and the next
// that names its end ("got the job!! Fernhill Bank, starting the 3rd",
// "we've finally moved house! Buckshaw Village, 2 mins from the
// pitches"), or a group named alone then joined ("Nidd Valley Brass!!
// joined in jan"). The pair is read as one statement; a person named
// ("moved house! Tom, you legend") or a question is no such end.
func (c *turnCtx) innerBurst(t ontology.Turn) {
	if c.answered || c.disc == nil {
		return
	}
	sents := c.sentencesOf(t.Text)
	for i := 1; i < len(sents); i++ {
		c.burstPair(t, t.Text, &sents[i-1], &sents[i])
	}
}

// outerBurst reads the same pair across two messages of one speaker, the
// last sentence of the one just before (p) and the first of t, nothing in
// between and within burstGap: "And we've finally moved house!" /
// "Buckshaw Village, 2 mins from the pitches"; the reading cites both.
func (c *turnCtx) outerBurst(t ontology.Turn, p prevTurn, ok bool) {
	if !ok || c.answered || c.disc == nil || p.speaker != t.Speaker || c.disc.index-p.index != 1 || p.question ||
		p.at != nil && t.Timestamp != nil && t.Timestamp.Sub(*p.at) > burstGap {
		return
	}
	prev, _, ok := oneSentence(p.last)
	sents := c.sentencesOf(t.Text)
	if !ok || len(sents) == 0 {
		return
	}
	c.burstPair(t, p.last, prev, &sents[0], p.turn)
}

// burstPair reads prev, a sentence of prevText, and s, the sentence of t
// right after it, as one statement when prev ends where s names its end
// (innerBurst), citing cites too.
func (c *turnCtx) burstPair(t ontology.Turn, prevText string, prev, s *sentence, cites ...string) {
	f, g := s.FirstWord(), prev.FirstWord()
	if prev.Question || s.Question || f < 0 || g < 0 || greetingWords[s.Norm(f)] {
		return
	}
	before := strings.TrimRight(prevText[prev.Start:prev.End], " .!?…")
	if s.Is(f, "joined") && nameOnly(prev, g) && joinedBare(s, f) {
		if _, _, person := c.personAt(prev, g); !person {
			c.readAs(t, "joined "+before+strings.TrimRight(t.Text[s.Toks[f].End:s.End], " .!?…")+".", cites...)
		}
		return
	}
	name, ok := employerLead(t.Text, s, f)
	if _, _, person := c.personAt(s, f); !ok || person {
		return
	}
	switch {
	case movedHouseRe.MatchString(before) && !burstHedgeRe.MatchString(before):
		c.readAs(t, before[:strings.LastIndex(before, " ")]+" to "+name+".", cites...)
	case gotJob(before):
		c.readAs(t, before+" at "+name+".", cites...)
	case openVerb(before):
		c.readAs(t, before+" "+name+".", cites...)
	}
}

// joinedBare reports whether "joined" at f has no object of its own: the
// sentence ends, or a time follows ("joined in jan", "joined last year").
func joinedBare(s *sentence, f int) bool {
	return wordless(s, f+1) || s.Is(f+1, "in", "last", "this", "on", "back", "recently", "yesterday", "today", "ages")
}
