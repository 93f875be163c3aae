package ontology

import (
	"cmp"
	"slices"
)

// GroupHold is an organisation of a conversation's stored relations and
// how many of the conversation's speakers hold a current MEMBER_OF or
// LEADS relation to it: what a later batch knows of the groups its
// speakers share.
type GroupHold struct {
	Group    EntityRef `json:"group"`
	Speakers int       `json:"speakers"`
}

// MaxGroupHolds bounds BatchContext.Groups: the groups most speakers hold.
const MaxGroupHolds = 8

// RankGroupHolds orders holds the most held first, then by name, and
// keeps at most MaxGroupHolds: the store and the in-process scorers hand
// a batch the same list.
func RankGroupHolds(holds []GroupHold) []GroupHold {
	slices.SortStableFunc(holds, func(a, b GroupHold) int {
		if c := cmp.Compare(b.Speakers, a.Speakers); c != 0 {
			return c
		}
		return cmp.Compare(a.Group.Name, b.Group.Name)
	})
	return holds[:min(len(holds), MaxGroupHolds)]
}

// ChatGroup decides which group a conversation is the own chat of, from
// its speakers' holds: the one held by at least two speakers and by more
// than twice as many as any other. A conversation whose speakers share no
// group, or share two about as much (a cricket committee's chat where two
// members also play for another club), has none: a later "our new chair"
// is then read of no group rather than of a guessed one.
func ChatGroup(holds []GroupHold) (EntityRef, bool) {
	top, second := -1, 0
	for i, h := range holds {
		switch {
		case top < 0 || h.Speakers > holds[top].Speakers:
			if top >= 0 {
				second = holds[top].Speakers
			}
			top = i
		case h.Speakers > second:
			second = h.Speakers
		}
	}
	if top < 0 || holds[top].Speakers < 2 || holds[top].Speakers <= 2*second {
		return EntityRef{}, false
	}
	return EntityRef{Name: holds[top].Group.Name, Type: EntityOrganization}, true
}
