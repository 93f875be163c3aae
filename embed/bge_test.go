//go:build cgo

package embed

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/loci-memory/loci/internal/casefile"
)

// The BGE networks, loaded with NewBGE, and their references made by
// testdata/make_reference_bge.py. Like the MiniLM tests, these skip when the
// files are missing, except in CI.
var (
	bgeFP32  = variant{name: "bge-fp32", bge: true, file: BGEModelFile, id: BGEModelID, reference: "testdata/reference-bge.json"}
	bgeQuant = variant{name: "bge-int8", bge: true, file: BGEQuantizedModelFile, id: BGEQuantizedModelID, reference: "testdata/reference-bge-q.json",
		opts: []Option{WithQuantized()}, fp32Reference: "testdata/reference-bge.json", minCosFP32: 0.99}

	bgeVariants = []variant{bgeFP32, bgeQuant}

	bgeShared = map[string]*sharedModel{bgeFP32.name: {}, bgeQuant.name: {}}
)

// requireBGE returns the models directory, or skips (fails in CI) the test
// when the BGE files are not there.
func requireBGE(tb testing.TB) string {
	tb.Helper()
	return requireFiles(tb, BGEModelFile, BGEQuantizedModelFile, BGETokenizerFile, libraryFile())
}

// bgeReference is a BGE reference: reference plus how it was made and, for
// each embedding, whether it was embedded as a query (behind the
// instruction) or as a passage.
type bgeReference struct {
	reference
	Pooling     string
	QueryPrefix string
	Query       []bool // per embedding
}

func loadBGEReference(t *testing.T, path string) bgeReference {
	t.Helper()
	ref := bgeReference{reference: loadReference(t, path)}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var extra struct {
		Pooling     string `json:"pooling"`
		QueryPrefix string `json:"query_prefix"`
		Embeddings  []struct {
			Query bool `json:"query"`
		} `json:"embeddings"`
	}
	if err := json.Unmarshal(data, &extra); err != nil {
		t.Fatal(err)
	}
	ref.Pooling, ref.QueryPrefix = extra.Pooling, extra.QueryPrefix
	for _, e := range extra.Embeddings {
		ref.Query = append(ref.Query, e.Query)
	}
	return ref
}

func TestBGEReferenceFiles(t *testing.T) {
	dir := requireBGE(t)
	for _, v := range bgeVariants {
		ref := loadBGEReference(t, v.reference)
		checkReferenceFiles(t, dir, v, BGETokenizerFile, ref.reference)
		if ref.MaxTokens != BGEMaxTokens || ref.Pooling != "cls" || ref.QueryPrefix != BGEQueryPrefix {
			t.Errorf("%s: max tokens %d, pooling %q, query prefix %q; want %d, cls, %q",
				v.reference, ref.MaxTokens, ref.Pooling, ref.QueryPrefix, BGEMaxTokens, BGEQueryPrefix)
		}
	}
}

// TestBGEReferenceTokenIDs compares the tokenizer, loaded from BGE's
// tokenizer.json, with Hugging Face tokenizers, queries with their prefix.
func TestBGEReferenceTokenIDs(t *testing.T) {
	m := bgeFP32.model(t)
	tok := m.Tokenizer()
	if tok.MaxTokens() != BGEMaxTokens {
		t.Errorf("MaxTokens %d, want %d", tok.MaxTokens(), BGEMaxTokens)
	}
	ref := loadBGEReference(t, bgeFP32.reference)
	check := func(text string, want []int64) {
		t.Helper()
		if got := tok.Encode(text); !slices.Equal(got, want) {
			t.Errorf("Encode(%.60q)\n got  %v\n want %v", text, got, want)
		}
	}
	for _, c := range ref.Tokenization {
		check(c.Text, c.IDs)
	}
	for i, c := range ref.Embeddings {
		text := c.Text
		if ref.Query[i] {
			text = m.QueryPrefix() + text
		}
		check(text, c.IDs)
	}
}

func testQueryRanking(t *testing.T, m *MiniLM) {
	cases := casefile.Read(t, "testdata/query_ranking.txt", 2)
	var passages []string
	for _, c := range cases {
		passages = append(passages, c[1])
	}
	pv, err := m.Embed(context.Background(), passages)
	if err != nil {
		t.Fatal(err)
	}
	for answer, c := range cases {
		qv, err := EmbedQueries(context.Background(), m, []string{c[0]})
		if err != nil {
			t.Fatal(err)
		}
		best := 0
		for j := range pv {
			if dot(qv[0], pv[j]) > dot(qv[0], pv[best]) {
				best = j
			}
		}
		if best != answer {
			t.Errorf("%q: nearest passage %q (%.3f), want %q (%.3f)", c[0],
				passages[best], dot(qv[0], pv[best]), passages[answer], dot(qv[0], pv[answer]))
		}
	}
}

func TestBGEEdgeCases(t *testing.T) {
	for _, v := range bgeVariants {
		m := v.model(t)
		if m.ID() != v.id || m.Dimensions() != 384 || m.QueryPrefix() != BGEQueryPrefix {
			t.Errorf("%s: ID %q, Dimensions %d, QueryPrefix %q", v.name, m.ID(), m.Dimensions(), m.QueryPrefix())
		}
	}
	if p := model(t).QueryPrefix(); p != "" {
		t.Errorf("MiniLM QueryPrefix %q, want none", p)
	}
	m := bgeFP32.model(t)
	// A query differs from the same text as a passage, and EmbedQueries of
	// the package reaches the model's.
	q, err := EmbedQueries(context.Background(), m, []string{"hiking with Melanie"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.Embed(context.Background(), []string{"hiking with Melanie", BGEQueryPrefix + "hiking with Melanie"})
	if err != nil {
		t.Fatal(err)
	}
	if c := dot(q[0], p[0]); c > 0.99 {
		t.Errorf("query and passage vectors of the same text: cos %.4f, want them to differ", c)
	}
	if c := dot(q[0], p[1]); 1-c > 1e-5 {
		t.Errorf("EmbedQueries(x) and Embed(prefix+x): cos %.6f, want equal", c)
	}
	// Texts past 512 tokens are truncated, not refused.
	if _, err := m.Embed(context.Background(), []string{strings.Repeat("word ", 2000)}); err != nil {
		t.Error(err)
	}
}

// TestBGEQuantizedAgreement checks that the int8 BGE network's vectors stay
// close to the fp32 ones, and logs how close.
func TestBGEQuantizedAgreement(t *testing.T) {
	a, b := embedBoth(t, bgeFP32, bgeQuant, locomoTurns)
	reportAgreement(t, "LoCoMo-like turns", locomoTurns, a, b)
}

// TestBGEConcurrentEmbed runs Embed from several goroutines at once and
// checks they agree, for both BGE networks.
func TestBGEConcurrentEmbed(t *testing.T) {
	for _, v := range bgeVariants {
		t.Run(v.name, func(t *testing.T) { testConcurrentEmbed(t, v.model(t)) })
	}
}

// chatTurns100to200 are the locomoTurns of 100 to 200 bytes (141 on average;
// LoCoMo's own turns average 124 bytes, median 109).
func chatTurns100to200() []string {
	var out []string
	for _, t := range locomoTurns {
		if len(t) >= 100 && len(t) <= 200 {
			out = append(out, t)
		}
	}
	return out
}

// BenchmarkEmbedModels compares the throughput of the four networks with
// their default settings (batches of 16 for fp32, one text per network call
// for int8; one ORT thread per batch, one batch per CPU), on chat turns of
// 100 to 200 bytes, 22 turns per Embed call (what the importer sends per
// LoCoMo session). Run with
//
//	go test ./embed/ -run '^$' -bench EmbedModels -benchtime 5s
func BenchmarkEmbedModels(b *testing.B) {
	requireModels(b)
	dir := requireBGE(b)
	turns := chatTurns100to200()
	texts := make([]string, 22)
	for i := range texts {
		texts[i] = turns[i%len(turns)]
	}
	for _, c := range []struct {
		name string
		load func() (*MiniLM, error)
	}{
		{QuantizedModelID, func() (*MiniLM, error) { return NewMiniLM(dir, WithQuantized()) }},
		{ModelID, func() (*MiniLM, error) { return NewMiniLM(dir) }},
		{BGEQuantizedModelID, func() (*MiniLM, error) { return NewBGE(dir, WithQuantized()) }},
		{BGEModelID, func() (*MiniLM, error) { return NewBGE(dir) }},
	} {
		b.Run(c.name, func(b *testing.B) { benchThroughput(b, c.load, texts) })
	}
}

// BenchmarkEmbedQueryBGE measures the latency of embedding one search query
// with the int8 BGE network (instruction included), as a search does.
func BenchmarkEmbedQueryBGE(b *testing.B) {
	m := bgeQuant.model(b)
	q := []string{"When did Caroline go to the LGBTQ support group?"}
	benchLoop(b, func() error { _, err := m.EmbedQueries(context.Background(), q); return err })
}
