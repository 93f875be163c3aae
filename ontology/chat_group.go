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

// MaxChatGroups bounds the groups a conversation records as its own
// (BatchContext.ChatGroups): one decides; more than one already decides
// nothing, so a few are enough to tell.
const MaxChatGroups = 4

// RecordChatGroup returns recorded with g added, as the store records a
// batch's Extraction.ChatGroup on its conversation: a group not recorded
// yet (by NormaliseName) goes last, while fewer than MaxChatGroups are;
// a nil g or one recorded already leaves recorded as it is. In-process
// scorers carry a conversation's record across batches with it.
func RecordChatGroup(recorded []EntityRef, g *EntityRef) []EntityRef {
	if g == nil || len(recorded) >= MaxChatGroups {
		return recorded
	}
	key := NormaliseName(g.Name)
	if key == "" {
		return recorded
	}
	for _, r := range recorded {
		if NormaliseName(r.Name) == key {
			return recorded
		}
	}
	return append(slices.Clip(recorded), EntityRef{Name: g.Name, Type: EntityOrganization})
}

// OwnChatGroup decides which group a later batch reads as the
// conversation's own: the group recorded as such when one was (a batch
// read "Agenda for Thursday's Ashgrove CC committee"), none when batches
// recorded two different ones (a chat shared by two clubs' members says
// "our" of either), and only when none was recorded the one its speakers'
// holds decide (ChatGroup).
func OwnChatGroup(recorded []EntityRef, holds []GroupHold) (EntityRef, bool) {
	switch len(recorded) {
	case 0:
		return ChatGroup(holds)
	case 1:
		return EntityRef{Name: recorded[0].Name, Type: EntityOrganization}, recorded[0].Name != ""
	}
	return EntityRef{}, false
}
