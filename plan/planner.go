package plan

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// planner holds the state of one Plan call.
type planner struct {
	b       Batch
	stored  Snapshot
	res     *resolver
	created map[string]bool       // turns this batch created
	citable map[string]bool       // created or stored before
	times   map[string]*time.Time // the time of each citable turn, when known
	// mentioned lists, per created turn, the entities its mentions name.
	mentioned map[string][]string
	out       WritePlan
	seq       int // numbers the records the write creates, for their uids
}

func newPlanner(stored Snapshot, b Batch) *planner {
	p := &planner{b: b, stored: stored, res: newResolver(b.Tenant, b.Conversation, stored.Entities),
		created: map[string]bool{}, citable: map[string]bool{}, times: map[string]*time.Time{},
		mentioned: map[string][]string{}}
	p.out.Report.Decisions = map[ontology.MergeAction]int{}
	for _, t := range stored.Turns {
		p.citable[t.ID] = true
		p.times[t.ID] = t.Time
	}
	for _, t := range b.Turns {
		p.created[t.ID], p.citable[t.ID] = true, true
		p.times[t.ID] = t.Timestamp
	}
	p.res.batchSpeakers = b.Speakers
	for _, sp := range b.Speakers {
		p.res.speaker(sp)
	}
	return p
}

// keep reports whether an item citing ids (or, with none, a session)
// belongs to this write: it must cite a turn created by this batch, so a
// resent batch adds nothing twice. It may also cite turns stored before
// (an antecedent found through coreference).
func (p *planner) keep(ids []string, session string) bool {
	if len(ids) == 0 {
		return session != ""
	}
	return slices.ContainsFunc(ids, func(id string) bool { return p.created[id] })
}

// cited returns the ids of ids that name a stored or created turn, once
// each, in order.
func (p *planner) cited(ids []string) []string { return within(ids, p.citable) }

// createdOf returns the ids of ids that this batch created.
func (p *planner) createdOf(ids []string) []string { return within(ids, p.created) }

// within returns the ids of ids in set, once each, in order.
func within(ids []string, set map[string]bool) []string {
	var out []string
	for _, id := range ids {
		if set[id] && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// firstTime returns the earliest time of the created turns among ids.
func (p *planner) firstTime(ids []string) *time.Time {
	var first *time.Time
	for _, id := range ids {
		if t := p.times[id]; p.created[id] && t != nil && (first == nil || t.Before(*first)) {
			first = t
		}
	}
	return first
}

// recordUID names a record this write creates (a decision, a profile
// value): unique to the write (its record time) and to the item, so the
// same statement made again later never collides with an earlier record.
func (p *planner) recordUID(kind string) string {
	p.seq++
	return UID(kind, p.b.Tenant, p.b.Conversation, strconv.FormatInt(p.b.Now.UnixNano(), 10), strconv.Itoa(p.seq))
}

func (p *planner) entities() {
	for _, e := range p.b.Knowledge.Entities {
		if !p.keep(e.SourceTurnIDs, "") {
			continue
		}
		ids := p.createdOf(e.SourceTurnIDs)
		ent := p.res.resolve(e.EntityRef, ids, e.TypeConfidence, e.TypeCue)
		for _, a := range e.Aliases {
			ent.addName(a, ent.typ)
		}
		for _, id := range ids {
			if !slices.Contains(p.mentioned[id], ent.uid) {
				p.mentioned[id] = append(p.mentioned[id], ent.uid)
			}
		}
	}
}

func (p *planner) facts() {
	for i, f := range p.b.Knowledge.Facts {
		if !p.keep(f.SourceTurnIDs, f.Session) {
			continue
		}
		subj := p.res.resolve(f.Subject, p.createdOf(f.SourceTurnIDs), 0, "")
		name := subj.name
		if subj.speaker != "" {
			name = subj.speaker
		}
		f.SourceTurnIDs = p.cited(f.SourceTurnIDs)
		w := FactWrite{UID: UID("fact", p.b.Tenant, p.b.Conversation, f.Extractor, subj.uid, ontology.NormaliseValue(f.Statement)),
			Index: i, Fact: f, SubjectUID: subj.uid, SubjectName: name, TurnIDs: f.SourceTurnIDs}
		if len(f.SourceTurnIDs) == 0 {
			w.Session = f.Session
		}
		p.out.Facts = append(p.out.Facts, w)
	}
}

func (p *planner) events() {
	for i, e := range p.b.Knowledge.Events {
		if !p.keep(e.SourceTurnIDs, e.Session) {
			continue
		}
		ids := p.createdOf(e.SourceTurnIDs)
		e.SourceTurnIDs = p.cited(e.SourceTurnIDs)
		w := EventWrite{Index: i, Event: e, TurnIDs: e.SourceTurnIDs}
		for _, part := range e.Participants {
			ent := p.res.resolve(part, ids, 0, "")
			w.ParticipantUIDs = append(w.ParticipantUIDs, ent.uid)
			w.ParticipantNames = append(w.ParticipantNames, ent.name)
		}
		if e.Where != nil {
			w.WhereUID = p.res.resolve(*e.Where, ids, 0, "").uid
		}
		start := ""
		if e.When != nil {
			start = e.When.Start.UTC().Format(time.RFC3339)
		}
		if len(e.SourceTurnIDs) == 0 {
			w.Session = e.Session
		}
		w.UID = UID("event", p.b.Tenant, p.b.Conversation, e.Extractor, ontology.NormaliseValue(e.What), start, e.Session)
		p.out.Events = append(p.out.Events, w)
	}
}

// finish writes the touched entities, the retypes and the report.
func (p *planner) finish() {
	retyped := map[string]int{}
	for _, rt := range p.res.retypes {
		e := rt.e
		d := ontology.MergeDecision{Subject: ontology.EntityRef{Name: e.name, Type: rt.to}, Action: ontology.MergeRetype,
			Value: string(rt.to), Previous: string(rt.from), Confidence: rt.conf, SourceTurnIDs: rt.turnIDs,
			Decider: "rules", At: p.b.Now,
			Reason: fmt.Sprintf("cue %q (%.2f) is stronger than %s", rt.cue, rt.conf, cueText(rt.prevCue))}
		if e.isNew {
			continue // never stored: written with its final type
		}
		p.out.Decisions = append(p.out.Decisions, DecisionWrite{UID: p.recordUID("decision"), SubjectUID: e.uid, Decision: d})
		p.out.Report.Decisions[ontology.MergeRetype]++
		if i, ok := retyped[e.uid]; ok {
			p.out.Retypes[i].To = rt.to
			continue
		}
		retyped[e.uid] = len(p.out.Retypes)
		p.out.Retypes = append(p.out.Retypes, Retype{UID: e.uid, From: rt.from, To: rt.to})
	}
	for _, e := range p.res.touched() {
		if e.isNew {
			p.out.Report.NewEntities++
		}
		p.out.Entities = append(p.out.Entities, EntityWrite{StoredEntity: StoredEntity{UID: e.uid, Name: e.name, Type: e.typ,
			TypeConfidence: e.typeConf, TypeCue: e.typeCue, AliasKeys: e.aliasKeys, Aliases: e.aliases,
			Speaker: e.speaker}, TurnIDs: e.turnIDs, New: e.isNew})
	}
	r := &p.out.Report
	r.Entities, r.Facts, r.Events, r.ProfileFacts = len(p.out.Entities), len(p.out.Facts), len(p.out.Events), len(p.out.ProfileNew)
}

func cueText(cue string) string {
	if cue == "" {
		return "the stored type's (none recorded)"
	}
	return fmt.Sprintf("%q", cue)
}
