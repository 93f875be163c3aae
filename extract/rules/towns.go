package rules

import (
	_ "embed"
	"strings"

	"github.com/loci-memory/loci/lang"
)

// townsData lists towns of English-speaking countries beside the gazetteer,
// one lower-case name a line (gen_towns.go derives it from GeoNames, CC BY
// 4.0: data/towns-license.txt).
//
//go:embed data/towns.txt
var townsData string

// towns are the names of data/towns.txt: small towns and suburbs ("west
// bridgford", "kidlington", "gorseinon") whose names are no everyday word,
// given name or well-known place, which the gazetteer (places.txt) holds.
var towns = lines(townsData)

// knownTown reports whether a lower-case name, with its accents folded, is
// a town of data/towns.txt.
func knownTown(key string) bool { return towns[key] || towns[lang.FoldAccents(key)] }

// knownPlace reports whether a lower-case name is a place of the gazetteer
// or a town: the places a lower-case chat's place slot reads.
func knownPlace(key string) bool { return inGazetteer(key) || knownTown(key) }

// placeHeads holds the first word of every place of the gazetteer and of
// every town, as written and with its accents folded: a word that is none
// of them opens no place, so the lower-case readings skip the lookups of
// its one-, two- and three-word keys.
var placeHeads = headsOf(gazetteer, towns)

// headsOf returns the first words of the keys of lists, and those words
// with their accents folded.
func headsOf(lists ...map[string]bool) map[string]bool {
	heads := map[string]bool{}
	for _, l := range lists {
		for k := range l {
			if f := strings.Fields(k); len(f) > 0 {
				heads[f[0]], heads[lang.FoldAccents(f[0])] = true, true
			}
		}
	}
	return heads
}

// mayOpenPlace reports whether the word w (a token's Norm) is the first
// word of a known place, as written or with its accents folded.
func mayOpenPlace(w string) bool { return placeHeads[w] || placeHeads[lang.FoldAccents(w)] }
