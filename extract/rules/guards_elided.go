package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// goneWords, after "X's", say a person has left: "oonagh's gone", "jo's
// off", "kit's leaving".
var goneWords = lang.Words(`gone off leaving left moving moved back`)

// elidedOfOther reports whether a sentence that leaves its subject out
// ("moved to dundee!! funded phd") goes on about someone else whom the
// speaker's turn just before, or the sentence just before in this turn,
// opened on: "AND oonagh's gone." / "moved to dundee!!" is oonagh's move,
// not the speaker's. A turn of another speaker in between, a question,
// or an opening that is no person ("work's mad") leaves it the speaker's.
func (p *sentCtx) elidedOfOther() bool {
	d := p.disc
	if last := p.sentenceBefore(); last != nil {
		if last.Question || strings.TrimSpace(p.text[:last.Start]) != "" || !reactionOnly(last) {
			return !last.Question && d.opensOnOther(p.text[last.Start:last.End])
		}
		// "how's your sister?" / "good! still at Halden Print": the reaction
		// opens the answer, the question says whose it is
	}
	if len(d.order) < 2 {
		return false
	}
	prev := d.order[len(d.order)-2]
	if d.speakerOf[prev] != p.speaker.Name {
		return d.askedAfterOther(d.texts[prev], p.speaker.Name) // "where's dani now?" / "still at halden"
	}
	if strings.Contains(d.texts[prev], "?") || len(strings.Fields(d.texts[prev])) > 8 {
		return false
	}
	return d.opensOnOther(d.texts[prev])
}

// replyAboutOther reports whether the sentence opens a reply to another
// speaker's question about someone else (askedAfterOther): "where's
// Tom from?" / "salford lad originally".
func (p *sentCtx) replyAboutOther() bool {
	d := p.disc
	if d == nil || p.s.Start > 0 || len(d.order) < 2 {
		return false
	}
	prev := d.order[len(d.order)-2]
	return d.speakerOf[prev] != p.speaker.Name && d.askedAfterOther(d.texts[prev], p.speaker.Name)
}

// reactionOnly reports whether a sentence is only a word or two of
// reaction or greeting ("good!", "oh she's fine.", "yeah lol"), which
// opens a reply without saying whose the rest is.
func reactionOnly(s *sentence) bool {
	words := 0
	for k, t := range s.Toks {
		if !t.Word {
			continue
		}
		words++
		if words > 2 || !chatLeads[t.Norm] && !greetingWords[t.Norm] && !s.Is(k, "good", "fine", "great", "grand", "ok", "okay") {
			return false
		}
	}
	return words > 0
}

// thirdPronouns open a sentence on someone else: "she's", "their kid".
var thirdPronouns = lang.Words(`he she they his her their my our`)

// notSomeone open a sentence on no one in particular: "that's me", "it's
// fine", "everyone's gone".
var notSomeone = lang.Words(`that this it there here what who everyone everybody someone somebody nobody
	anyone all which work`)

// opensOnOther reports whether s opens on a person other than the
// speakers as its subject: "he's", "my sister is", "Dani got", "oonagh's
// gone".
func (d *discourse) opensOnOther(text string) bool {
	sents := d.sentencesOf(text)
	if len(sents) == 0 {
		return false
	}
	s := lastSaying(sents) // the sentence nearest the one read, a laugh after it left out
	text = text[s.Start:s.End]
	f := afterLeads(s)
	if f < 0 {
		return false
	}
	t := s.Tok(f)
	if t.Poss && goneWords[s.Norm(f+1)] {
		return !d.isSpeaker(t.Text) && (t.Cap || firstName(t.Norm) || d.typedPerson(t.Text) || !englishWords[t.Norm])
	}
	if t.Norm == "the" && isRoleWord(s.Norm(f+1)) && !s.Is(f+2, "of") {
		return true // "the husband's good! still at st brennock's" (h14-blind25)
	}
	if notSomeone[t.Norm] || englishWords[t.Norm] && !firstName(t.Norm) && !d.typedPerson(t.Text) && !thirdPronouns[t.Norm] {
		return false // "That's me! Started there in October"
	}
	return d.thirdPartyOpening(text)
}

// askedAfterOther reports whether text, another speaker's turn, ends on a
// question about how someone else is or where they are now ("where's
// dani now?", "what's Tom up to these days?", "is Jo still at Halden?",
// "how's your sister?"): the subjectless reply ("still at halden",
// "back in leeds") is then theirs, not the answerer's. A question put to
// the answerer ("where are you now?", "sam where's he now?") or one that
// asks what will happen ("is Tom coming tonight?" / "can't, working at
// the pub") leaves the reply the answerer's.
func (d *discourse) askedAfterOther(text, answerer string) bool {
	sents := d.sentencesOf(text)
	if len(sents) == 0 {
		return false
	}
	s := &sents[len(sents)-1]
	f := afterLeads(s)
	if thirdTag(s) {
		return true // "Huw's from round there isn't he?" / "Llandeilo born and bred"
	}
	if !s.Question && (len(sents) > 1 || !unmarkedWhAsk(s, f)) {
		return false // "whats he doing now" asks with no question mark; "what a day" does not
	}
	if f < 0 || !s.Is(f, "where", "what", "how", "any", "whats", "wheres", "hows") && !(s.Is(f, "is", "does", "has") && wordsInAny(s, stillWords)) {
		return false
	}
	for k := f + 1; k < len(s.Toks); k++ {
		if youWords[s.Norm(k)] && !(s.Is(k, "your", "ur") && isRoleWord(s.Norm(k+1))) {
			return false // "where are you now?", but not "how's your sister?"
		}
	}
	j := f + 1
	for s.Is(j, "is", "does", "has", "was", "about", "news", "word", "on", "from", "of") {
		j++ // "where's", "what about", "any news on"
	}
	t := s.Tok(j)
	switch {
	case s.Is(j, "he", "she"), s.Is(j, "your", "ur", "his", "her", "my") && isRoleWord(s.Norm(j+1)):
		return true // "where's he now?", "how's your sister?"
	case !t.Word || !isLetterWord(t.Text) || notNameWord(t.Norm) || ontology.NormaliseName(t.Text) == ontology.NormaliseName(answerer):
		return false // "where's the party?", "what about tomorrow?", "sam where r u"
	}
	m := mention{ref: ontology.EntityRef{Name: titleCase(t.Text), Type: ontology.EntityConcept}, norm: ontology.NormaliseName(t.Text)}
	return !d.typedThing(m) && !inGazetteer(t.Norm) && (t.Cap || firstName(t.Norm) || !englishWords[t.Norm] || d.typedPerson(titleCase(t.Text)))
}

// thirdTag reports whether the sentence ends on a tag that asks the
// answerer to confirm something of a third person ("Huw's from round
// there isn't he?", "she's at Arup now, isn't she"): what the answer says
// without a subject is that person's. A tag on "you" asks of the answerer.
func thirdTag(s *sentence) bool {
	n := len(s.Toks)
	for n > 0 && !s.Toks[n-1].Word {
		n--
	}
	return n >= 3 && s.Is(n-1, "he", "she") && s.Norm(n-2) == "not" && s.Is(n-3, "is", "was", "does", "did", "has")
}

// stillWords ask after how things are now in a yes/no question: "is Jo
// still at Halden?".
var stillWords = lang.Words(`still now anymore`)

// unmarkedWhAsk reports whether s, a turn's one sentence, asks with no
// question mark after someone's doings or whereabouts, as chats do: "whats
// he doing now", "where's your sister living these days", "how is Tom".
func unmarkedWhAsk(s *sentence, f int) bool {
	if f < 0 {
		return false
	}
	return s.Is(f, "whats", "wheres", "hows") || s.Is(f, "what", "where", "how") && s.Is(f+1, "is", "'s", "does", "has")
}

// unmarkedAsk reports whether text, a turn, is one sentence asking with
// no question mark ("whats he doing now").
func (d *discourse) unmarkedAsk(text string) bool {
	sents := d.sentencesOf(text)
	if len(sents) != 1 {
		return false
	}
	return unmarkedWhAsk(&sents[0], afterLeads(&sents[0]))
}
