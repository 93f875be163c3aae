package bench

import (
	"path/filepath"
	"testing"

	"github.com/loci-memory/loci/extract"
)

// TestChatQAFilesAreWellFormed reads the chat QA set (testdata/chatqa) the
// way `loci eval locomo` does: every chat has questions, and every question
// has a scored category and evidence that names turns of its chat, so none
// is silently dropped from the eval.
func TestChatQAFilesAreWellFormed(t *testing.T) {
	for _, split := range []string{"dev", "test"} {
		samples, err := extract.ReadLoCoMoFile(filepath.Join("..", "..", "testdata", "chatqa", split, "chatqa-"+split+".json"))
		if err != nil {
			t.Fatalf("%s: %v", split, err)
		}
		if len(samples) == 0 {
			t.Fatalf("%s: no chats", split)
		}
		for _, s := range samples {
			if len(s.Questions) == 0 || len(scorableQuestions(s)) != len(s.Questions) {
				t.Errorf("%s/%s: %d questions, %d scorable", split, s.ID, len(s.Questions), len(scorableQuestions(s)))
			}
			ids := map[string]bool{}
			for _, ses := range s.Sessions {
				if ses.Time == nil {
					t.Errorf("%s/%s: session %s has no date", split, s.ID, ses.ID)
				}
				for _, turn := range ses.Turns {
					ids[turn.ID] = true
				}
			}
			for _, q := range s.Questions {
				if q.Answer == "" || len(q.Evidence) == 0 {
					t.Errorf("%s/%s: %q has no answer or evidence", split, s.ID, q.Question)
				}
				for _, e := range q.Evidence {
					if !ids[e] {
						t.Errorf("%s/%s: %q cites %s, not a turn of the chat", split, s.ID, q.Question, e)
					}
				}
			}
		}
	}
}
