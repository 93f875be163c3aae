package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// foundNouns23 are the nouns a founder's "set up the …" or "opened the …"
// names the business in focus by: "she set up the charity in 2011", "his
// dad opened the shop in 1989". A room, a flat, a van or a box is none.
var foundNouns23 = lang.Words(`business firm company shop cafe café bakery pub bar salon restaurant deli practice
	agency studio charity startup brand label clinic gym nursery gallery trust place`)

// founderBefore reads who founds at the verb v: the speaker for "I"/"we"
// or a verb opening the sentence or its clause ("opened it the week my
// daughter was born"), else the person named or meant by "he"/"she"
// before it (memberSubjectBefore), with the turn a pronoun's person was
// named in.
func (p *sentCtx) founderBefore(v int) (ontology.EntityRef, string, bool) {
	s := p.s
	subj := v - 1
	if s.Is(subj, "i", "we") || v == afterLeads(s) || s.Is(subj, ",") && v-1 == clauseStart17(s, v)-1 {
		return p.speaker, "", p.speaker.Name != ""
	}
	return p.memberSubjectBefore(v)
}

// foundedNoun returns where the business noun of "set up the charity" or
// "opened the shop" after the verb at v stands, or 0.
func foundedNoun(s *sentence, v int) int {
	k := v + 1
	if s.Is(v, "set") {
		if !s.Is(k, "up") {
			return 0
		}
		k++
	}
	if !s.Is(k, "the") || !foundNouns23[s.Norm(k+1)] {
		return 0
	}
	return k + 1
}

// foundedOrg resolves the business "it" or "the <noun>" at n (0 for "it")
// means after the verb at v: the one organisation named before it in the
// sentence, else one the noun describes, else the one the turn names,
// else the one the recent turns name. The founder's own name, or one read
// as a person's, is none.
func (p *sentCtx) foundedOrg(v, n int, who ontology.EntityRef) (antecedent, bool) {
	firm := func(a antecedent, ok bool) bool {
		return ok && ontology.NormaliseName(a.ref.Name) != ontology.NormaliseName(who.Name) && !p.disc.typedPerson(a.ref.Name)
	}
	if a, ok := p.orgThisSentence(v); firm(a, ok) {
		return a, true
	}
	if n > 0 {
		if a, ok := p.disc.described(p.s.Norm(n)); firm(a, ok) && a.ref.Type == ontology.EntityOrganization {
			return a, true
		}
	}
	if a, ok := p.orgThisTurn(); firm(a, ok) {
		return a, true
	}
	a, ok := p.onlyOrganisation()
	if ok && n == 0 && p.turnsAgo(a.turn) > 2 && (who != p.speaker || p.othersStatement(a.turn)) {
		// someone else's "she started it" of a firm named turns ago is as often a thing unnamed, and so is
		// the speaker's "we set it up" of a firm another speaker told of ("wheelhouse motors in belgrave"
		// four turns before "… we set it up together in 2019" of the speaker's own shop)
		return antecedent{}, false
	}
	return a, firm(a, ok)
}

// othersStatement reports whether the turn with this id is another
// speaker's statement, not a question put to this one.
func (p *sentCtx) othersStatement(turn string) bool {
	return p.disc.speakerOf[turn] != p.speaker.Name && !strings.Contains(p.disc.texts[turn], "?")
}

// turnsAgo is how many turns back the turn with this id was, as the
// discourse counts them; one it never noted is far back.
func (p *sentCtx) turnsAgo(turn string) int {
	d := p.disc
	for i := len(d.mentions) - 1; i >= 0; i-- {
		if d.mentions[i].turn == turn {
			return d.index - d.mentions[i].index
		}
	}
	return corefWindow + 1
}

// orgThisTurn is the one organisation the turn's sentences before this one
// name ("Fold & Press is fine, busy with wedding stuff. … we set it up
// together in 2019"), which the turns before cannot unseat; two are none.
func (p *sentCtx) orgThisTurn() (antecedent, bool) {
	return p.onlyThisTurn(ontology.EntityOrganization, func(m mention) bool {
		return m.ref.Type == ontology.EntityOrganization || m.ref.Type == ontology.EntityConcept && !firstName(m.norm)
	})
}

// onlyThisTurn is the one name the turn's sentences before this one name
// that fits, no speaker's, typed typ; two are none.
func (p *sentCtx) onlyThisTurn(typ ontology.EntityType, fits func(mention) bool) (antecedent, bool) {
	d := p.disc
	var found *mention
	for i := len(d.mentions) - 1; i >= 0 && d.mentions[i].turn == p.ids[0]; i-- {
		m := &d.mentions[i]
		if d.speakers[m.norm] || !fits(*m) {
			continue
		}
		if found != nil && found.norm != m.norm {
			return antecedent{}, false
		}
		found = m
	}
	if found == nil {
		return antecedent{}, false
	}
	return antecedent{ref: ontology.EntityRef{Name: found.ref.Name, Type: typ}, turn: found.turn}, true
}

// foundPartners reads the people a business was founded with, right after
// it: "set it up with her sister Paz", "started it with Tom and Ana". It
// returns them and where the phrase ends (k itself when there is none).
func (p *sentCtx) foundPartners(k int) ([]ontology.EntityRef, int) {
	s := p.s
	if !s.Is(k, "up", "together") && !s.Is(k, "with") {
		return nil, k
	}
	if s.Is(k, "up", "together") {
		k++
	}
	out := p.withPeople(k, len(s.Toks))
	if len(out) == 0 {
		return nil, k
	}
	j := k + 1
	if s.Is(j, "my", "her", "his", "their", "our") {
		j = p.skipAdjectives(j+1) + 1
	}
	_, end := p.personList(j)
	for end > j && s.Is(end-1, "and", ",") {
		end-- // the list read past its last name: "Paz and still runs it"
	}
	return out, end
}

// stillRunsIt reports whether the founding goes on to say the founder runs
// the business still: "set it up with her sister and still runs it".
func stillRunsIt(s *sentence, k int) bool {
	if !s.Is(k, "and") {
		return false
	}
	k++
	if s.Is(k, "still", "now", "she", "he", "they", "we", "i") {
		k++
	}
	if s.Is(k, "still", "now") {
		k++
	}
	return s.Is(k, "runs", "run", "manages", "manage", "owns", "own") && s.Is(k+1, "it")
}
