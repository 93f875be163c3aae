//go:build cgo

package embed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	lociconfig "github.com/loci-memory/loci/internal/config"
)

// Tests below need the files `make models` fetches. Without them they skip,
// except in CI (CI=true), where a missing model is a failure: CI runs
// `make models` first, so there it means the fetch is broken.

// variant is one of the two networks: fp32 (model.onnx) or int8
// (model-q.onnx, WithQuantized).
type variant struct {
	name      string
	bge       bool     // a BGE network (NewBGE), not MiniLM
	file      string   // network file in the models directory
	id        string   // the embedder's ID
	reference string   // reference vectors made by testdata/make_reference.py
	opts      []Option // what selects it
	// For an int8 network: the fp32 network's reference and the least
	// cosine its vectors must keep with it (see checkVector).
	fp32Reference string
	minCosFP32    float64
}

var (
	fp32  = variant{name: "fp32", file: ModelFile, id: ModelID, reference: "testdata/reference.json"}
	quant = variant{name: "int8", file: QuantizedModelFile, id: QuantizedModelID, reference: "testdata/reference-q.json",
		opts: []Option{WithQuantized()}, fp32Reference: "testdata/reference.json", minCosFP32: 0.975}

	variants = []variant{fp32, quant}
)

// shared holds one embedder per variant, loaded on first use.
type sharedModel struct {
	once sync.Once
	m    *MiniLM
	err  error
}

var shared = map[string]*sharedModel{fp32.name: {}, quant.name: {}}

// TestMain closes the shared embedders after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	for _, s := range shared {
		if s.m != nil {
			s.m.Close()
		}
	}
	os.Exit(code)
}

// requireModels returns the models directory, or skips (fails in CI) the
// test when the model files are not there.
func requireModels(tb testing.TB) string {
	tb.Helper()
	return requireFiles(tb, ModelFile, QuantizedModelFile, TokenizerFile, libraryFile())
}

// requireFiles returns the models directory, or skips the test (fails it
// in CI) when one of files is not there.
func requireFiles(tb testing.TB, files ...string) string {
	tb.Helper()
	cfg := lociconfig.MustLoad()
	dir := cfg.ModelsPath()
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			msg := fmt.Sprintf("model files missing (%v); run `make models`", err)
			if ci, _ := strconv.ParseBool(cfg.CI); ci {
				tb.Fatal(msg)
			}
			tb.Skip(msg)
		}
	}
	return dir
}

// model returns the fp32 embedder shared by the tests.
func model(tb testing.TB) *MiniLM { return fp32.model(tb) }

// model returns the variant's embedder shared by the tests, loaded on first
// use. TestMain closes the MiniLM ones; the process exit releases the BGE
// ones.
func (v variant) model(tb testing.TB) *MiniLM {
	tb.Helper()
	s, load := shared[v.name], NewMiniLM
	var dir string
	if v.bge {
		dir = requireBGE(tb)
		s, load = bgeShared[v.name], NewBGE
	} else {
		dir = requireModels(tb)
	}
	s.once.Do(func() { s.m, s.err = load(dir, v.opts...) })
	if s.err != nil {
		tb.Fatal(s.err)
	}
	return s.m
}

// reference is testdata/reference.json or reference-q.json, made by
// testdata/make_reference.py with Hugging Face tokenizers and the
// onnxruntime Python package.
type reference struct {
	ModelSHA256     string `json:"model_sha256"`
	TokenizerSHA256 string `json:"tokenizer_sha256"`
	MaxTokens       int    `json:"max_tokens"`
	Embeddings      []struct {
		Text   string    `json:"text"`
		IDs    []int64   `json:"ids"`
		Vector []float64 `json:"vector"`
	} `json:"embeddings"`
	Tokenization []struct {
		Text   string   `json:"text"`
		Tokens []string `json:"tokens"`
		IDs    []int64  `json:"ids"`
	} `json:"tokenization"`
}

func loadReference(t *testing.T, path string) reference {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ref reference
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatal(err)
	}
	return ref
}

func fileSHA256(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// checkReferenceFiles checks that v's network and the tokenizer file in dir
// are the ones ref was made from.
func checkReferenceFiles(t *testing.T, dir string, v variant, tokenizer string, ref reference) {
	t.Helper()
	if got := fileSHA256(t, filepath.Join(dir, v.file)); got != ref.ModelSHA256 {
		t.Errorf("%s sha256 %s, %s made with %s", v.file, got, v.reference, ref.ModelSHA256)
	}
	if got := fileSHA256(t, filepath.Join(dir, tokenizer)); got != ref.TokenizerSHA256 {
		t.Errorf("%s sha256 %s, %s made with %s", tokenizer, got, v.reference, ref.TokenizerSHA256)
	}
}

// TestReferenceFiles checks that the installed files are the ones the
// references were made from.
func TestReferenceFiles(t *testing.T) {
	dir := requireModels(t)
	for _, v := range variants {
		ref := loadReference(t, v.reference)
		checkReferenceFiles(t, dir, v, TokenizerFile, ref)
		if ref.MaxTokens != DefaultMaxTokens {
			t.Errorf("%s truncates at %d tokens, DefaultMaxTokens is %d", v.reference, ref.MaxTokens, DefaultMaxTokens)
		}
	}
}

// TestReferenceTokenIDs compares the tokenizer with Hugging Face tokenizers
// on the real vocabulary.
func TestReferenceTokenIDs(t *testing.T) {
	tok := model(t).Tokenizer()
	ref := loadReference(t, fp32.reference)
	check := func(text string, want []int64) {
		t.Helper()
		if got := tok.Encode(text); !slices.Equal(got, want) {
			t.Errorf("Encode(%q)\n got  %v = %q\n want %v = %q", text, got, tokens(tok, got), want, tokens(tok, want))
		}
	}
	for _, c := range ref.Tokenization {
		check(c.Text, c.IDs)
	}
	for _, c := range ref.Embeddings {
		check(c.Text, c.IDs)
	}
}

// TestReferenceVectors compares the embeddings of the MiniLM and BGE
// networks with their references (see checkVector for how), embedding all
// texts in one call (so batched and padded) and each on its own; BGE's
// passages with Embed and its queries with EmbedQueries.
func TestReferenceVectors(t *testing.T) {
	for _, v := range append(slices.Clone(variants), bgeVariants...) {
		t.Run(v.name, func(t *testing.T) {
			if !v.bge {
				testReferenceVectors(t, v, loadReference(t, v.reference), nil)
				return
			}
			ref := loadBGEReference(t, v.reference)
			testReferenceVectors(t, v, ref.reference, ref.Query)
		})
	}
}

// testReferenceVectors compares v's vectors with ref's, embedding all texts
// of a kind in one call (so batched and padded) and each on its own.
// query[i] says whether embedding i was made as a query (EmbedQueries) or
// as a passage (Embed); nil means every one is a passage.
func testReferenceVectors(t *testing.T, v variant, ref reference, query []bool) {
	m := v.model(t)
	chk := newVectorCheck(t, v, ref)
	embed := func(query bool, texts []string) [][]float32 {
		t.Helper()
		var out [][]float32
		var err error
		if query {
			out, err = m.EmbedQueries(context.Background(), texts)
		} else {
			out, err = m.Embed(context.Background(), texts)
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(out) != len(texts) {
			t.Fatalf("%d vectors for %d texts", len(out), len(texts))
		}
		return out
	}
	kinds := []bool{false}
	if query != nil {
		kinds = append(kinds, true)
	}
	for _, kind := range kinds {
		var texts []string
		var at []int
		for i, e := range ref.Embeddings {
			if query == nil || query[i] == kind {
				texts = append(texts, e.Text)
				at = append(at, i)
			}
		}
		if len(texts) == 0 {
			t.Fatalf("%s has no embeddings with query=%v", v.reference, kind)
		}
		how := ""
		if query != nil {
			how = fmt.Sprintf("query=%v ", kind)
		}
		batched := embed(kind, texts)
		for k, i := range at {
			chk.vector(how+"batched", i, texts[k], batched[k])
			chk.vector(how+"single", i, texts[k], embed(kind, texts[k:k+1])[0])
		}
	}
	chk.log()
}

// vectorCheck compares a network's vectors with its references.
//
// fp32 networks are held to 1e-4 per component: float32 kernels differ
// between CPUs only in summation order, far below that.
//
// int8 networks cannot be: ONNX Runtime picks integer kernels by CPU
// (AVX-512 VNNI, AVX2 u8s8, NEON dot products), which round the
// requantised activations differently, and a component can move by 0.01
// from one CPU to another (seen: 0.0098 on an AMD EPYC against a
// reference made elsewhere). So an int8 vector is held to three things a
// real bug (wrong tokens, pooling, normalisation, network file) breaks and
// a kernel change does not:
//   - cosine ≥ 0.998 with its own int8 reference, made on another CPU:
//     kernel differences measured cost at most 0.001 of cosine, while a
//     wrong pooling or a dropped attention mask costs more than 0.05;
//   - cosine ≥ minCosFP32 with the fp32 reference of the same text: the
//     quantisation error itself, measured at 0.984-0.994 (MiniLM) and
//     0.995-0.998 (BGE), with room for the kernel term;
//   - the same nearest neighbours as fp32 where the answer is clear (a
//     paraphrase among unrelated sentences, the passage that answers a
//     question), which is what retrieval depends on: TestCosineRanking and
//     TestBGECosineRanking run on both networks.
type vectorCheck struct {
	t     *testing.T
	v     variant
	ref   reference
	fp32  *reference // int8 networks only
	worst float64    // largest component difference (fp32) or cosine shortfall (int8)
}

func newVectorCheck(t *testing.T, v variant, ref reference) *vectorCheck {
	c := &vectorCheck{t: t, v: v, ref: ref}
	if v.fp32Reference != "" {
		f := loadReference(t, v.fp32Reference)
		if len(f.Embeddings) != len(ref.Embeddings) {
			t.Fatalf("%s has %d embeddings, %s %d", v.fp32Reference, len(f.Embeddings), v.reference, len(ref.Embeddings))
		}
		for i := range f.Embeddings {
			if f.Embeddings[i].Text != ref.Embeddings[i].Text {
				t.Fatalf("embedding %d: %q in %s, %q in %s", i, f.Embeddings[i].Text, v.fp32Reference, ref.Embeddings[i].Text, v.reference)
			}
		}
		c.fp32 = &f
	}
	return c
}

// vector checks the vector got for reference embedding i.
func (c *vectorCheck) vector(how string, i int, text string, got []float32) {
	t := c.t
	t.Helper()
	if len(got) != ModelDimensions {
		t.Fatalf("%s %q: %d dimensions", how, text, len(got))
	}
	if n := vecNorm(got); math.Abs(n-1) > 1e-5 {
		t.Errorf("%s %.40q: norm %g, want 1", how, text, n)
	}
	want := c.ref.Embeddings[i].Vector
	if c.fp32 != nil {
		// The bound must tell texts apart: another text's fp32 vector
		// fails it, so passing it says something.
		other := c.fp32.Embeddings[(i+1)%len(c.fp32.Embeddings)]
		if x := cosine(got, other.Vector); x >= c.v.minCosFP32 {
			t.Errorf("%s %.40q: cosine %.5f with the fp32 vector of %.40q passes the bound %.3f", how, text, x, other.Text, c.v.minCosFP32)
		}
	}
	if c.fp32 == nil {
		worst, at := 0.0, 0
		for d := range got {
			if diff := math.Abs(float64(got[d]) - want[d]); diff > worst {
				worst, at = diff, d
			}
		}
		c.worst = max(c.worst, worst)
		if worst > 1e-4 {
			t.Errorf("%s %.40q: component %d differs by %.2g (got %g, want %g)", how, text, at, worst, got[at], want[at])
		}
		return
	}
	own := cosine(got, want)
	toFP32 := cosine(got, c.fp32.Embeddings[i].Vector)
	c.worst = max(c.worst, 1-own)
	if own < 0.998 {
		t.Errorf("%s %.40q: cosine %.5f with the int8 reference, want >= 0.998", how, text, own)
	}
	if toFP32 < c.v.minCosFP32 {
		t.Errorf("%s %.40q: cosine %.5f with the fp32 reference, want >= %.3f", how, text, toFP32, c.v.minCosFP32)
	}
}

func (c *vectorCheck) log() {
	if c.fp32 == nil {
		c.t.Logf("%s: largest component difference from %s: %.2g", c.v.name, c.v.reference, c.worst)
	} else {
		c.t.Logf("%s: least cosine with %s: %.5f", c.v.name, c.v.reference, 1-c.worst)
	}
}

// TestCosineRanking checks that the vectors of every network carry
// meaning: among passages a paraphrase is nearest, and a question, embedded
// as a query, is nearest to the passage that answers it.
func TestCosineRanking(t *testing.T) {
	for _, v := range append(slices.Clone(variants), bgeVariants...) {
		t.Run(v.name, func(t *testing.T) {
			m := v.model(t)
			testCosineRanking(t, m)
			testQueryRanking(t, m)
		})
	}
}

func testCosineRanking(t *testing.T, m *MiniLM) {
	texts := []string{
		"The cat sat on the mat.",
		"A cat was sitting on the rug.",
		"Quarterly revenue grew by 12% compared with last year!",
		"I went hiking with Melanie last weekend.",
		"Stock prices fell sharply after the earnings report.",
	}
	v, err := m.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	para := dot(v[0], v[1])
	for _, j := range []int{2, 3, 4} {
		for _, i := range []int{0, 1} {
			if c := dot(v[i], v[j]); c >= para {
				t.Errorf("cos(%q, %q) = %.3f, not below the paraphrase pair's %.3f", texts[i], texts[j], c, para)
			}
		}
	}
	if finance, hiking := dot(v[2], v[4]), dot(v[2], v[3]); finance <= hiking {
		t.Errorf("revenue/stock prices %.3f not above revenue/hiking %.3f", finance, hiking)
	}
}

// TestQuantizedAgreement checks that the int8 network's vectors stay close
// to the fp32 ones (they are different vectors, under a different ID, but
// should rank alike), and logs how close.
func TestQuantizedAgreement(t *testing.T) {
	ref := loadReference(t, fp32.reference)
	texts := slices.Clone(locomoTurns)
	for _, e := range ref.Embeddings {
		texts = append(texts, e.Text)
	}
	a, b := embedBoth(t, fp32, quant, texts)
	n := len(locomoTurns)
	reportAgreement(t, "reference sentences", texts[n:], a[n:], b[n:])
	reportAgreement(t, "LoCoMo-like turns", texts[:n], a[:n], b[:n])
}

// embedBoth embeds texts with the fp32 and with the int8 network.
func embedBoth(t *testing.T, fp32, quant variant, texts []string) (a, b [][]float32) {
	t.Helper()
	a, err := fp32.model(t).Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	b, err = quant.model(t).Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// reportAgreement logs the mean and the least cosine between the fp32
// vectors a and the int8 vectors b of texts, and fails below 0.95.
func reportAgreement(t *testing.T, what string, texts []string, a, b [][]float32) {
	t.Helper()
	sum, worst, at := 0.0, 1.0, 0
	for i := range texts {
		c := dot(a[i], b[i])
		sum += c
		if c < worst {
			worst, at = c, i
		}
	}
	t.Logf("%s: cos(fp32, int8) mean %.4f, min %.4f (%.40q)", what, sum/float64(len(texts)), worst, texts[at])
	if worst < 0.95 {
		t.Errorf("%s: cos(fp32, int8) %.4f for %q, want >= 0.95", what, worst, texts[at])
	}
}

func TestEmbedEdgeCases(t *testing.T) {
	m := model(t)
	if m.ID() != "minilm-l6-v2" || m.Dimensions() != 384 {
		t.Errorf("ID %q, Dimensions %d", m.ID(), m.Dimensions())
	}
	if q := quant.model(t); q.ID() != "minilm-l6-v2-q" || q.Dimensions() != 384 {
		t.Errorf("quantized: ID %q, Dimensions %d", q.ID(), q.Dimensions())
	}
	v, err := m.Embed(context.Background(), nil)
	if err != nil || len(v) != 0 {
		t.Errorf("Embed(nil) = %d vectors, %v", len(v), err)
	}
	// More texts than a batch, with duplicates: equal texts, equal vectors,
	// wherever they land after sorting.
	var texts []string
	for i := range 3*DefaultBatchSize + 5 {
		texts = append(texts, locomoTurns[i%len(locomoTurns)])
	}
	texts = append(texts, "")
	v, err = m.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for i := range texts {
		if math.Abs(vecNorm(v[i])-1) > 1e-5 {
			t.Fatalf("text %d: norm %g", i, vecNorm(v[i]))
		}
		if j := slices.Index(texts, texts[i]); 1-dot(v[i], v[j]) > 1e-5 {
			t.Errorf("texts %d and %d are equal but cos = %g", i, j, dot(v[i], v[j]))
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Embed(ctx, texts); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err %v", err)
	}
}

// TestConcurrentEmbed runs Embed from several goroutines at once (run with
// -race) and checks they agree, for both networks: the quantised one's
// vectors would depend on their batch-mates if it batched by default.
func TestConcurrentEmbed(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) { testConcurrentEmbed(t, v.model(t)) })
	}
}

func testConcurrentEmbed(t *testing.T, m *MiniLM) {
	want, err := m.Embed(context.Background(), locomoTurns)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			texts := slices.Clone(locomoTurns)
			slices.Reverse(texts[:g*3])
			got, err := m.Embed(context.Background(), texts)
			if err != nil {
				t.Error(err)
				return
			}
			for i, text := range texts {
				w := want[slices.Index(locomoTurns, text)]
				if d := 1 - dot(got[i], w); d > 1e-5 {
					t.Errorf("goroutine %d, %q: 1-cos %g", g, text, d)
				}
			}
		})
	}
	wg.Wait()
}

func TestClose(t *testing.T) {
	m, err := NewMiniLM(requireModels(t), WithThreads(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Embed(context.Background(), []string{"hello"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := m.Embed(context.Background(), []string{"hello"}); !errors.Is(err, ErrClosed) {
		t.Errorf("Embed after Close: err %v", err)
	}
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func vecNorm(v []float32) float64 { return math.Sqrt(dot(v, v)) }

// cosine is the cosine of a vector and a reference vector.
func cosine(a []float32, b []float64) float64 {
	var s, na, nb float64
	for i := range a {
		s += float64(a[i]) * b[i]
		na += float64(a[i]) * float64(a[i])
		nb += b[i] * b[i]
	}
	return s / math.Sqrt(na*nb)
}

// cosine64 is the cosine of two reference vectors.
func cosine64(a, b []float64) float64 {
	var s, na, nb float64
	for i := range a {
		s += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return s / math.Sqrt(na*nb)
}

// BenchmarkEmbed measures throughput on LoCoMo-like turns (24 tokens on
// average) for both networks, 22 turns per Embed call (what the importer
// sends per LoCoMo session) and 256, with the default threading (one ORT
// thread per batch, one batch per CPU) and the alternative it was chosen
// over (one batch at a time on all threads); for the quantised network also
// with batches of 16 instead of its default 1 (see WithQuantized). Besides
// wall-clock turns/s it reports turns per CPU-second of the process, which
// other load on the machine disturbs less. Run with
//
//	go test ./embed/ -run '^$' -bench Embed -benchtime 3s
func BenchmarkEmbed(b *testing.B) {
	dir := requireModels(b)
	for _, v := range variants {
		for _, perCall := range []int{22, 256} {
			texts := make([]string, perCall)
			for i := range texts {
				texts[i] = locomoTurns[i%len(locomoTurns)]
			}
			for _, c := range []struct {
				name string
				opts []Option
			}{
				{"default", nil},
				{"threads=2,parallel=1", []Option{WithThreads(2, 1)}},
				{"batch=16", []Option{WithBatchSize(16)}},
			} {
				if c.name == "batch=16" && v.name == fp32.name { // its default
					continue
				}
				b.Run(fmt.Sprintf("%s/call=%d/%s", v.name, perCall, c.name), func(b *testing.B) {
					benchThroughput(b, func() (*MiniLM, error) { return NewMiniLM(dir, append(slices.Clone(v.opts), c.opts...)...) }, texts)
				})
			}
		}
	}
}

// benchThroughput loads a model with load and reports how many of texts it
// embeds per second of wall clock and per CPU-second of the process (which
// other load on the machine disturbs less).
func benchThroughput(b *testing.B, load func() (*MiniLM, error), texts []string) {
	m, err := load()
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	ctx := context.Background()
	if _, err := m.Embed(ctx, texts); err != nil { // warm up
		b.Fatal(err)
	}
	cpu0 := cpuSeconds()
	for b.Loop() {
		if _, err := m.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	n := float64(b.N * len(texts))
	b.ReportMetric(n/b.Elapsed().Seconds(), "turns/s")
	b.ReportMetric(n/(cpuSeconds()-cpu0), "turns/cpu-s")
}

// benchLoop runs call once to warm up, then for every iteration of b.
func benchLoop(b *testing.B, call func() error) {
	if err := call(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := call(); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuSeconds is the CPU time, user and system, this process has used.
func cpuSeconds() float64 {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return math.NaN()
	}
	return float64(r.Utime.Nano()+r.Stime.Nano()) / 1e9
}

// BenchmarkEmbedOne measures the latency of embedding a single turn.
func BenchmarkEmbedOne(b *testing.B) {
	m := model(b)
	text := []string{locomoTurns[1]}
	benchLoop(b, func() error { _, err := m.Embed(context.Background(), text); return err })
}

// BenchmarkNewMiniLM measures loading the model (the runtime library is
// loaded once per process, before the timer starts).
func BenchmarkNewMiniLM(b *testing.B) {
	model(b)
	dir := requireModels(b)
	for b.Loop() {
		m, err := NewMiniLM(dir)
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}

// A search's query embedding has a slot of its own: with every shared slot
// taken by ingest batches, EmbedQueries still answers and Embed waits.
func TestQueriesDoNotWaitBehindBatches(t *testing.T) {
	m := model(t)
	for range cap(m.slots) {
		m.slots <- struct{}{}
	}
	defer func() {
		for range cap(m.slots) {
			<-m.slots
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := m.EmbedQueries(ctx, []string{"where did Ann go hiking"})
	if err != nil || len(v) != 1 || len(v[0]) != ModelDimensions {
		t.Fatalf("query with the shared slots busy: %d vectors, err %v", len(v), err)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel2()
	if _, err := m.Embed(short, []string{"a turn to store"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Embed with the shared slots busy: err %v, want it to wait for a slot", err)
	}
}
