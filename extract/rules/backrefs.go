package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// Back-references: "there", "them" in a later turn standing for an
// organisation or a place named a turn or few before ("Dario plays for
// Harrow Rovers" / "my cousin Theo plays for them too", "ever been to
// Ghent?" / "my brother Pieter lives there"). The turn is read again with
// the name in the pronoun's place, keeping only the relations that end at
// it, which cite the turn that named it. Only a few verb frames are read
// ("works there", "lives there", "plays for them", "joined them", "on the
// committee there"), and only
// where one compatible entity was named in the window: "there" after "was"
// (a party, a trip) and "them" after "with" (people) are not.

// backRefWindow is how many turns back a back-reference may look.
const backRefWindow = 3

// backRefForm is one frame a back-reference is read in.
type backRefForm struct {
	re      *regexp.Regexp
	want    ontology.EntityType
	school  bool   // the antecedent must be a school ("went there")
	rewrite string // the replacement, NAME standing for the antecedent's name
}

var backRefForms = []backRefForm{
	{regexp.MustCompile(`(?i)\b(work|works|worked|working|study|studies|studied|studying)\s+there\b`), ontology.EntityOrganization, false, "$1 at NAME"},
	{regexp.MustCompile(`(?i)\b(live|lives|lived|living|grew up|born|raised)\s+there\b`), ontology.EntityPlace, false, "$1 in NAME"},
	{regexp.MustCompile(`(?i)\b(move|moves|moved|moving)\s+there\b`), ontology.EntityPlace, false, "$1 to NAME"},
	{regexp.MustCompile(`(?i)\b(went)\s+there\b`), ontology.EntityOrganization, true, "$1 to NAME"},
	{regexp.MustCompile(`(?i)\b(?:did|spent|worked)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?:yrs?|years?)(?:\s+(?:in|on|with)(?:\s+[a-z-]+){1,3})?\s+there\b`), ontology.EntityOrganization, false, "used to work at NAME"},
	{regexp.MustCompile(`(?i)\b(intern|interns|interned|interning)\s+there\b`), ontology.EntityOrganization, false, "$1 at NAME"},
	{regexp.MustCompile(`(?i)\bbeen\s+(?:there|with\s+them)\b`), ontology.EntityOrganization, false, "been at NAME"},
	{regexp.MustCompile(`(?i)\b(work|works|worked|working|play|plays|played|playing|sing|sings|sang|singing|volunteer|volunteers|volunteered)\s+for\s+them\b`), ontology.EntityOrganization, false, "$1 for NAME"},
	{regexp.MustCompile(`(?i)\b(sing|sings|sang|singing)\s+with\s+them\b`), ontology.EntityOrganization, false, "$1 with NAME"},
	{regexp.MustCompile(`(?i)\b(joined)\s+them\b`), ontology.EntityOrganization, false, "$1 NAME"},
	{regexp.MustCompile(`(?i)\bon\s+the\s+(committee|board)\s+there\b`), ontology.EntityOrganization, false, "on the $1 at NAME"},
}

// originThere is the back-reference of where one grew up, born or raised,
// which only the turn just before may name: a fact of a life answers what
// was just said.
var originThere = regexp.MustCompile(`(?i)^(grew up|born|raised)\s`)

// bizDescribed reports whether text, the turn before a back-reference,
// describes a business without naming it ("owns the garage", "a little
// cafe"): "there" then stands for it, not for an organisation named turns
// before.
func bizDescribed(text string) bool {
	words := strings.Fields(strings.ToLower(text))
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "the", "a", "an", "his", "her", "their", "our", "my":
			if theOneKinds[strings.Trim(words[i+1], ".,!?;:")] {
				return true
			}
		}
	}
	return false
}

// turnBefore returns the id of the last turn read before turn id, or "".
func (d *discourse) turnBefore(id string) string {
	for i := len(d.order) - 1; i >= 0; i-- {
		if d.order[i] != id {
			return d.order[i]
		}
	}
	return ""
}

// backRefFilters are backRefForms' prefilters, in order.
var backRefFilters = func() []prefilter {
	out := make([]prefilter, len(backRefForms))
	for i, f := range backRefForms {
		out[i] = newPrefilter(f.re)
	}
	return out
}()

// backRefs reads the back-references of turn t (before its own mentions
// are noted: the antecedent is in an earlier turn).
func (c *turnCtx) backRefs(t ontology.Turn) {
	if c.disc == nil || c.speaker.Name == "" {
		return
	}
	lower := strings.ToLower(t.Text)
	for i, f := range backRefForms {
		if !backRefFilters[i].mayMatch(t.Text, lower) {
			continue
		}
		loc := f.re.FindStringSubmatchIndex(t.Text)
		if loc == nil {
			continue
		}
		a, ok := c.disc.backAntecedent(f.want, f.school)
		if !ok && f.want == ontology.EntityOrganization && !f.school {
			a, ok = c.disc.proFormOrg(strings.HasSuffix(strings.ToLower(t.Text[loc[0]:loc[1]]), "there"))
			ok = ok && !c.disc.peopleBeside(a)
		}
		if !ok || f.want == ontology.EntityPlace && c.disc.placeBesides(a.turn, a.ref.Name) {
			continue // "bristol or bath this weekend": either may be "there"
		}
		if f.want == ontology.EntityOrganization && bizDescribed(t.Text[:loc[0]]) {
			continue // "terry owns the garage, the one in offerton. i've worked there 4 yrs": the garage
		}
		if originThere.MatchString(t.Text[loc[0]:loc[1]]) && a.turn != c.disc.turnBefore(t.ID) {
			continue // "bristol was fun" / "yeah" / "anyway" / "i grew up there": a place from turns ago
		}
		var phrase []byte
		phrase = f.re.ExpandString(phrase, f.rewrite, t.Text, loc)
		repl := strings.Replace(string(phrase), "NAME", a.ref.Name, 1)
		text := t.Text[:loc[0]] + repl + t.Text[loc[1]:]
		norm := ontology.NormaliseName(a.ref.Name)
		before := len(c.out.Relations)
		c.readKeeping(t, text, func(r ontology.Relation) bool {
			return ontology.NormaliseName(r.To.Name) == norm || ontology.NormaliseName(r.From.Name) == norm
		}, a.turn)
		if len(c.out.Relations) > before {
			// "there" read as the organisation mentions it again: "Alan is on
			// the committee there" / "Terry runs the club" two turns on
			c.pending = append(c.pending, pendingMention{ref: a.ref})
		}
	}
}

// backAntecedent is the one entity of type want (a school, when school)
// that the turns of the window before this one mention. Two such entities,
// or two people named in the antecedent's turn ("Hugo and Ines from Pelham
// Logistics": "them" may be the people), and there is none.
func (d *discourse) backAntecedent(want ontology.EntityType, school bool) (antecedent, bool) {
	var found *mention
	for i := len(d.mentions) - 1; i >= 0; i-- {
		m := &d.mentions[i]
		if m.index >= d.index {
			continue
		}
		if d.index-m.index > 2*backRefWindow {
			break
		}
		if m.ref.Type == want && found != nil && found.norm != m.norm {
			// another one a little further back: "there" may mean either
			return antecedent{}, false
		}
		if d.index-m.index > backRefWindow {
			continue
		}
		if m.ref.Type != want || school && m.head != "school" && descriptionClass[m.head] != "school" {
			continue
		}
		if found != nil && found.norm != m.norm {
			return antecedent{}, false
		}
		if found == nil {
			found = m
		}
	}
	if found == nil {
		return antecedent{}, false
	}
	if d.peopleBeside(antecedent{ref: found.ref, turn: found.turn}) {
		return antecedent{}, false
	}
	return antecedent{ref: found.ref, turn: found.turn}, true
}

// peopleBeside reports whether the antecedent's turn names two people or
// more besides the speakers ("Hugo and Ines from Pelham Logistics"):
// "them" may be the people.
func (d *discourse) peopleBeside(a antecedent) bool {
	people := map[string]bool{}
	for _, m := range d.mentions {
		if m.turn == a.turn && m.ref.Type == ontology.EntityPerson && !d.speakers[m.norm] {
			people[m.norm] = true
		}
	}
	return len(people) > 1
}
