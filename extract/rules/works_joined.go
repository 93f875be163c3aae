package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// employerNouns are what a chat calls an employer before its name: "some
// fintech in edinburgh called Brightloop", "a tiny agency called Moss".
var employerNouns = lang.Words(`company startup start-up firm business agency fintech consultancy studio
	practice clinic hospital bakery cafe café restaurant bar shop charity nonprofit lab`)

// joinedOrgCalled reads "she's joined some fintech in edinburgh called
// Brightloop", "i joined a tiny agency called Moss & Vale": WORKS_AT,
// and LOCATED_IN when the place is said. A gym, a band or a club, a plan
// ("thinking of joining"), someone unnamed ("my brother joined"), a hedge
// or a question read nothing.
func (p *sentCtx) joinedOrgCalled() {
	s := p.s
	for v := range p.plainWordAt(0, 3, "joined") {
		k := v + 1
		if !s.Is(k, "a", "an", "some", "this") {
			continue
		}
		n := k + 1
		for n < k+4 && n < len(s.Toks) && !employerNouns[s.Norm(n)] && s.Toks[n].Word && !s.Toks[n].Cap {
			n++
		}
		if !employerNouns[s.Norm(n)] {
			continue
		}
		j := n + 1
		var place ontology.EntityRef
		if s.Is(j, "in", "based") {
			if s.Is(j, "based") {
				j++
			}
			pl, end, conf, ok := p.place(j + 1)
			if !ok || conf < confStrong {
				// a town no list holds, which the frame "a fintech in X called Y" places
				if pl, end, ok = p.unseenPlace(j + 1); !ok || !s.Is(end, "called", "named") {
					continue
				}
			}
			place, j = pl, end
		}
		if !s.Is(j, "called", "named") {
			continue
		}
		org, end, ok := p.namedOrg(j + 1)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "now", "and") {
			continue
		}
		who, ok := p.joinerAt(v)
		if !ok {
			return
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
		if place.Name != "" {
			p.relation(rel{typ: ontology.RelLocatedIn, from: org, to: place, conf: confWeak, validFrom: p.ts})
		}
		return
	}
}

// joinerAt returns who "joined" at v: the speaker ("i've joined", a
// sentence opening on it), a pronoun's person ("she's joined") or the
// name right before ("Aileen joined", "Aileen has joined").
func (p *sentCtx) joinerAt(v int) (ontology.EntityRef, bool) {
	s := p.s
	if firstPersonVerb(s, v) {
		return p.speaker, p.speaker.Name != ""
	}
	j := v - 1
	if s.Is(j, "has", "is", "'s", "just") {
		j--
	}
	if s.Is(j, "he", "she") {
		a, ok := p.pronoun(j, s.Norm(j))
		if ok {
			defer p.citeFrom(a.turn)()
		}
		return a.ref, ok && !p.isSpeaker(a.ref)
	}
	sp, ok := p.nameEndingAt(j + 1)
	if !ok || sp.typ != ontology.EntityPerson && sp.typ != ontology.EntityConcept || commonSpan(sp) || s.Tok(sp.to-1).Poss {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPerson}, true
}

// tookIt are the words after "and" that say an offer was taken: "and i
// said yes", "and i took it", "and i've accepted".
func tookIt(s *sentence, k int) bool {
	if !s.Is(k, "and", "&") || !s.Is(k+1, "i") {
		return false
	}
	j := k + 2
	if s.Is(j, "have", "'ve") {
		j++
	}
	return s.Is(j, "said") && s.Is(j+1, "yes") || s.Is(j, "took", "accepted", "taken") && (s.Is(j+1, "it") || !s.Tok(j+1).Word)
}

// offeredAndTook reads "got offered head baker at Oven Bird in york and i
// said yes", "i was offered a job at Kelpie and i took it": WORKS_AT for
// the speaker. "but i said no", "not sure yet", someone else's offer
// ("my sister got offered"), an "if" or a question read nothing.
func (p *sentCtx) offeredAndTook() {
	s := p.s
	for v := 0; v+3 < len(s.Toks); v++ {
		if !p.plainAt(v, "offered") {
			continue
		}
		subj := v - 1
		if !s.Is(subj, "got", "was", "been") {
			continue
		}
		if s.Is(subj, "been") && s.Is(subj-1, "'ve", "have") {
			subj--
		}
		if !firstPersonVerb(s, subj) {
			return
		}
		at := -1
		for j := v + 1; j < v+6 && j < len(s.Toks); j++ {
			if s.Is(j, "at", "from", "by") {
				at = j
				break
			}
		}
		if at < 0 {
			continue
		}
		org, end, ok := p.namedOrg(at + 1)
		if !ok {
			continue
		}
		if s.Is(end, "in") {
			if _, e, _, ok := p.place(end + 1); ok {
				end = e
			}
		}
		if s.Is(end, ",") {
			end++
		}
		if !tookIt(s, end) {
			continue
		}
		p.relation(rel{typ: ontology.RelWorksAt, from: p.speaker, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}

// jobSubjectPronouns are never a name no list knows: "she got the job at".
var jobSubjectPronouns = lang.Words(`i you u he she they we it ya ye one someone who`)

// lowerGotTheJob reads "marek got the job at Baltic Crane!!", "oonagh got
// a job at the Pickled Newt": WORKS_AT for a subject written in lower
// case that no word list knows (the patterns want a capital or a known
// first name). A word of English ("everyone", "mum"), a kin word's
// possessive without its apostrophe ("mums got the job at"), a speaker, "never",
// a joke ("in his dreams"), a question or a hedge read nothing.
func (p *sentCtx) lowerGotTheJob() {
	s := p.s
	for v := 1; v+4 < len(s.Toks); v++ {
		if !s.Is(v, "got") || !s.Is(v+1, "the", "a") || !s.Is(v+2, "job") || !s.Is(v+3, "at") {
			continue
		}
		t := s.Tok(v - 1)
		if !t.Word || t.Cap || t.Poss || len(t.Norm) < 3 || englishWords[t.Norm] || npStops[t.Norm] || chatLeads[t.Norm] ||
			jobSubjectPronouns[t.Norm] || notSomeone[t.Norm] ||
			v-1 != afterLeads(s) && !s.Is(v-2, ",") {
			continue
		}
		if _, tie := roleWords[t.Norm]; tie || kinHomeAt(s, v-1) || hedgedBefore(s, v-1) || p.tieHedged(v) || p.has(v, len(s.Toks), "dreams", "jk", "kidding", "joking") {
			continue
		}
		if _, ok := p.disc.speakerCalled(t.Text); ok {
			continue
		}
		org, end, ok := p.namedOrg(v + 4)
		if !ok || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "!", "in", "and", "so") {
			continue
		}
		who := ontology.EntityRef{Name: titleCase(t.Text), Type: ontology.EntityPerson}
		p.relation(rel{typ: ontology.RelWorksAt, from: who, to: org, conf: confWeak, validFrom: p.ts})
		return
	}
}
