package topics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// line is one turn of the hand-written test conversation. theme names the
// synthetic-vector direction of the turn; "" marks filler.
type line struct {
	speaker, theme, text string
	entities             []string
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

var conversation = [][]line{
	{ // session 1
		{"Jon", smalltalk, "Hey Maria! How have you been since we last talked?", nil},
		{"Maria", adoption, "Pretty busy, honestly. We finally started the adoption process with the Hope Adoption Agency last week.", []string{"Hope Adoption Agency"}},
		{"Jon", smalltalk, "That's wonderful news!", nil},
		{"Maria", adoption, "The agency assigned us a caseworker and we have to finish a pile of adoption papers before the home study.", nil},
		{"Jon", adoption, "Paperwork for adopting a child sounds intense, but the agency will guide you through every step.", nil},
		{"Maria", adoption, "It is a lot, but I keep picturing the child we will bring home and it keeps me going.", nil},
		{"Maria", marathon, "What about you, still running every morning?", nil},
		{"Jon", marathon, "Yes! I signed up for the Chicago Marathon in October, so my training plan starts now.", []string{"Chicago Marathon", "Jon"}},
		{"Jon", marathon, "This week I ran twenty miles in total and my legs are already sore from the long run.", nil},
		{"Maria", marathon, "Twenty miles of running a week is impressive, make sure you stretch after every run.", nil},
		{"Jon", smalltalk, "lol thanks", nil},
		{"Maria", weather, "By the way, the weather here has been awful, rain every single day this week.", nil},
		{"Jon", weather, "Same here, the rain flooded our basement and ruined the old couch.", nil},
	},
	{ // session 2
		{"Maria", adoption, "Big update: the home study visit happened on Tuesday and the caseworker loved our house.", nil},
		{"Jon", smalltalk, "That's great to hear!", nil},
		{"Maria", adoption, "She asked about our parenting plans, our jobs and even checked the smoke detectors for the home study report.", nil},
		{"Jon", adoption, "How long until the agency approves the adoption papers?", nil},
		{"Maria", adoption, "The agency said the adoption approval usually takes six to eight weeks after the home study.", []string{"Hope Adoption Agency"}},
		{"Jon", adoption, "Fingers crossed for you both, you will make amazing parents to that child.", nil},
		{"Jon", cooking, "On a different note, I tried a new lasagna recipe last night with homemade pasta sheets.", nil},
		{"Maria", cooking, "Homemade pasta sounds delicious, did the lasagna recipe take long?", nil},
		{"Jon", cooking, "About three hours, but the lasagna came out perfect and the pasta was so tender.", nil},
		{"Maria", smalltalk, "Haha nice", nil},
	},
	{ // session 3
		{"Jon", marathon, "I just finished my longest training run so far, eighteen miles along the river.", nil},
		{"Maria", marathon, "Eighteen miles! How did your legs feel after that run?", nil},
		{"Jon", marathon, "Tired, but the marathon training plan has me tapering soon before the race in October.", nil},
		{"Jon", marathon, "My coach says I could finish the Chicago Marathon under four hours if my pace holds.", []string{"Chicago Marathon"}},
		{"Maria", marathon, "You are going to crush that race, all those miles of running will pay off.", []string{"Jon"}},
		{"Maria", movie, "Did you watch the new space movie everyone is talking about?", nil},
		{"Jon", movie, "Yes, the space movie had stunning visuals but the plot dragged in the middle.", nil},
		{"Maria", movie, "I thought the ending of that movie was beautiful, the soundtrack made me cry.", nil},
		{"Jon", smalltalk, "ok cool", nil},
	},
	{ // session 4
		{"Maria", adoption, "Guess what, the agency approved our adoption papers this morning!", []string{"Hope Adoption Agency"}},
		{"Jon", adoption, "Congratulations on the adoption approval, Maria!", []string{"Maria"}},
		{"Maria", adoption, "Now we wait to be matched with a child, the caseworker says it could take months.", nil},
		{"Maria", marathon, "How is the marathon training going with the race only months away?", nil},
		{"Jon", marathon, "Really well, I ran my first twenty mile long run and my pace was steady the whole way.", nil},
		{"Jon", marathon, "I also bought new running shoes because the old pair had over four hundred miles on them.", nil},
		{"Maria", marathon, "Smart move, fresh shoes should help your legs hold up through the marathon.", nil},
		{"Jon", birthday, "My sister's birthday party is next Saturday, she wants a karaoke night.", nil},
		{"Maria", birthday, "A karaoke birthday party sounds like so much fun, tell her happy birthday from me.", nil},
		{"Jon", smalltalk, "Will do, thanks!", nil},
	},
}

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
			t := TurnInput{ID: turnID(s+1, k+1), Session: fmt.Sprintf("session_%d", s+1), Speaker: l.speaker,
				Text: l.text, Timestamp: &ts, Entities: l.entities}
			if vectors {
				v := make([]float64, dims)
				for d := range v {
					v[d] = base[l.theme][d] + 0.09*rng.NormFloat64()
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
			if l.theme == theme {
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
