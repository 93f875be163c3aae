package rules

import "sync"

// The slot-first sentence frames and the readings of the blind rounds are
// each tried only when the sentence holds one of the words they need
// (hasAnyWord). Asked item by item, that is one map iteration per item and
// sentence, whether or not the sentence holds anything: most of what a
// sentence costs the frames. A needIndex turns the question around: the
// items of a list indexed by the words they need, so that a sentence finds
// its items with one look-up per word of its own, and the items are then
// tried in their list order as before.

// needIndex indexes the items of one list by the words they need.
type needIndex struct {
	byWord map[string][]int // a word → the items needing it, ascending
	always []int            // the items that need no word (nil need, where that means always)
	n      int              // items in the list
}

// newNeedIndex indexes needs, the words each item of a list needs; a nil
// need is tried always when nilAlways, else never (as hasAnyWord reads
// it), and an empty one never.
func newNeedIndex(needs []map[string]bool, nilAlways bool) *needIndex {
	ix := &needIndex{byWord: map[string][]int{}, n: len(needs)}
	for i, need := range needs {
		if need == nil && nilAlways {
			ix.always = append(ix.always, i)
			continue
		}
		for w, ok := range need {
			if ok {
				ix.byWord[w] = append(ix.byWord[w], i)
			}
		}
	}
	return ix
}

// mark sets may[i] for every item i the sentence holds a needed word of
// (hasAnyWord of its need), and for those that need none; may has one
// entry per item, all false.
func (ix *needIndex) mark(p *sentCtx, may []bool) {
	for _, i := range ix.always {
		may[i] = true
	}
	for w := range p.wordSet() {
		for _, i := range ix.byWord[w] {
			may[i] = true
		}
	}
}

// wordSet is the sentence's set of normalised words, built once.
func (p *sentCtx) wordSet() map[string]bool {
	if p.words == nil {
		p.words = make(map[string]bool, len(p.s.Toks))
		for k := range p.s.Toks {
			p.words[p.s.Norm(k)] = true
		}
	}
	return p.words
}

// readingsKey names a list of readings: its first element and length.
type readingsKey struct {
	first *sentenceReading
	n     int
}

// readingIndexes holds a needIndex per list of readings, built on first
// use (the lists are package variables, complete by then).
var readingIndexes sync.Map // readingsKey → *needIndex

// readingsIndex returns the needIndex of readings.
func readingsIndex(readings []sentenceReading) *needIndex {
	key := readingsKey{&readings[0], len(readings)}
	if ix, ok := readingIndexes.Load(key); ok {
		return ix.(*needIndex)
	}
	needs := make([]map[string]bool, len(readings))
	for i, r := range readings {
		needs[i] = r.need
	}
	ix, _ := readingIndexes.LoadOrStore(key, newNeedIndex(needs, false))
	return ix.(*needIndex)
}

// readAll runs each of readings whose words the sentence holds, in their
// order, with no test of the sentence's kind (runReadings and
// blind9Sentence make theirs).
func (p *sentCtx) readAll(readings []sentenceReading) {
	if len(readings) == 0 {
		return
	}
	var buf [128]bool // on the stack for any list of today's length
	may := buf[:]
	if len(readings) > len(buf) {
		may = make([]bool, len(readings))
	}
	may = may[:len(readings)]
	readingsIndex(readings).mark(p, may)
	for i, r := range readings {
		if may[i] {
			r.read(p)
		}
	}
}
