package topics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// benchWords are word pools of ten themes for the synthetic benchmark
// conversation.
var benchWords = [][]string{
	{"adoption", "agency", "caseworker", "papers", "child", "home", "study", "approval"},
	{"marathon", "miles", "race", "training", "pace", "shoes", "legs", "coach"},
	{"garden", "tomatoes", "basil", "compost", "beds", "seeds", "harvest", "soil"},
	{"guitar", "band", "concert", "songs", "chords", "practice", "stage", "album"},
	{"startup", "investors", "product", "launch", "customers", "funding", "team", "pitch"},
	{"puppy", "vet", "walks", "leash", "treats", "training", "park", "breed"},
	{"kitchen", "renovation", "cabinets", "tiles", "contractor", "budget", "paint", "floor"},
	{"painting", "canvas", "colors", "brushes", "gallery", "portrait", "sketch", "studio"},
	{"thesis", "professor", "research", "chapter", "defense", "lab", "data", "paper"},
	{"wedding", "venue", "dress", "guests", "cake", "flowers", "ceremony", "invitations"},
}

// benchInput builds a conversation of turns turns in sessions of 25, each
// session on two or three themes, with dims-dimensional vectors (nil when
// dims is 0) made as in the fixture.
func benchInput(turns, dims int) Input {
	rng := rand.New(rand.NewPCG(1, 2))
	base := make([][]float64, len(benchWords))
	for k := range base {
		v := make([]float64, max(dims, 1))
		for d := range v {
			v[d] = rng.NormFloat64()
		}
		base[k] = unitVec(v)
	}
	var in Input
	start := time.Date(2023, 1, 1, 12, 0, 0, 0, time.UTC)
	var themes []int
	for i := 0; i < turns; i++ {
		s := i / 25
		if i%25 == 0 {
			themes = []int{rng.IntN(10), rng.IntN(10), rng.IntN(10)}
		}
		th := themes[(i%25)*len(themes)/25]
		pool := benchWords[th]
		words := []string{"I", "think", "the"}
		for range 6 {
			words = append(words, pool[rng.IntN(len(pool))], "and")
		}
		text := strings.Join(words, " ") + " more."
		if i%7 == 3 {
			text = "haha nice"
		}
		ts := start.AddDate(0, 0, 7*s)
		t := TurnInput{ID: fmt.Sprintf("D%d:%d", s+1, i%25+1), Session: fmt.Sprint(s + 1),
			Speaker: []string{"Ann", "Bob"}[i%2], Text: text, Timestamp: &ts}
		if dims > 0 {
			v := make([]float64, dims)
			for d := range v {
				v[d] = base[th][d] + 1.2*rng.NormFloat64()/math.Sqrt(float64(dims))
			}
			t.Vector = unitVec32(v)
		}
		in.Turns = append(in.Turns, t)
	}
	return in
}

// benchBuild runs Build on in and reports, beside wall time, the CPU
// time per call (cpu-ms/op), which a loaded machine does not inflate.
// Build is single-threaded, so CPU time is its time on one core.
func benchBuild(b *testing.B, in Input) {
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if len(Build(in, Config{})) == 0 {
			b.Fatal("no topics")
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkBuild700x384: 700 turns with 384-dimensional vectors (the
// target is under 200 ms on one core).
func BenchmarkBuild700x384(b *testing.B) { benchBuild(b, benchInput(700, 384)) }

// BenchmarkBuild700Lexical: the same conversation without vectors.
func BenchmarkBuild700Lexical(b *testing.B) { benchBuild(b, benchInput(700, 0)) }

// BenchmarkBuild2000x384: the largest conversation the package is meant for.
func BenchmarkBuild2000x384(b *testing.B) { benchBuild(b, benchInput(2000, 384)) }
