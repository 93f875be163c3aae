package rules

import (
	"github.com/loci-memory/loci/lang"
)

// A parent's introduction of themself by their children (issue 14,
// h14-blind27): "I'm Hannah, mum to Olly in 3B", "Ritu here, mum of the
// twins Aarav and Anika", "I'm dad to Finn and Isla". Parents' group chats
// open so; the child is named and the parent is the speaker. The relation
// runs from each child to the speaker, as "Hamish's mum" does.

// introParentWords are the parent words such an introduction uses, with the
// role each gives.
var introParentWords = map[string]string{"mum": "mom", "mom": "mom", "mam": "mom", "mummy": "mom", "mama": "mom",
	"mother": "mother", "dad": "dad", "daddy": "dad", "papa": "dad", "father": "father"}

// introChildFillers are the words that may stand between "mum to|of" and
// the names: "the twins", "my two", "two boys".
var introChildFillers = lang.Words(`the my our twins two three four boys girls kids little ones ,`)

// blind27Readings are the readings h14-blind27 added, run as the other
// rounds' lists are (sentence_reading_lists.go).
var blind27Readings = []sentenceReading{
	{lang.Words(`mum mom mam mummy mama mother dad daddy papa father`), (*sentCtx).parentIntro},
}

// parentIntro reads "<speaker intro>, mum to|of X (and Y)", "<speaker
// intro>, X's mum" and "I'm mum to|of X": FAMILY_OF from each child to the
// speaker. The parent word must
// follow "I'm" directly, or a comma after the speaker's own introduction
// ("I'm Hannah", "Ritu here", "Claire" opening the sentence): "like a mum
// to him", "a second mum to Olly", "my sister, mum to Olly" and another
// speaker's "Hannah, mum to Olly" say nothing of the speaker.
func (p *sentCtx) parentIntro() {
	s := p.s
	for k := 1; k+2 < len(s.Toks); k++ {
		role, ok := introParentWords[s.Norm(k)]
		if !ok {
			continue
		}
		if s.Toks[k-1].Poss && p.speakerIntroBefore(k-1) {
			// "Bronwyn (Bron) here, Ella's mum in 3A"
			if child, end, ok := p.person(k - 1); ok && end == k && !p.isSpeaker(child) {
				p.relRole(child, kindFamily, role, p.speaker, confWeak)
			}
			return
		}
		if !s.Is(k+1, "to", "of") || !p.speakerIntroBefore(k) {
			continue
		}
		j := k + 2
		for n := 0; n < 3 && introChildFillers[s.Norm(j)]; n++ {
			j++
		}
		people, _ := p.personList(j)
		if len(people) == 0 {
			people, _ = p.namesList(j, p.lowerPerson)
		}
		for _, child := range people {
			if p.isSpeaker(child) {
				return
			}
			p.relRole(child, kindFamily, role, p.speaker, confWeak)
		}
		return
	}
}

// speakerIntroBefore reports whether the parent word at k introduces the
// speaker: "I'm|I am" right before it, or a comma after "I'm <name>", "it's
// <name>" or "<name> here". The name is whatever the speaker calls
// themself, not their label: a handle or a display name must not change
// the reading. A name alone before the comma ("Hannah, mum to Olly, is
// the chair") may be anyone and says nothing.
func (p *sentCtx) speakerIntroBefore(k int) bool {
	s := p.s
	if s.Norm(k-1) == "im" || s.Seq(k-2, "i", "am") || s.Seq(k-2, "i", "'m") {
		return true
	}
	if s.Norm(k-1) != "," {
		return false
	}
	end := k - 1
	here := s.Norm(end-1) == "here"
	if here {
		end--
	}
	if s.Norm(end-1) == ")" { // "Bronwyn (Bron) here": the short name in brackets
		for i := end - 2; i > 0 && i >= end-4; i-- {
			if s.Norm(i) == "(" {
				end = i
				break
			}
		}
	}
	start := 0
	for i := end - 1; i > 0; i-- {
		if !s.Toks[i].Word {
			start = i + 1
			break
		}
	}
	intro := here
	if s.Is(start, "hi", "hiya", "hello", "hey", "morning") {
		start++
	}
	switch {
	case s.Norm(start) == "im":
		start, intro = start+1, true
	case s.Seq(start, "i", "am"), s.Seq(start, "i", "'m"), s.Seq(start, "it", "is"):
		start, intro = start+2, true
	}
	if !intro || start >= end || end-start > 3 {
		return false
	}
	if _, _, ok := p.person(start); ok {
		return true
	}
	_, _, ok := p.lowerPerson(start)
	return ok
}
