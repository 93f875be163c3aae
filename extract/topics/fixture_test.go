package topics

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"time"
)

// line is one turn of the hand-written test conversation. theme names the
// synthetic-vector direction of the turn; "" marks filler.
type line struct {
	Speaker  string   `json:"speaker"`
	Theme    string   `json:"theme"`
	Text     string   `json:"text"`
	Entities []string `json:"entities"`
}

// Themes of the test conversation. Adoption runs across sessions 1, 2 and
// 4, marathon training across 1, 3 and 4; the others stay in one session.
const (
	adoption  = "adoption"
	marathon  = "marathon"
	weather   = "weather"
	cooking   = "cooking"
	movie     = "movie"
	birthday  = "birthday"
	garden    = "garden"
	smalltalk = "smalltalk"
)

var sessionDays = []time.Time{
	time.Date(2023, 3, 4, 0, 0, 0, 0, time.UTC),
	time.Date(2023, 3, 18, 0, 0, 0, 0, time.UTC),
	time.Date(2023, 4, 1, 0, 0, 0, 0, time.UTC),
	time.Date(2023, 4, 22, 0, 0, 0, 0, time.UTC),
	time.Date(2023, 5, 6, 0, 0, 0, 0, time.UTC),
}

// conversation is the hand-written test conversation of
// testdata/conversation.json, one slice of lines per session.
var conversation = func() [][]line {
	b, err := os.ReadFile("testdata/conversation.json")
	if err != nil {
		panic(err)
	}
	var sessions [][]line
	if err := json.Unmarshal(b, &sessions); err != nil {
		panic(fmt.Errorf("testdata/conversation.json: %w", err))
	}
	return sessions
}()

// extraSession is an unrelated session appended to test Key stability.
var extraSession = []line{
	{"Maria", garden, "I spent the whole afternoon planting tomatoes and basil in the new raised garden beds.", nil},
	{"Jon", garden, "Raised garden beds are great, did you build them yourself from cedar boards?", nil},
	{"Maria", garden, "Yes, cedar boards and a bag of compost, the tomatoes already look healthy.", nil},
	{"Jon", garden, "Basil and tomatoes planted together is a classic garden combination.", nil},
	{"Maria", smalltalk, "Totally!", nil},
}

// turnID names the k-th turn (from 1) of session s (from 1).
func turnID(s, k int) string { return fmt.Sprintf("D%d:%d", s, k) }

// build turns sessions into an Input. With vectors, each turn gets a
// synthetic embedding: a theme direction (6 of 48 dimensions, weights drawn
// once per theme), a component shared by every turn (as real embeddings
// share one of conversational style), and Gaussian noise, normalised; all
// from a fixed seed.
func build(sessions [][]line, vectors bool) Input {
	const dims = 48
	rng := rand.New(rand.NewPCG(7, 11))
	themes := []string{adoption, marathon, weather, cooking, movie, birthday, garden, smalltalk}
	base := map[string][]float64{}
	for k, th := range themes {
		v := make([]float64, dims)
		for d := 0; d < 6; d++ {
			v[k*6+d] = 0.5 + rng.Float64()
		}
		base[th] = unitVec(v)
	}
	var in Input
	for s, sess := range sessions {
		for k, l := range sess {
			ts := sessionDays[s].Add(time.Duration(14*60+2*k) * time.Minute)
			t := TurnInput{ID: turnID(s+1, k+1), Session: fmt.Sprintf("session_%d", s+1), Speaker: l.Speaker,
				Text: l.Text, Timestamp: &ts, Entities: l.Entities}
			if vectors {
				v := make([]float64, dims)
				for d := range v {
					v[d] = base[l.Theme][d] + 0.09*rng.NormFloat64()
				}
				v[dims-1] += 0.5
				t.Vector = unitVec32(v)
			}
			in.Turns = append(in.Turns, t)
		}
	}
	return in
}

// unitVec32 is unitVec(v) as the float32 vector a turn carries.
func unitVec32(v []float64) []float32 {
	u := unitVec(v)
	out := make([]float32, len(u))
	for d, x := range u {
		out[d] = float32(x)
	}
	return out
}

func unitVec(v []float64) []float64 {
	var n float64
	for _, x := range v {
		n += x * x
	}
	n = math.Sqrt(n)
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x / n
	}
	return out
}

// expected returns the ids of the turns of theme that should form its
// topic: the theme's content-bearing turns (all of them in this fixture).
func expected(sessions [][]line, theme string) []string {
	var ids []string
	for s, sess := range sessions {
		for k, l := range sess {
			if l.Theme == theme {
				ids = append(ids, turnID(s+1, k+1))
			}
		}
	}
	return ids
}

// facts are facts of the test conversation: two about the themes, one
// about filler.
var facts = []FactInput{
	{ID: "f-weather", Statement: "Jon's basement flooded in the rain.", SourceTurnIDs: []string{"D1:13"}},
	{ID: "f-adopt", Statement: "Maria is adopting a child through the Hope Adoption Agency.", SourceTurnIDs: []string{"D1:2"}},
	{ID: "f-marathon", Statement: "Jon is training for the Chicago Marathon in October.", SourceTurnIDs: []string{"D1:8", "D3:4"}},
	{ID: "f-approved", Statement: "The agency approved Maria's adoption papers.", SourceTurnIDs: []string{"D4:1"}},
	{ID: "f-shoes", Statement: "Jon bought new running shoes.", SourceTurnIDs: []string{"D4:6"}},
}
