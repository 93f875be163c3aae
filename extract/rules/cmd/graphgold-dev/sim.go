package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/loci-memory/loci/extract/simrel"
	"github.com/loci-memory/loci/internal/app"
	"github.com/loci-memory/loci/internal/config"
)

// The similarity stage (extract/simrel), when -sim is given: relations the
// rules miss, typed by the similarity of the sentence to prototypes.
var (
	useSim    *bool
	dumpPath  *string
	simParams = simrel.DefaultParams
	stage     *simrel.Extractor
	dumpEnc   *json.Encoder
)

// simFlags declares the stage's flags.
func simFlags() {
	useSim = flag.Bool("sim", false, "run the similarity stage (extract/simrel) after the rules, with the configured embedder")
	dumpPath = flag.String("dump", "", "with -sim: write every scored candidate pair, with its gold label, as JSON lines to this file")
	flag.Float64Var(&simParams.Min, "sim-min", simParams.Min, "with -sim: Decide's minimum cosine")
	flag.Float64Var(&simParams.Margin, "sim-margin", simParams.Margin, "with -sim: Decide's margin over the runner-up type")
	flag.Float64Var(&simParams.NoneMargin, "sim-none-margin", simParams.NoneMargin, "with -sim: Decide's margin over the no-relation prototypes")
}

// setupSim builds the stage when -sim is set.
func setupSim(cfg config.Config) error {
	if !*useSim {
		return nil
	}
	emb, _, err := app.NewEmbedder(cfg)
	if err != nil {
		return err
	}
	if stage, err = simrel.New(emb, simParams); err != nil {
		return err
	}
	if *dumpPath != "" {
		f, err := os.Create(*dumpPath)
		if err != nil {
			return err
		}
		dumpEnc = json.NewEncoder(f) // closed at exit
	}
	return nil
}

// dumpRow is one scored pair as written by -dump. Gold is the pair's gold
// type among the types its signature allows, or "NONE".
type dumpRow struct {
	Conversation string             `json:"conversation"`
	Turn         string             `json:"turn"`
	From         string             `json:"from"`
	To           string             `json:"to"`
	Text         string             `json:"text"`
	Scores       map[string]float64 `json:"scores"`
	None         float64            `json:"none"`
	Gold         string             `json:"gold"`
}

// dumpScored writes conv's scored pairs with their gold labels.
func dumpScored(conv string, scored []simrel.Scored, name func(string) string, isGold func(typ, from, to string) bool) error {
	if dumpEnc == nil {
		return nil
	}
	for _, s := range scored {
		row := dumpRow{Conversation: conv, Turn: s.Turn, From: s.From.Name, To: s.To.Name, Text: s.Text,
			Scores: map[string]float64{}, None: s.Scores.None, Gold: "NONE"}
		for t, v := range s.Scores.ByType {
			row.Scores[string(t)] = v
			if isGold(string(t), name(s.From.Name), name(s.To.Name)) {
				row.Gold = string(t)
			}
		}
		if err := dumpEnc.Encode(row); err != nil {
			return fmt.Errorf("dump: %w", err)
		}
	}
	return nil
}
