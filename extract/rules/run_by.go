package rules

import (
	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// runByVerbs are the participles that name who runs, owns or founded an
// organisation ("run by Ivy", "owned by her uncle Sam", "started by two
// nurses"), with the relation each gives.
var runByVerbs = map[string]ontology.RelationType{
	"run": ontology.RelLeads, "managed": ontology.RelLeads, "led": ontology.RelLeads, "headed": ontology.RelLeads,
	"owned": ontology.RelOwns, "founded": ontology.RelCreated, "started": ontology.RelCreated,
}

// runByDescriptions may stand before the name of the one who runs it:
// "run by this woman Ivy Okafor", "owned by a guy called Dev".
var runByDescriptions = lang.Words(`woman man guy lady bloke girl fella chap couple family`)

// runByAfter reads "we booked Nettle & Pan, run by Ivy Okafor" and a
// message that goes on about the organisation its speaker just named,
// "Nettle & Pan, theyre a catering company in Todmorden" / "run by this
// woman Ivy Okafor who is a genius": LEADS (run, managed), OWNS (owned)
// or CREATED (founded, started). "X is run by Y" is runBy's. A past ("was
// run by"), a hedge, the speaker, an organisation named by someone else
// or before a question about some other thing reads nothing.
func (p *sentCtx) runByAfter() {
	s := p.s
	for k := 0; k+2 < len(s.Toks); k++ {
		typ, ok := runByVerbs[s.Norm(k)]
		if !ok || !s.Is(k+1, "by") || p.tieHedged(k) || s.Is(k-1, "was", "were", "been", "be") {
			continue
		}
		who, ok := p.runByPerson(k + 2)
		if !ok {
			continue
		}
		var org ontology.EntityRef
		switch {
		case s.Is(k-1, ",") && k >= 2:
			sp, ok := p.nameEndingAt(k - 1)
			if !ok || sp.typ != ontology.EntityOrganization {
				continue
			}
			org = ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}
		case k == afterLeads(s):
			a, ok := p.lastOrganisation()
			if !ok || p.orgStale(a) || p.topicSince(a) || p.disc.speakerOf[a.turn] != p.disc.speakerOf[p.ids[0]] {
				continue
			}
			org = a.ref
			defer p.citeFrom(a.turn)()
		default:
			continue
		}
		role := ""
		if typ == ontology.RelCreated {
			role = "founder"
		}
		p.relation(rel{typ: typ, from: who, to: org, role: role, conf: confWeak, validFrom: p.ts})
		return
	}
}

// runByPerson reads the person after "run by" at k: a name, after "this
// woman", "a guy called" or a relationship word ("her uncle Sam") when
// one stands first.
func (p *sentCtx) runByPerson(k int) (ontology.EntityRef, bool) {
	s := p.s
	if s.Is(k, "this", "a", "some", "an", "my", "her", "his", "their") && (runByDescriptions[s.Norm(k+1)] || roleWords[s.Norm(k+1)].role != "") {
		k += 2
		if s.Is(k, "called", "named") {
			k++
		}
	}
	who, end, ok := p.person(k)
	if !ok || p.isSpeaker(who) || !p.phraseEnds(end, len(s.Toks)) && !s.Is(end, ",", "who", "and", "since") {
		return ontology.EntityRef{}, false
	}
	return who, true
}
