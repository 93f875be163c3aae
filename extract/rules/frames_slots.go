package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// frameSlotMemo is a slot read at a token, kept for the other frames.
type frameSlotMemo struct {
	ref        ontology.EntityRef
	next       int
	ok, filled bool
}

// slotIDs number the slots a memo is kept for.
var slotIDs = map[string]int{"ORG": 0, "GROUP": 1, "TEAM": 2, "PLACE": 3, "SCHOOL": 4, "START": 5, "SELF": 6,
	"MY": 7, "POSS": 8, "ORGPOSS": 9, "NAME": 10, "PET": 11, "THING": 12, "EMPLOYER": 13, "PERSON": 14, "UNI": 15, "SIDE": 16, "TOWN": 17, "HOME": 18}

// frameSlot reads a slot at k, once per sentence and token.
func (p *sentCtx) frameSlot(slot string, k int) (ontology.EntityRef, int, bool) {
	id, kept := slotIDs[slot]
	if !kept || k < 0 || k >= len(p.s.Toks) {
		return p.readSlot(slot, k)
	}
	if p.slotMemo == nil {
		p.slotMemo = make([]frameSlotMemo, len(slotIDs)*len(p.s.Toks))
	}
	m := &p.slotMemo[k*len(slotIDs)+id]
	if !m.filled {
		m.ref, m.next, m.ok = p.readSlot(slot, k)
		m.filled = true
	}
	return m.ref, m.next, m.ok
}

// readSlot reads a slot at k: the entity and where it ends.
func (p *sentCtx) readSlot(slot string, k int) (ontology.EntityRef, int, bool) {
	s := p.s
	switch slot {
	case "SIDE":
		// a club one swims or rows for: a team's name, or a plural name of
		// two words or more ("swims for Tooting Tridents"); a firm the lists know is none
		ref, end, ok := p.frameSlot("ORG", k)
		f := strings.Fields(ref.Name)
		if sp, named := p.typed(k); named {
			if _, known := knownOrgKind(s, sp); known {
				return ontology.EntityRef{}, 0, false
			}
		}
		if ok && (teamName(s, k, ref.Name) || len(f) > 1 && pluralName(f[len(f)-1])) {
			return ref, end, true
		}
	case "ORG", "GROUP", "TEAM", "EMPLOYER":
		if k > 0 && s.Toks[k-1].Word && s.Toks[k-1].Cap && nameContinues(s, k) {
			return ontology.EntityRef{}, 0, false // inside a name: "Lumen Health", not "Health"
		}
		if k > 1 && s.Is(k-1, "&", "and") && s.Toks[k-2].Word && s.Toks[k-2].Cap && !s.Is(k-2, "i") {
			return ontology.EntityRef{}, 0, false // "Pell & Rowe hired Amira", not "Rowe"; "Kiln and Co", not "Co"
		}
		sp, named := p.typed(k)
		if ref, end, ok := p.placeUni(sp, named); ok {
			return ref, end, true // "at Sheffield uni"
		}
		if named && sp.typ == ontology.EntityPlace && weakCue(sp) && s.Is(sp.to, groupKinds...) {
			// "singing in Cantamus choir": the kind after the name says a group
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
		}
		if named && (sp.typ == ontology.EntityPlace || frameTimeWord(sp.name)) || p.timeAt(k) != nil {
			return ontology.EntityRef{}, 0, false // "in charge of Tuesdays", "plays in the Cotswolds"
		}
		ref, end, ok := p.org(k)
		if !ok || !named && notOrgName(ref.Name) || named && sp.typ == ontology.EntityConcept && notOrgName(ref.Name) {
			return ontology.EntityRef{}, 0, false
		}
		if slot == "GROUP" && !endsInGroupHead(ref.Name) && !groupHeads[strings.ToLower(ref.Name)] ||
			slot == "TEAM" && !teamName(s, k, ref.Name) || slot == "EMPLOYER" && (teamName(s, k, ref.Name) || schoolName(ref.Name)) {
			return ontology.EntityRef{}, 0, false
		}
		return shopPossessive(s, ref, end), end, true
	case "PLACE":
		ref, end, _, ok := p.place(k)
		if ok && frameTimeWord(ref.Name) {
			return ontology.EntityRef{}, 0, false // "the club is back on Saturdays": a day, not a place
		}
		return ref, end, ok
	case "HOME":
		// a place said with a copula, where a word of the language no cue
		// made a place is what one is, not where from: "I'm Catholic
		// originally", "I'm Labour originally"
		ref, end, conf, ok := p.place(k)
		if !ok || frameTimeWord(ref.Name) || conf == confWeak && inVocab(strings.ToLower(ref.Name)) {
			return ontology.EntityRef{}, 0, false
		}
		return ref, end, true
	case "TOWN":
		// after a degree, a town names its university: "her nursing degree at Kingston"
		if sp, named := p.typed(k); named && sp.typ == ontology.EntityPlace && !s.Tok(sp.to-1).Poss {
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
		}
	case "UNI":
		// a university by its town or its name, not a hospital
		if ref, end, ok := p.frameSlot("TOWN", k); ok {
			return ref, end, true
		}
		ref, end, ok := p.frameSlot("ORG", k)
		if f := strings.Fields(strings.ToLower(ref.Name)); !ok || len(f) == 0 || careHeads[f[len(f)-1]] {
			return ontology.EntityRef{}, 0, false // "doing nursing at Leeds General Infirmary": a placement
		}
		return ref, end, true
	case "SCHOOL":
		ref, end, ok := p.frameSlot("ORG", k)
		if ok && schoolName(ref.Name) {
			return ref, end, true
		}
	case "START":
		// a sentence that drops its "I": "obsessed w bouldering rn"
		for j := k - 1; j >= 0; j-- {
			if s.Toks[j].Word && !implicitLead[s.Norm(j)] && !adverbs[s.Norm(j)] {
				return ontology.EntityRef{}, 0, false
			}
		}
		if p.speaker.Name != "" {
			return p.speaker, k, true
		}
	case "PERSON":
		return p.personSlot(k)
	case "NAME", "PET", "THING":
		if k > 0 && s.Toks[k-1].Word && s.Toks[k-1].Cap && nameContinues(s, k) {
			return ontology.EntityRef{}, 0, false
		}
		j := k
		if s.Norm(j) == "the" {
			j++
		}
		sp, ok := nameAt(s, j)
		if !ok || s.Toks[sp.to-1].Poss {
			return ontology.EntityRef{}, 0, false
		}
		sp = p.known.typeName(s, sp)
		typ := sp.typ
		switch slot {
		case "PET":
			typ = ontology.EntityAnimal
		case "THING":
			typ = ontology.EntityConcept
		}
		if slot != "NAME" && (sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityOrganization) {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: sp.name, Type: typ}, sp.to, true
	case "SELF":
		if s.Norm(k) == "i" && p.speaker.Name != "" {
			return p.speaker, k + 1, true
		}
	case "MY":
		if s.Is(k, "my", "our") && p.speaker.Name != "" {
			return p.speaker, k + 1, true
		}
	case "POSS", "ORGPOSS":
		if slot == "POSS" && s.Is(k, "his", "her") {
			a, ok := p.pronoun(k, s.Norm(k))
			return a.ref, k + 1, ok
		}
		sp, ok := nameAt(s, k)
		if !ok || !s.Toks[sp.to-1].Poss || k > 0 && s.Toks[k-1].Word && s.Toks[k-1].Cap && nameContinues(s, k) {
			return ontology.EntityRef{}, 0, false
		}
		sp = p.known.typeName(s, sp)
		switch {
		case slot == "POSS" && (sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityConcept):
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, sp.to, true
		case slot == "ORGPOSS" && (sp.typ == ontology.EntityOrganization || sp.typ == ontology.EntityConcept && !firstName(strings.ToLower(strings.Fields(sp.name)[0])) && !p.disc.typedPerson(sp.name)):
			// an untyped name the chat made a person is none ("my husband Rob" … "Rob's office is in DIFC")
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
		}
	}
	return ontology.EntityRef{}, 0, false
}

// notOrgName reports whether an untyped name in an organisation's slot
// is a street ("Priti takes over Magdalen Street": the shop on it) or a
// lone adjective of size or age capitalised for emphasis ("the Big
// factory in Tyseley", "the Old bakery"), neither of them a firm.
func notOrgName(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	if len(f) == 0 {
		return false
	}
	return len(f) > 1 && streetNameEnds[f[len(f)-1]] || len(f) == 1 && emphasisAdjectives[f[0]]
}

// streetNameEnds end a street's name (a narrower streetNouns: "Grove" or
// "Gardens" may end a firm's); emphasisAdjectives are size and age words
// an older writer capitalises mid-sentence.
var (
	streetNameEnds     = lang.Words(`street st road rd lane avenue ave`)
	emphasisAdjectives = lang.Words(`big old new little small huge large great tiny main`)
)

// groupKinds, right after a name a preposition typed a place, say it
// names a group: "in Cantamus choir", "with Lowfield band".
var groupKinds = []string{"choir", "band", "orchestra", "ensemble", "quartet", "trio"}

// frameTimeWord reports whether a name is a day or month in the plural
// or singular ("Tuesdays", "March"), never an organisation.
func frameTimeWord(name string) bool {
	return frameTimeWords[strings.TrimSuffix(strings.ToLower(name), "s")]
}

var frameTimeWords = lang.Words(`monday tuesday wednesday thursday friday saturday sunday weekend january
	february march april june july august september october november december`)

// teamName reports whether an organisation named at k is a group: its
// name ends in a group word, or it is a plural name after "the" (the
// Rivets, the Canal Striders).
func teamName(s *sentence, k int, name string) bool {
	return endsInGroupHead(name) || s.Norm(k) == "the" && strings.HasSuffix(name, "s") && !strings.HasSuffix(name, "ss")
}

// schoolName reports whether an organisation's name says it teaches
// ("Westfield Primary", "Glasgow School of Art", "Warwick University").
func schoolName(name string) bool {
	if servesHead(name) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if schoolWords[w] {
			return true
		}
	}
	return false
}

var schoolWords = lang.Words(`university uni college school academy primary high institute polytechnic
	conservatoire conservatory kindergarten nursery sixth-form gymnasium`)

// personSlot reads a person named as the object of a frame ("Qelto Bio
// hired Selam", "took on my cousin Amara"): a name no list types as a
// place, an organisation or an occasion, after an optional "my cousin".
func (p *sentCtx) personSlot(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	j := k
	if s.Is(j, "my", "his", "her", "our", "their") && isRoleWord(s.Norm(j+1)) {
		j += 2
	}
	sp, ok := nameAt(s, j)
	if !ok || s.Toks[sp.to-1].Poss || j > 0 && s.Toks[j-1].Word && s.Toks[j-1].Cap && nameContinues(s, j) {
		return ontology.EntityRef{}, 0, false
	}
	sp = p.known.typeName(s, sp)
	ref := ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}
	if sp.typ != ontology.EntityPerson && (sp.typ != ontology.EntityConcept || commonSpan(sp)) {
		return ontology.EntityRef{}, 0, false
	}
	return ref, sp.to, true
}

// placeUni reads a town's university written with a small "uni" after the
// town's name ("Sheffield uni", "at Leeds uni together", "at Yarrowby uni"
// of a town no list holds): an organisation named as written.
func (p *sentCtx) placeUni(sp span, named bool) (ontology.EntityRef, int, bool) {
	s := p.s
	if !named || !s.Is(sp.to, "uni") || s.Tok(sp.to).Cap || s.Tok(sp.to-1).Poss {
		return ontology.EntityRef{}, 0, false
	}
	// a town no list holds: "uni" after it is the cue ("at Yarrowby uni")
	unseen := (sp.typ == ontology.EntityConcept || sp.typ == ontology.EntityOrganization && !sp.confirmed) &&
		sp.to-sp.from == 1 && !firstName(s.Norm(sp.from)) && !p.disc.typedPerson(sp.name) && !commonSpan(sp)
	if sp.typ != ontology.EntityPlace && !unseen {
		return ontology.EntityRef{}, 0, false
	}
	name := p.text[s.Toks[sp.from].Start:s.Toks[sp.to].End]
	return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, sp.to + 1, true
}

// careHeads end the names of hospitals and surgeries, where one doing
// nursing or medicine is on a placement or at work, not at a university.
var careHeads = lang.Words(`hospital hospitals infirmary clinic ward surgery trust hospice practice nhs centre`)

// pluralName reports whether a capitalised word of a name is a plural
// ("Tridents", "Harriers"), not a surname's "ss" ("Ross").
func pluralName(w string) bool {
	return len(w) > 3 && w[0] >= 'A' && w[0] <= 'Z' && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "'s")
}

// shopPossessive gives a business named by a possessive its "'s" back
// when nothing it owns follows: "owns Karimi's on Palace St" is the shop
// "Karimi's", not a person "Karimi"; "owns Karimi's van" is no shop.
func shopPossessive(s *sentence, ref ontology.EntityRef, end int) ontology.EntityRef {
	if end < 1 || end > len(s.Toks) || !s.Toks[end-1].Poss || strings.HasSuffix(ref.Name, "'s") ||
		end < len(s.Toks) && s.Toks[end].Word && !orgPhraseEnds[s.Norm(end)] {
		return ref
	}
	ref.Name += "'s"
	return ref
}
