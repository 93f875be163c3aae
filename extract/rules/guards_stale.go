package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// Guards of h14-blind8's readings found by adversarial group-chat twins
// (h14-hard8): an antecedent gone stale across the turns since it was
// named, a place that is only visited, someone else's home, a line that
// reports another's words.

// visitText reports whether text speaks of a stay rather than a home or
// a base: a trip, a conference, a festival, "this weekend" ("one week ago"
// and "every week" say nothing of a stay).
func visitText(text string) bool {
	words := strings.Fields(strings.ToLower(text))
	for i, w := range words {
		w = strings.Trim(w, ".,!?:;()\"'")
		if !visitWordSet[w] {
			continue
		}
		if stayTimes[w] && !stayTimeAt(words, i) {
			continue // "moved here one week ago", "every weekend"
		}
		return true
	}
	return false
}

// stayTimes are visit words that are times: they speak of a stay only as
// "this weekend", "for the week", "next week", "tonight" alone ("at the
// weekend" says when, not how long).
var stayTimes = lang.Words(`week weekend today tonight`)

// stayTimeAt reports whether the time word at i bounds a stay.
func stayTimeAt(words []string, i int) bool {
	if i == 0 {
		return true
	}
	switch words[i-1] {
	case "the":
		return i < 2 || words[i-2] != "at" // "left york at the weekend": when it happened, no stay
	case "this", "for", "next", "til", "till", "until":
		return true
	case "a":
		return i > 1 && words[i-2] == "for"
	}
	return false
}

// visitWordSet holds visitWords and the verbs of a stay.
var visitWordSet = func() map[string]bool {
	m := lang.Words(`stayed staying touring tour gig`)
	for _, w := range visitWords {
		m[w] = true
	}
	return m
}()

// farAway reports whether text says a place is far from the speaker:
// "Leeds is miles away", "so far from Leeds".
func farAway(text string) bool {
	return holdsAny(text, "miles away", "far away", "so far", "is far", "too far", "miss ")
}

// holdsAny reports whether text, lower-cased, holds one of subs.
func holdsAny(text string, subs ...string) bool {
	low := strings.ToLower(text)
	return slices.ContainsFunc(subs, func(w string) bool { return strings.Contains(low, w) })
}

// pastOrGone reports whether text says what it claims no longer holds:
// "was", "used to", "died", "gave it up", "not anymore".
func pastOrGone(text string) bool {
	for _, w := range strings.Fields(strings.ToLower(text)) {
		switch strings.Trim(w, ".,!?:;()\"'") {
		case "was", "were", "used", "died", "passed", "rip", "rehomed", "quit", "stopped", "anymore", "gave":
			return true
		}
	}
	return false
}

// answersOther reports whether the turn answers another speaker's
// question that is not about the one spoken to: "where's your brother" /
// "still in Leeds lol".
func (p *sentCtx) answersOther() bool {
	_, text, ok := p.otherPrevious()
	if !ok || !strings.Contains(text, "?") && !strings.HasPrefix(strings.ToLower(text), "where") && !p.disc.unmarkedAsk(text) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if w = strings.Trim(w, ".,!?"); w == "you" || w == "u" || w == "ya" || w == "youre" || w == "you're" {
			return false
		}
	}
	return true
}

// pluralPeople are nouns for several people that "they" may stand for
// instead of an organisation named before them ("my parents", "ur mates").
var pluralPeople = lang.Words(`kids parents cousins mates friends guys lads girls boys folks people family
	grandparents sisters brothers children colleagues flatmates housemates neighbours neighbors aunts uncles
	inlaws in-laws twins fam crew band`)

// turnsSince returns the texts of the turns read after turn and before
// the current one, oldest first.
func (d *discourse) turnsSince(turn string) []string {
	for i := len(d.order) - 1; i >= 0; i-- {
		if d.order[i] != turn {
			continue
		}
		var out []string
		for _, id := range d.order[i+1:] {
			if id != d.order[len(d.order)-1] {
				out = append(out, d.texts[id])
			}
		}
		return out
	}
	return nil
}

// orgStale reports whether "they" or "it" can no longer be the
// organisation org: its turn said it was somewhere only for a while ("at
// the festival", "touring"), or since its name a group of people was
// spoken of ("my parents loved it", "where are ur mates now").
func (p *sentCtx) orgStale(org antecedent) bool { return p.disc.staleOrg(org) }

// staleOrg is orgStale for the discourse d, for readings of a whole turn.
func (d *discourse) staleOrg(org antecedent) bool {
	text := d.texts[org.turn]
	if visitText(text) {
		return true
	}
	if at := strings.LastIndex(strings.ToLower(text), strings.ToLower(org.ref.Name)); at >= 0 {
		text = text[at+len(org.ref.Name):]
	}
	for _, t := range append([]string{text}, d.turnsSince(org.turn)...) {
		for _, w := range strings.Fields(strings.ToLower(t)) {
			if pluralPeople[strings.Trim(w, ".,!?:;()\"'")] {
				return true
			}
		}
	}
	return false
}

// topicSince reports whether a turn since the organisation org was named
// asked about some other thing ("the pub quiz tonight?"), so that "it"
// may be that thing.
func (p *sentCtx) topicSince(org antecedent) bool {
	for _, t := range p.disc.turnsSince(org.turn) {
		if !strings.Contains(t, "?") || strings.Contains(strings.ToLower(t), strings.ToLower(org.ref.Name)) {
			continue
		}
		for _, w := range strings.Fields(strings.ToLower(t)) {
			if w == "the" || w == "a" || w == "an" || w == "this" || w == "that" {
				return true
			}
		}
	}
	return false
}

// reportedWords, in a sentence, make it another's words: "moving in on
// the 1st, he says".
var reportedWords = []string{"says", "said", "reckons", "claims", "thinks", "told"}

// thirdPartyOpening reports whether text opens on someone other than the
// speaker as its subject: "he", "she", "they", "my sister", or a name
// that is no speaker's ("dev got a place in Easton").
func (d *discourse) thirdPartyOpening(text string) bool {
	sents := d.sentencesOf(text)
	if len(sents) == 0 {
		return false
	}
	s := &sents[0]
	f := afterLeads(s)
	if f < 0 {
		return false
	}
	switch n := s.Norm(f); {
	case n == "he" || n == "she" || n == "they" || n == "his" || n == "her" || n == "their":
		return true
	case n == "my" || n == "our":
		_, ok := roleWords[s.Norm(f+1)]
		return ok
	case s.Is(f+1, "got", "found", "bought", "has", "'s", "is", "signed", "rented"):
		return !d.isSpeaker(s.Toks[f].Text) && (s.Toks[f].Cap || firstName(n) || d.typedPerson(s.Toks[f].Text))
	}
	return false
}

// careerObject reports whether what follows the career verb at v makes it
// a career step ("started it", "founded Fernleaf", "joined us", "set up
// a studio", "moved to Monzo"), not a pastime or an errand ("started
// running", "joined the queue").
func careerObject(s *sentence, v int) bool {
	k := v + 1
	switch {
	case s.Is(k, "it", "us", "them", "up", "out"):
		return true
	case s.Is(v, "moved", "retrained") && s.Is(k, "to", "into", "as", "over"):
		return true
	case s.Tok(k).Word && s.Tok(k).Cap && !s.Lower:
		return true
	}
	if s.Is(k, "a", "an", "the", "my", "his", "her", "their", "our", "ur", "your") {
		k++
	}
	for j := k; j < k+3 && j < len(s.Toks); j++ {
		if orgClasses[descriptionClass[s.Norm(j)]] || careerNouns[s.Norm(j)] {
			return true
		}
	}
	return false
}

// careerNouns are what a career starts or joins: "a startup", "the firm".
var careerNouns = lang.Words(`company startup business firm agency studio practice label brand own team
	charity consultancy collective`)
