package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// shortForm is a shorter way a chat writes an organisation's name once the
// conversation has named it: its leading word ("northgate" for Northgate
// College, "bluewater" for Bluewater Staffing), its words before the
// organisation words that end it ("straits meridian" for Straits Meridian
// Bank), its members after its leading word ("larkspurs" for Larkspur
// Voices), or a team's plural last word after "the" ("the possums" for the
// Flying Possums).
type shortForm struct {
	at    int      // index in knownNames.list of the name it shortens
	words []string // folded, lower case
	the   bool     // only right after "the"
}

// writtenAsName reports whether name was written with a capital, as names
// are: the first letter of its first word.
func writtenAsName(name string) bool {
	for _, r := range name {
		return unicode.IsUpper(r)
	}
	return false
}

// addShortForms indexes the short forms of kn.list[at] when it is an
// organisation's name of two or more words. A form keeps a word that is no
// common word (commonNameWord) and, alone, is no given name, place or
// town (a person's or town's name in an organisation's name is the
// person's or town's, not the organisation's: "Hove Rugby Club").
func (kn *knownNames) addShortForms(at int) {
	c := kn.list[at]
	if c.ref.Type != ontology.EntityOrganization || len(c.words) < 2 || !c.written {
		return
	}
	lead := len(c.words)
	for lead > 1 && orgCues[c.words[lead-1]] {
		lead--
	}
	var forms []shortForm
	if lead < len(c.words) && lead > 1 {
		forms = append(forms, shortForm{at: at, words: c.words[:lead]})
	}
	if w := c.words[0]; shortWord(w) {
		forms = append(forms, shortForm{at: at, words: c.words[:1]})
		if !strings.HasSuffix(w, "s") {
			forms = append(forms, shortForm{at: at, words: []string{w + "s"}})
		}
	}
	if w := c.words[len(c.words)-1]; len(c.words) == 2 && strings.HasSuffix(w, "s") && shortWord(w) {
		forms = append(forms, shortForm{at: at, words: []string{w}, the: true})
	}
	for _, f := range forms {
		if kn.shorts == nil {
			kn.shorts = map[string][]shortForm{}
		}
		kn.shorts[f.words[0]] = append(kn.shorts[f.words[0]], f)
	}
}

// shortWord reports whether w may stand alone for the organisation whose
// name it begins or ends (see addShortForms).
func shortWord(w string) bool {
	return len(w) >= 4 && !commonNameWord(w) && !firstName(w) && !knownPlace(w) && !lang.StopWords[w]
}

// shortAt reports whether the words from i on are the short form f of a
// name, standing for it: no other name the conversation knows shares one
// of its words (two organisations "Westdene …": "westdene" names neither),
// and either capitalised where no sentence opens ("at Northgate", "the
// Singers"; a form of two words at a sentence opening too: "Straits
// Meridian are opening…") and not run on by another name's word, or in
// lower case with a word that reads as a name (nameLikeWord; a form of one
// word always has one: "the Harbour" is no Harbour Bank) where a name
// stands: after a word a name follows ("at northgate", "inside
// castellan", "leaving oatlands") or before a function word, a verb or
// punctuation ("bluewater are the ones…", "pellucid came back",
// "orrery's first product"), never as the adjective of a noun ("bluewater
// sailing"), never after "a" or "some".
func (kn *knownNames) shortAt(f shortForm, words []nameWord, i int) bool {
	n := len(f.words)
	if i+n > len(words) || f.the && words[i].prev != "the" || indefinite[words[i].prev] {
		return false
	}
	nameLike := false
	upper := n > 1
	for j, w := range f.words {
		if words[i+j].norm != w || j < n-1 && words[i+j].poss {
			return false
		}
		nameLike = nameLike || nameLikeWord(w)
		upper = upper && words[i+j].upper
	}
	if n == 1 && !nameLike && !(f.the && words[i].cap) || kn.shared(f) {
		return false // "the harbour", "the Harbour" for Harbour Bank
	}
	last := words[i+n-1]
	if !last.poss && runsOn(words, i+n-1) && !words[i+n].upper {
		return false
	}
	var next string
	if i+n < len(words) && !last.ends {
		next = words[i+n].norm
	}
	if words[i].cap || upper {
		return last.poss || next == "" || !words[i+n].upper && !orgCues[next]
	}
	if !nameLike || f.the && orgCues[f.words[0]] {
		return false // "the singers"
	}
	return last.poss || next == "" || shortNameBefore[words[i].prev] || knownSlotWords[words[i].prev] ||
		lang.NameStopWords[next] || openingAuxiliaries[next] || lang.IrregularPast[next] || strings.HasSuffix(next, "ed")
}

// shortNameBefore, before a lower-case word, make it a name's place
// besides knownSlotWords: "inside castellan", "news from pellucid".
var shortNameBefore = lang.Words(`inside within about by like than did does has have had`)

// shared reports whether another name the conversation knows has one of
// f's words (the word f adds an s to, for a team's members).
func (kn *knownNames) shared(f shortForm) bool {
	self := kn.list[f.at]
	for _, w := range f.words {
		stem := strings.TrimSuffix(w, "s")
		if kn.speakers[w] || kn.speakers[stem] {
			return true
		}
		for k, o := range kn.list {
			if k == f.at || o.ref.Name == self.ref.Name {
				continue
			}
			for _, ow := range o.words {
				if ow == w || ow == stem || strings.TrimSuffix(ow, "s") == stem {
					return true
				}
			}
		}
	}
	return false
}
