package rules

import (
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// auditionedTaken reads "auditioned for the Leith Harbour Chorus over
// zoom and they've taken me", "auditioned for the Harbour Singers and i
// got in!!": the speaker is a member of the group. A no ("they didn't
// take me"), a hope ("fingers crossed they take me"), someone else taken
// ("taken Sam", "taken me as a sub for the quiz"), a plan ("if i
// audition") or another's audition ("Sam auditioned") reads nothing.
func (p *sentCtx) auditionedTaken() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		if !s.Is(k, "auditioned") || !s.Is(k+1, "for") || !firstPersonVerb(s, k) || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		group, end, ok := p.groupNamedAt(k + 2)
		if !ok {
			continue
		}
		at := takenMe(s, end)
		if at < 0 || p.has(end, at, "not", "n't", "didnt", "didn't", "fingers", "hope", "hoping", "if", "maybe", "might") {
			continue
		}
		p.relation(rel{typ: ontology.RelMemberOf, from: p.speaker, to: group, conf: confWeak, validFrom: p.ts})
		return
	}
}

// takenMe returns where the words after the group's name from k say the
// speaker was taken in ("they've taken me", "they took me", "i got in",
// "got in!!"), ending the phrase, or -1.
func takenMe(s *sentence, k int) int {
	for j := k; j < len(s.Toks) && j < k+10; j++ {
		e := -1
		switch {
		case s.Is(j, "taken", "took", "accepted", "picked") && s.Is(j+1, "me"):
			e = j + 2
		case s.Is(j, "got", "get") && s.Is(j+1, "in"):
			e = j + 2
		}
		if e < 0 {
			continue
		}
		if e < len(s.Toks) && s.Toks[e].Word && !s.Is(e, "lol", "omg", "yay") {
			return -1 // "taken me as a sub for the quiz"
		}
		return j
	}
	return -1
}

// oursFor are the words after "ours" that make it a while only ("ours
// for the weekend", "ours till Sunday").
var oursFor = map[string]bool{"till": true, "til": true, "until": true, "for": true, "tonight": true, "today": true, "this": true}

// petIsOurs reads "Dottie's ours for good", "Dottie is officially ours"
// of a pet named in the window (a turn that names it names a species,
// not a relative): OWNS, the speaker's. A while ("ours for the weekend"),
// a no ("not ours"), a past ("was ours"), a relative ("my cousin Dottie")
// or a thing ("the house is ours") reads nothing.
func (p *sentCtx) petIsOurs() {
	s := p.s
	for k := 1; k < len(s.Toks); k++ {
		if !s.Is(k, "ours") {
			continue
		}
		e := k + 1
		if s.Is(e, "for") && s.Is(e+1, "good", "keeps", "life") {
			e += 2
		} else if oursFor[s.Norm(e)] {
			continue
		}
		if s.Is(e, "now") {
			e++
		}
		if !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", "!", "lol", "and") {
			continue
		}
		v := k - 1
		if s.Is(v, "officially", "now", "finally", "all") {
			v--
		}
		var end int
		switch {
		case s.Is(v, "is"):
			end = v
		case s.Tok(v).Poss:
			end = v + 1
		default:
			continue
		}
		sp, ok := p.nameEndingAt(end)
		if !ok || sp.typ == ontology.EntityPlace || sp.typ == ontology.EntityOrganization || p.tieHedged(k) || p.hedgedAt(k) {
			continue
		}
		name := strings.TrimSuffix(sp.name, "'s")
		if !p.petNamedBefore(name) {
			continue
		}
		p.relation(rel{typ: ontology.RelOwns, from: p.speaker, to: ontology.EntityRef{Name: name, Type: ontology.EntityAnimal}, conf: confWeak, validFrom: p.ts})
		return
	}
}

// petNamedBefore reports whether a turn of the window that names name
// also names a pet species ("we're fostering a greyhound, her name's
// Dottie") and no relationship word right before the name ("my cousin
// Dottie").
func (p *sentCtx) petNamedBefore(name string) bool {
	d := p.disc
	n := ontology.NormaliseName(name)
	pet := false
	for i := len(d.mentions) - 1; i >= 0 && d.index-d.mentions[i].index <= 2*corefWindow; i-- {
		m := d.mentions[i]
		if m.norm != n {
			continue
		}
		words := strings.Fields(strings.ToLower(d.texts[m.turn]))
		for j, w := range words {
			w = strings.Trim(w, ".,!?:;()\"'")
			if petSpecies[w] {
				pet = true
			}
			if j+1 < len(words) && strings.Trim(words[j+1], ".,!?:;()\"'") == n {
				if _, ok := roleWords[w]; ok {
					return false
				}
			}
		}
	}
	return pet
}

// workTies are the work roles "NAME, my <role> at ORG" names: the value
// is the KNOWS role.
var workTies = map[string]string{"manager": "manager", "boss": "manager", "supervisor": "manager", "lead": "manager",
	"colleague": "colleague", "coworker": "colleague", "co-worker": "colleague"}

// myTieAtOrg reads "even Derek, my line manager at Wiltshire Council,
// turned up", "priya, my colleague at halden bank": KNOWS with the role,
// and WORKS_AT the organisation for both (a manager or a colleague "at" a
// place of work is the speaker's there). An old or former tie, someone
// else's ("my sister's manager"), a friend ("my mate at"), no named
// organisation ("at the gym"), a place ("at Leeds") or a hedge reads
// nothing.
func (p *sentCtx) myTieAtOrg() {
	s := p.s
	for m := 2; m+3 < len(s.Toks); m++ {
		if !s.Is(m, "my") || !s.Is(m-1, ",") || s.Tok(m).Poss {
			continue
		}
		k := m + 1
		if s.Is(k, "line", "team", "work") {
			k++
		}
		role, ok := workTies[s.Norm(k)]
		if !ok || s.Tok(k).Poss || !s.Is(k+1, "at") || p.tieHedged(k) || p.hedgedAt(k) || s.Is(afterLeads(s), "if", "when") {
			continue
		}
		org, end, ok := p.org(k + 2)
		if !ok || ontology.NormaliseName(org.Name) == "" || inGazetteer(ontology.NormaliseName(org.Name)) || !s.Is(end, ",") && !p.phraseEnds(end, len(s.Toks)) {
			continue
		}
		who, ok := p.nameEndingAt(m - 1)
		if !ok || !personLike(who.typ) || p.disc.isSpeaker(who.name) {
			if ref, _, lok := p.lowerPerson(m - 2); lok && m-2 >= 0 {
				who, ok = span{name: ref.Name, typ: ontology.EntityPerson}, true
			} else {
				continue
			}
		}
		person := ontology.EntityRef{Name: who.name, Type: ontology.EntityPerson}
		p.relRole(p.speaker, kindColleague, role, person, confWeak)
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		p.relation(rel{typ: ontology.RelWorksAt, from: person, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}
