package plan

import (
	"reflect"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

func minute(min int) *time.Time {
	t := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(min) * time.Minute)
	return &t
}

func members(bs []ontology.Burst) [][]string {
	out := [][]string{}
	for _, b := range bs {
		out = append(out, b.TurnIDs)
	}
	return out
}

func TestBurstsGapSpeakerAndSession(t *testing.T) {
	turns := []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Ann", Text: "hey", Timestamp: minute(0)},
		{ID: "2", Session: "s1", Speaker: "Ann", Text: "guess what", Timestamp: minute(1)},
		{ID: "3", Session: "s1", Speaker: "Ann", Text: "I got the job", Timestamp: minute(3)},
		{ID: "4", Session: "s1", Speaker: "Ann", Text: "(an hour later) still happy", Timestamp: minute(63)}, // gap too long
		{ID: "5", Session: "s1", Speaker: "Bob", Text: "wow", Timestamp: minute(64)},                         // speaker change
		{ID: "6", Session: "s1", Speaker: "Bob", Text: "congrats!", Timestamp: minute(64)},
		{ID: "7", Session: "s2", Speaker: "Bob", Text: "next day", Timestamp: minute(65)}, // session change
		{ID: "8", Session: "s3", Speaker: "Cy", Text: "untimed one"},
		{ID: "9", Session: "s3", Speaker: "Cy", Text: "untimed two"}, // no times: the session decides
	}
	got := Bursts(nil, turns, DefaultBurstGap)
	want := [][]string{{"1", "2", "3"}, {"5", "6"}, {"8", "9"}}
	if !reflect.DeepEqual(members(got), want) {
		t.Fatalf("bursts %v, want %v", members(got), want)
	}
	if got[0].ID != "1" || got[0].Text != "hey\nguess what\nI got the job" || got[0].Speaker != "Ann" || !got[0].Last.Equal(*minute(3)) {
		t.Fatalf("first burst %+v", got[0])
	}
	// A shorter gap splits the first run after its second message.
	if got := members(Bursts(nil, turns[:3], time.Minute)); !reflect.DeepEqual(got, [][]string{{"1", "2"}}) {
		t.Fatalf("gap 1m: %v", got)
	}
}

func TestBurstsContinueTheStoredTail(t *testing.T) {
	tail := []ontology.Turn{
		{ID: "1", Session: "s1", Speaker: "Ann", Text: "hey", Timestamp: minute(0)},
		{ID: "2", Session: "s1", Speaker: "Ann", Text: "you there?", Timestamp: minute(1)},
	}
	batch := []ontology.Turn{
		{ID: "3", Session: "s1", Speaker: "Ann", Text: "news!", Timestamp: minute(2)},
		{ID: "4", Session: "s1", Speaker: "Bob", Text: "tell me", Timestamp: minute(3)},
	}
	got := Bursts(tail, batch, DefaultBurstGap)
	if !reflect.DeepEqual(members(got), [][]string{{"1", "2", "3"}}) || got[0].ID != "1" {
		t.Fatalf("grown burst %v (id %q), want 1,2,3 keeping id 1", members(got), got[0].ID)
	}
	// A lone stored turn becomes a burst's first member.
	if got := members(Bursts(tail[1:], batch, DefaultBurstGap)); !reflect.DeepEqual(got, [][]string{{"2", "3"}}) {
		t.Fatalf("after a lone turn: %v", got)
	}
	// Nothing new: the tail's own burst is not written again; a resent turn is not counted twice.
	if got := Bursts(tail, tail[1:], DefaultBurstGap); len(got) != 0 {
		t.Fatalf("resent tail: %v", members(got))
	}
	// The other speaker's turn does not continue it.
	if got := Bursts(tail, batch[1:], DefaultBurstGap); len(got) != 0 {
		t.Fatalf("other speaker: %v", members(got))
	}
}

func TestBurstsCapped(t *testing.T) {
	var turns []ontology.Turn
	for i := range MaxBurstTurns + 3 {
		turns = append(turns, ontology.Turn{ID: string(rune('a' + i)), Session: "s", Speaker: "Ann", Text: "x", Timestamp: minute(i)})
	}
	got := Bursts(nil, turns, DefaultBurstGap)
	if len(got) != 2 || len(got[0].TurnIDs) != MaxBurstTurns || len(got[1].TurnIDs) != 3 {
		t.Fatalf("capped bursts %v", members(got))
	}
}

func TestContinuesToleratesClockSkewOnly(t *testing.T) {
	a := ontology.Turn{Session: "s", Speaker: "Ann", Timestamp: minute(10)}
	if !Continues(a, ontology.Turn{Session: "s", Speaker: "Ann", Timestamp: minute(9)}, DefaultBurstGap) {
		t.Fatal("a message a minute 'earlier' (clock skew) should continue")
	}
	if Continues(a, ontology.Turn{Session: "s", Speaker: "Ann", Timestamp: minute(-60)}, DefaultBurstGap) {
		t.Fatal("an hour apart should not continue")
	}
	if Continues(a, ontology.Turn{Session: "s", Speaker: "ann", Timestamp: minute(10)}, DefaultBurstGap) {
		t.Fatal("speaker labels are compared exactly, as turns store them")
	}
}
