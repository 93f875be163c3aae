package rules

import (
	"slices"
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// Readings found by h14-blind14's whole conversations, written blind to
// the extractor (a five-a-side team, pet-owning neighbours, a choir): a
// player who "has signed for" a team or "sings for" a choir, one who has
// "become Rovers' manager", "my cousin Dev is a nurse there" and "her
// daughter Adaeze's in charge now" of the organisation just named. Each is
// keyed to the words around the names; the turn-level reading of "is the
// Heron the one on Carlton Road?" / "ya" is in crossturn_the_one.go.

// blind14Sentence runs the readings of this file on a statement.
func (p *sentCtx) blind14Sentence() { p.runReadings(blind14Readings) }

// blind14Readings are the readings blind14Sentence runs, in order.
var blind14Readings = []blind8Reading{
	{lang.Words(`signed sings`), (*sentCtx).signedFor},
	{lang.Words(`become`), (*sentCtx).becameLeader},
	{lang.Words(`there`), (*sentCtx).jobThere},
	{lang.Words(`charge`), (*sentCtx).inChargeNow},
	{lang.Words(`auditioned`), (*sentCtx).auditionedTaken},
	{lang.Words(`ours`), (*sentCtx).petIsOurs},
	{lang.Words(`my`), (*sentCtx).myTieAtOrg},
	{leadRoles, (*sentCtx).apposLeader},
	{lang.Words(`stepping stepped`), (*sentCtx).steppingDown},
	{lang.Words(`at`), (*sentCtx).atTheNamedIn},
	{acquireVerbs, (*sentCtx).petAcquired},
	{lang.Words(`sang played rowed swam drummed danced`), (*sentCtx).pastSpell},
}

// subjectSkips are the auxiliaries and adverbs between a subject and its
// verb: "has signed", "'s only gone and become", "now sings".
var subjectSkips = lang.Words(`has is now just officially finally actually already gone and only`)

// memberSubjectBefore reads the person a third-person verb at v is said of: a
// name ("Stevie has signed", "gethin now sings") or "he"/"she" resolved to
// a person (pronoun), over the auxiliaries and adverbs between. The
// speaker, "I", "we" or a plural is none; a hedge or a past ("used to")
// before the verb is none. cite is the antecedent's turn for a pronoun.
func (p *sentCtx) memberSubjectBefore(v int) (ontology.EntityRef, string, bool) {
	s := p.s
	j := v - 1
	for j >= 0 && subjectSkips[s.Norm(j)] && !s.Tok(j).Cap {
		j--
	}
	if j < 0 || p.tieHedged(v) || p.hedgedAt(v) || p.has(0, v, "used", "if", "when", "would", "might") {
		return ontology.EntityRef{}, "", false
	}
	if s.Is(j, "he", "she") {
		a, ok := p.pronoun(j, s.Norm(j))
		if !ok || p.disc.isSpeaker(a.ref.Name) {
			return ontology.EntityRef{}, "", false
		}
		return a.ref, a.turn, true
	}
	if s.Tok(j).Poss {
		// "Stevie's signed", "Ollie's only gone and become": the "'s" is "has"
		sp, found := p.nameEndingAt(j + 1)
		if !found || !personLike(sp.typ) || p.disc.isSpeaker(sp.name) || sp.to-sp.from == 1 && !sp.confirmed && commonSpan(sp) {
			return ontology.EntityRef{}, "", false
		}
		return ontology.EntityRef{Name: strings.TrimSuffix(sp.name, "'s"), Type: ontology.EntityPerson}, "", true
	}
	if label, ok := p.disc.speakerCalled(s.Tok(j).Text); ok && (clauseOpening(s, j) || s.Is(j-1, "and")) {
		// "and gethin now sings for …": another speaker, called by label
		if label == p.speaker.Name {
			return ontology.EntityRef{}, "", false
		}
		return ontology.EntityRef{Name: label, Type: ontology.EntityPerson}, "", true
	}
	who, _, ok := p.personBefore(j + 1)
	if !ok {
		who, _, ok = p.lowerPersonBefore(j + 1)
	}
	if !ok || p.isSpeaker(who) || p.disc.isSpeaker(who.Name) {
		return ontology.EntityRef{}, "", false
	}
	return who, "", true
}

// signedFor reads "Stevie has signed for Clifton Rovers", "gethin now
// sings for Larkspur Voices AND the Bath Male Voice Choir", and "he's
// signed for them" of the organisation just named: MEMBER_OF. The
// speaker's own ("I signed for the parcel"), a thing signed for ("a
// delivery"), a hedge ("might have signed for"), a past ("used to sing
// for") or a person's name after "for" reads nothing.
func (p *sentCtx) signedFor() {
	s := p.s
	for v := 1; v+1 < len(s.Toks); v++ {
		if !s.Is(v, "signed", "sings") || !s.Is(v+1, "for") {
			continue
		}
		if s.Is(v, "signed") && !s.Is(v-1, "has", "is", "just", "officially", "finally", "now", "only") && !s.Tok(v-1).Poss {
			continue // "Stevie signed for the parcel": a delivery, most often
		}
		who, cite, ok := p.memberSubjectBefore(v)
		if !ok {
			continue
		}
		k := v + 2
		if s.Is(k, "them") && p.phraseEnds(k+1, len(s.Toks)) || s.Is(k, "them") && s.Is(k+1, ",", "and", "now", "lol") {
			org, ok := p.orgThem()
			if !ok || p.topicSince(org) {
				continue
			}
			p.relationCitingAll(rel{typ: ontology.RelMemberOf, from: who, to: org.ref, conf: confWeak, validFrom: p.ts}, org.turn, cite)
			return
		}
		defer p.citeFrom(cite)()
		for n := 0; n < 2; n++ {
			group, end, ok := p.groupNamedAt(k)
			if !ok {
				break
			}
			p.relation(rel{typ: ontology.RelMemberOf, from: who, to: group, conf: confWeak, validFrom: p.ts})
			if !s.Is(end, "and", "&") {
				break
			}
			k = end + 1
		}
		return
	}
}

// subjectRelation emits r from the person the verb at v is said of
// (memberSubjectBefore), citing a pronoun's antecedent turn too, and
// reports whether it did.
func (p *sentCtx) subjectRelation(v int, r rel) bool {
	who, cite, ok := p.memberSubjectBefore(v)
	if !ok {
		return false
	}
	r.from = who
	p.relationCitingAll(r, cite)
	return true
}

// relationCitingAll emits r citing also the turns given (the one that named
// the organisation, the one a pronoun's person was named in), besides
// the current turn.
func (p *sentCtx) relationCitingAll(r rel, turns ...string) {
	saved := p.cite
	for _, t := range turns {
		if t != "" && t != p.ids[0] {
			p.cite = union(slices.Clone(p.cite), []string{t})
		}
	}
	p.relation(r)
	p.cite = saved
}

// groupNamedAt reads an organisation's name at k, after an optional "the"
// ("the Bath Male Voice Choir", "Clifton Rovers"): one typed a person, a
// place, a possessive or a first name is none.
func (p *sentCtx) groupNamedAt(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if s.Is(k, "the") {
		k++
	}
	sp, ok := p.nameStartingAt(k)
	if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || s.Tok(sp.to-1).Poss ||
		sp.to == k+1 && firstName(s.Norm(k)) || p.disc.typedPerson(sp.name) || p.disc.isSpeaker(sp.name) {
		return ontology.EntityRef{}, 0, false
	}
	return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, sp.to, true
}

// leadRoles are the titles of one who leads a team, a club or a business
// ("Rovers' manager", "the club's new captain").
var leadRoles = lang.Words(`manager captain coach boss director chair chairman chairwoman president head leader ceo skipper landlord landlady owner`)

// becameLeader reads "Ollie has become Clifton Rovers' manager", "he's
// only gone and become Rovers' new captain": LEADS, with the title as
// role. "become a manager" (no organisation), "become my manager" (a
// tie), "Rovers' biggest fan", a hedge ("wants to become") or a question
// reads nothing.
func (p *sentCtx) becameLeader() {
	s := p.s
	for v := 1; v+3 < len(s.Toks); v++ {
		if !s.Is(v, "become") || !s.Is(v-1, "has", "'ve", "have", "is", "and", "just") || s.Is(v-1, "and") && !s.Is(v-2, "gone") {
			continue
		}
		k := v + 1
		if s.Is(k, "the") {
			k++
		}
		sp, ok := p.nameStartingAt(k)
		if !ok || sp.typ == ontology.EntityPerson || sp.typ == ontology.EntityPlace || p.disc.typedPerson(sp.name) {
			continue
		}
		r := sp.to
		if s.Is(r, "'") {
			r++ // "Rovers' manager"
		} else if !s.Tok(r - 1).Poss {
			continue
		}
		if s.Is(r, "new") {
			r++
		}
		if !leadRoles[s.Norm(r)] || s.Tok(r).Poss || !p.phraseEnds(r+1, len(s.Toks)) && !s.Is(r+1, ",", "now", "lol", "and") {
			continue
		}
		org := ontology.EntityRef{Name: strings.TrimSuffix(sp.name, "'s"), Type: ontology.EntityOrganization}
		if p.subjectRelation(v, rel{typ: ontology.RelLeads, to: org, role: s.Norm(r), conf: confWeak, validFrom: p.ts}) {
			return
		}
	}
}
