package extract

import (
	"reflect"
	"testing"
	"time"
)

func TestReadLoCoMo(t *testing.T) {
	samples, err := ReadLoCoMoFile("testdata/mini_locomo.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 1 {
		t.Fatalf("%d samples", len(samples))
	}
	s := samples[0]
	if s.ID != "mini-1" || s.Speakers != [2]string{"Ana", "Ben"} || s.TurnCount() != 4 {
		t.Fatalf("sample = %+v", s)
	}
	var order []string
	for _, ses := range s.Sessions {
		order = append(order, ses.ID)
	}
	if !reflect.DeepEqual(order, []string{"1", "2", "10"}) {
		t.Errorf("sessions in order %v, want numeric order", order)
	}
	want := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	if ts := s.Sessions[0].Turns[0].Timestamp; ts == nil || !ts.Equal(want) {
		t.Errorf("session 1 time %v, want %v", ts, want)
	}
	if s.Sessions[2].Time != nil {
		t.Errorf("unparseable date should give no time, got %v", s.Sessions[2].Time)
	}
	img := s.Sessions[0].Turns[1]
	if img.Text != "Look at this. [shares an image: a photo of a red kayak on a lake]" || img.Metadata["blip_caption"] == nil {
		t.Errorf("image turn = %+v", img)
	}
	// Inline data: URLs are the image itself, not a link: dropped.
	if got := img.Metadata["img_url"]; !reflect.DeepEqual(got, []string{"http://example.invalid/x.jpg"}) {
		t.Errorf("img_url = %v, want the http link only", got)
	}
	if got := s.Questions[1].Evidence; !reflect.DeepEqual(got, []string{"D1:2", "D2:1", "D10:1"}) {
		t.Errorf("repaired evidence = %v", got)
	}
}
