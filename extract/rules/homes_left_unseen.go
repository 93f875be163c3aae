package rules

import (
	"regexp"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// A town no list holds, left by someone who says they are moving: "I
// finally moved. Left Bulawayo on Thursday", "so I'm moving to bydgoszcz.
// leaving arequipa after 6 years", "since I left Kisumu … Moving here was
// the best thing". The move said is the cue the gazetteer would otherwise
// give; without it ("leaving arequipa after 6 years" alone) the name may as
// well be an employer, and nothing is read.

// movedHereRE finds a move said after the sentence, in the same turn:
// "Moving here was the best thing", "since we moved here".
var movedHereRE = regexp.MustCompile(`(?i)\b(?:moving|moved|relocating|relocated)\s+(?:here|over here|out here)\b`)

// jobLeftRE finds a job's end said in the turn ("handed in my notice",
// "my last day", "quit my job"): the name left may be the employer.
var jobLeftRE = regexp.MustCompile(`(?i)\b(?:notice|last day|my job|the job|new job|colleagues|boss|redundan\w*|contract|resign\w*|sacked|fired|laid off)\b`)

// moveSaid reports whether the speaker said they moved or are moving: in
// their turns just before or earlier in this one (moveAnnounced), or later
// in this turn ("Moving here was the best thing"). A job's end said in the
// turn makes it no cue: one moves and changes jobs at once.
func (p *sentCtx) moveSaid() bool {
	if jobLeftRE.MatchString(p.text) {
		return false
	}
	return p.disc.moveAnnounced(p.speaker.Name, p.text[:p.s.Start]) || movedHereRE.MatchString(p.text[p.s.End:])
}

// unseenHome returns the town left at k that no list names (unseenPlace),
// a one word written in lower case ending the phrase ("leaving arequipa
// end of march"). end is the token after it.
func (p *sentCtx) unseenHome(k int) (ontology.EntityRef, int, bool) {
	ref, end, ok := p.unseenPlace(k)
	if !ok || !p.s.Toks[k].Cap && !placeWordEnds(p.s, end) && !p.s.Is(end, "end", "after", "on") {
		return ontology.EntityRef{}, 0, false
	}
	return ref, end, true
}

// unseenPlace returns the place at k that no list names, where the
// sentence's cue says a place stands: a capitalised name of one or two
// words nothing types as a person, a pet or an organisation of a list or
// a head word ("Left Bulawayo on Thursday"), or, in a chat typed in lower
// case, one word of four letters or more no list knows ("cuenca girl til
// i die"). A first name or a label's word ("city girl") is none. end is
// the token after it.
func (p *sentCtx) unseenPlace(k int) (ontology.EntityRef, int, bool) {
	s := p.s
	if k < 0 || k >= len(s.Toks) || originStops[s.Norm(k)] || firstName(s.Norm(k)) {
		return ontology.EntityRef{}, 0, false
	}
	if sp, ok := p.typed(k); ok {
		if s.Norm(k) == "the" || len(strings.Fields(sp.name)) > 2 {
			return ontology.EntityRef{}, 0, false
		}
		switch {
		case sp.typ == ontology.EntityPlace, sp.typ == ontology.EntityConcept && !workUnit(ontology.NormaliseName(sp.name)):
		case sp.typ == ontology.EntityOrganization && (!sp.confirmed || weakCue(sp)):
		default:
			return ontology.EntityRef{}, 0, false
		}
		if p.disc.typedPerson(sp.name) || orgHeadEnds(sp.name) {
			return ontology.EntityRef{}, 0, false
		}
		return ontology.EntityRef{Name: sp.name, Type: ontology.EntityPlace}, sp.to, true
	}
	if lowerStyle(s) && lowerNameWord(s, k) && len(s.Norm(k)) >= 4 && !s.Toks[k].Poss {
		return ontology.EntityRef{Name: titleCase(s.Toks[k].Text), Type: ontology.EntityPlace}, k + 1, true
	}
	return ontology.EntityRef{}, 0, false
}

// leftUnseenHome reads MOVED_FROM the town at k that the speaker left
// after saying they are moving (moveSaid), a visit said in the sentence
// aside. It reports whether k names such a town, read or not, so that
// "left X" is then no job ended.
func (p *sentCtx) leftUnseenHome(k int) bool {
	if !p.moveSaid() || visitText(p.text[p.s.Start:p.s.End]) {
		return false
	}
	place, _, ok := p.unseenHome(k)
	if !ok {
		return false
	}
	p.relation(rel{typ: ontology.RelMovedFrom, from: p.speaker, to: place, conf: confWeak, validFrom: p.ts})
	return true
}

// townBranchAt reports whether name, read as an employer between k and
// end, is one word written in lower case before a branch noun
// (orgs_sites_and_branches.go): "starts at the kisumu shop" names a town's
// branch, which a gazetteer would have typed as a place, not the
// employer.
func (p *sentCtx) townBranchAt(k, end int, name string) bool {
	s := p.s
	for i := k; i+1 < end && i+1 < len(s.Toks); i++ {
		t := s.Toks[i]
		if !t.Word || !strings.EqualFold(t.Text, name) || !branchNouns[s.Norm(i+1)] || t.Start < 0 || t.End > len(p.text) {
			continue
		}
		if w := p.text[t.Start:t.End]; w == strings.ToLower(w) {
			return true
		}
	}
	return false
}

// strongPlace reports whether a list or a strong cue types the name at k
// as a place: the readings of listed places take it.
func (p *sentCtx) strongPlace(k int) bool {
	_, _, conf, ok := p.place(k)
	return ok && conf >= confStrong
}
