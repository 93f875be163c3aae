package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Questions answered in the next message (issue 14, h14-blind5): "how do
// you know Tariq?" / "work" or "from uni"; "what's your favourite band?" /
// "Blur, obviously"; "what are you into these days?" / "bouldering
// mostly".

// askedJustBefore returns the last sentence of the question another
// speaker asked in the turn just before this one (with or without its
// question mark when it opens on "what" or "who").
func (p *sentCtx) askedJustBefore() (*sentence, bool) {
	if p.disc == nil {
		return nil, false
	}
	// What it reads (the speaker, the turn's index, each speaker's last
	// turn) stays as it is while a turn is read: once per turn.
	m := &p.memo
	if !m.askedRead {
		m.asked, m.askedOK = p.readAskedJustBefore()
		m.askedRead = true
	}
	return m.asked, m.askedOK
}

// readAskedJustBefore is askedJustBefore, read.
func (p *sentCtx) readAskedJustBefore() (*sentence, bool) {
	for who, last := range p.known.lastBy {
		if who == p.speaker.Name || p.disc.index-last.index != 1 {
			continue
		}
		sents := p.sentencesOf(chatSpelling(last.last))
		if len(sents) == 0 {
			continue
		}
		q := &sents[len(sents)-1]
		if !last.question && !q.Is(q.FirstWord(), "what", "what's", "who", "who's", "which") {
			continue // "whats ur fave band rn" asks without its question mark
		}
		return q, true
	}
	return nil, false
}

// howKnowAnswer reads a short answer to "how do you know X?" that names
// where they met: "work", "from work", "uni", "through school": KNOWS of
// the answerer, with the role the place gives (tieSources).
func (p *sentCtx) howKnowAnswer() {
	s := p.s
	if s.Question || p.speaker.Name == "" || len(s.Toks) > 6 {
		return
	}
	other, ok := p.askedHowKnow()
	if !ok {
		return
	}
	for k := 0; k < len(s.Toks) && k < 4; k++ {
		role, ok := tieSources[s.Norm(k)]
		if !ok {
			continue
		}
		for j := 0; j < k; j++ {
			if s.Toks[j].Word && !s.Is(j, "from", "through", "thru", "via", "at", "my", "our", "oh", "we", "met", "uni", "old") {
				return // "not from work", "his work"
			}
		}
		kind := kindKnows
		if role == "colleague" {
			kind = kindColleague
		}
		p.relRole(p.speaker, kind, role, other, confWeak)
		return
	}
}

// favouriteAsked reads a question for the addressee's favourite ("what's
// your favourite band?", "fave film?") or what they are into ("what are
// you into these days?").
func favouriteAsked(q *sentence) bool {
	for k := 0; k+1 < len(q.Toks); k++ {
		if q.Is(k, "your", "ur") && q.Is(k+1, "favourite", "favorite", "fave", "fav") {
			return true
		}
		if q.Is(k, "you", "u") && q.Norm(k+1) == "into" {
			return true
		}
	}
	return false
}

// favouriteAnswer reads the answer to such a question: the name or
// activity it opens on is a liking of the answerer. A hedged or negative
// answer ("not sure", "nothing really") says nothing.
func (p *sentCtx) favouriteAnswer() {
	s := p.s
	if s.Question || p.speaker.Name == "" || len(s.Toks) > 8 {
		return
	}
	q, ok := p.askedJustBefore()
	if !ok || !favouriteAsked(q) || answersForOther(s) {
		return
	}
	f := s.FirstWord()
	for f >= 0 && f < len(s.Toks) && (implicitLead[s.Norm(f)] || greetingWords[s.Norm(f)] || s.Is(f, "probably", "prob", "definitely", "def", "defo")) {
		f++
	}
	if f < 0 || f >= len(s.Toks) || s.Is(f, "nothing", "not", "no", "dunno", "idk", "none", "hmm", "hard", "too", "you", "i", "it", "that") {
		return
	}
	if !nameStart(s, f) && !lang.IsGerund(s.Norm(f)) {
		return // "depends on my mood", "same as yours", "can't choose": only a name or an activity answers
	}
	ins := p.interests(f, len(s.Toks))
	for _, in := range ins {
		if quantityWord(strings.ToLower(firstWord(in.value))) || p.isSpeaker(ontology.EntityRef{Name: in.value}) {
			return
		}
	}
	for _, in := range ins {
		if answerReactions[strings.ToLower(in.value)] {
			continue // "Wet Leg, obsessed": the answer's comment, no second liking
		}
		p.liking(p.speaker, in, " likes ", confWeak)
	}
}

// answersForOther reports whether an answer speaks of someone else's
// liking: "dan is, hes obsessed", "my mum is".
func answersForOther(s *sentence) bool {
	for j := range s.Toks {
		if s.Is(j, "he", "she", "hes", "shes", "they", "theyre") || s.Is(j, "is", "does") && (j+1 >= len(s.Toks) || !s.Toks[j+1].Word) {
			return true
		}
	}
	return false
}

// answerReactions are the comments an answer adds after the liking it
// names.
var answerReactions = lang.Words(`obsessed love loving obviously obvs definitely defo always forever honestly
	easily hands down fave favourite favorite`)

// maxTrailWords bounds the comment a where/who question may be followed by
// in its turn and still be the question an answer takes up.
const maxTrailWords = 6

// trailedQuestion reads the where/who question a turn asks (readQuestion):
// its last sentence, or the question just before a short remark that asks
// nothing ("where's thornbury hall? sorry still learning the patch",
// "where are u from originally? the accent's not harrogate"): the answer
// still takes up the question. A longer remark or a second question moves
// the talk on ("where's the Crown? Tom said he'd meet us at Gail's at 8"
// asks nothing an answer takes up).
func trailedQuestion(sentences []sentence) question {
	n := len(sentences)
	if q, ok := readQuestion(&sentences[n-1]); ok || n < 2 {
		return q
	}
	last := &sentences[n-1]
	if last.Question || !sentences[n-2].Question || last.Said {
		return question{}
	}
	words := 0
	for _, t := range last.Toks {
		if t.Norm == "@" {
			return question{} // "where's the Crown? @tom you know it": put to someone else
		}
		if t.Word {
			words++
		}
	}
	if words > maxTrailWords {
		return question{}
	}
	q, _ := readQuestion(&sentences[n-2])
	return q
}
