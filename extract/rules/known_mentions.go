package rules

import (
	"maps"
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// knownName is a name the conversation has given an entity so far, as the
// turns that named it wrote it, with its words folded for matching.
type knownName struct {
	ref     ontology.EntityRef
	words   []string
	speaker bool // a speaker's name
	written bool // written capitalised where the conversation named it (writtenAsName)
}

// knownNames are the names a turn may mention again without the readings
// taking them for names: the entities stored before the batch and those
// the batch's earlier turns named, once each by normalised name.
type knownNames struct {
	list     []knownName
	seen     map[string]bool
	byFirst  map[string][]int       // indexes of list by a name's first word
	speakers map[string]bool        // normalised speaker names and first names (known.speakers)
	shorts   map[string][]shortForm // short forms of organisations' names by first word (short_names.go)
}

// add keeps ref's name when it may be matched in any case: a name of one
// of ontology.ContextNameTypes (concepts, activities and works are often
// common words: "jazz", "hiking") not made of common words only ("Bath", "Mum",
// "Will" read as words more often than as names).
func (kn *knownNames) add(ref ontology.EntityRef) {
	if !slices.Contains(ontology.ContextNameTypes, string(ref.Type)) {
		return
	}
	n := ontology.NormaliseName(ref.Name)
	if n == "" || kn.seen[n] {
		return
	}
	if kn.seen == nil {
		kn.seen = map[string]bool{}
	}
	kn.seen[n] = true
	words := strings.Fields(lang.FoldAccents(n))
	distinct := false
	for _, w := range words {
		if len(w) >= 3 && !commonNameWord(w) {
			distinct = true
		}
	}
	if distinct {
		if kn.byFirst == nil {
			kn.byFirst = map[string][]int{}
		}
		kn.byFirst[words[0]] = append(kn.byFirst[words[0]], len(kn.list))
		kn.list = append(kn.list, knownName{ref: ref, words: words, speaker: kn.speakers[n], written: writtenAsName(ref.Name)})
		kn.addShortForms(len(kn.list) - 1)
	}
}

// commonNameWord reports whether w is a word a chat writes as a word more
// often than as a name.
func commonNameWord(w string) bool {
	return notNameWord(w) || englishWords[w] || wordNames[w] || titleWords[w] || occupations[w]
}

// indefinite words put before a word make it a common noun ("a pint", "some
// biscuits"), never a name.
var indefinite = lang.Words(`a an another some any one more`)

// vocativeOpeners may come before the name of the one a turn speaks to
// ("thanks, Melanie!", "yeah John, …").
var vocativeOpeners = lang.Words(`yeah yes yep yup oh wow ok okay aw aww ah haha lol omg sure no nope well love dear so`)

// nameLikeWord reports whether w, a word not capitalised as a name is
// (lower case, or opening a sentence), still reads as a name: a given
// name, a place of the gazetteer, or a word no English vocabulary holds,
// singular or plural ("colette", "leeds", "exmoor"; not "basketball",
// "nature", "setbacks").
func nameLikeWord(w string) bool {
	if len(w) < 3 || notLowerName(w) || commonNameWord(w) {
		return false
	}
	if firstName(w) || gazetteer[w] {
		return true
	}
	if inVocab(w) {
		return false
	}
	for _, end := range [][2]string{{"ies", "y"}, {"es", ""}, {"s", ""}} {
		if stem, ok := strings.CutSuffix(w, end[0]); ok && inVocab(stem+end[1]) {
			return false
		}
	}
	return true
}

// nameWord is a word of a turn as the known names are matched against it.
type nameWord struct {
	norm  string // lower case, accents folded
	cap   bool   // capitalised where no sentence opens: written as a name
	after bool   // right after punctuation, a greeting or an interjection, or opening the turn
	ends  bool   // right before punctuation or the end of the turn
	prev  string // the word before, "" after punctuation
	upper bool   // capitalised, a sentence opening too
	poss  bool   // followed by a possessive (or contracted) 's
}

// nameWords returns text's words for matching.
func nameWords(text string) []nameWord {
	toks := lang.Tokenize(text)
	var out []nameWord
	for i, tok := range toks {
		if !tok.Word {
			continue
		}
		w := nameWord{norm: lang.FoldAccents(tok.Norm), ends: i+1 == len(toks) || !toks[i+1].Word}
		opens := i == 0 || strings.ContainsAny(toks[i-1].Norm, ".!?\n")
		w.cap = tok.Cap && !opens
		w.upper, w.poss = tok.Cap, tok.Poss
		if i > 0 && toks[i-1].Word {
			w.prev = toks[i-1].Norm
		}
		w.after = i == 0 || !toks[i-1].Word || greetingWords[w.prev] || vocativeOpeners[w.prev]
		out = append(out, w)
	}
	return out
}

// mentionsIn returns, for each of turns, a mention of every known entity
// its words name but its readings (emitted, by turn id) did not take for
// a name: a name typed in lower case ("colette's leaving!!", "goldsmiths
// is so cool") or in no slot a reading knows ("Kev's the head mechanic
// there"). It runs once the whole batch is read, so a name the batch
// gives later counts too. The mention ties the entity to the turn (its
// mentions, its co-mentions with the turn's other entities) and states
// nothing about it; the discourse never notes it, so no pronoun resolves
// to it. A name inside a longer name the turn names ("Oatlands" in
// "Oatlands Coffee") is not mentioned apart.
func (kn *knownNames) mentionsIn(turns []ontology.Turn, emitted map[string][]ontology.EntityMention) []ontology.EntityMention {
	if len(kn.list) == 0 {
		return nil
	}
	var out []ontology.EntityMention
	for _, t := range turns {
		out = append(out, kn.mentionsOf(t, emitted[t.ID])...)
	}
	return out
}

// mentionsOf is mentionsIn for one turn. A name matches where it is
// written as a name, or where its words still read as one (nameLikeWord);
// never after "a" or "some", and a speaker's name never where the turn
// speaks to them ("thanks, Melanie!"): the one spoken to takes part
// through "you", as CoMentions count it.
func (kn *knownNames) mentionsOf(t ontology.Turn, emitted []ontology.EntityMention) []ontology.EntityMention {
	words := nameWords(t.Text)
	named := map[string]bool{lang.FoldAccents(ontology.NormaliseName(t.Speaker)): true}
	var longer [][]string
	other := map[string]bool{} // names the turn gave a person, a place or an animal
	for _, e := range emitted {
		n := lang.FoldAccents(ontology.NormaliseName(e.Name))
		named[n] = true
		other[n] = other[n] || e.Type == ontology.EntityPerson || e.Type == ontology.EntityPlace || e.Type == ontology.EntityAnimal
		longer = append(longer, strings.Fields(n))
	}
	type hit struct {
		name     knownName
		from, to int
	}
	// Each name's first match, found through the index of first words:
	// the turn's words are read once, not once a known name.
	first := map[int][2]int{} // index in kn.list → the words it spans
	for i, w := range words {
		for _, at := range kn.byFirst[w.norm] {
			c := kn.list[at]
			if _, done := first[at]; done || i+len(c.words) > len(words) || named[strings.Join(c.words, " ")] {
				continue
			}
			if c.matchAt(words, i) {
				first[at] = [2]int{i, i + len(c.words)}
			}
		}
	}
	// Then the short forms of names no turn's word spelled in full, where
	// the turn's readings took the words for no person, place or animal
	// ("my mate Hollins", a person: no Hollins & Marr).
	for i, w := range words {
		for _, f := range kn.shorts[w.norm] {
			if _, done := first[f.at]; done || named[strings.Join(kn.list[f.at].words, " ")] || other[strings.Join(f.words, " ")] {
				continue
			}
			if kn.shortAt(f, words, i) {
				first[f.at] = [2]int{i, i + len(f.words)}
			}
		}
	}
	var hits []hit
	for _, at := range slices.Sorted(maps.Keys(first)) {
		hits = append(hits, hit{kn.list[at], first[at][0], first[at][1]})
	}
	var out []ontology.EntityMention
	for _, h := range hits {
		inside := false
		for _, o := range hits {
			if o.to-o.from > h.to-h.from && o.from <= h.from && h.to <= o.to {
				inside = true
			}
		}
		for _, l := range longer {
			if len(l) > len(h.name.words) && containsWords(l, h.name.words) {
				inside = true
			}
		}
		if inside || full(len(emitted)+len(out)+1) {
			continue
		}
		out = append(out, ontology.EntityMention{EntityRef: h.name.ref, SourceTurnIDs: []string{t.ID}})
	}
	return out
}

// matchAt reports whether words from i on name kn (see mentionsOf).
func (kn knownName) matchAt(words []nameWord, i int) bool {
	last := i + len(kn.words) - 1
	nameLike := words[i].cap
	for j, w := range kn.words {
		if words[i+j].norm != w {
			return false
		}
		nameLike = nameLike || nameLikeWord(w)
	}
	// A name of two or more words is matched in lower case even when its
	// words are all words of the vocabulary ("marsh lane motors", "hollow
	// tides") once the conversation wrote it capitalised: all of it, on word
	// boundaries, is no phrase chats use by chance.
	if !nameLike && kn.written && len(kn.words) > 1 {
		nameLike = !runsOn(words, last) // not "hyde park house"
	}
	if !nameLike || !words[i].cap && indefinite[words[i].prev] {
		return false
	}
	return !(kn.speaker && words[i].after && words[last].ends)
}

// runsOn reports whether the lower-case word after words[last] goes on
// with a longer name: an organisation's, a street's or a building's word
// ("hyde park house", "marsh lane garage").
func runsOn(words []nameWord, last int) bool {
	if last+1 >= len(words) || words[last].ends || words[last].poss {
		return false
	}
	next := words[last+1].norm
	return orgCues[next] || streetWords[next] || buildingWords[next]
}

// buildingWords end the names of buildings and halls.
var buildingWords = lang.Words(`house hall court building tower towers lodge cottage farm estate flats station airport`)

// containsWords reports whether words appear in l as a run.
func containsWords(l, words []string) bool {
	for i := 0; i+len(words) <= len(l); i++ {
		match := true
		for j, w := range words {
			if l[i+j] != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// openingPersonPronouns and openingGroupPronouns, among the first words of
// a turn, point back at someone or some organisation the turns before it
// named ("she's taken a matron post at the royal exmoor", "they're in
// evanston right by the train").
var (
	openingPersonPronouns = lang.Words(`he she him her`)
	openingGroupPronouns  = lang.Words(`they their them`)
	// openingAuxiliaries open a question about whom the pronoun means
	// ("has he been at northgate long", "isn't he in portugal now").
	openingAuxiliaries = lang.Words(`is isn't are aren't was wasn't were do does doesn't did didn't has hasn't have haven't had can could will would`)
)

// openingWords is how many of a turn's first words an opening pronoun may
// come after, all of them function words, greetings or interjections
// ("and he's bought a staffie", "is he still with…", "oh she's left").
const openingWords = 4

// openingReferent returns whom a pronoun opening the turn text means, as
// the discourse resolves it before the turn is read: a person for
// "he"/"she" (of a compatible gender, never a speaker), an organisation
// for "they"; ok is false when the turn opens with no such pronoun or it
// resolves to no one, or to two.
func (d *discourse) openingReferent(text string) (ontology.EntityRef, bool) {
	n := 0
	toks := lang.Tokenize(text)
	for i, tok := range toks {
		if !tok.Word {
			continue
		}
		if n++; n > openingWords {
			break
		}
		if i+1 < len(toks) && toks[i+1].Norm == "name" {
			return ontology.EntityRef{}, false // "her name is Noor" names someone new
		}
		var a antecedent
		var ok bool
		switch {
		case openingPersonPronouns[tok.Norm]:
			a, ok = d.person(tok.Norm)
		case openingGroupPronouns[tok.Norm]:
			a, ok = d.organisation()
		default:
			if !lang.StopWords[tok.Norm] && !greetingWords[tok.Norm] && !vocativeOpeners[tok.Norm] && !openingAuxiliaries[tok.Norm] {
				return ontology.EntityRef{}, false // "Pickle had her teeth done": a name comes first
			}
			continue
		}
		return a.ref, ok
	}
	return ontology.EntityRef{}, false
}

// referent adds a mention of whom the turn's opening pronoun means
// (openingReferent) when the turn names them nowhere: the turn then takes
// part in their co-mentions. It states nothing about them.
func (c *turnCtx) referent(ref ontology.EntityRef) {
	if ref.Name == "" || c.isSpeaker(ref) || full(len(c.out.Entities)+1) {
		return
	}
	n := ontology.NormaliseName(ref.Name)
	for _, e := range c.out.Entities {
		if ontology.NormaliseName(e.Name) == n {
			return
		}
	}
	c.out.Entities = append(c.out.Entities, ontology.EntityMention{EntityRef: ref, SourceTurnIDs: c.ids})
}
