package topics

import (
	"math"
	"slices"
	"strings"

	"github.com/loci-memory/loci/ontology"
)

// tw is one weighted term of a sparse vector.
type tw struct {
	id int32
	w  float32
}

// corpus is a conversation prepared for clustering.
type corpus struct {
	in       Input
	sessions []string  // per turn, "" replaced by ontology.DefaultSession
	skip     names     // speakers' names
	toks     [][]token // per turn
	tf       [][]tw    // per turn: L2-normalised TF-IDF, by term id
	vocab    map[string]int32
	df       []int32 // turns containing each term
	idf      []float32
	nTexts   int         // turns with at least one content word
	content  []int       // turns that are clustered, in order
	unit     [][]float32 // per content turn: its normalised vector (vector mode)
	entities [][]string  // per turn: distinct normalised entity keys (speakers excluded)
	entName  map[string]string
}

func newCorpus(in Input, cfg Config) *corpus {
	c := &corpus{in: in, skip: newNames(), vocab: map[string]int32{}, entName: map[string]string{}}
	speakers := map[string]bool{}
	for _, t := range in.Turns {
		c.skip.add(t.Speaker)
		if k := ontology.NormaliseName(t.Speaker); k != "" {
			speakers[k] = true
		}
	}
	n := len(in.Turns)
	c.sessions = make([]string, n)
	c.toks = make([][]token, n)
	c.tf = make([][]tw, n)
	c.entities = make([][]string, n)
	for i, t := range in.Turns {
		c.sessions[i] = t.Session
		if c.sessions[i] == "" {
			c.sessions[i] = ontology.DefaultSession
		}
		c.toks[i] = tokenize(t.Text, c.skip)
		seen := map[int32]bool{}
		for k, tk := range c.toks[i] {
			id, ok := c.vocab[tk.stem]
			if !ok {
				id = int32(len(c.df))
				c.vocab[tk.stem] = id
				c.df = append(c.df, 0)
			}
			c.toks[i][k].id = id
			if !seen[id] {
				seen[id] = true
				c.df[id]++
			}
		}
		if len(seen) > 0 {
			c.nTexts++
		}
		for _, e := range t.Entities {
			k := ontology.NormaliseName(e)
			if k == "" || speakers[k] || slices.Contains(c.entities[i], k) {
				continue
			}
			c.entities[i] = append(c.entities[i], k)
			if _, ok := c.entName[k]; !ok {
				c.entName[k] = strings.TrimSpace(e)
			}
		}
	}
	c.idf = make([]float32, len(c.df))
	for id, d := range c.df {
		c.idf[id] = float32(math.Log(float64(c.nTexts+1) / float64(d)))
	}
	for i := range in.Turns {
		c.tf[i] = c.weigh(c.toks[i])
	}
	for i, t := range in.Turns {
		if len(strings.TrimSpace(t.Text)) >= cfg.MinTextBytes && len(c.tf[i]) >= minContentTerms {
			c.content = append(c.content, i)
		}
	}
	c.unit = c.vectors()
	return c
}

// weigh returns the L2-normalised TF-IDF vector of toks (sub-linear term
// frequency), sorted by term id. Unknown stems are ignored.
func (c *corpus) weigh(toks []token) []tw {
	ids := make([]int32, 0, len(toks))
	for _, tk := range toks {
		if id, ok := c.vocab[tk.stem]; ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	var v []tw
	var norm float64
	for i := 0; i < len(ids); {
		j := i
		for j < len(ids) && ids[j] == ids[i] {
			j++
		}
		w := (1 + float32(math.Log(float64(j-i)))) * c.idf[ids[i]]
		if w > 0 {
			v = append(v, tw{ids[i], w})
			norm += float64(w) * float64(w)
		}
		i = j
	}
	if norm > 0 {
		inv := float32(1 / math.Sqrt(norm))
		for k := range v {
			v[k].w *= inv
		}
	}
	return v
}

// vectors returns the normalised embeddings of the content turns, or nil
// when some content turn has none, a zero one, or one of another length.
func (c *corpus) vectors() [][]float32 {
	if len(c.content) == 0 {
		return nil
	}
	dim := len(c.in.Turns[c.content[0]].Vector)
	if dim == 0 {
		return nil
	}
	out := make([][]float32, len(c.content))
	for k, i := range c.content {
		v := c.in.Turns[i].Vector
		if len(v) != dim {
			return nil
		}
		var norm float64
		for _, x := range v {
			norm += float64(x) * float64(x)
		}
		if norm == 0 || math.IsNaN(norm) || math.IsInf(norm, 0) {
			return nil
		}
		u := make([]float32, dim)
		inv := float32(1 / math.Sqrt(norm))
		for d, x := range v {
			u[d] = x * inv
		}
		out[k] = u
	}
	return out
}

// withContext turns the raw TF-IDF cosines of the content turns (n×n,
// row-major) into context-aware ones for lexical mode. Each turn stands
// for its own TF-IDF vector plus contextWeight times those of its
// neighbours: the content turns just before and after it in the same
// session, so that a reply such as "Fingers crossed, you will make great
// parents" takes the theme of what it answers. The similarity of a and b
// is the cosine of these sums with every product of a turn with itself,
// or with a or b, left out: two adjacent turns are not similar merely
// because each holds the other, nor two turns two apart because they
// share a neighbour. Only their words, and their contexts' words, count.
func (c *corpus) withContext(raw []float32) []float32 {
	n := len(c.content)
	type member struct {
		k int
		w float32
	}
	ctx := make([][]member, n)
	norm := make([]float32, n)
	for k, i := range c.content {
		ctx[k] = []member{{k, 1}}
		if k > 0 && c.sessions[c.content[k-1]] == c.sessions[i] {
			ctx[k] = append(ctx[k], member{k - 1, contextWeight})
		}
		if k+1 < n && c.sessions[c.content[k+1]] == c.sessions[i] {
			ctx[k] = append(ctx[k], member{k + 1, contextWeight})
		}
		var s float32
		for _, u := range ctx[k] {
			for _, v := range ctx[k] {
				if u.k == v.k {
					s += u.w * v.w
				} else {
					s += u.w * v.w * raw[u.k*n+v.k]
				}
			}
		}
		norm[k] = float32(math.Sqrt(float64(s)))
	}
	sim := make([]float32, n*n)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			var s float32
			for _, u := range ctx[a] {
				if u.k == b {
					continue
				}
				for _, v := range ctx[b] {
					if v.k == a || v.k == u.k {
						continue
					}
					s += u.w * v.w * raw[u.k*n+v.k]
				}
			}
			s /= norm[a] * norm[b]
			sim[a*n+b], sim[b*n+a] = s, s
		}
	}
	return sim
}

// similarities returns the n×n matrix (row-major, n = content turns) of
// combined pair similarities and the merge threshold. The base similarity
// is the embedding cosine plus lexicalWeight times the TF-IDF cosine, or,
// without vectors, the context-aware TF-IDF cosine of withContext. The
// threshold is cfg.Similarity, or the default of Config.Similarity. Pairs
// sharing a distinctive entity then gain entityBoostSpread spreads (with
// vectors) or lexicalEntityBoost.
func (c *corpus) similarities(cfg Config) ([]float32, float32) {
	n := len(c.content)
	sim := make([]float32, n*n)
	lexW := float32(1)
	if c.unit != nil {
		lexW = lexicalWeight
	}
	acc := make([]float32, len(c.df))
	for a := 0; a < n; a++ {
		ta := c.tf[c.content[a]]
		for _, x := range ta {
			acc[x.id] = x.w
		}
		row := sim[a*n : (a+1)*n]
		for b := a + 1; b < n; b++ {
			var s float32
			for _, x := range c.tf[c.content[b]] {
				s += acc[x.id] * x.w
			}
			s *= lexW
			if c.unit != nil {
				s += dot(c.unit[a], c.unit[b])
			}
			row[b] = s
			sim[b*n+a] = s
		}
		for _, x := range ta {
			acc[x.id] = 0
		}
	}
	if c.unit == nil {
		sim = c.withContext(sim)
	}

	var h histogram
	for a := 0; a < n; a++ {
		for _, s := range sim[a*n+a+1 : (a+1)*n] {
			h.add(s)
		}
	}
	spread := max(h.quantile(0.5)-h.quantile(0.16), minSpread)
	tau := min(h.quantile(0.5)+thresholdSpreads*spread, h.quantile(thresholdQuantile))
	if c.unit == nil {
		// Most TF-IDF pairs share no word: their distribution has no
		// background to measure, and needs none, being model-free.
		tau = lexicalThreshold
	}
	if cfg.Similarity > 0 {
		tau = cfg.Similarity
	}
	boost := entityBoostSpread * spread
	if c.unit == nil {
		boost = lexicalEntityBoost
	}
	c.boostEntities(sim, float32(boost))
	return sim, float32(tau)
}

// boostEntities adds boost to the similarity of every pair of content
// turns that share a distinctive entity: one mentioned by at least two and
// at most entityMaxShare of the content turns (an entity mentioned
// everywhere, such as a partner, tells no themes apart).
func (c *corpus) boostEntities(sim []float32, boost float32) {
	n := len(c.content)
	posting := map[string][]int{}
	var keys []string
	for k, i := range c.content {
		for _, e := range c.entities[i] {
			if _, ok := posting[e]; !ok {
				keys = append(keys, e)
			}
			posting[e] = append(posting[e], k)
		}
	}
	limit := max(2, int(entityMaxShare*float64(n)))
	var done []bool
	for _, e := range keys {
		p := posting[e]
		if len(p) < 2 || len(p) > limit {
			continue
		}
		if done == nil {
			done = make([]bool, n*n)
		}
		for x, a := range p {
			for _, b := range p[x+1:] {
				if !done[a*n+b] {
					done[a*n+b] = true
					sim[a*n+b] += boost
					sim[b*n+a] += boost
				}
			}
		}
	}
}

// dot is the inner product of two vectors of equal length.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// histogram approximates quantiles of similarities in one pass: 4000 bins
// over [-1.5, 2.5], so quantiles are exact to 0.001.
type histogram struct {
	bins  [histBins]int
	total int
}

const (
	histBins = 4000
	histLo   = -1.5
	histHi   = 2.5
)

func (h *histogram) add(s float32) {
	if s != s {
		return
	}
	b := int((float64(s) - histLo) / (histHi - histLo) * histBins)
	h.bins[min(max(b, 0), histBins-1)]++
	h.total++
}

// quantile returns the q-quantile, interpolated within its bin.
func (h *histogram) quantile(q float64) float64 {
	if h.total == 0 {
		return 0
	}
	target := q * float64(h.total)
	cum := 0.0
	width := (histHi - histLo) / histBins
	for b, k := range h.bins {
		if k == 0 {
			continue
		}
		if cum+float64(k) >= target {
			return histLo + width*(float64(b)+(target-cum)/float64(k))
		}
		cum += float64(k)
	}
	return histHi
}
