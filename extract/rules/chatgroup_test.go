package rules

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/ontology"
)

// TestChatGroup checks the group a club's or a committee's own chat names
// once and then leaves implicit (chatgroup.go), on short chats and their
// twins (testdata/chatgroup_cases.txt, chatgroup_negatives.txt).
func TestChatGroup(t *testing.T) { checkCaseFiles(t, "testdata/chatgroup", 21, 23) }

// TestStoredChatGroup checks a later batch's reading of the chat's own
// group that earlier batches' speakers were stored as sharing
// (ontology.ChatGroup on ExtractRequest.SpeakerGroups): "our new chair",
// a post taken, "one of us" name it when the batch names no group of its
// own; a group not clearly the speakers', a group the batch names, a hedge
// or a post of another group read nothing of it.
func TestStoredChatGroup(t *testing.T) {
	hold := func(name string, n int) ontology.GroupHold {
		return ontology.GroupHold{Group: ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}, Speakers: n}
	}
	clear := []ontology.GroupHold{hold("Ashgrove CC", 3), hold("Cheadle Rovers", 1)}
	cases := []struct {
		name  string
		holds []ontology.GroupHold
		turns []string // "speaker|text"
		want  string   // "TYPE from -> to", "" for no relation of the chat's group
	}{
		{"our new chair", clear, []string{"Bev H|AGM done. Sunil is our new chair!"}, "LEADS Sunil -> Ashgrove CC"},
		{"a post taken", clear, []string{"Bev H|evening all", "deji_k|and i'm the new treasurer apparently"}, "MEMBER_OF deji_k -> Ashgrove CC"},
		{"one of us", clear, []string{"Bev H|Jolene is officially one of us!"}, "MEMBER_OF Jolene -> Ashgrove CC"},
		{"taking over as chair", clear, []string{"Lydia B|Tariq is taking over as chair"}, "LEADS Tariq -> Ashgrove CC"},
		{"not clearly theirs", []ontology.GroupHold{hold("Ashgrove CC", 2), hold("Cheadle Rovers", 1)},
			[]string{"Bev H|AGM done. Sunil is our new chair!"}, ""},
		{"one speaker's only", []ontology.GroupHold{hold("Ashgrove CC", 1)}, []string{"Bev H|AGM done. Sunil is our new chair!"}, ""},
		{"a hedge", clear, []string{"deji_k|i might be the new treasurer"}, ""},
		{"another group's post", clear, []string{"deji_k|i'm the new treasurer of the PTA"}, ""},
		{"a question", clear, []string{"Bev H|is Sunil our new chair?"}, ""},
	}
	for _, c := range cases {
		var turns []ontology.Turn
		var speakers []string
		for i, line := range c.turns {
			sp, text, _ := strings.Cut(line, "|")
			turns = append(turns, ontology.Turn{ID: fmt.Sprintf("D2:%d", i+1), Session: "2", Speaker: sp, Text: text})
			if !slices.Contains(speakers, sp) {
				speakers = append(speakers, sp)
			}
		}
		x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: turns,
			Speakers: speakers, SpeakerGroups: c.holds})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range x.Relations {
			if r.To.Name == "Ashgrove CC" {
				got = append(got, fmt.Sprintf("%s %s -> %s", r.Type, r.From.Name, r.To.Name))
			}
		}
		if c.want == "" && len(got) > 0 || c.want != "" && !slices.Contains(got, c.want) {
			t.Errorf("%s: relations of the chat's group %v, want %q", c.name, got, c.want)
		}
	}
	// A group the batch names as the chat's own is the one read.
	x, _, _ := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Speakers: []string{"fenwick", "deji_k"},
		SpeakerGroups: clear, Turns: []ontology.Turn{
			{ID: "D2:1", Session: "2", Speaker: "fenwick", Text: "Agenda for the Orienteering Soc committee is pinned"},
			{ID: "D2:2", Session: "2", Speaker: "deji_k", Text: "and i'm the new treasurer apparently"}}})
	for _, r := range x.Relations {
		if r.To.Name == "Ashgrove CC" {
			t.Errorf("the batch's own group named: %+v read of the stored one", r)
		}
	}
}

// TestReadChatGroup checks the group a batch reports as the
// conversation's own for the store to record (Extraction.ChatGroup): the
// one a notice or a welcome names, never a group only mentioned, two
// groups named as the chat's, or the group carried from earlier batches.
func TestReadChatGroup(t *testing.T) {
	org := func(name string) ontology.EntityRef {
		return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}
	}
	cases := []struct {
		name     string
		recorded []ontology.EntityRef
		turns    []string // "speaker|text"
		want     string
	}{
		{"a notice", nil, []string{"Bev H|Evening all. Agenda for Thursday's Ashgrove CC committee attached."}, "Ashgrove CC"},
		{"a welcome", nil, []string{"Aiko|Welcome to the Pickled Page, Kit! You're officially a member now"}, "Pickled Page"},
		{"a group only mentioned", nil, []string{"Gaz|I play for Ashgrove CC"}, ""},
		{"two groups' notices", nil, []string{"Bev H|Agenda for Thursday's Ashgrove CC committee attached.",
			"Bev H|Agenda for Friday's Cheadle Rovers committee attached too."}, ""},
		{"carried, not read", []ontology.EntityRef{org("Ashgrove CC")}, []string{"Bev H|AGM done. Sunil is our new chair!"}, ""},
	}
	for _, c := range cases {
		x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c", Turns: sessionTurns(c.turns),
			ChatGroups: c.recorded})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if x.ChatGroup != nil {
			got = x.ChatGroup.Name
			if x.ChatGroup.Type != ontology.EntityOrganization {
				t.Errorf("%s: chat group typed %s", c.name, x.ChatGroup.Type)
			}
		}
		if got != c.want {
			t.Errorf("%s: ChatGroup %q, want %q", c.name, got, c.want)
		}
	}
}

// TestRecordedChatGroup checks a later batch's reading of the group
// earlier batches were recorded as the chat's own (ExtractRequest.ChatGroups):
// it names "our new chair" though no speaker holds it, it comes before
// the speakers' holds, and two recorded groups name none.
func TestRecordedChatGroup(t *testing.T) {
	org := func(name string) ontology.EntityRef {
		return ontology.EntityRef{Name: name, Type: ontology.EntityOrganization}
	}
	rovers := []ontology.GroupHold{{Group: org("Cheadle Rovers"), Speakers: 3}}
	cases := []struct {
		name     string
		recorded []ontology.EntityRef
		holds    []ontology.GroupHold
		want     string // the group "our new chair" is read of, or ""
	}{
		{"recorded", []ontology.EntityRef{org("Ashgrove CC")}, nil, "Ashgrove CC"},
		{"recorded before the holds", []ontology.EntityRef{org("Ashgrove CC")}, rovers, "Ashgrove CC"},
		{"the holds when none recorded", nil, rovers, "Cheadle Rovers"},
		{"two recorded", []ontology.EntityRef{org("Ashgrove CC"), org("Cheadle Rovers")}, rovers, ""},
		{"nothing known", nil, nil, ""},
	}
	for _, c := range cases {
		x, _, err := New().Extract(context.Background(), ontology.ExtractRequest{Conversation: "c",
			Turns: sessionTurns([]string{"Bev H|AGM done. Sunil is our new chair!"}), ChatGroups: c.recorded, SpeakerGroups: c.holds})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, r := range x.Relations {
			if r.Type == ontology.RelLeads && r.From.Name == "Sunil" {
				got = r.To.Name
			}
		}
		if got != c.want {
			t.Errorf("%s: Sunil leads %q, want %q", c.name, got, c.want)
		}
	}
}

// sessionTurns are one session's turns from "speaker|text" lines.
func sessionTurns(lines []string) []ontology.Turn {
	var turns []ontology.Turn
	for i, line := range lines {
		sp, text, _ := strings.Cut(line, "|")
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("D1:%d", i+1), Session: "1", Speaker: sp, Text: text})
	}
	return turns
}
