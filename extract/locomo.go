package extract

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// LoCoMoSample is one conversation of the LoCoMo benchmark file format
// (Maharana et al., ACL 2024): two speakers, numbered sessions with a date,
// and questions with the turn ids that answer them.
type LoCoMoSample struct {
	ID        string
	Speakers  [2]string
	Sessions  []LoCoMoSession
	Questions []LoCoMoQuestion
}

// LoCoMoSession is one session of a sample.
type LoCoMoSession struct {
	ID    string // "1", "2", …
	Time  *time.Time
	Turns []ontology.Turn
}

// LoCoMoQuestion is one benchmark question with its evidence turn ids,
// repaired the way the project's keyword baseline repairs them.
type LoCoMoQuestion struct {
	Question string
	Answer   string
	Category int
	Evidence []string
}

// TurnCount is the number of turns in the sample.
func (s LoCoMoSample) TurnCount() int {
	n := 0
	for _, ses := range s.Sessions {
		n += len(ses.Turns)
	}
	return n
}

var (
	locomoSessionKey = regexp.MustCompile(`^session_(\d+)$`)
	locomoDiaID      = regexp.MustCompile(`^D:?(\d+):0*(\d+)$`)
	locomoIDSplit    = regexp.MustCompile(`[;,\s]+`)
)

// locomoTimeLayouts are the session date formats seen in the file
// ("1:56 pm on 8 May, 2023").
var locomoTimeLayouts = []string{"3:04 pm on 2 January, 2006", "3:04 pm on 2 Jan, 2006", "3:04 PM on 2 January, 2006"}

// ReadLoCoMo parses a LoCoMo JSON file. Image turns keep their caption in
// the text ("[shares an image: …]") so what was shown stays searchable;
// the image URL and caption are kept in the turn's metadata.
func ReadLoCoMo(r io.Reader) ([]LoCoMoSample, error) {
	var raw []struct {
		SampleID     string                     `json:"sample_id"`
		Conversation map[string]json.RawMessage `json:"conversation"`
		QA           []struct {
			Question string          `json:"question"`
			Answer   json.RawMessage `json:"answer"`
			Evidence []string        `json:"evidence"`
			Category int             `json:"category"`
		} `json:"qa"`
	}
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return nil, fmt.Errorf("locomo: decoding: %w", err)
	}
	out := make([]LoCoMoSample, 0, len(raw))
	for _, s := range raw {
		sample := LoCoMoSample{ID: s.SampleID}
		_ = json.Unmarshal(s.Conversation["speaker_a"], &sample.Speakers[0])
		_ = json.Unmarshal(s.Conversation["speaker_b"], &sample.Speakers[1])
		var nums []int
		for k := range s.Conversation {
			if m := locomoSessionKey.FindStringSubmatch(k); m != nil {
				n, _ := strconv.Atoi(m[1])
				nums = append(nums, n)
			}
		}
		sort.Ints(nums)
		for _, n := range nums {
			ses, err := locomoSession(s.Conversation, n)
			if err != nil {
				return nil, fmt.Errorf("locomo: sample %s: %w", s.SampleID, err)
			}
			sample.Sessions = append(sample.Sessions, ses)
		}
		for _, q := range s.QA {
			lq := LoCoMoQuestion{Question: q.Question, Category: q.Category, Answer: strings.Trim(string(q.Answer), `"`)}
			for _, e := range q.Evidence {
				lq.Evidence = append(lq.Evidence, NormaliseLoCoMoIDs(e)...)
			}
			sample.Questions = append(sample.Questions, lq)
		}
		out = append(out, sample)
	}
	return out, nil
}

func locomoSession(conv map[string]json.RawMessage, n int) (LoCoMoSession, error) {
	ses := LoCoMoSession{ID: strconv.Itoa(n)}
	var when string
	if err := json.Unmarshal(conv[fmt.Sprintf("session_%d_date_time", n)], &when); err == nil {
		ses.Time = parseLoCoMoTime(when)
	}
	var turns []struct {
		DiaID   string   `json:"dia_id"`
		Speaker string   `json:"speaker"`
		Text    string   `json:"text"`
		ImgURL  []string `json:"img_url"`
		Caption string   `json:"blip_caption"`
	}
	if err := json.Unmarshal(conv[fmt.Sprintf("session_%d", n)], &turns); err != nil {
		return ses, fmt.Errorf("session_%d: %w", n, err)
	}
	for _, t := range turns {
		turn := ontology.Turn{ID: t.DiaID, Session: ses.ID, Speaker: t.Speaker, Text: t.Text, Timestamp: ses.Time}
		if t.Caption != "" {
			turn.Text = strings.TrimSpace(turn.Text + " [shares an image: " + t.Caption + "]")
			turn.Metadata = map[string]any{"blip_caption": t.Caption}
			if len(t.ImgURL) > 0 {
				turn.Metadata["img_url"] = t.ImgURL
			}
		}
		ses.Turns = append(ses.Turns, turn)
	}
	return ses, nil
}

func parseLoCoMoTime(s string) *time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range locomoTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return &t
		}
	}
	return nil
}

// NormaliseLoCoMoIDs repairs an evidence field into turn ids:
// "D8:6; D9:17" -> [D8:6 D9:17], "D:11:26" -> [D11:26], "D30:05" -> [D30:5].
func NormaliseLoCoMoIDs(raw string) []string {
	var out []string
	for _, part := range locomoIDSplit.Split(raw, -1) {
		if m := locomoDiaID.FindStringSubmatch(strings.TrimSpace(part)); m != nil {
			out = append(out, "D"+m[1]+":"+m[2])
		}
	}
	return out
}
