package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Kin and role references: a relative or a colleague named once ("my
// husband Rich says hi", "my sister Ana lives in Leeds", "my boss Gordon is
// a nightmare") and then called by the word alone ("my husband just started
// at Calder Print", "my sister works at Harbour Bank now"). The word stands
// for the one person the conversation tied to its holder with that role:
// the holder is the speaker for "my", the other one of a two-party chat for
// "your", the person "her"/"his" resolves to. The sentence is read again
// with the name in the description's place, keeping the relations that end
// at that person, which cite the turn that named them too; the person
// counts as mentioned in the turn. Two people tied by the same word (two
// sisters named), none yet, a description of someone else ("my husband's
// boss", "my new boss", "my brother-in-law"), a question and a sentence
// naming the person itself read nothing.

// kinTie is one person tied to a holder by a relationship word.
type kinTie struct {
	role string  // the canonical role ("sister", "husband")
	kind relKind // its kind: partner words stand for one another
	ref  ontology.EntityRef
	turn string
}

// kinRefRoles are the canonical roles a relationship word alone may refer
// by: those most people have one of. Friends, cousins, colleagues and
// neighbours come many at a time, so the one named is seldom the one meant.
var kinRefRoles = lang.Words(`husband wife partner girlfriend boyfriend fiance fiancee spouse sister brother
	mom dad son daughter twin stepmom stepdad boss manager supervisor flatmate roommate housemate`)

// kinRefWords are words that refer by a role without being read as one
// when a name follows: "the missus", "my lad" (a son, in the north of
// England).
var kinRefWords = map[string]roleInfo{"missus": {role: "wife", kind: kindPartner}, "lad": {role: "son", kind: kindChild}}

// kinRefHas and kinRefIs follow a relationship word's "'s" that is "has"
// ("my sister's moved to Leeds") or "is" ("my husband's at Calder Print
// now"), not a possessive ("my husband's boss").
var (
	kinRefHas = lang.Words(`got been gone started moved left made joined bought opened taken finally just also`)
	kinRefIs  = lang.Words(`at in still now working living moving starting leaving back off from with`)
)

// kinRefAdjectives may stand between the possessive and the word without
// making it another person ("my little sister", not "my new boss").
var kinRefAdjectives = lang.Words(`little big older younger elder baby twin`)

// noteKinTie records a relation that ties a person to its holder by a
// relationship word ("my sister Ana": FAMILY_OF Dee → Ana, sister).
func (d *discourse) noteKinTie(r rel, turn string) {
	if d == nil || r.validUntil != nil || r.role == "" || r.to.Type != ontology.EntityPerson || r.from.Name == "" {
		return
	}
	switch r.typ {
	case ontology.RelFamilyOf, ontology.RelPartnerOf, ontology.RelKnows:
	default:
		return
	}
	info, ok := roleWords[r.role]
	if !ok || !kinRefRoles[info.role] {
		return
	}
	if r.typ == ontology.RelPartnerOf {
		info.kind = kindPartner
	}
	if d.kinTies == nil {
		d.kinTies = map[string][]kinTie{}
	}
	holder := ontology.NormaliseName(r.from.Name)
	for _, k := range d.kinTies[holder] {
		if k.role == info.role && ontology.NormaliseName(k.ref.Name) == ontology.NormaliseName(r.to.Name) {
			return
		}
	}
	d.kinTies[holder] = append(d.kinTies[holder], kinTie{role: info.role, kind: info.kind, ref: r.to, turn: turn})
}

// kinReferent is the one person tied to holder by the word info names, with
// the turn that tied them: a partner word finds the holder's one partner
// whatever the word ("my partner" after "my husband Rich").
func (d *discourse) kinReferent(holder string, info roleInfo) (kinTie, bool) {
	var found *kinTie
	ties := d.kinTies[ontology.NormaliseName(holder)]
	for i := range ties {
		k := &ties[i]
		if info.kind == kindPartner && k.kind != kindPartner || info.kind != kindPartner && k.role != info.role {
			continue
		}
		if found != nil && ontology.NormaliseName(found.ref.Name) != ontology.NormaliseName(k.ref.Name) {
			return kinTie{}, false
		}
		if found == nil {
			found = k
		}
	}
	if found == nil {
		return kinTie{}, false
	}
	return *found, true
}

// kinRefAt reads a description opening at token i ("my sister", "your
// husband", "her little brother") and returns the last token of it, the
// person it stands for and the verb its "'s" stands for ("has", "is"; ""
// without one).
func (c *turnCtx) kinRefAt(s *sentence, i int) (int, kinTie, string, bool) {
	holder := c.kinHolder(s, i)
	if holder == "" {
		return 0, kinTie{}, "", false
	}
	k := i + 1
	if kinRefAdjectives[s.Norm(k)] && k+1 < len(s.Toks) {
		k++
	}
	tok := s.Tok(k)
	info, ok := roleWords[tok.Norm]
	if w, extra := kinRefWords[tok.Norm]; extra {
		info, ok = w, true
	}
	verb := ""
	if tok.Poss {
		switch next := s.Norm(k + 1); {
		case kinRefHas[next]:
			verb = "has"
		case kinRefIs[next]:
			verb = "is"
		default:
			return 0, kinTie{}, "", false // "my husband's boss"
		}
	}
	if !ok || info.plural || !kinRefRoles[info.role] || !tok.Word {
		return 0, kinTie{}, "", false // "my sisters", "my brother-in-law"
	}
	if next := s.Tok(k + 1); next.Word && (next.Cap || firstName(next.Norm) && !englishWords[next.Norm]) ||
		next.Text == "-" || s.Is(k+1, "in") && s.Is(k+2, "law") {
		return 0, kinTie{}, "", false // "my sister Ana", "my sister bea", "my brother in law"
	}
	tie, ok := c.disc.kinReferent(holder, info)
	if !ok || ontology.NormaliseName(tie.ref.Name) == ontology.NormaliseName(holder) {
		return 0, kinTie{}, "", false
	}
	return k, tie, verb, true
}

// kinRefs reads sentence s of turn t again with each relationship word
// that stands for a person tied to its holder replaced by the person's
// name, keeping the relations that end at them (besides the tie itself),
// citing the turn that tied them; each such person counts as mentioned in
// the turn.
func (c *turnCtx) kinRefs(t ontology.Turn, s *sentence) {
	if c.disc == nil || c.speaker.Name == "" || len(c.disc.kinTies) == 0 || s.End-s.Start > maxPatternBytes {
		return
	}
	var b strings.Builder
	at := s.Start
	var found []kinTie
	holders := map[string]bool{}
	lower := true
	for _, tok := range s.Toks {
		if tok.Cap && tok.Norm != "i" {
			lower = false
		}
	}
	for i := 0; i+1 < len(s.Toks); i++ {
		if !s.Is(i, "my", "your", "ur", "her", "his") {
			continue
		}
		end, tie, verb, ok := c.kinRefAt(s, i)
		if !ok {
			continue
		}
		if namesIn(s, tie.ref.Name) {
			return // the sentence names them itself: its own readings read it
		}
		name := tie.ref.Name
		if lower {
			name = strings.ToLower(name)
		}
		b.WriteString(c.text[at:s.Toks[i].Start])
		b.WriteString(name)
		if verb != "" {
			b.WriteString(" " + verb)
		}
		at = s.Toks[end].End
		found = append(found, tie)
		holders[ontology.NormaliseName(c.kinHolder(s, i))] = true
		i = end
	}
	if len(found) == 0 {
		return
	}
	for _, tie := range found {
		c.typedEntity(tie.ref, confCue, "kin:"+tie.role)
	}
	if s.Question {
		return
	}
	b.WriteString(c.text[at:s.End])
	ends := map[string]bool{}
	cites := []string{}
	for _, tie := range found {
		ends[ontology.NormaliseName(tie.ref.Name)] = true
		cites = append(cites, tie.turn)
	}
	c.readKeeping(t, b.String(), func(r ontology.Relation) bool {
		from, to := ontology.NormaliseName(r.From.Name), ontology.NormaliseName(r.To.Name)
		if holders[from] && ends[to] || holders[to] && ends[from] {
			return false // the tie itself, or another between the two
		}
		return ends[from] || ends[to]
	}, cites...)
}

// kinHolder is the name of the holder of the description opening at i:
// the speaker for "my", the addressee for "your", the person "her"/"his"
// resolves to; "" for none.
func (c *turnCtx) kinHolder(s *sentence, i int) string {
	switch s.Norm(i) {
	case "my":
		return c.speaker.Name
	case "your", "ur":
		return c.disc.addressee(c.speaker.Name).Name
	case "her", "his":
		if a, ok := c.disc.person(s.Norm(i)); ok && a.ref.Type == ontology.EntityPerson {
			return a.ref.Name
		}
	}
	return ""
}

// namesIn reports whether sentence s holds the first word of name, accents
// aside ("elodie" for "Élodie").
func namesIn(s *sentence, name string) bool {
	f := strings.Fields(lang.FoldAccents(ontology.NormaliseName(name)))
	if len(f) == 0 {
		return false
	}
	for _, tok := range s.Toks {
		if lang.FoldAccents(tok.Norm) == f[0] {
			return true
		}
	}
	return false
}
