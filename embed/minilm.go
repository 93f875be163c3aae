//go:build cgo

package embed

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/loci-memory/loci/ontology"
)

// Compile-time check that MiniLM is an ontology.Embedder and a QueryEmbedder.
var (
	_ ontology.Embedder = (*MiniLM)(nil)
	_ QueryEmbedder     = (*MiniLM)(nil)
)

// The network's inputs and output, as the ONNX export names them.
var (
	inputNames = []string{"input_ids", "attention_mask", "token_type_ids"}
	outputName = "last_hidden_state"
)

// MiniLM embeds texts with all-MiniLM-L6-v2 (NewMiniLM) or bge-small-en-v1.5
// (NewBGE), fp32 or (WithQuantized) int8. It is safe for concurrent use; at
// most the configured number of batches (WithThreads) run at once.
type MiniLM struct {
	id          string
	clsPooling  bool
	queryPrefix string
	tok         *Tokenizer
	session     *ort.DynamicAdvancedSession
	batchSize   int
	slots       chan struct{} // one token per batch allowed to run at once
	// querySlots is one more slot only search queries may take, so a query
	// never waits behind the batches of turns being ingested meanwhile.
	querySlots chan struct{}

	mu     sync.RWMutex // held for reading by Embed, for writing by Close
	closed bool
}

// NewMiniLM loads the model (the fp32 one, or the int8 one WithQuantized),
// its tokenizer and ONNX Runtime from dir.
// Loading takes about half a second; keep one MiniLM per process and Close
// it when done.
func NewMiniLM(dir string, opts ...Option) (*MiniLM, error) {
	cfg, err := newConfig(dir, opts)
	if err != nil {
		return nil, err
	}
	modelPath := filepath.Join(cfg.dir, cfg.modelFile())
	tokPath := filepath.Join(cfg.dir, cfg.family.tokenizerFile)
	tok, err := LoadTokenizer(tokPath, cfg.maxTokens)
	if err != nil {
		return nil, err
	}
	if err := initRuntime(cfg.libPath); err != nil {
		return nil, err
	}
	if err := checkModelIO(modelPath); err != nil {
		return nil, err
	}

	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("embed: session options: %w", err)
	}
	defer so.Destroy()
	if err := so.SetIntraOpNumThreads(cfg.threads); err != nil {
		return nil, fmt.Errorf("embed: intra-op threads: %w", err)
	}
	if err := so.SetInterOpNumThreads(1); err != nil {
		return nil, fmt.Errorf("embed: inter-op threads: %w", err)
	}
	// Idle pool threads would otherwise spin, stealing CPU from the rest of
	// Loci between batches.
	if err := so.AddSessionConfigEntry("session.intra_op.allow_spinning", "0"); err != nil {
		return nil, fmt.Errorf("embed: session config: %w", err)
	}
	session, err := ort.NewDynamicAdvancedSession(modelPath, inputNames, []string{outputName}, so)
	if err != nil {
		return nil, fmt.Errorf("embed: load %s: %w", modelPath, err)
	}
	return &MiniLM{
		id:          cfg.modelID(),
		clsPooling:  cfg.family.clsPooling,
		queryPrefix: cfg.family.queryPrefix,
		tok:         tok,
		session:     session,
		batchSize:   cfg.batchSize,
		slots:       make(chan struct{}, cfg.parallel),
		querySlots:  make(chan struct{}, 1),
	}, nil
}

// The ONNX Runtime environment is process-wide: it is created once, by the
// first NewMiniLM, and lives until the process exits.
var (
	runtimeOnce sync.Once
	runtimeLib  string
	runtimeErr  error
)

// initRuntime loads the ONNX Runtime library at libPath and creates the
// environment, once per process.
func initRuntime(libPath string) error {
	runtimeOnce.Do(func() {
		runtimeLib = libPath
		if ort.IsInitialized() { // someone else in the process did it
			return
		}
		ort.SetSharedLibraryPath(libPath)
		if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
			runtimeErr = fmt.Errorf("embed: start ONNX Runtime from %s: %w", libPath, err)
		}
	})
	if runtimeErr != nil {
		return runtimeErr
	}
	if runtimeLib != libPath {
		return fmt.Errorf("embed: ONNX Runtime already loaded from %s, cannot also load %s", runtimeLib, libPath)
	}
	return nil
}

// checkModelIO verifies that the model takes and returns what Embed feeds
// and reads, so that a different export fails at load rather than in Embed.
func checkModelIO(modelPath string) error {
	// Inspecting needs a throwaway session; skipping graph optimisation
	// makes it cheaper.
	so, err := ort.NewSessionOptions()
	if err != nil {
		return fmt.Errorf("embed: session options: %w", err)
	}
	defer so.Destroy()
	if err := so.SetGraphOptimizationLevel(ort.GraphOptimizationLevelDisableAll); err != nil {
		return fmt.Errorf("embed: session options: %w", err)
	}
	ins, outs, err := ort.GetInputOutputInfoWithOptions(modelPath, so)
	if err != nil {
		return fmt.Errorf("embed: inspect %s: %w", modelPath, err)
	}
	have := make(map[string]ort.InputOutputInfo)
	for _, in := range ins {
		have[in.Name] = in
	}
	for _, name := range inputNames {
		in, ok := have[name]
		if !ok || in.DataType != ort.TensorElementDataTypeInt64 || len(in.Dimensions) != 2 {
			return fmt.Errorf("embed: %s: want int64 [batch, seq] input %q, have %v", modelPath, name, ins)
		}
	}
	for _, out := range outs {
		if out.Name == outputName && out.DataType == ort.TensorElementDataTypeFloat &&
			len(out.Dimensions) == 3 && out.Dimensions[2] == ModelDimensions {
			return nil
		}
	}
	return fmt.Errorf("embed: %s: want float [batch, seq, %d] output %q, have %v", modelPath, ModelDimensions, outputName, outs)
}

// ID names the model, ModelID, QuantizedModelID, BGEModelID or
// BGEQuantizedModelID; see ontology.Embedder.
func (m *MiniLM) ID() string { return m.id }

// Dimensions is the length of every vector, 384.
func (m *MiniLM) Dimensions() int { return ModelDimensions }

// Parallel is how many batches may run at once (WithThreads).
func (m *MiniLM) Parallel() int { return cap(m.slots) }

// Tokenizer is the tokenizer Embed uses.
func (m *MiniLM) Tokenizer() *Tokenizer { return m.tok }

// QueryPrefix is what EmbedQueries prepends to each query: BGEQueryPrefix
// for bge-small-en-v1.5, nothing for all-MiniLM-L6-v2.
func (m *MiniLM) QueryPrefix() string { return m.queryPrefix }

// EmbedQueries embeds search queries: Embed of each query behind
// QueryPrefix(). See QueryEmbedder.
//
// Queries run on a slot of their own as well as the shared ones: a search
// is waiting on its query, while batches of turns being ingested at the
// same time can wait a few milliseconds more.
func (m *MiniLM) EmbedQueries(ctx context.Context, queries []string) ([][]float32, error) {
	prefixed := make([]string, len(queries))
	for i, q := range queries {
		prefixed[i] = m.queryPrefix + q
	}
	return m.embed(ctx, prefixed, m.slots, m.querySlots, nil)
}

// Embed returns one L2-normalised 384-dimensional vector per text, in order.
// Texts are sorted by token count and run in batches of similar length, so
// that padding costs little; batches run in parallel up to the configured
// limit. An empty text gets the embedding of [CLS] [SEP]. ctx is checked
// between batches.
func (m *MiniLM) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return m.embed(ctx, texts, m.slots, nil, nil)
}

// WithRunner returns an embedder that embeds as m does, with m's session
// and lifetime (Close m, not it), but runs each network call through r: on
// r's threads, such as the low-priority ones of an embed/niced pool that
// ingest uses so that searches embedding their queries on m get the CPU
// first. Its vectors equal m's.
//
// Its batches take slots of their own, as many as m has (WithThreads), not
// m's: a batch slowed down by its lower priority must not hold a slot a
// query is waiting for. The kernel's scheduler, not the slots, then
// decides who gets the CPU.
func (m *MiniLM) WithRunner(r Runner) ontology.Embedder {
	return &ranEmbedder{m: m, r: r, slots: make(chan struct{}, cap(m.slots))}
}

// ranEmbedder is MiniLM.WithRunner's embedder.
type ranEmbedder struct {
	m     *MiniLM
	r     Runner
	slots chan struct{}
}

func (e *ranEmbedder) ID() string      { return e.m.ID() }
func (e *ranEmbedder) Dimensions() int { return e.m.Dimensions() }

// Embed is MiniLM.Embed with the network run through the Runner.
func (e *ranEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return e.m.embed(ctx, texts, e.slots, nil, e.r)
}

// embed is Embed; each batch runs on a free slot of slots, or of extra
// (nil: none) when one is free there first, and its network call through r
// (nil: on the batch's goroutine).
func (m *MiniLM) embed(ctx context.Context, texts []string, slots, extra chan struct{}, r Runner) ([][]float32, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, ErrClosed
	}
	out := make([][]float32, len(texts))
	if len(texts) == 0 {
		return out, nil
	}

	ids := make([][]int64, len(texts))
	for i, t := range texts {
		ids[i] = m.tok.Encode(t)
	}
	order := make([]int, len(texts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(ids[a]) - len(ids[b]) })

	// Small calls are split so that every parallel slot gets a share.
	size := min(m.batchSize, (len(order)+cap(slots)-1)/cap(slots))
	var batches [][]int
	for start := 0; start < len(order); start += size {
		batches = append(batches, order[start:min(start+size, len(order))])
	}

	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	setErr := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
	}
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return firstErr != nil
	}
	for _, batch := range batches {
		// Take a slot before starting the goroutine, so that a large call
		// holds at most `parallel` goroutines and stops early on error or
		// cancellation.
		var slot chan struct{}
		select {
		case slots <- struct{}{}:
			slot = slots
		case extra <- struct{}{}: // a nil extra never sends
			slot = extra
		case <-ctx.Done():
		}
		if err := ctx.Err(); err != nil || failed() {
			if slot != nil {
				<-slot
			}
			if err != nil {
				setErr(err)
			}
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-slot }()
			if err := m.runBatch(ctx, r, batch, ids, out); err != nil {
				setErr(err)
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

// runBatch runs the network on the texts whose indices are in batch, padded
// to the longest of them, and stores their pooled vectors in out. The
// network call alone goes through r when r is not nil.
func (m *MiniLM) runBatch(ctx context.Context, r Runner, batch []int, ids [][]int64, out [][]float32) error {
	n := len(batch)
	seq := 0
	for _, i := range batch {
		seq = max(seq, len(ids[i]))
	}
	shape := ort.NewShape(int64(n), int64(seq))
	inputIDs := make([]int64, n*seq)
	mask := make([]int64, n*seq)
	types := make([]int64, n*seq) // single segment: all zero
	for row, i := range batch {
		copy(inputIDs[row*seq:], ids[i])
		for j := len(ids[i]); j < seq; j++ {
			inputIDs[row*seq+j] = m.tok.PadID()
		}
		for j := range ids[i] {
			mask[row*seq+j] = 1
		}
	}

	var values []ort.Value
	defer func() {
		for _, v := range values {
			v.Destroy()
		}
	}()
	for _, data := range [][]int64{inputIDs, mask, types} {
		t, err := ort.NewTensor(shape, data)
		if err != nil {
			return fmt.Errorf("embed: input tensor: %w", err)
		}
		values = append(values, t)
	}
	hidden, err := ort.NewEmptyTensor[float32](ort.NewShape(int64(n), int64(seq), ModelDimensions))
	if err != nil {
		return fmt.Errorf("embed: output tensor: %w", err)
	}
	values = append(values, hidden)
	var runErr error
	run := func() { runErr = m.session.Run(values[:3], values[3:]) }
	if r == nil {
		run()
	} else if err := r.Do(ctx, run); err != nil {
		return fmt.Errorf("embed: run model: %w", err)
	}
	if runErr != nil {
		return fmt.Errorf("embed: run model: %w", runErr)
	}

	h := hidden.GetData()
	for row, i := range batch {
		tokens := len(ids[i])
		if m.clsPooling { // the mean of the first row alone: [CLS]'s vector
			tokens = 1
		}
		out[i] = meanPool(h[row*seq*ModelDimensions:(row+1)*seq*ModelDimensions], tokens)
	}
	return nil
}

// meanPool averages the first tokens rows of hidden (the unpadded ones, as
// the attention mask selects them) and scales the mean to unit length, as
// sentence-transformers' Pooling and Normalize modules do for this model.
func meanPool(hidden []float32, tokens int) []float32 {
	sum := make([]float64, ModelDimensions)
	for t := range tokens {
		row := hidden[t*ModelDimensions : (t+1)*ModelDimensions]
		for d, x := range row {
			sum[d] += float64(x)
		}
	}
	var norm float64
	for d := range sum {
		sum[d] /= float64(tokens)
		norm += sum[d] * sum[d]
	}
	norm = max(math.Sqrt(norm), 1e-12)
	vec := make([]float32, ModelDimensions)
	for d, s := range sum {
		vec[d] = float32(s / norm)
	}
	return vec
}

// Close releases the ONNX Runtime session after in-flight Embed calls end.
// The process-wide runtime stays loaded. Close is idempotent.
func (m *MiniLM) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil
	}
	m.closed = true
	if err := m.session.Destroy(); err != nil {
		return fmt.Errorf("embed: close session: %w", err)
	}
	return nil
}
