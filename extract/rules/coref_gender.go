package rules

import (
	_ "embed"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// gendersData tags given names female ("f") or male ("m"), several a
// line; a name it leaves out says nothing.
//
//go:embed data/genders.txt
var gendersData string

// nameGenders maps a lower-case given name without accents to the gender
// it says, read once from data/genders.txt.
var nameGenders = readGenders(gendersData)

// readGenders reads the lines "f name name …" and "m name name …" of data;
// other lines and comments ("#") are skipped.
func readGenders(data string) map[string]byte {
	m := map[string]byte{}
	for _, l := range strings.Split(data, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || (f[0] != "f" && f[0] != "m") {
			continue
		}
		for _, w := range f[1:] {
			m[w] = f[0][0]
		}
	}
	return m
}

// nameGender is the gender the given name of a person's name says, by its
// first word ("Ana Lopes", "@priya.k", "Oisín"), or genderUnknown. It is
// the weakest evidence the discourse has: only used where no relationship
// word or resolved pronoun says otherwise.
func nameGender(name string) byte {
	first, _, _ := strings.Cut(strings.TrimSpace(name), " ")
	w := strings.ToLower(strings.Trim(first, "@.,!?"))
	if g, ok := nameGenders[w]; ok {
		return g // "Ana", "Ann-Marie"
	}
	if g, ok := nameGenders[lang.FoldAccents(w)]; ok || !strings.ContainsAny(w, "._-'’") {
		return g // "Oisín"
	}
	n, _, _ := strings.Cut(ontology.NormaliseName(name), " ") // "@priya.k"
	return nameGenders[lang.FoldAccents(n)]
}

// genderOf is the gender known for name: what a relationship word or a
// resolved pronoun said of it, else what its given name says.
func (d *discourse) genderOf(name string) byte {
	return d.knownGender(ontology.NormaliseName(name), name)
}

// mentionGender is the gender a new mention of ref, normalised norm,
// carries: none for an organisation or a place.
func (d *discourse) mentionGender(ref ontology.EntityRef, norm string) byte {
	if !personLike(ref.Type) {
		return genderUnknown
	}
	return d.knownGender(norm, ref.Name)
}

// knownGender is genderOf for name, normalised norm.
func (d *discourse) knownGender(norm, name string) byte {
	if g := d.genders[norm]; g != genderUnknown {
		return g &^ genderConflict
	}
	return nameGender(name)
}

// yourRoleWindow is how many turns back "your wife", said without a name,
// may find the person it means: the one the addressee just spoke of ("Kemi
// loves it" / "Your wife is a legend"), not anyone of that gender named a
// while ago ("your grandad would have been proud").
const yourRoleWindow = 3

// titleGender is the gender a title before a name gives the person ("Mrs
// Okoro", "Uncle Pete"): evidence as strong as a relationship word.
var titleGender = map[string]byte{"mrs": genderFemale, "ms": genderFemale, "miss": genderFemale, "madam": genderFemale,
	"aunt": genderFemale, "auntie": genderFemale, "aunty": genderFemale, "grandma": genderFemale,
	"mr": genderMale, "sir": genderMale, "uncle": genderMale, "grandpa": genderMale}

// noteTitle records the gender a typing cue "title:<word>" gives name.
func (d *discourse) noteTitle(name, cue string) {
	if t, ok := strings.CutPrefix(cue, "title:"); ok {
		d.setGender(name, titleGender[t])
	}
}

// personLikePlaceBeside reports whether the turn of a, the antecedent
// found for a pronoun asking gender want, also names a place whose name is
// a first name that fits want and that stands joined to a first name
// ("nikita and sofia visited"): the gazetteer may have taken a person for
// the place, so the pronoun is ambiguous.
func (d *discourse) personLikePlaceBeside(a antecedent, want byte) bool {
	for _, m := range d.mentions {
		if m.turn != a.turn || m.ref.Type != ontology.EntityPlace || strings.Contains(m.norm, " ") || !firstName(m.norm) {
			continue
		}
		if g := nameGender(m.norm); want != genderUnknown && g != genderUnknown && g != want {
			continue
		}
		if joinedToFirstName(d.texts[m.turn], m.norm) {
			return true
		}
	}
	return false
}

// joinedToFirstName reports whether the word w stands in text joined by
// "and", "&" or "+" to a first name ("nikita and sofia", "Sofia & Tom").
func joinedToFirstName(text, w string) bool {
	words := strings.Fields(strings.ToLower(text))
	for i := range words {
		words[i] = strings.Trim(words[i], ".,!?;:")
	}
	for i, x := range words {
		if x != w {
			continue
		}
		if i >= 2 && pairJoins[words[i-1]] && firstName(words[i-2]) ||
			i+2 < len(words) && pairJoins[words[i+1]] && firstName(words[i+2]) {
			return true
		}
	}
	return false
}
