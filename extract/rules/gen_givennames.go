//go:build ignore

// gen_givennames writes data/givennames.txt, a large list of given names
// beside lang.FirstNames and data/firstnames.txt (extract/rules,
// lexicon.go givenName): a word typed in lower case that it holds may be a
// person's name where the sentence has a slot for one ("dario is moving to
// medellín", "did gail finally say yes"). The source is the Apache-2.0 jar
// net.datafaker:datafaker:2.7.0 on Maven Central: the first_name,
// male_first_name and female_first_name lists of the name section of each
// locale's yml (en/name.yml, the US census lists, and de.yml, es.yml,
// fr.yml, pl.yml, tr.yml, en-IN.yml, en-NG.yml, id.yml and the rest).
// vi.yml is left out (its first_name list holds family names: Nguyễn,
// Trần), and so are template entries ("#{female_first_name}").
//
// Kept: one-word names of Latin letters, lower-cased with their accents
// folded, of three letters or more. Left out, so that no everyday word
// reads as a name: a name a dictionary lists in lower case (-dict, Debian's
// wamerican word list: "will", "may", "rose", "grace", "mark", "can"), a
// name of the gazetteer or the towns list (places.txt, towns.txt:
// "adelaide", "regina"), of the common English words, demonyms, kin words
// and code-switched particles lists of data/ (englishwords.txt,
// demonyms.txt, kinwords.txt, particles.txt), and the names that the lists
// of extract/rules leave out on purpose (notNames below: places that are
// also people's names, pet and fiction names, chat words). The output is
// sorted, so the same inputs give the same file.
//
//	go run gen_givennames.go -jar ~/.m2/repository/net/datafaker/datafaker/2.7.0/datafaker-2.7.0.jar -dict /usr/share/dict/american-english
package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"io"
	"log"
	"path"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"
	"golang.org/x/text/unicode/norm"

	"github.com/loci-memory/loci/extract/rules/internal/listgen"
)

// wantSHA is datafaker-2.7.0.jar's checksum as Maven Central serves it.
const wantSHA = "e900197c01dba5c49da9c06d3a203d721002aaf0e6ca1d7d7849ef03d5436f43"

const header = `# Given names beside lang.FirstNames and firstnames.txt (extract/rules,
# lexicon.go givenName: the weaker tier, read only where a lower-case word
# may name a person), derived by gen_givennames.go from the name lists of
# the jar net.datafaker:datafaker:2.7.0 on Maven Central (first_name,
# male_first_name and female_first_name of each locale's yml but vi.yml;
# sha256 %s).
# Licence: Apache License 2.0, as the artifact's pom declares; the jar ships
# no licence text, its full text is in givennames-license.txt beside this
# file. Changed from the source: names lower-cased and accents folded; kept
# only one-word names of three or more letters a-z that Debian's wamerican
# list does not hold in lower case and that places.txt, towns.txt,
# englishwords.txt, demonyms.txt, kinwords.txt and particles.txt do not
# hold, less the names gen_givennames.go leaves out by hand (places that are
# also names, pet and fiction names, chat words). Do not edit by hand:
# regenerate with gen_givennames.go. One name a line, sorted. %d names.
`

// notNames are names left out by hand: places the gazetteer leaves out
// because they are mostly people's names (a lower-case "jordan" may still
// be the country), names more often given to pets or fictional characters
// (as firstnames.txt leaves them out), and chat and slang words the
// dictionary lacks.
var notNames = strings.Fields(`
	jordan chad victoria florence charlotte austin savannah georgia india kenya chelsea brooklyn
	dallas houston sydney paris london lincoln phoenix denver aurora orlando raleigh tyler
	bihar burma persia agra anatolia europa sinai trinidad timor urbana philippine rhode angeles
	salem avalon bethel verde valle buena blanc navajo
	monday tuesday wednesday thursday friday saturday sunday january february march april june
	july august september october november december
	luna bella milo toby harry max buddy coco bailey simba nala loki zeus oreo lola rocky
	bruce sherlock romeo juliet cleopatra quasimodo caligola caligula odin thor venus apollo
	yoda bambi barbie elmo cinderella napoleon marx madonna bono
	jesus christ buddha santa allah ymca disney porsche chevy nike yale stanford isis gemini
	lol lmao omg bae bro sis sus hun babe mate dude hon yay ooh aww hmm umm vid pic edu til fab
	des bala boet nana mama papa baba dada bub bubba bebe nonna nanna abba tia titi
	ive sem lan neo mao kos oto dag
	ok okay yep nope yeah nah sup
`)

// nameLists are the keys of a locale's name section that hold given names.
var nameLists = []string{"first_name", "male_first_name", "female_first_name"}

var oneWord = regexp.MustCompile(`^[a-z]{3,}$`)

func main() {
	jar := flag.String("jar", "datafaker-2.7.0.jar", "the datafaker 2.7.0 jar to read")
	dict := flag.String("dict", "/usr/share/dict/american-english", "a word list; its lower-case entries are everyday words")
	dst := flag.String("o", "data/givennames.txt", "the file to write")
	flag.Parse()
	raw := listgen.ReadPinned("givennames", *jar, wantSHA, "want net.datafaker:datafaker:2.7.0 from Maven Central")
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		log.Fatalf("givennames: %v", err)
	}
	left := listgen.ReadWords("givennames", *dict, true)
	for _, f := range []string{"data/places.txt", "data/towns.txt", "data/demonyms.txt"} {
		for w := range listgen.ReadWords("givennames", f, false) {
			left[w] = true
		}
	}
	for _, f := range []string{"data/englishwords.txt", "data/kinwords.txt", "data/particles.txt"} { // several words a line
		for l := range listgen.ReadWords("givennames", f, false) {
			for _, w := range strings.Fields(l) {
				left[w] = true
			}
		}
	}
	for _, w := range notNames {
		left[w] = true
	}
	for _, pl := range placeLists {
		for _, n := range list(zr, pl.file, pl.section, pl.key) {
			left[fold(n)] = true
		}
	}
	// langs holds, for each name, the languages whose lists give it: the
	// file name up to its region ("de-AT.yml" and "de.yml" are one).
	langs := map[string]map[string]bool{}
	for _, f := range zr.File {
		if path.Ext(f.Name) != ".yml" || f.Name == "vi.yml" || strings.Contains(f.Name, "/") && f.Name != "en/name.yml" {
			continue
		}
		lang := strings.FieldsFunc(strings.TrimPrefix(f.Name, "en/name"), func(r rune) bool { return r == '-' || r == '.' })
		for _, key := range nameLists {
			for _, n := range list(zr, f.Name, "name", key) {
				if n = fold(n); oneWord.MatchString(n) && !left[n] {
					if langs[n] == nil {
						langs[n] = map[string]bool{}
					}
					langs[n][append(lang, "en")[0]] = true
				}
			}
		}
	}
	var out []string
	for n, ls := range langs {
		if len(n) > 3 || len(ls) >= 2 {
			out = append(out, n)
		}
	}
	listgen.Write("givennames", *dst, header, wantSHA, out)
}

// placeLists are the lists of places, nationalities and languages of the
// jar whose one-word entries are left out: a lower-case "bihar", "burma",
// "persia" is the place even where a locale's list gives it as a name.
var placeLists = []struct{ file, section, key string }{
	{"en/address.yml", "address", "country"}, {"en/address.yml", "address", "state"},
	{"en/country.yml", "country", "name"}, {"en/country.yml", "country", "capital"},
	{"en/nation.yml", "nation", "nationality"}, {"en/nation.yml", "nation", "language"},
	{"en/nation.yml", "nation", "capital_city"},
}

// list returns the entries of one list of a yml file of the jar (its
// locale's faker.section.key), template entries ("#{female_first_name}")
// left out.
func list(zr *zip.Reader, file, section, key string) []string {
	f, err := zr.Open(file)
	if err != nil {
		log.Fatalf("givennames: %v", err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		log.Fatalf("givennames: %s: %v", file, err)
	}
	var doc map[string]map[string]any
	if err := yaml.Unmarshal(b, &doc); err != nil {
		log.Fatalf("givennames: %s: %v", file, err)
	}
	var out []string
	for _, loc := range doc {
		faker, _ := loc["faker"].(map[string]any)
		sec, _ := faker[section].(map[string]any)
		entries, _ := sec[key].([]any)
		for _, v := range entries {
			if s, ok := v.(string); ok && !strings.Contains(s, "#{") {
				out = append(out, s)
			}
		}
	}
	return out
}

// fold lower-cases a name and folds its accents; a letter that does not
// fold to a-z (another script, "ø", "ł") is kept, so the name fails the
// shape test and is left out.
func fold(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(strings.ToLower(strings.TrimSpace(name))) {
		if r < 0x300 || r > 0x36f { // drop combining marks only
			b.WriteRune(r)
		}
	}
	return b.String()
}
