package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Lower-case names a conversation keeps using (issue 14, h14-lower4). A
// chat typed without capitals names a person once in a slot the rules
// read ("my flatmate cormac") and then only by the bare word, or never in
// such a slot but again and again where only a person fits ("with
// pellam", "pellam texted me", "pellam's mum"). A word outside the word
// list (unknownWord: no chat spelling, slang, typo of an everyday word)
// that the conversation puts twice in a person's slot, once at least
// where only a person fits, is that person's name for the rest of the
// conversation: discourse state of one Extract call, never a list.
//
// Slots: the subject of a verb of persons ("pellam texted", "pellam
// reckons", "pellam works"), after a verb that takes a person ("told
// pellam", "with pellam"), a possessive before a relationship word
// ("pellam's mum"); a copula or "got|has" after the subject ("pellam is
// so annoying") counts only beside one of those.

// lowerUse is how a lower-case word was used in a person's slot so far.
type lowerUse struct {
	strong, weak int
}

// lower4Weak are verbs after a subject that a person and a thing share
// ("spotify is down", "radu is having a job"): a use, never enough alone.
var lower4Weak = lang.Words(`is was has had got gets seems looks`)

// thingPredicates, right after "is|was", say what a service, a shop or a
// device is, not a person: "spotify is down again", "deliveroo was late".
var thingPredicates = lang.Words(`down up out late closed shut open broken cheap cheaper expensive free dead back
	rubbish crashing glitching buffering lagging laggy slow fast full empty delayed cancelled`)

// thingPredicate reports whether the words at k (an adverb aside) say
// what a thing is.
func thingPredicate(s *sentence, k int) bool {
	if s.Is(k, "so", "really", "still", "always", "literally", "totally", "completely", "a", "the") {
		k++
	}
	return thingPredicates[s.Norm(k)]
}

// lower4Before are words right before a lower-case word that make it a
// person's: "with", the verbs of personVerbsBefore and a few more.
var lower4Before = lang.Words(`with met meeting seeing saw visiting visited invited hug hugging miss missed`)

// noteLowerUses counts, in the lower-case sentence s read for the first
// time, the person's slots holding a word outside the word list, and
// makes a word the conversation used so twice a person known for the
// rest of the conversation (recase then reads it as any known name).
func (k *known) noteLowerUses(sentences []sentence, at int) {
	s := &sentences[at]
	if !lowerStyle(s) {
		return
	}
	for i := range s.Toks {
		if s.Toks[i].Cap || !unknownWord(s, i) {
			continue
		}
		w := s.Toks[i].Norm
		if _, ok := k.entities[w]; ok || k.speakers[w] {
			continue
		}
		strong, weak := lower4Slot(s, i)
		if weak && at+1 < len(sentences) && !thingPredicate(s, verbAfterAdverbs(s, i+1)+1) &&
			!hasPronounObject(s) && !k.disc.mentioned(w) {
			next := &sentences[at+1]
			strong = next.Is(next.FirstWord(), "he", "she") && !holdsPetWord(next) // "radu is having now a job! he is accepted at …": both
		}
		if !strong && !weak {
			continue
		}
		if k.disc.lowerUses == nil {
			k.disc.lowerUses = map[string]lowerUse{}
		}
		u := k.disc.lowerUses[w]
		if strong {
			u.strong++
		}
		if weak {
			u.weak++
		}
		k.disc.lowerUses[w] = u
		if u.strong >= 1 && u.strong+u.weak >= 2 {
			k.entities[w] = ontology.EntityPerson
		}
	}
}

// lower4Slot reports whether the lower-case word at i stands where only a
// person fits (strong) or where a person or a thing may (weak).
func lower4Slot(s *sentence, i int) (strong, weak bool) {
	prev := s.Norm(i - 1)
	if s.Toks[i].Poss {
		k := i + 1
		return isRoleWord(s.Norm(k)) || s.Is(k, "birthday", "bday", "wedding", "house", "place", "flat"), false
	}
	if lower4Before[prev] || personVerbsBefore[prev] {
		return true, false
	}
	if !(i == s.FirstWord() || clauseOpeners[prev] || prev == "," || subjectOpener(s, i)) {
		return false, false
	}
	v := verbAfterAdverbs(s, i+1)
	nv := s.Norm(v)
	switch {
	case personVerbsAfter[nv] || nameSlotVerbs[nv] || s.Is(v, "said", "told", "asked", "thinks", "wants", "loves", "hates"):
		return true, false
	case s.Is(v, "is", "was") && s.Is(v+1, "my", "our", "your", "ur", "his", "her", "their") &&
		(isRoleWord(s.Norm(v+2)) || s.Is(v+2, "new", "old", "best", "big", "little", "favourite") && isRoleWord(s.Norm(v+3))):
		return true, true // "shaz is my boss now": a person at once
	case lower4Weak[nv]:
		return false, true
	}
	return false, false
}

// hasPronounObject reports whether s holds "her", "him" or "his", whom a
// "he" or "she" in the next sentence may mean ("copperpot got her. she's
// assistant manager …").
func hasPronounObject(s *sentence) bool {
	for i := range s.Toks {
		if s.Is(i, "her", "him", "his") {
			return true
		}
	}
	return false
}

// mentioned reports whether the conversation mentioned norm before, typed
// or not ("Waffles!!!", a dog, then "waffles is thriving. he's …"): the
// pronoun cue is for names said for the first time.
func (d *discourse) mentioned(norm string) bool {
	for i := range d.mentions {
		if d.mentions[i].norm == norm {
			return true
		}
	}
	return false
}

// holdsPetWord reports whether s names a pet's species or breed ("he's a
// corgi mix"): the pronoun may mean a pet.
func holdsPetWord(s *sentence) bool {
	for i := range s.Toks {
		if petWord(s.Toks[i].Norm) {
			return true
		}
	}
	return false
}
