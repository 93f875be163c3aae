// Package metamorph rewrites gold conversations (testdata/graphgold) into
// variants whose gold is known: names swapped for names no extractor list
// holds, the text lowercased, padded with fillers, split into bursts or
// written with chat spellings. Scoring an extractor on each variant beside
// the original shows what its recall leans on (name lists, capitals, turn
// boundaries, spellings) rather than on what the text states. Everything
// here is pure and deterministic.
package metamorph

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed pools.txt
var poolsData string

// Pools are the replacement names by kind: first names, surnames, places,
// pets, organisations, organisation cores (kept before a head word such as
// "Choir") and bands.
type Pools struct {
	First, Surname, Place, Pet, Org, Core, Band []string
}

// DefaultPools are the pools of pools.txt.
var DefaultPools = mustParsePools(poolsData)

func mustParsePools(data string) Pools {
	var p Pools
	sections := map[string]*[]string{"first": &p.First, "surname": &p.Surname, "place": &p.Place,
		"pet": &p.Pet, "org": &p.Org, "core": &p.Core, "band": &p.Band}
	var cur *[]string
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			cur = sections[strings.Trim(line, "[]")]
			if cur == nil {
				panic(fmt.Sprintf("metamorph: pools.txt line %d: unknown section %q", n+1, line))
			}
		case cur == nil:
			panic(fmt.Sprintf("metamorph: pools.txt line %d: a name before any section", n+1))
		default:
			*cur = append(*cur, line)
		}
	}
	for k, s := range sections {
		if len(*s) == 0 {
			panic("metamorph: pools.txt: empty section " + k)
		}
	}
	return p
}

// All returns every name of the pools.
func (p Pools) All() []string {
	var out []string
	for _, s := range [][]string{p.First, p.Surname, p.Place, p.Pet, p.Org, p.Core, p.Band} {
		out = append(out, s...)
	}
	return out
}

// cursor hands out the names of a pool in turn, skipping those already
// used in the conversation.
type cursor struct {
	pool []string
	next int
	used map[string]bool
}

func (c *cursor) take() string {
	for i := 0; i < len(c.pool); i++ {
		n := c.pool[(c.next+i)%len(c.pool)]
		if !c.used[strings.ToLower(n)] {
			c.next += i + 1
			c.used[strings.ToLower(n)] = true
			return n
		}
	}
	// Pool exhausted: number the names so they stay distinct.
	n := fmt.Sprintf("%s%d", c.pool[c.next%len(c.pool)], c.next/len(c.pool)+1)
	c.next++
	c.used[strings.ToLower(n)] = true
	return n
}
