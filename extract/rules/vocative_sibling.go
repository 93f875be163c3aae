package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Kin said by address in a family's chat (issue 14, h14-kin30): a brother
// or sister called by what they are ("well done sus", "so proud of u
// boetie", "take it boet"), and a parent's child called "my son" ("riaan
// my seun i hope you know what you are doing", "congratulations my son").
// "bro", "sis" and "boet" are said to mates as often as to siblings: they
// are read only where a speaker's label names a parent or grandparent
// (the chat is a family's), never from that elder (a mother's "my boetie"
// to her son is an endearment, not a brother) and never of one. The one
// called is the speaker whose label the word is, else the one other
// speaker of the two turns before that are no elder's, leaving out one
// whose label or given name says the other sex ("well done sus" after
// Ma's and Boet's turns is said to Lize, who spoke before them).

// siblingVocatives are the words a brother or sister is called by, with
// the role the one called has.
var siblingVocatives = map[string]string{"bro": "brother", "boet": "brother", "boetie": "brother",
	"ouboet": "brother", "sis": "sister", "sus": "sister", "sussie": "sister", "sissy": "sister",
	"didi": "sister", "bhaiya": "brother", "kuya": "brother"}

// siblingVocative reads a sibling called in a family's chat: FAMILY_OF
// the speaker and the one called, with that one's role.
func (p *sentCtx) siblingVocative() {
	s, d := p.s, p.disc
	if d == nil || p.speaker.Name == "" || elderLabels[labelLead(p.speaker.Name)] || !d.familyChat() {
		return
	}
	for k, t := range s.Toks {
		role, ok := siblingVocatives[t.Norm]
		if !ok || kinRetort(s, k) || !kinVocativeAt(s, k) && !p.vocativeEnds(k) && !p.calledAlone(k) {
			continue
		}
		to, turn, ok := p.siblingCalled(t.Text, role)
		if !ok {
			return
		}
		if turn != "" {
			defer p.citeFrom(turn)()
		}
		p.relRole(p.speaker, kindFamily, role, to, confWeak)
		return
	}
}

// familyChat reports whether a speaker's label names a parent or a
// grandparent ("Ma", "Grandad 👴").
func (d *discourse) familyChat() bool {
	for _, n := range d.names {
		if elderLabels[labelLead(n)] {
			return true
		}
	}
	return false
}

// vocativeEnds reports a word that ends its sentence, or the part of it
// an emoji closes, after what the speaker says ("well done sus 👏 about
// time", "so proud of u boetie 😭"), after no word that makes it an
// object, a complement or a possession ("me and my bro", "that's so
// sus").
func (p *sentCtx) vocativeEnds(k int) bool {
	s := p.s
	lead := afterLeads(s)
	if lead < 0 || k <= lead || !s.Tok(k-1).Word || s.Tok(k-1).Poss || vocativeBlockers[s.Norm(k-1)] ||
		s.Is(k-1, "so", "kinda", "bit", "very", "proper", "lowkey", "pretty", "super", "mad", "too") {
		return false
	}
	for j := k + 1; j < len(s.Toks); j++ {
		if j == k+1 && p.closedAfter(k) || !s.Toks[j].Word && s.Toks[j].Text != "," {
			return true
		}
		if s.Toks[j].Word && !s.Is(j, "x", "xx", "xxx", "lol", "haha") {
			return false
		}
	}
	return true
}

// closedAfter reports an emoji or a stop, not read as a token, between
// the word at k and the next token: in a chat it closes what was said.
func (p *sentCtx) closedAfter(k int) bool {
	s := p.s
	if k+1 >= len(s.Toks) || s.Toks[k].End > s.Toks[k+1].Start || s.Toks[k+1].Start > len(p.text) {
		return false
	}
	for _, r := range p.text[s.Toks[k].End:s.Toks[k+1].Start] {
		if !unicode.IsSpace(r) && r != ',' {
			return true
		}
	}
	return false
}

// calledAlone reports a sentence that is only the word, called out with
// an exclamation mark ("SUS!!!"): a call, not a verdict ("sus" alone may
// mean suspicious).
func (p *sentCtx) calledAlone(k int) bool {
	s := p.s
	if k != afterLeads(s) || k+1 < len(s.Toks) && s.Toks[k+1].Word {
		return false
	}
	return strings.HasPrefix(strings.TrimSpace(p.text[s.Toks[k].End:]), "!")
}

// siblingCalled is the brother or sister a sibling word calls, and the
// turn that shows who: the speaker labelled with the word ("Boet"), else
// the one other speaker of the two turns before that are no elder's
// (within the few turns an elder may add between), leaving out one whose
// label or name says the other sex; an elder never.
func (p *sentCtx) siblingCalled(word, role string) (ontology.EntityRef, string, bool) {
	d := p.disc
	want := roleGender[role]
	to, turn := "", ""
	if label, ok := d.speakerCalled(word); ok {
		to = label
	} else {
		me := ontology.NormaliseName(p.speaker.Name)
		for i, n := len(d.order)-2, 0; i >= 0 && n < 2 && i >= len(d.order)-5; i-- {
			by := d.speakerOf[d.order[i]]
			switch {
			case by == "":
				return ontology.EntityRef{}, "", false
			case elderLabels[labelLead(by)]:
				continue // a parent's turn between: never the one called
			case ontology.NormaliseName(by) == me || !p.mayBe(by, want):
			case to != "" && to != by:
				return ontology.EntityRef{}, "", false
			case to == "":
				to, turn = by, d.order[i]
			}
			n++
		}
	}
	if to == "" || ontology.NormaliseName(to) == ontology.NormaliseName(p.speaker.Name) || elderLabels[labelLead(to)] {
		return ontology.EntityRef{}, "", false
	}
	if !p.mayBe(to, want) {
		return ontology.EntityRef{}, "", false
	}
	return ontology.EntityRef{Name: to, Type: ontology.EntityPerson}, turn, true
}

// mayBe reports whether the speaker labelled name may be of sex want:
// neither the label ("sus" said to "Boet") nor the given name says the
// other.
func (p *sentCtx) mayBe(name string, want byte) bool {
	if r, ok := siblingVocatives[labelLead(name)]; ok && roleGender[r] != want {
		return false
	}
	g := p.disc.genderOf(name)
	return g == genderUnknown || g == want
}

// childWords are what a parent calls a child by after "my" ("my son",
// "my seun", "my daughter").
var childWords = lang.Words(`son daughter seun dogter`)

// childOpeners may come before a parent's "my son" ("congratulations my
// son", "well done my daughter").
var childOpeners = lang.Words(`congratulations congrats done thanks thank proud night morning love bye`)

// parentCallsChild reads a parent's "my son" said to a child: a speaker
// of the chat named first and then "my son" before what is said to him
// ("riaan my seun i hope you know…"), or "my son" after a congratulation
// or a thanks in a turn that names one other speaker ("oh my word riaan
// … congratulations my son"). The speaker's label must name a parent:
// between mates "my son" is banter ("get in my son").
func (p *sentCtx) parentCallsChild() {
	s, d := p.s, p.disc
	if d == nil || !parentLabels[labelLead(p.speaker.Name)] {
		return
	}
	for k := range s.Toks {
		if !s.Is(k, "my") || !childWords[s.Norm(k+1)] {
			continue
		}
		role := roleWords[s.Norm(k+1)].role
		next := k + 2
		after := next >= len(s.Toks) || !s.Tok(next).Word || s.Is(next, "i", "you", "we", "and", "x", "xx")
		if !after {
			continue
		}
		var to string
		switch {
		case k-1 == afterLeads(s) && k > 0:
			label, ok := d.speakerCalled(s.Toks[k-1].Text)
			if !ok {
				continue
			}
			to = label
		case childOpeners[s.Norm(k-1)]:
			to = p.oneSpeakerNamed()
		}
		if to == "" || ontology.NormaliseName(to) == ontology.NormaliseName(p.speaker.Name) || elderLabels[labelLead(to)] {
			continue
		}
		p.relRole(p.speaker, kindChild, role, ontology.EntityRef{Name: to, Type: ontology.EntityPerson}, confWeak)
		return
	}
}

// oneSpeakerNamed is the one speaker other than the speaker whose label
// the turn's sentence names, "" when none or more than one.
func (p *sentCtx) oneSpeakerNamed() string {
	found := ""
	for _, t := range p.s.Toks {
		label, ok := p.disc.speakerCalled(t.Text)
		if !t.Word || !ok || ontology.NormaliseName(label) == ontology.NormaliseName(p.speaker.Name) {
			continue
		}
		if found != "" && found != label {
			return ""
		}
		found = label
	}
	return found
}

// kin30Readings are the readings of kin said by address and of a couple's
// anniversary that h14-kin30 added (partners_anniversary.go), in order (runReadings skips a question).
var kin30Readings = []sentenceReading{
	{lang.Words(`bro boet boetie ouboet sis sus sussie sissy didi bhaiya kuya`), (*sentCtx).siblingVocative},
	{lang.Words(`son daughter seun dogter`), (*sentCtx).parentCallsChild},
	{lang.Words(`anniversary`), (*sentCtx).coupleAnniversary},
}
