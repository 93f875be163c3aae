package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A chat's own participants talked about in the third person ("Dan is.
// He's just started at Kestrel", "sam's back, she's running the ward
// now"): a participant another speaker names is an antecedent of
// he/she/his/her like any named person, and the pronoun lands on the
// entity the participant's own turns make. Never the one speaking, nor
// one only greeted, thanked or called by name in the turn that names them,
// nor one naming themselves.

// namedParticipant reports whether m, a mention of one of the chat's
// speakers, may be what a he/she of the current turn means: the chat has
// more than two speakers (of two, the other is the one addressed),
// another speaker named them in the text of m's turn, not as the one
// addressed nor only as the owner of a thing ("micko's old room"), and
// they are not the one speaking now.
func (d *discourse) namedParticipant(m mention) bool {
	if m.ref.Type != ontology.EntityPerson || len(d.names) < 3 || d.sameSpeaker(m.norm, d.speaking) || d.sameSpeaker(m.norm, d.speakerOf[m.turn]) {
		return false
	}
	toks := d.tokensOf(d.texts[m.turn])
	named := false
	for i, tok := range toks {
		if !tok.Word || ontology.NormaliseName(tok.Norm) != m.norm {
			continue
		}
		if addressedAt(toks, i) {
			return false
		}
		if tok.Poss && i+1 < len(toks) && !possIsBe[toks[i+1].Norm] && !possIsVerb[toks[i+1].Norm] {
			continue // "into micko's old room": the owner of a thing, not whom the turn is about
		}
		named = true
	}
	return named
}

// sameSpeaker reports whether norm, a normalised name, is the speaker
// label's name or its first word ("sam" of "Sam R").
func (d *discourse) sameSpeaker(norm, label string) bool {
	l := ontology.NormaliseName(label)
	return l != "" && (l == norm || strings.HasPrefix(l, norm+" "))
}

// addressedAt reports whether the name at toks[i] is said to its bearer:
// after a greeting or thanks ("thanks Dan!", "thanks, Dan", "morning
// Dan"), an @, after a comma at the end of a clause ("so proud of you,
// Dan!"), before "you" ("Dan you legend"), or opening the text before a
// comma ("Maya, she works at …").
func addressedAt(toks []lang.Token, i int) bool {
	j := i - 1
	if j > 0 && toks[j].Text == "," {
		if i+1 == len(toks) || !toks[i+1].Word {
			return true // "so proud of you, Dan!"
		}
		j-- // "thanks, Dan"
	}
	if j >= 0 && (greetingWords[toks[j].Norm] || greetedWords[toks[j].Norm] || toks[j].Text == "@") {
		return true
	}
	if i+1 < len(toks) && (toks[i+1].Norm == "you" || toks[i+1].Norm == "u") {
		return true // "Dan you legend"
	}
	if i+1 == len(toks) || toks[i+1].Text != "," {
		return false
	}
	for _, t := range toks[:i] {
		if t.Word {
			return false
		}
	}
	return true // "Maya, she works at …"
}

// possIsVerb are words beside possIsBe after a name's "'s" that make it
// "is" or "has" ("Dan's back", "Maya's got news", "Dan's off soon").
var possIsVerb = lang.Words(`back here around off gone got just not away out over home new`)

// greetedWords greet someone by name beside greetingWords.
var greetedWords = lang.Words(`morning evening night ta cheers`)

// participantRef is the entity of the speaker whose name or first name m
// is, with the speaker's label as its name ("Sam R" for "sam").
func (d *discourse) participantRef(m mention) ontology.EntityRef {
	for _, s := range d.names {
		if d.sameSpeaker(m.norm, s) {
			return ontology.EntityRef{Name: s, Type: ontology.EntityPerson}
		}
	}
	return m.ref
}

// speakerHere reports whether sp, a name read in the sentence before a
// pronoun, is a speaker the pronoun cannot mean: the one speaking, or one
// the sentence addresses ("Maya, she works at …"), or the other of a
// two-party chat. Another participant
// named in passing may be meant ("ask Maya, her husband Raj is a plumber").
func (p *sentCtx) speakerHere(sp span) bool {
	n := ontology.NormaliseName(sp.name)
	return p.disc.isSpeaker(sp.name) && (len(p.disc.names) < 3 || p.disc.sameSpeaker(n, p.speaker.Name) || addressedAt(p.s.Toks, sp.from))
}

// participant returns the participant a he/she means when one named in
// the text (namedParticipant) fits and is more recent than other, the
// antecedent found among everyone else (ok false: none): the participant
// then stands under their speaker label. A turn naming a fitting
// participant and another fitting person leaves other as it was.
func (d *discourse) participant(fits func(mention) bool, other antecedent, ok bool) (antecedent, bool) {
	a, found := d.resolve(func(m mention) bool { return fits(m) && (!d.speakers[m.norm] || d.namedParticipant(m)) })
	n := ontology.NormaliseName(a.ref.Name)
	if !found || !d.speakers[n] || ok && d.turnIndex(other.turn) >= d.turnIndex(a.turn) {
		return antecedent{}, false
	}
	a.ref = d.participantRef(mention{ref: a.ref, norm: n})
	return a, true
}

// turnIndex is the place in the discourse of the turn whose id is turn, as
// its mentions hold it (-1 when none does).
func (d *discourse) turnIndex(turn string) int {
	for i := len(d.mentions) - 1; i >= 0; i-- {
		if d.mentions[i].turn == turn {
			return d.mentions[i].index
		}
	}
	return -1
}

// isSpeaker reports whether name is one of the conversation's speakers.
func (d *discourse) isSpeaker(name string) bool {
	return d.speakers[ontology.NormaliseName(name)]
}
