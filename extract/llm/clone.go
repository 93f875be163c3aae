package llm

// Deep copies of cached answers, so no caller can change what another gets.

import (
	"slices"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// cloneExtraction returns a copy of x sharing no slice or pointer with it.
func cloneExtraction(x ontology.Extraction) ontology.Extraction {
	out := ontology.Extraction{
		Entities:  slices.Clone(x.Entities),
		Relations: slices.Clone(x.Relations),
		Facts:     slices.Clone(x.Facts),
		Events:    slices.Clone(x.Events),
		Profile:   slices.Clone(x.Profile),
	}
	for i := range out.Entities {
		e := &out.Entities[i]
		e.Aliases, e.SourceTurnIDs = slices.Clone(e.Aliases), slices.Clone(e.SourceTurnIDs)
	}
	for i := range out.Relations {
		r := &out.Relations[i]
		r.ValidFrom, r.ValidTo = cloneTime(r.ValidFrom), cloneTime(r.ValidTo)
		r.SourceTurnIDs = slices.Clone(r.SourceTurnIDs)
	}
	for i := range out.Facts {
		f := &out.Facts[i]
		f.ValidFrom, f.ValidTo = cloneTime(f.ValidFrom), cloneTime(f.ValidTo)
		f.SourceTurnIDs = slices.Clone(f.SourceTurnIDs)
	}
	for i := range out.Events {
		cloneEventInPlace(&out.Events[i])
	}
	for i := range out.Profile {
		p := &out.Profile[i]
		p.ValidFrom, p.ValidTo = cloneTime(p.ValidFrom), cloneTime(p.ValidTo)
		p.SourceTurnIDs = slices.Clone(p.SourceTurnIDs)
	}
	return out
}

// cloneEventInPlace replaces ev's slices and pointers with copies.
func cloneEventInPlace(ev *ontology.Event) {
	ev.Participants = slices.Clone(ev.Participants)
	ev.SourceTurnIDs = slices.Clone(ev.SourceTurnIDs)
	if ev.When != nil {
		w := *ev.When
		ev.When = &w
	}
	if ev.Where != nil {
		w := *ev.Where
		ev.Where = &w
	}
}

// cloneTime returns a pointer to a copy of *t, or nil.
func cloneTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	c := *t
	return &c
}
