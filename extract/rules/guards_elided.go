package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
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
	if last := p.sentenceBefore(); last != nil {
		return !last.Question && p.disc.opensOnOther(p.text[last.Start:last.End])
	}
	d := p.disc
	if len(d.order) < 2 {
		return false
	}
	prev := d.order[len(d.order)-2]
	if d.speakerOf[prev] != p.speaker.Name || strings.Contains(d.texts[prev], "?") || len(strings.Fields(d.texts[prev])) > 8 {
		return false
	}
	return d.opensOnOther(d.texts[prev])
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
	s := &sents[len(sents)-1] // the sentence nearest the one read
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
