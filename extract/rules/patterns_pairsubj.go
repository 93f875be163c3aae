package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// sharedTypes are the relations a pair subject states of each of its
// people: "Tom and Aisha moved to Leeds" is two moves. The relations
// between the two (partners, kin, ties) are not repeated.
var sharedTypes = map[ontology.RelationType]bool{
	ontology.RelMovedTo: true, ontology.RelMovedFrom: true, ontology.RelLivesIn: true, ontology.RelOwns: true,
	ontology.RelWorksAt: true, ontology.RelAttended: true, ontology.RelMemberOf: true, ontology.RelComesFrom: true,
	ontology.RelLeads: true, ontology.RelCreated: true,
}

// pairJoins join the two people of a pair subject, as chats write them.
var pairJoins = lang.Words(`and & + n`)

// pairSkips may stand between the join and the second person's name: "me
// n my bf Femi", "him + his partner Noor".
var pairSkips = lang.Words(`my his her their our new old lovely`)

// pairSubjects repeats, for the first person of a pair subject, what the
// sentence's patterns found of the second: "Tom and Aisha moved to Leeds",
// "me n my bf Femi are moving to Leeds", "him + his partner Noor moved down
// to Brighton" (him resolved as any "he"). The patterns read the name
// next to the verb; the first person is a name typed as a person, I/me
// (the speaker) or him/her. The relations of the sentence from index
// start on are read; the copy keeps the modality and dates the pattern
// decided, and cites the pronoun's antecedent turn.
func (p *sentCtx) pairSubjects(start int) {
	s := p.s
	n := len(p.out.Relations)
	for ri := start; ri < n; ri++ {
		r := p.out.Relations[ri]
		if !sharedTypes[r.Type] || r.From.Type != ontology.EntityPerson {
			continue
		}
		b, ok := p.nameSpan(r.From.Name)
		if !ok || p.pronounClauseBefore(b.to, r.To.Name) {
			continue
		}
		j := b.from
		for j > 0 && (pairSkips[s.Norm(j-1)] || isRoleWord(s.Norm(j-1))) {
			j--
		}
		if j < 2 || !pairJoins[s.Norm(j-1)] {
			continue
		}
		first, cite, ok := p.pairFirst(j - 2)
		if !ok || ontology.NormaliseName(first.Name) == ontology.NormaliseName(r.From.Name) {
			continue
		}
		saved := p.cite
		if cite != "" && cite != p.ids[0] {
			p.cite = []string{cite}
		}
		c := rel{typ: r.Type, from: first, to: r.To, role: r.Role, conf: r.Confidence,
			validFrom: r.ValidFrom, validUntil: r.ValidTo}
		p.relation(c)
		p.cite = saved
	}
}

// pronounClauseBefore reports whether a clause opening with he/she comes
// after token from and before the name to: the relation is then that
// pronoun's, which found the pair's second person ("Yusuf and Amira came
// for tea, she's a pharmacist at Boots"), not the pair's.
func (p *sentCtx) pronounClauseBefore(from int, to string) bool {
	sp, ok := p.nameSpan(to)
	if !ok {
		return false
	}
	for k := from; k < sp.from; k++ {
		if p.s.Is(k, "he", "she") && p.s.Is(k-1, ",", "and", "so", "but", ";") {
			return true
		}
	}
	return false
}

// nameSpan returns the sentence's name span named name.
func (p *sentCtx) nameSpan(name string) (span, bool) {
	for _, sp := range p.names {
		if sp.name == name {
			return sp, true
		}
	}
	return span{}, false
}

// pairFirst reads the first person of a pair at token k (the word before
// the join): a person's name ending there, I/me, or him/her. It returns the
// person and, for a pronoun, its antecedent's turn.
func (p *sentCtx) pairFirst(k int) (ontology.EntityRef, string, bool) {
	s := p.s
	switch s.Norm(k) {
	case "i", "me":
		if p.speaker.Name == "" || !clauseOpens(s, k) {
			return ontology.EntityRef{}, "", false // "for me and Femi", "told me and Femi"
		}
		p.selfUsed = true
		return p.speaker, "", true
	case "him", "her", "he", "she":
		g := map[string]string{"him": "he", "her": "she", "he": "he", "she": "she"}[s.Norm(k)]
		if !clauseOpens(s, k) {
			return ontology.EntityRef{}, "", false
		}
		a, ok := p.pronoun(k, g)
		return a.ref, a.turn, ok && a.ref.Name != ""
	}
	for _, sp := range p.names {
		if sp.to == k+1 && sp.typ == ontology.EntityPerson && !s.Toks[k].Poss && clauseOpens(s, sp.from) {
			return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, "", true
		}
	}
	return ontology.EntityRef{}, "", false
}

// clauseOpens reports whether token k may open the clause a pair subject
// starts: the sentence's first word, or after punctuation, a greeting or
// interjection, a linking word or an adverb ("yeah Tom and Aisha …",
// "btw me and Jo …"); not after a verb or preposition ("told me and Jo").
func clauseOpens(s *sentence, k int) bool {
	if k == 0 || !s.Toks[k-1].Word {
		return true
	}
	n := s.Norm(k - 1)
	return greetingWords[n] || adverbs[n] || clauseLinks[n]
}

// clauseLinks may come before a clause's subject.
var clauseLinks = lang.Words(`so and but also btw anyway plus then update news`)
