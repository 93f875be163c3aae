package plan

import (
	"slices"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// relState is a relation as this batch's plan sees it: stored (id set) or
// created by the plan (at, an index into WritePlan.Relations).
type relState struct {
	typ                ontology.RelationType
	from, to, role     string
	validFrom, validTo *time.Time
	id                 string
	at                 int // index in WritePlan.Relations; -1 when stored
	update             int // index in WritePlan.RelationUpdates; -1 when none yet
}

// relations decides each relation of the batch. Rules:
//   - a relation is the same as a stored (or earlier in the batch) one of
//     the same type, ends and role; a symmetric type (FRIEND_OF,
//     PARTNER_OF) matches either direction;
//   - an ending (ValidTo set) closes the matching open relation, setting
//     valid_to; with none open it restates a matching closed one, and with
//     none at all it is written already closed. Nothing is ever deleted;
//   - a current statement restates the matching open relation (sources
//     added, confidence raised, a missing valid_from filled); it restates a
//     matching closed one when it does not start after that one ended, and
//     otherwise starts a new relation (a job taken up again);
//   - a new relation's valid_from is the extractor's, or the time of the
//     earliest batch turn stating it; an ended one's is only the
//     extractor's (the statement's time is its end, not its start);
//   - MOVED_FROM a place also closes the open LIVES_IN of the same person
//     and place, at the move's time. A newer LIVES_IN does not close an
//     older one by itself: places nest (a city and its country are both
//     lived in), and a wrong ending costs more than a missing one.
func (p *planner) relations() {
	var rels []*relState
	for _, s := range p.stored.Relations {
		rels = append(rels, &relState{typ: s.Type, from: s.FromUID, to: s.ToUID, role: s.Role,
			validFrom: s.ValidFrom, validTo: s.ValidTo, id: s.ID, at: -1, update: -1})
	}
	for _, r := range p.b.Knowledge.Relations {
		if !p.keep(r.SourceTurnIDs, "") {
			continue
		}
		ids := p.createdOf(r.SourceTurnIDs)
		from, to := p.res.resolve(r.From, ids, 0, ""), p.res.resolve(r.To, ids, 0, "")
		if from == to {
			continue
		}
		p.out.Report.Relations++
		sources := p.cited(r.SourceTurnIDs)
		spec, _ := r.Type.Spec()
		open, closed := findRel(rels, r.Type, from.uid, to.uid, &r.Role, spec.Symmetric)
		switch {
		case r.ValidTo != nil && open != nil:
			p.touch(open, r, sources, nil, r.ValidTo)
		case r.ValidTo != nil && closed != nil:
			p.touch(closed, r, sources, nil, nil)
		case r.ValidTo != nil:
			rels = append(rels, p.create(r, from.uid, to.uid, sources, r.ValidFrom))
		default:
			start := r.ValidFrom
			if start == nil {
				start = p.firstTime(ids)
			}
			switch {
			case open != nil:
				p.touch(open, r, sources, start, nil)
			case closed != nil && (start == nil || !start.After(*closed.validTo)):
				p.touch(closed, r, sources, start, nil)
			default:
				rels = append(rels, p.create(r, from.uid, to.uid, sources, start))
			}
		}
		if r.Type == ontology.RelMovedFrom {
			end := r.ValidFrom
			if end == nil {
				end = p.firstTime(ids)
			}
			if end == nil {
				end = &p.b.Now
			}
			if lived, _ := findRel(rels, ontology.RelLivesIn, from.uid, to.uid, nil, false); lived != nil {
				p.touch(lived, ontology.Relation{Confidence: r.Confidence, Extractor: r.Extractor}, sources, nil, end)
			}
		}
	}
}

// findRel returns the open relation of typ between from and to with role
// (any role when role is nil), and the closed one that ended last.
func findRel(rels []*relState, typ ontology.RelationType, from, to string, role *string, symmetric bool) (open, closed *relState) {
	for _, s := range rels {
		if s.typ != typ || role != nil && s.role != *role {
			continue
		}
		if !(s.from == from && s.to == to || symmetric && s.from == to && s.to == from) {
			continue
		}
		switch {
		case s.validTo == nil:
			if open == nil {
				open = s
			}
		case closed == nil || s.validTo.After(*closed.validTo):
			closed = s
		}
	}
	return open, closed
}

// create plans a new relation.
func (p *planner) create(r ontology.Relation, from, to string, sources []string, start *time.Time) *relState {
	p.out.Relations = append(p.out.Relations, RelationWrite{Type: r.Type, FromUID: from, ToUID: to, Role: r.Role,
		Confidence: r.Confidence, ValidFrom: start, ValidTo: r.ValidTo, SourceTurnIDs: sources, Extractors: []string{r.Extractor}})
	return &relState{typ: r.Type, from: from, to: to, role: r.Role, validFrom: start, validTo: r.ValidTo,
		at: len(p.out.Relations) - 1, update: -1}
}

// touch restates s with r's sources, extractor and confidence, fills its
// missing start with start, and closes it at end when end is set.
func (p *planner) touch(s *relState, r ontology.Relation, sources []string, start, end *time.Time) {
	if s.validFrom == nil && start != nil {
		s.validFrom = start
	} else {
		start = nil
	}
	if end != nil {
		s.validTo = end
	}
	if s.at >= 0 {
		w := &p.out.Relations[s.at]
		w.SourceTurnIDs = mergeIDs(w.SourceTurnIDs, sources)
		w.Extractors = mergeIDs(w.Extractors, []string{r.Extractor})
		w.Confidence = max(w.Confidence, r.Confidence)
		w.ValidFrom, w.ValidTo = s.validFrom, s.validTo
		return
	}
	if s.update < 0 {
		p.out.RelationUpdates = append(p.out.RelationUpdates, RelationUpdate{ID: s.id})
		s.update = len(p.out.RelationUpdates) - 1
	}
	u := &p.out.RelationUpdates[s.update]
	u.SourceTurnIDs = mergeIDs(u.SourceTurnIDs, sources)
	if r.Extractor != "" && !slices.Contains(u.Extractors, r.Extractor) {
		u.Extractors = append(u.Extractors, r.Extractor)
	}
	u.Confidence = max(u.Confidence, r.Confidence)
	if start != nil {
		u.ValidFrom = start
	}
	if end != nil {
		u.ValidTo = end
	}
}
