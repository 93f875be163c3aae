package rules

import (
	"strings"

	"github.com/loci-memory/loci/lang"
	"github.com/loci-memory/loci/ontology"
)

// A named thing's kind said first and its name after a comma, closing the
// clause (issue 14, h14-ends31): "she owns that bakery in kreuzberg,
// brezelwerk", "me n lottie joined the running club down the road, darley
// abbey runners", "has her own practice in parkhurst, motion physio". The
// readings know the other order, the name first and its kind in
// apposition ("she owns Brezelwerk, that bakery in Kreuzberg"; lower-case
// "copperline, the chair company", lowercase_orgs.go), so the clause is
// read again in that order with the name capitalised.

// kindDeterminers open the kind's phrase.
var kindDeterminers = []string{"the", "a", "an", "that", "this", "my", "our", "his", "her", "their", "your", "ur"}

// joinedKinds are the kinds one joins as a member, not as an employee.
var joinedKinds = lang.Words(`band choir chorus club team society orchestra squad collective`)

// kindTailPreps may follow the kind to say where it is: "the bakery in
// kreuzberg", "the running club down the road".
var kindTailPreps = lang.Words(`in on down up near by off round around opposite behind`)

// kindAppositions reads turn t's clauses of that shape.
func (c *turnCtx) kindAppositions(t ontology.Turn) {
	for _, s := range c.statements(t) {
		for k := 3; k+1 < len(s.Toks); k++ {
			if s.Norm(k) != "," {
				continue
			}
			d, h := kindPhraseBefore(s, k)
			if d < 0 {
				continue
			}
			n := apposedNameAfter(s, k+1)
			if n == 0 {
				continue
			}
			name := titledSpan(t.Text, s, k+1, k+1+n)
			text := t.Text[s.Toks[0].Start:s.Toks[d].Start] + name + ", " + t.Text[s.Toks[d].Start:s.Toks[k-1].End] + "."
			group := joinedKinds[s.Norm(h)]
			c.readKeeping(t, text, func(r ontology.Relation) bool {
				return !group || r.Type != ontology.RelWorksAt // "joining a choir, the Wiener Chorgemeinschaft" is no job
			})
		}
	}
}

// kindPhraseBefore returns where the phrase of a named thing's kind that
// ends right before the comma at k starts (its determiner) and where its
// kind's noun stands, or -1: a
// determiner, "own" or one or two words, a kind of business, venue or
// group (lower5Kinds, apposKinds), and at most a short phrase of where it
// is ("that bakery in kreuzberg", "her own practice in parkhurst", "the
// running club down the road"). The determiner opens no clause of its
// own: "the shop was shut, mondays" has a verb before the comma.
func kindPhraseBefore(s *sentence, k int) (int, int) {
	for h := k - 1; h >= 1 && h >= k-5; h-- {
		if !lower5Kinds[s.Norm(h)] && !apposKinds[s.Norm(h)] || s.Toks[h].Poss {
			continue
		}
		if h < k-1 && !kindWhereTail(s, h+1, k) {
			continue
		}
		for d := h - 1; d >= 0 && d >= h-3; d-- {
			if s.Is(d, kindDeterminers...) {
				for j := d + 1; j < h; j++ {
					if !s.Toks[j].Word || s.Toks[j].Poss || functionWords[s.Norm(j)] && !s.Is(j, "own") {
						return -1, -1
					}
				}
				return d, h
			}
			if !s.Toks[d].Word {
				return -1, -1
			}
		}
		return -1, -1
	}
	return -1, -1
}

// kindWhereTail reports whether the tokens [from, to) say where the kind is: a
// place's preposition and one to three words ("in kreuzberg", "down the
// road", "on mill lane").
func kindWhereTail(s *sentence, from, to int) bool {
	if !kindTailPreps[s.Norm(from)] || to-from < 2 || to-from > 4 {
		return false
	}
	for j := from + 1; j < to; j++ {
		if !s.Toks[j].Word || s.Toks[j].Poss && j < to-1 {
			return false
		}
	}
	return true
}

// apposedNameAfter returns how many words at i name the thing after its
// kind, or 0: one to four words that close the clause (the sentence's end
// or a mark), opened by no determiner but "the", of which none is a
// function word inside the name, a pronoun, a time or a filler, and at
// least one is capitalised or outside every word list ("brezelwerk",
// "darley abbey runners"; not "so cosy", "lovely place", "the best").
func apposedNameAfter(s *sentence, i int) int {
	from := i
	if s.Is(i, "the") {
		from = i + 1
	}
	strong := false
	j := from
	for ; j < len(s.Toks) && j < from+4 && s.Toks[j].Word; j++ {
		w := s.Norm(j)
		if !plainWord(s, j) || pronounish[w] || subjectPronouns[w] || timeWord(w) || isFiller(w) || lang.NumberWords[w] > 0 ||
			functionWords[w] && !(j > from && s.Is(j, "of", "and")) || s.Toks[j].Poss {
			return 0
		}
		if _, day := lang.Weekdays[w]; day {
			return 0
		}
		if _, month := lang.Months[w]; month {
			return 0
		}
		strong = strong || s.Toks[j].Cap && !s.Lower || unknownNorm(w)
	}
	if j == from || j < len(s.Toks) && s.Toks[j].Word || s.Is(j-1, "of", "and") || !strong {
		return 0
	}
	return j - i
}

// titledSpan is the text of tokens [from, to) with every word title-cased
// but "the", "and", "of", as the name is written capitalised.
func titledSpan(text string, s *sentence, from, to int) string {
	var b strings.Builder
	for j := from; j < to; j++ {
		if j > from {
			b.WriteString(text[s.Toks[j-1].End:s.Toks[j].Start])
		}
		w := text[s.Toks[j].Start:s.Toks[j].End]
		if !s.Is(j, "the", "and", "of", "&") {
			w = titleCase(w) // "Crumb and Co", "the Wiener Chorgemeinschaft"
		}
		b.WriteString(w)
	}
	return b.String()
}
