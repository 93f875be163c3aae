package topics

import (
	"math"
	"slices"
)

// averageLinkage clusters n items by agglomerative average linkage
// (UPGMA) and cuts the tree at similarity tau: it returns the clusters
// (item indices, ascending) that no merge at or above tau joins further,
// ordered by their first item. sim is the n×n similarity matrix,
// row-major; it is overwritten.
//
// It runs the nearest-neighbour-chain algorithm, O(n²) time, which for a
// reducible linkage such as the average builds the same tree as repeatedly
// merging the most similar pair. A cluster whose nearest neighbour is
// below tau is retired at once: merges only average similarities, so it
// can never reach tau again. Ties go to the lower index (and to the
// chain's previous cluster, which keeps the chain acyclic), so the result
// is deterministic.
func averageLinkage(sim []float32, n int, tau float32) [][]int {
	active := make([]bool, n) // still a cluster of its own (not merged away)
	retired := make([]bool, n)
	size := make([]float32, n)
	members := make([][]int, n)
	for i := range n {
		active[i], size[i], members[i] = true, 1, []int{i}
	}
	chain := make([]int, 0, n)
	for {
		if len(chain) == 0 {
			start := 0
			for start < n && (!active[start] || retired[start]) {
				start++
			}
			if start == n {
				break
			}
			chain = append(chain, start)
		}
		a := chain[len(chain)-1]
		prev := -1
		if len(chain) >= 2 {
			prev = chain[len(chain)-2]
		}
		row := sim[a*n : (a+1)*n]
		best, bestS := -1, float32(math.Inf(-1))
		for c := range n {
			if c != a && active[c] && !retired[c] && row[c] > bestS {
				best, bestS = c, row[c]
			}
		}
		if prev >= 0 && row[prev] >= bestS {
			best, bestS = prev, row[prev]
		}
		if best < 0 || !(bestS >= tau) {
			retired[a] = true
			chain = chain[:len(chain)-1]
			continue
		}
		if best != prev {
			chain = append(chain, best)
			continue
		}
		chain = chain[:len(chain)-2]
		lo, hi := min(a, best), max(a, best)
		sl, sh := size[lo], size[hi]
		for c := range n {
			if c == lo || c == hi || !active[c] || retired[c] {
				continue
			}
			s := (sl*sim[lo*n+c] + sh*sim[hi*n+c]) / (sl + sh)
			sim[lo*n+c], sim[c*n+lo] = s, s
		}
		size[lo] += sh
		members[lo] = append(members[lo], members[hi]...)
		members[hi] = nil
		active[hi] = false
	}
	var out [][]int
	for i := range n {
		if active[i] {
			slices.Sort(members[i])
			out = append(out, members[i])
		}
	}
	return out
}
