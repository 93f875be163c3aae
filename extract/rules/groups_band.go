package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A line-up said before its band is named: "declan wants a lineup btw,
// me on bass, rafa on drums" / … / "the band is the static orchids". The
// members wait a few turns for the band's name (h14-blind8).

// lineupWait is how many turns a line-up waits for its band's name.
const lineupWait = 3

// waitingLineup is a line-up read with no band to give it.
type waitingLineup struct {
	members []lineupMember
	turn    string
	index   int
}

// waitForBand keeps a line-up of two members or more whose band is not
// known yet.
func (p *sentCtx) waitForBand(members []lineupMember) {
	if len(members) < 2 {
		return
	}
	p.disc.lineupFor = &waitingLineup{members: members, turn: p.ids[0], index: p.disc.index}
}

// bandNamed reads a band's name said of the speakers' own band: "the
// band is the static orchids", "the band's called Static Orchids", "our
// band is X", "we're called X". A line-up waiting for its band (from this
// turn or the last few) becomes MEMBER_OF it.
func (p *sentCtx) bandNamed() {
	w := p.disc.lineupFor
	if w == nil || p.disc.index-w.index > lineupWait || p.otherBandSince(w) {
		return
	}
	s := p.s
	k := afterLeads(s)
	f := k
	switch {
	case k < 0:
		return
	case s.Is(k, "the", "our") && s.Is(k+1, "band") && s.Is(k+2, "is", "'s"):
		k += 3
	case s.Is(k, "the", "our") && s.Tok(k+1).Poss && s.Norm(k+1) == "band":
		k += 2 // "the band's called X"
	case s.Is(k, "we") && s.Is(k+1, "'re", "are"):
		k += 2
	default:
		return
	}
	if s.Is(k, "called", "named") {
		k++
	} else if s.Norm(f) == "we" {
		return // "we're in Leeds": no name
	}
	group, ok := p.bandNameAt(k)
	if !ok {
		return
	}
	p.disc.lineupFor = nil
	defer p.citeFrom(w.turn)()
	for _, m := range w.members {
		p.relation(rel{typ: ontology.RelMemberOf, from: m.who, to: group, role: m.role, conf: confWeak, validFrom: p.ts})
		p.noteSpeakerGroup(m.who, group)
	}
}

// otherBandSince reports whether a band the speakers only watched was
// spoken of since the line-up, or before the name in this turn: "saw a
// great band last night", "the band at the pub?".
func (p *sentCtx) otherBandSince(w *waitingLineup) bool {
	texts := append(p.disc.turnsSince(w.turn), p.text[:min(p.s.Start, len(p.text))])
	for _, t := range texts {
		low := strings.ToLower(t)
		if !strings.Contains(low, "band") {
			continue
		}
		for _, cue := range []string{"saw", "seen", "watched", "watching", "band at", "gig", "concert"} {
			if strings.Contains(low, cue) {
				return true
			}
		}
	}
	return false
}

// notBandNames open what "the band is …" says that is no name: "the band
// is the best", "the band is the same", "the band is the reason".
var notBandNames = lang.Words(`best worst same one only reason problem thing issue last first new real main whole
	greatest biggest loudest`)

// bandNameAt reads the band's name at k, to the end of the sentence: a
// name as typed (whatever its type: a coreference may have typed a name
// that followed "ourselves" a person), or in a lower-case chat one to
// three words ("the static orchids"), none of them an evaluation.
func (p *sentCtx) bandNameAt(k int) (ontology.EntityRef, bool) {
	s := p.s
	if sp, ok := p.typed(k); ok && p.phraseEnds(sp.to, len(s.Toks)) && sp.typ != ontology.EntityPlace && !p.isSpeaker(ontology.EntityRef{Name: sp.name}) {
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityOrganization}, true
	}
	if !s.Lower {
		return ontology.EntityRef{}, false
	}
	if s.Is(k, "the") {
		k++
	}
	var ws []string
	j := k
	for ; j < len(s.Toks) && s.Toks[j].Word && len(ws) < 4; j++ {
		n := s.Norm(j)
		if notBandNames[n] || strings.HasSuffix(n, "est") || pronounish[n] || functionWords[n] || npStops[n] {
			return ontology.EntityRef{}, false
		}
		ws = append(ws, s.Toks[j].Text)
	}
	if len(ws) == 0 || len(ws) > 3 || !p.phraseEnds(j, len(s.Toks)) {
		return ontology.EntityRef{}, false
	}
	return ontology.EntityRef{Name: titleCase(strings.Join(ws, " ")), Type: ontology.EntityOrganization}, true
}

// noteSpeakerGroup keeps group as one of who's groups when who is a
// speaker of the conversation, as noteGroup does for a turn's own speaker,
// so that "our old drummer" said later names a member of it.
func (p *sentCtx) noteSpeakerGroup(who, group ontology.EntityRef) {
	if !p.disc.isSpeaker(who.Name) {
		return
	}
	if p.disc.groups == nil {
		p.disc.groups = map[string][]antecedent{}
	}
	key := ontology.NormaliseName(who.Name)
	for _, g := range p.disc.groups[key] {
		if ontology.NormaliseName(g.ref.Name) == ontology.NormaliseName(group.Name) {
			return
		}
	}
	p.disc.groups[key] = append(p.disc.groups[key], antecedent{ref: group, turn: p.ids[0]})
}

// inTheBand reads "my cousin nell is officially in the band as of last
// night", "Kit's now in the choir": MEMBER_OF the group the chat speaks
// of (groupInFocus, as groupJoined reads "joined the band"). A wish, a
// question or a speaker is not read.
func (p *sentCtx) inTheBand() {
	s := p.s
	for v := range phraseAt(s, 1, 2, "is") {
		k := optional(s, v+1, "officially", "now", "also", "finally")
		if !s.Is(k, "in") || !s.Is(k+1, "the") || !groupNounsJoined[s.Norm(k+2)] || s.Tok(k+2).Poss {
			continue
		}
		if e := k + 3; !p.phraseEnds(e, len(s.Toks)) && !s.Is(e, ",", "as", "since", "now") {
			continue
		}
		who, group, ok := p.memberOfFocus(v, k+2)
		if !ok || p.disc.isSpeaker(who.Name) {
			continue
		}
		defer p.citeFrom(group.turn)()
		p.relation(rel{typ: ontology.RelMemberOf, from: who, to: group.ref, conf: confWeak, validFrom: p.ts})
		return
	}
}
