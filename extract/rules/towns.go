package rules

import (
	_ "embed"

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
