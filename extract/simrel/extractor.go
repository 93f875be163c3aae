package simrel

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/loci-memory/loci/extract/rules"
	"github.com/loci-memory/loci/ontology"
)

// Extractor is the rules extractor followed by the similarity stage: it
// returns what the rules find plus the relations Decide types among the
// pairs the rules left unrelated. Its ID is the rules extractor's, since
// it stores the same kinds of items; the relations it adds carry
// Extractor "rules-sim". Safe for concurrent use.
type Extractor struct {
	rules  *rules.Extractor
	emb    ontology.Embedder
	params Params
	protos []prototype

	mu        sync.Mutex
	protoVecs [][]float32 // one per protos entry, centred, computed once per embedder
	mean      []float64   // the prototypes' mean vector, taken out of every vector compared
	embedded  atomic.Int64
	pairs     atomic.Int64
}

// Pairs returns how many candidate pairs the stage has scored: a pair's
// sentence is embedded unless another pair of its batch has the same
// reworded text.
func (x *Extractor) Pairs() int64 { return x.pairs.Load() }

// Embedded returns how many candidate sentences the stage has embedded:
// its cost beside the embedding of every turn at ingest.
func (x *Extractor) Embedded() int64 { return x.embedded.Load() }

// Extractor implements ontology.Extractor.
var _ ontology.Extractor = (*Extractor)(nil)

// ExtractorSim is the Extractor recorded on relations this stage adds.
const ExtractorSim = "rules-sim"

// confSim is the confidence of a relation typed by similarity: below the
// rules' weakest patterns.
const confSim = 0.5

// New returns the stage over emb with thresholds p.
func New(emb ontology.Embedder, p Params) (*Extractor, error) {
	if emb == nil {
		return nil, fmt.Errorf("simrel: an embedder is required")
	}
	protos, err := parsePrototypes(prototypesText)
	if err != nil {
		return nil, err
	}
	return &Extractor{rules: rules.New(), emb: emb, params: p, protos: protos}, nil
}

// Warm embeds the prototypes now rather than in the first batch, where
// every conversation's first batch would wait for them. A failure is
// returned and tried again by the next batch, as there.
func (x *Extractor) Warm(ctx context.Context) error {
	_, err := x.prototypeVectors(ctx)
	return err
}

// ID returns ontology.ExtractorRules.
func (*Extractor) ID() string { return ontology.ExtractorRules }

// Extract runs the rules, then types the unrelated candidate pairs. When
// the embedder fails, the rules' extraction is returned alone and the
// usage says why.
func (x *Extractor) Extract(ctx context.Context, req ontology.ExtractRequest) (ontology.Extraction, ontology.ExtractUsage, error) {
	got, scored, usage, err := x.Score(ctx, req)
	if err != nil || scored == nil {
		return got, usage, err
	}
	Apply(&got, scored, x.params)
	return got, usage, nil
}

// Apply adds to got the relations Decide types among scored under p.
func Apply(got *ontology.Extraction, scored []Scored, p Params) {
	for _, s := range scored {
		if t, ok := Decide(s.Scores, p); ok {
			addRelation(got, s, t)
		}
	}
}

// Scored is one candidate pair with its scores.
type Scored struct {
	From, To ontology.EntityRef
	Text     string // the reworded sentence
	Turn     string
	Cite     []string
	Ended    bool
	Scores   Scores
	pair     pair
}

// Score runs the rules and scores every candidate pair, without deciding
// (Extract decides; the dev tool sweeps thresholds over the scores). A
// failing embedder leaves scored nil and sets usage.Error.
func (x *Extractor) Score(ctx context.Context, req ontology.ExtractRequest) (ontology.Extraction, []Scored, ontology.ExtractUsage, error) {
	got, cands, usage, err := x.rules.ExtractCandidates(ctx, req)
	if err != nil {
		return got, nil, usage, err
	}
	pairs := candidatePairs(cands, got)
	x.pairs.Add(int64(len(pairs)))
	if len(pairs) == 0 {
		return got, []Scored{}, usage, nil
	}
	fail := func(err error) (ontology.Extraction, []Scored, ontology.ExtractUsage, error) {
		if ctx.Err() != nil {
			return got, nil, usage, fmt.Errorf("simrel: %w", ctx.Err())
		}
		usage.Error = "simrel: " + err.Error()
		return got, nil, usage, nil
	}
	protoVecs, err := x.prototypeVectors(ctx)
	if err != nil {
		return fail(err)
	}
	texts, index := []string{}, map[string]int{}
	for _, p := range pairs {
		if _, ok := index[p.text]; !ok {
			index[p.text] = len(texts)
			texts = append(texts, p.text)
		}
	}
	vecs, err := x.emb.Embed(ctx, texts)
	if err != nil {
		return fail(err)
	}
	x.embedded.Add(int64(len(texts)))
	if len(vecs) != len(texts) {
		return fail(fmt.Errorf("embedder returned %d vectors for %d texts", len(vecs), len(texts)))
	}
	out := make([]Scored, 0, len(pairs))
	for _, p := range pairs {
		out = append(out, Scored{From: p.from, To: p.to, Text: p.text, Turn: p.turn, Cite: p.cite, Ended: p.ended,
			Scores: x.scores(p.sig, vecs[index[p.text]], protoVecs), pair: p})
	}
	return got, out, usage, nil
}

// prototypeVectors embeds the prototypes once and centres them.
func (x *Extractor) prototypeVectors(ctx context.Context) ([][]float32, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.protoVecs != nil {
		return x.protoVecs, nil
	}
	texts := make([]string, len(x.protos))
	for i, p := range x.protos {
		texts[i] = fill(p.text)
	}
	v, err := x.emb.Embed(ctx, texts)
	if err == nil && len(v) != len(texts) {
		err = fmt.Errorf("embedder returned %d vectors for %d prototypes", len(v), len(texts))
	}
	if err != nil {
		return nil, fmt.Errorf("prototypes: %w", err) // tried again by the next batch
	}
	x.mean = mean(v)
	for i := range v {
		v[i] = centre(v[i], x.mean)
	}
	x.protoVecs = v
	return v, nil
}

// scores compares v with the prototypes sig may use.
func (x *Extractor) scores(sig signature, v []float32, protoVecs [][]float32) Scores {
	s := Scores{ByType: map[ontology.RelationType]float64{}, None: -1}
	allowed := map[ontology.RelationType]bool{}
	for _, t := range sig.types {
		allowed[t] = true
		s.ByType[t] = -1
	}
	v = centre(v, x.mean)
	for i, p := range x.protos {
		c := dot(v, protoVecs[i])
		switch {
		case p.typ == none && fits(p.text, sig):
			s.None = max(s.None, c)
		case allowed[p.typ] && fits(p.text, sig):
			s.ByType[p.typ] = max(s.ByType[p.typ], c)
		}
	}
	return s
}

// mean is the mean of vs.
func mean(vs [][]float32) []float64 {
	if len(vs) == 0 {
		return nil
	}
	m := make([]float64, len(vs[0]))
	for _, v := range vs {
		for i := range v {
			m[i] += float64(v[i]) / float64(len(vs))
		}
	}
	return m
}

// centre returns v minus m, L2-normalised. Every reworded sentence and
// prototype shares the placeholder words and much of their phrasing, which
// makes raw cosines high and close (0.75-0.87 on the dev half); taking
// the prototypes' mean out leaves what tells the relations apart.
func centre(v []float32, m []float64) []float32 {
	out := make([]float32, len(v))
	if len(m) != len(v) {
		copy(out, v)
		return out
	}
	var n float64
	for i := range v {
		d := float64(v[i]) - m[i]
		out[i] = float32(d)
		n += d * d
	}
	n = math.Sqrt(n)
	if n == 0 {
		return out
	}
	for i := range out {
		out[i] = float32(float64(out[i]) / n)
	}
	return out
}

// fits reports whether a prototype's placeholders are among sig's ends.
func fits(text string, sig signature) bool {
	for _, l := range []byte(slots(text)) {
		if l != sig.from && l != sig.to {
			return false
		}
	}
	return true
}

// dot is the cosine of two L2-normalised vectors.
func dot(a, b []float32) float64 {
	var s float32
	for i := range a {
		s += a[i] * b[i]
	}
	return float64(s)
}

// addRelation appends the relation s supports as type t, with mentions of
// both ends; an ending word closes it at the turn's time.
func addRelation(got *ontology.Extraction, s Scored, t ontology.RelationType) {
	ids := append([]string{s.Turn}, s.Cite...)
	r := ontology.Relation{Type: t, From: s.From, To: s.To, Confidence: confSim, SourceTurnIDs: ids,
		Extractor: ExtractorSim}
	if s.Ended && s.pair.at != nil {
		at := *s.pair.at
		r.ValidTo = &at
	}
	got.Relations = append(got.Relations, r)
	for _, ref := range []ontology.EntityRef{s.From, s.To} {
		if !mentioned(got.Entities, ref) {
			got.Entities = append(got.Entities, ontology.EntityMention{EntityRef: ref, SourceTurnIDs: []string{s.Turn}})
		}
	}
}

// mentioned reports whether ref is among es (same type and name).
func mentioned(es []ontology.EntityMention, ref ontology.EntityRef) bool {
	for _, e := range es {
		if e.Type == ref.Type && ontology.NormaliseName(e.Name) == ontology.NormaliseName(ref.Name) {
			return true
		}
	}
	return false
}
