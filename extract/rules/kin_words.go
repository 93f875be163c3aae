package rules

import (
	_ "embed"
	"strings"
)

// kinWordsData lists the kin words of other Englishes (data/kinwords.txt).
//
//go:embed data/kinwords.txt
var kinWordsData string

// kinLoanword is a kin word of another English: the English word whose
// readings it takes, and whether it is said before a name as a title.
type kinLoanword struct {
	english string
	title   bool
}

// kinLoanwords are data/kinwords.txt's words.
var kinLoanwords = readKinWords(kinWordsData)

// readKinWords reads "word english [title]" lines; "#" opens a comment.
func readKinWords(data string) map[string]kinLoanword {
	m := map[string]kinLoanword{}
	for _, l := range strings.Split(data, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		m[f[0]] = kinLoanword{english: f[1], title: len(f) > 2 && f[2] == "title"}
	}
	return m
}

// init gives every kin loanword the readings of its English word: a
// relationship word ("my broer Fanie"), and for a title the kin title
// ("oom Fanie" said by a nephew), the honorific that makes the lower-case
// word after it a name and the title that makes a capitalised one a
// person. It runs after the package's tables are built, so none of them
// needs to know the loanwords.
func init() {
	for w, l := range kinLoanwords {
		info, ok := roleWords[l.english]
		if !ok {
			panic("data/kinwords.txt: " + w + " stands for " + l.english + ", no relationship word")
		}
		roleWords[w] = info
		if !l.title {
			continue
		}
		role, ok := kinTitles[l.english]
		if !ok {
			role = info.role
		}
		kinTitles[w] = role
		honorifics = append(honorifics, w)
		honorificWords[w] = true
		titleWords[w] = true
	}
}
