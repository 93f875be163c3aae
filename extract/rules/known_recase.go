package rules

import (
	"slices"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// recaseKnown capitalises, in any sentence, a lower-case run of words that
// is a name the conversation already knows (knownNames: stored before the
// batch, or named by the batch's earlier turns), so every reading that
// looks for a name in its slot reads it as that name ("savills now",
// "not at dunmore anymore", "ciaran works there"), and types it as the
// known entity was typed. The filters of mentionsOf hold: one of its words
// must still read as a name (nameLikeWord: no common word, -ing or -ed
// word unless a given name or a gazetteer place), never after "a" or
// "some", never a speaker's name the sentence speaks to, never a run that
// a capitalised name or an organisation word continues (a name inside a
// longer name).
func (k *known) recaseKnown(s *sentence) {
	if len(k.names.list) == 0 {
		return
	}
	for i := 0; i < len(s.Toks); i++ {
		kn, n := k.names.lowerRunAt(s, i)
		if n == 0 {
			continue
		}
		capitalise(s, i, i+n)
		if norm := ontology.NormaliseName(kn.ref.Name); k.entities[norm] == "" {
			k.entities[norm] = kn.ref.Type
		}
		if norm := ontology.NormaliseName(joinText(s, i, i+n)); k.entities[norm] == "" {
			k.entities[norm] = kn.ref.Type // "Ciarán" written "ciaran"
		}
		i += n - 1
	}
}

// lowerRunAt returns the longest known name whose words the lower-case
// words at i spell (folding accents), and how many words it takes, or 0
// (see recaseKnown).
func (kn *knownNames) lowerRunAt(s *sentence, i int) (knownName, int) {
	if !plainWord(s, i) || s.Toks[i].Cap || indefinite[s.Norm(i-1)] || s.Tok(i-1).Word && s.Tok(i-1).Cap && i-1 != s.FirstWord() {
		return knownName{}, 0
	}
	first := lang.FoldAccents(s.Toks[i].Norm)
	var best knownName
	n := 0
	for _, at := range kn.byFirst[first] {
		c := kn.list[at]
		if len(c.words) > n && kn.spells(s, i, c) {
			best, n = c, len(c.words)
		}
	}
	if n == 0 {
		return knownName{}, 0
	}
	next := s.Tok(i + n)
	if !s.Toks[i+n-1].Poss && next.Word && (next.Cap || orgCues[next.Norm]) {
		return knownName{}, 0 // "dunmore Road", "oatlands coffee": a longer name
	}
	if s.Toks[i+n-1].Poss && lower5HeadedSpan(s, i) > n {
		return knownName{}, 0 // "joined kayleigh's surf club": read whole whether or not she is known
	}
	if best.speaker && vocative(s, i, i+n) || !knownNameSlot(s, i, n) {
		return knownName{}, 0
	}
	return best, n
}

// knownSlotWords, right before a word, make it the slot a name fills: an
// organisation after "at", "for" or "joined", a place after "in", "to" or
// "from", a person after "with" ("not at dunmore anymore", "she's in
// partick now", "joined kettlebird").
var knownSlotWords = lang.Words(`at in to from for with near into joined join joining left leaving quit quitting
	founded runs run running owns owned manages managed visiting visited`)

// knownNameSlot reports whether the words [i, i+n) stand where the
// readings look for a name: after a slot word, or as the subject of a
// clause whose verb takes a person (as lowerNameAt reads it: "ciaran
// works there now", "so dayo moved to leeds").
func knownNameSlot(s *sentence, i, n int) bool {
	prev := s.Norm(i - 1)
	if knownSlotWords[prev] || placeCueBefore(s, i) || !s.Toks[i+n-1].Poss && !polarAsked(s, i) && placedNameTail(s, i+n) {
		return true // … or "riverside physio in norwich" (lowercase_org_in.go)
	}
	if s.Is(i-1, "is", "'s", "are", "r") && s.Is(i-2, "where") && !s.Tok(i+n).Word {
		return true // "where's thornbury hall?": the subject asked after (answers.go)
	}
	if s.Toks[i+n-1].Poss || !(i == s.FirstWord() || clauseOpeners[prev] || prev == "," || subjectOpener(s, i)) {
		return false
	}
	v := verbAfterAdverbs(s, i+n)
	return likingState(s, i+n) || nameSlotVerbs[s.Norm(v)] || frameSubjectVerbs[s.Norm(v)] || personVerb(s, i, v)
}

// spells reports whether the lower-case words from i on are c's words, one
// of them reading as a name.
func (kn *knownNames) spells(s *sentence, i int, c knownName) bool {
	if i+len(c.words) > len(s.Toks) {
		return false
	}
	nameLike := false
	for j, w := range c.words {
		t := s.Toks[i+j]
		if !plainWord(s, i+j) || t.Cap || t.Poss && j < len(c.words)-1 || lang.FoldAccents(t.Norm) != w {
			return false
		}
		nameLike = nameLike || nameLikeWord(w)
	}
	return nameLike
}

// addRequest keeps the names of the request's known entities and stored
// names (add). A stored name's type does not type a later capitalised
// mention: measured, that gave a dog's name a partner and "Gotta" a friend
// in held-out LoCoMo conversations (docs/benchmarks.md, session 23).
func (kn *knownNames) addRequest(req ontology.ExtractRequest) {
	for _, e := range append(slices.Clone(req.KnownEntities), req.StoredNames...) {
		kn.add(e)
	}
}
