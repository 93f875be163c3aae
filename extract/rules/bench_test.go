package rules

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/loci-memory/loci/ontology"
)

// benchTurns is a chat of everyday phrasing, repeated into a batch.
var benchTurns = []string{
	"Hey Mel! Guess what? I moved to Boston from Sweden 4 years ago and I still love it here.",
	"Wow, that's amazing Caroline! My sister Dana lives there too. She works at Acme Corp as a designer.",
	"I went to a pottery class yesterday. It was so relaxing, I think I'll go again next week!",
	"Visiting my brother Tiago, he lives in Faro now with his kids",
	"No, he left the school in the summer. He's starting at Norvik Shipping next month, in logistics",
	"Yes, they're headquartered in Bergen but they have a big terminal in Sines",
	"Speaking of news, Marta and I adopted a beagle called Nutmeg",
	"i'm obsessed with tofu already lol, my cousin pablo moved to madrid in march!!",
	"That's great to hear, honestly. Let me know how it goes and send pics!",
	"I love action and sci-fi movies, the effects are so cool! What about you, what's your favorite genre?",
}

// BenchmarkExtractPerTurn measures the rules extractor per turn, as ingest
// runs it: batches of ten turns with six context turns before them.
func BenchmarkExtractPerTurn(b *testing.B) {
	at := time.Date(2025, 1, 14, 20, 0, 0, 0, time.UTC)
	var turns []ontology.Turn
	for i := 0; i < 16; i++ {
		sp := "Caroline"
		if i%2 == 1 {
			sp = "Mel"
		}
		turns = append(turns, ontology.Turn{ID: fmt.Sprintf("t%d", i), Speaker: sp, Text: benchTurns[i%len(benchTurns)], Timestamp: &at})
	}
	req := ontology.ExtractRequest{Conversation: "c", Turns: turns[6:], Context: turns[:6], Speakers: []string{"Caroline", "Mel"}}
	x := New()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := x.Extract(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(req.Turns)), "ns/turn")
}
