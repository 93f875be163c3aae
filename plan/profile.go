package plan

import (
	"slices"
	"strconv"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// profileBook holds the current values of each subject, topic and
// sub-topic as a batch's decisions change them.
type profileBook map[string][]StoredProfile

func profileKey(subject, topic, sub string) string { return subject + "\x1f" + topic + "\x1f" + sub }

// decide applies the merge rules (ontology.DecideProfile) to f against the
// subject's current values; rule, when not nil, may replace an ambiguous
// outcome with a ruling. The book then holds what the decision leaves
// current (newUID names the value f becomes). It returns the decision and
// the current value it concerns, if any.
func (bk profileBook) decide(subject string, f ontology.ProfileFact, newUID string,
	rule func(ontology.MergeDecision) (ontology.MergeDecision, bool)) (ontology.MergeDecision, *StoredProfile) {
	key := profileKey(subject, f.Topic, f.SubTopic)
	cur := bk[key]
	facts := make([]ontology.ProfileFact, len(cur))
	for i, c := range cur {
		facts[i] = c.Fact
	}
	d := ontology.DecideProfile(facts, f)
	if d.Ambiguous && rule != nil {
		if r, ok := rule(d); ok {
			d = r
		}
	}
	var previous *StoredProfile
	for i := range cur {
		if cur[i].Fact.Value == d.Previous {
			c := cur[i]
			previous = &c
			break
		}
	}
	switch d.Action {
	case ontology.MergeInsert, ontology.MergeAppend, ontology.MergeUpdate:
		nf := f
		nf.Confidence = d.Confidence
		var next []StoredProfile
		for _, c := range cur {
			if d.Action != ontology.MergeUpdate || previous == nil || c.UID != previous.UID {
				next = append(next, c)
			}
		}
		bk[key] = append(next, StoredProfile{UID: newUID, SubjectUID: subject, Fact: nf})
	}
	return d, previous
}

// Conflict is an incoming profile fact the merge rules cannot decide
// against a current value.
type Conflict struct {
	Incoming ontology.ProfileFact
	Current  ontology.ProfileFact
	Decision ontology.MergeDecision
}

// ProfileConflicts applies the merge rules to incoming, in order, against
// current (subjects matched by normalised name), as Plan does, and returns
// the conflicts they find ambiguous: an LLM may rule on these before the
// write, and Plan applies a ruling when the same conflict is still there.
func ProfileConflicts(current, incoming []ontology.ProfileFact) []Conflict {
	bk := profileBook{}
	for i, c := range current {
		s := ontology.NormaliseName(c.Subject.Name)
		k := profileKey(s, c.Topic, c.SubTopic)
		bk[k] = append(bk[k], StoredProfile{UID: "stored-" + strconv.Itoa(i), SubjectUID: s, Fact: c})
	}
	var out []Conflict
	for i, f := range incoming {
		d, prev := bk.decide(ontology.NormaliseName(f.Subject.Name), f, "incoming-"+strconv.Itoa(i), nil)
		if d.Ambiguous && prev != nil {
			out = append(out, Conflict{Incoming: f, Current: prev.Fact, Decision: d})
		}
	}
	return out
}

// ruling returns the LLM's ruling for an ambiguous conflict, if the batch
// carries one for the same subject, sub-topic, value and previous value.
func ruling(rulings []ontology.MergeDecision, subj *entity, d ontology.MergeDecision) (ontology.MergeDecision, bool) {
	for _, r := range rulings {
		if ontology.NormaliseName(r.Subject.Name) != ontology.NormaliseName(subj.name) && r.Subject.Name != subj.speaker {
			continue
		}
		if r.Topic == d.Topic && r.SubTopic == d.SubTopic && r.Value == d.Value && r.Previous == d.Previous {
			r.SourceTurnIDs = d.SourceTurnIDs
			return r, true
		}
	}
	return ontology.MergeDecision{}, false
}

func (p *planner) profiles() {
	bk := profileBook{}
	for _, c := range p.stored.Profiles {
		k := profileKey(c.SubjectUID, c.Fact.Topic, c.Fact.SubTopic)
		bk[k] = append(bk[k], c)
	}
	pending := map[string]int{} // uid → index in ProfileNew of values this batch creates
	for _, f := range p.b.Knowledge.Profile {
		if !p.keep(f.SourceTurnIDs, "") {
			continue
		}
		subj := p.res.resolve(f.Subject, p.createdOf(f.SourceTurnIDs), 0, "")
		f.SourceTurnIDs = p.cited(f.SourceTurnIDs)
		newUID := p.recordUID("profile_fact")
		d, previous := bk.decide(subj.uid, f, newUID, func(d ontology.MergeDecision) (ontology.MergeDecision, bool) {
			return ruling(p.b.Rulings, subj, d)
		})
		d.At = p.b.Now
		d.Subject = ontology.EntityRef{Name: subj.name, Type: subj.typ}
		p.out.Report.Decisions[d.Action]++
		written := ""
		switch d.Action {
		case ontology.MergeSkip:
			if previous == nil {
				break
			}
			if i, ok := pending[previous.UID]; ok {
				// Known from this very batch: not stored yet, so its write
				// carries the extra sources.
				w := &p.out.ProfileNew[i]
				w.Fact.SourceTurnIDs = mergeIDs(w.Fact.SourceTurnIDs, f.SourceTurnIDs)
				w.TurnIDs = w.Fact.SourceTurnIDs
			} else {
				p.out.ProfileSeen = append(p.out.ProfileSeen, ProfileSeen{UID: previous.UID,
					SourceTurnIDs: f.SourceTurnIDs, TurnIDs: f.SourceTurnIDs})
			}
		case ontology.MergeInsert, ontology.MergeAppend, ontology.MergeUpdate:
			written = newUID
			nf := f
			nf.Confidence = d.Confidence
			p.out.ProfileNew = append(p.out.ProfileNew, ProfileWrite{UID: newUID, SubjectUID: subj.uid, SubjectName: subj.name,
				Fact: nf, TurnIDs: f.SourceTurnIDs})
			pending[newUID] = len(p.out.ProfileNew) - 1
			if d.Action == ontology.MergeUpdate && previous != nil {
				end := p.b.Now
				if f.ValidFrom != nil {
					end = f.ValidFrom.UTC()
				}
				if i, ok := pending[previous.UID]; ok {
					// Superseded within this batch: written already closed
					// (the ends statement runs before the new values exist).
					w := &p.out.ProfileNew[i]
					w.ValidTo, w.SupersededBy = timePtr(end), newUID
				} else {
					p.out.ProfileEnds = append(p.out.ProfileEnds, ProfileEnd{UID: previous.UID, ValidTo: end, By: newUID})
				}
			}
		}
		p.out.Decisions = append(p.out.Decisions, DecisionWrite{UID: p.recordUID("decision"), SubjectUID: subj.uid,
			Decision: d, ProfileFactUID: written})
	}
}

func timePtr(t time.Time) *time.Time { return &t }

// mergeIDs appends the ids of more that ids lacks, keeping order.
func mergeIDs(ids, more []string) []string {
	out := append([]string{}, ids...)
	for _, m := range more {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}
