package extract

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
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
	// Knowledge is the benchmark's own precomputed extraction for the
	// session: its "observation" facts (each citing its turns, the speaker
	// as subject) and its event summaries (tied to the session, dated by
	// it). `loci import locomo --facts` stores it beside the turns.
	Knowledge ontology.Extraction
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

// ReadLoCoMoFile parses the LoCoMo JSON file at path (see ReadLoCoMo).
func ReadLoCoMoFile(path string) ([]LoCoMoSample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLoCoMo(f)
}

// ReadLoCoMo parses a LoCoMo JSON file. Image turns keep their caption in
// the text ("[shares an image: …]") so what was shown stays searchable;
// the image URL and caption are kept in the turn's metadata.
func ReadLoCoMo(r io.Reader) ([]LoCoMoSample, error) {
	var raw []struct {
		SampleID     string                                    `json:"sample_id"`
		Conversation map[string]json.RawMessage                `json:"conversation"`
		Observation  map[string]map[string][][]json.RawMessage `json:"observation"`
		EventSummary map[string]map[string]json.RawMessage     `json:"event_summary"`
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
			ses.Knowledge = locomoKnowledge(ses, s.Observation[fmt.Sprintf("session_%d_observation", n)],
				s.EventSummary[fmt.Sprintf("events_session_%d", n)])
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
			if urls := linkedImages(t.ImgURL); len(urls) > 0 {
				turn.Metadata["img_url"] = urls
			}
		}
		ses.Turns = append(ses.Turns, turn)
	}
	return ses, nil
}

// linkedImages keeps the image URLs that link to an image and drops inline
// data: URLs: a few LoCoMo turns carry the whole JPEG as base64 (16 KB), which
// is the image, not a reference to it, and would exceed the API's metadata
// limit when the import goes through a running Loci (--url).
func linkedImages(urls []string) []string {
	var out []string
	for _, u := range urls {
		if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(u)), "data:") {
			out = append(out, u)
		}
	}
	return out
}

// locomoKnowledge turns one session's observations and event summaries
// into an extraction. Observations are [text, dia_id or [dia_ids]] pairs per
// speaker; event summaries are lists of sentences per speaker plus a date.
func locomoKnowledge(ses LoCoMoSession, obs map[string][][]json.RawMessage, events map[string]json.RawMessage) ontology.Extraction {
	var x ontology.Extraction
	speakers := make([]string, 0, len(obs))
	for sp := range obs {
		speakers = append(speakers, sp)
	}
	sort.Strings(speakers)
	for _, sp := range speakers {
		for _, item := range obs[sp] {
			if len(item) < 2 {
				continue
			}
			var text string
			if json.Unmarshal(item[0], &text) != nil || strings.TrimSpace(text) == "" {
				continue
			}
			var refs []string
			var one string
			if json.Unmarshal(item[1], &one) == nil {
				refs = []string{one}
			} else {
				_ = json.Unmarshal(item[1], &refs)
			}
			var ids []string
			for _, r := range refs {
				ids = append(ids, NormaliseLoCoMoIDs(r)...)
			}
			if len(ids) == 0 {
				continue
			}
			x.Facts = append(x.Facts, ontology.Fact{
				Subject: ontology.EntityRef{Name: sp, Type: ontology.EntityPerson}, Statement: text, Speaker: sp,
				SourceTurnIDs: ids, Confidence: 0.9, Extractor: ontology.ExtractorLoCoMo, ValidFrom: ses.Time,
			})
		}
	}
	var when *ontology.TimeSpan
	if ses.Time != nil {
		day := time.Date(ses.Time.Year(), ses.Time.Month(), ses.Time.Day(), 0, 0, 0, 0, time.UTC)
		when = &ontology.TimeSpan{Start: day, End: day.AddDate(0, 0, 1), Granularity: ontology.GranularityDay, Phrase: "session date"}
	}
	names := make([]string, 0, len(events))
	for k := range events {
		if k != "date" {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, sp := range names {
		var list []string
		if json.Unmarshal(events[sp], &list) != nil {
			continue
		}
		for _, what := range list {
			if strings.TrimSpace(what) == "" {
				continue
			}
			x.Events = append(x.Events, ontology.Event{
				Participants: []ontology.EntityRef{{Name: sp, Type: ontology.EntityPerson}}, What: what, When: when,
				Session: ses.ID, Confidence: 0.9, Extractor: ontology.ExtractorLoCoMoEvents,
			})
		}
	}
	return x
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
