package metamorph

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loci-memory/loci/graphbench"
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Conv is one gold conversation as the variants rewrite it: its
// annotation and its annotated turns.
type Conv struct {
	Name string
	graphbench.Annotation
	Turns []ontology.Turn
}

// Speakers are the conversation's speaker labels in order of first turn.
func (c Conv) Speakers() []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range c.Turns {
		if !seen[t.Speaker] {
			seen[t.Speaker] = true
			out = append(out, t.Speaker)
		}
	}
	return out
}

// clone copies c deeply enough for a variant to rewrite it.
func (c Conv) clone() Conv {
	out := c
	out.Turns = append([]ontology.Turn(nil), c.Turns...)
	out.Entities = nil
	for _, e := range c.Entities {
		e.Aliases = append([]string(nil), e.Aliases...)
		out.Entities = append(out.Entities, e)
	}
	out.Relations = nil
	for _, r := range c.Relations {
		r.Evidence = append([]string(nil), r.Evidence...)
		out.Relations = append(out.Relations, r)
	}
	out.Paths = nil
	for _, p := range c.Paths {
		p.Evidence = append([]string(nil), p.Evidence...)
		out.Paths = append(out.Paths, p)
	}
	out.TurnIDs = append([]string(nil), c.TurnIDs...)
	return out
}

// Name-swap word classes: titles kept before a person's name, head words
// kept after (or before) an organisation's new core, and kin words that
// are never swapped (they are roles, not names).
var (
	titles      = lang.Words(`mr mrs ms dr professor prof aunty auntie aunt uncle grandpa grandma nan cousin`)
	surnameTies = lang.Words(`mr mrs ms dr professor prof`)
	orgHeads    = lang.Words(`club society choir hospital university college trust co-op bank primary school
		centre center trio motors labs analytics shipping freight press books solar team fc loaves infirmary
		support refugee community housing allotment netball bowling uni academy surgery vets clinic chapel
		church mosque temple singers voices brass strings orchestra band collective guild museum squad
		rovers albion harriers united athletic wanderers rockets nomads strummers records brewing brewery
		textiles cleaning plumbing foods homes music sons cafe bakery salon gym studios`)
	// streetHeads end a place that is a street or an estate, not a town:
	// the swap keeps them, so "on Alder Road" stays a street.
	streetHeads = lang.Words(`road street lane avenue grove close drive way crescent terrace row square gardens
		place walk parade hill park`)
	// commonNames are first names that are everyday words too: their
	// lower-case forms are not swapped outside a lower-case chat.
	commonNames = lang.Words(`will may hope mark bill rose jack grace faith joy june april summer dawn rob pat
		sue art ray sandy frank amber ruby holly ivy iris violet jay robin rich`)
	orgPrefixes = lang.Words(`university universidade universidad hospital clinica clínica estudio`)
	kinNames    = lang.Words(`mum dad nan mom grandma grandpa granny`)
)

// SwapNames replaces every named person (not a speaker label), company,
// band, club, place and pet of c, consistently in the text and in the
// annotation, by names of p that the extractor has never seen. Titles
// ("Mrs", "Aunty") and organisation head words ("Choir", "University")
// are kept, so the variant changes the names and not the cues around them.
// A lower-case occurrence is replaced (by the lower-case new name) only in
// a chat typed in lower case or where the gold writes the name so.
func SwapNames(c Conv, p Pools) Conv {
	out := c.clone()
	used := map[string]bool{}
	cur := map[string]*cursor{}
	for k, pool := range map[string][]string{"first": p.First, "surname": p.Surname, "place": p.Place,
		"pet": p.Pet, "org": p.Org, "bare": bareNames(p.Org), "core": p.Core, "band": p.Band} {
		cur[k] = &cursor{pool: pool, used: used}
	}
	speakers := map[string]bool{}
	for _, s := range c.Speakers() {
		speakers[graphbench.Normalise(s)] = true
	}
	lowerChat := lowerStyle(c.Turns)
	rename := map[string]string{}
	var subs []sub
	for i, e := range out.Entities {
		n := newName(e, speakers, cur)
		if n == "" {
			continue
		}
		oldWords := strings.Fields(e.Name)
		newWords := strings.Fields(n)
		var aliases []string
		forms := append([]string{e.Name, lang.FoldAccents(e.Name)}, e.Aliases...)
		for j, a := range forms {
			na := mapAlias(a, oldWords, newWords, n)
			if j > 0 && na != n {
				aliases = appendNew(aliases, na)
			}
			subs = append(subs, sub{old: a, new: na, lower: lowerChat || a == strings.ToLower(a) || lowerName(e, a)})
		}
		rename[e.Name] = n
		out.Entities[i].Name = n
		out.Entities[i].Aliases = aliases
	}
	re, byOld := compile(subs)
	if re != nil {
		for i := range out.Turns {
			out.Turns[i].Text = replaceNames(out.Turns[i].Text, re, byOld)
		}
	}
	out.renameEnds(rename)
	return out
}

// renameEnds renames the ends of c's relations and paths by rename (old
// entity name to new); names it does not hold stay.
func (c *Conv) renameEnds(rename map[string]string) {
	ren := func(s string) string {
		if n, ok := rename[s]; ok {
			return n
		}
		return s
	}
	for i := range c.Relations {
		c.Relations[i].From, c.Relations[i].To = ren(c.Relations[i].From), ren(c.Relations[i].To)
	}
	for i := range c.Paths {
		c.Paths[i].From, c.Paths[i].To = ren(c.Paths[i].From), ren(c.Paths[i].To)
	}
}

// newName picks e's new name, or "" when e keeps its name.
func newName(e graphbench.GoldEntity, speakers map[string]bool, cur map[string]*cursor) string {
	if speakers[graphbench.Normalise(e.Name)] || kinNames[strings.ToLower(e.Name)] || strings.ContainsAny(e.Name, "@._") {
		return ""
	}
	words := strings.Fields(e.Name)
	switch e.Type {
	case ontology.EntityPerson:
		var keep []string
		for len(words) > 1 && titles[strings.ToLower(strings.TrimSuffix(words[0], "."))] {
			keep, words = append(keep, words[0]), words[1:]
		}
		switch {
		case len(keep) > 0 && surnameTies[strings.ToLower(strings.TrimSuffix(keep[0], "."))]:
			keep = append(keep, cur["surname"].take())
		case len(words) == 1:
			keep = append(keep, cur["first"].take())
		default:
			keep = append(keep, cur["first"].take(), cur["surname"].take())
		}
		return strings.Join(keep, " ")
	case ontology.EntityAnimal:
		return cur["pet"].take()
	case ontology.EntityPlace:
		if last := words[len(words)-1]; len(words) > 1 && streetHeads[strings.ToLower(last)] {
			return cur["place"].take() + " " + last
		}
		return cur["place"].take()
	case ontology.EntityOrganization:
		last := strings.ToLower(words[len(words)-1])
		switch {
		case e.Name == strings.ToLower(e.Name) && last == "team":
			return "" // "fraud team": a description, not a name
		case strings.EqualFold(words[0], "the") && strings.HasSuffix(last, "s") && len(words) > 1:
			return cur["band"].take()
		case len(words) > 1 && orgHeads[last]:
			return cur["core"].take() + " " + words[len(words)-1]
		case len(words) > 1 && orgPrefixes[strings.ToLower(words[0])]:
			if len(words) > 2 && (strings.EqualFold(words[1], "of") || strings.EqualFold(words[1], "de")) {
				return words[0] + " " + words[1] + " " + cur["core"].take()
			}
			return words[0] + " " + cur["core"].take()
		}
		return cur["bare"].take()
	}
	return ""
}

// lowerName reports whether a lower-case occurrence of a's form of a
// person's name is that person in a chat not typed in lower case: "marta's
// moved" names Marta, unless the name is an everyday word too ("will").
func lowerName(e graphbench.GoldEntity, a string) bool {
	return e.Type == ontology.EntityPerson && len(strings.Fields(a)) == 1 && len(a) > 2 &&
		!commonNames[strings.ToLower(a)] && !lang.SearchStopWords[strings.ToLower(a)]
}

// bareNames are the pool's organisation names of one word: an organisation
// whose name has no head word takes one of them, so that a choir or a
// football club does not come back as "Vantaro Logistics" (a company's cue
// the original never had).
func bareNames(org []string) []string {
	var out []string
	for _, n := range org {
		if !strings.Contains(n, " ") {
			out = append(out, n)
		}
	}
	return out
}

// mapAlias rewrites one name form of an entity: the words it shares with
// the old name become the new name's (all of them: the whole new name; a
// one-word old name: the whole new name; else word for word), the others
// ("Aunty", "University", "the") stay; a form sharing no word (a
// nickname) becomes the new name's first word, or the whole new name
// when the old name was one word.
func mapAlias(a string, oldWords, newWords []string, whole string) string {
	toks := strings.Fields(a)
	idx := map[string]int{}
	for k, w := range oldWords {
		idx[fold(w)] = k
	}
	matched := 0
	for _, t := range toks {
		if _, ok := idx[fold(t)]; ok {
			matched++
		}
	}
	if matched == 0 {
		if len(oldWords) == 1 {
			return whole
		}
		return newWords[0]
	}
	if matched == len(oldWords) || len(oldWords) == 1 {
		var out []string
		done := false
		for _, t := range toks {
			if _, ok := idx[fold(t)]; ok {
				if !done {
					out = append(out, whole)
					done = true
				}
				continue
			}
			out = append(out, t)
		}
		return strings.Join(out, " ")
	}
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t
		if k, ok := idx[fold(t)]; ok {
			out[i] = newWords[min(k, len(newWords)-1)]
		}
	}
	return strings.Join(out, " ")
}

func fold(s string) string { return strings.ToLower(lang.FoldAccents(strings.Trim(s, ".,'’"))) }

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// sub is one text replacement: an old name form, its new form, and
// whether a lower-case occurrence is replaced too.
type sub struct {
	old, new string
	lower    bool
}

// compile builds one case-blind alternation of every old form, the
// longest first so that "Critical Software" wins over "Critical".
func compile(subs []sub) (*regexp.Regexp, map[string]sub) {
	byOld := map[string]sub{}
	var olds []string
	for _, s := range subs {
		// "the Greenline Trust": the article is text, not name.
		if len(s.old) > 4 && strings.EqualFold(s.old[:4], "the ") && len(s.new) > 4 && strings.EqualFold(s.new[:4], "the ") {
			s.old, s.new = s.old[4:], s.new[4:]
		}
		k := strings.ToLower(s.old)
		if strings.TrimSpace(k) == "" {
			continue
		}
		if prev, ok := byOld[k]; ok {
			prev.lower = prev.lower || s.lower
			byOld[k] = prev
			continue
		}
		byOld[k] = s
		olds = append(olds, regexp.QuoteMeta(s.old))
	}
	if len(olds) == 0 {
		return nil, nil
	}
	sort.SliceStable(olds, func(i, j int) bool { return len(olds[i]) > len(olds[j]) })
	return regexp.MustCompile(`(?i)(?:` + strings.Join(olds, "|") + `)`), byOld
}

// replaceNames rewrites the whole-word occurrences of the old forms in
// text, keeping an occurrence's case style.
func replaceNames(text string, re *regexp.Regexp, byOld map[string]sub) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringIndex(text, -1) {
		if !boundary(text, m[0], m[1]) {
			continue
		}
		found := text[m[0]:m[1]]
		s, ok := byOld[strings.ToLower(found)]
		if !ok {
			continue
		}
		r, _ := utf8.DecodeRuneInString(found)
		repl := s.new
		switch {
		case found == strings.ToUpper(found) && len(found) > 2 && found != strings.ToLower(found):
			repl = strings.ToUpper(repl)
		case unicode.IsUpper(r):
		case s.lower:
			repl = strings.ToLower(repl)
		default:
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(repl)
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// boundary reports whether text[i:j] is whole words.
func boundary(text string, i, j int) bool {
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(text[:i])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	if j < len(text) {
		r, _ := utf8.DecodeRuneInString(text[j:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// lowerStyle reports whether most turns start in lower case.
func lowerStyle(turns []ontology.Turn) bool {
	lower, n := 0, 0
	for _, t := range turns {
		for _, r := range t.Text {
			if unicode.IsLetter(r) {
				n++
				if unicode.IsLower(r) {
					lower++
				}
				break
			}
		}
	}
	return n > 0 && 2*lower > n
}
