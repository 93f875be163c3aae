package rules

import (
	"strings"
	"testing"

	"github.com/loci-memory/loci/lang"
)

// TestHedgeReaches checks the scope of a hedge on its own: each case names
// the hedge's word and the word it may bear on (the first of each in the
// line) and whether it does.
func TestHedgeReaches(t *testing.T) {
	for _, c := range []struct {
		text, hedge, word string
		want              bool
	}{
		// a hedge opening its own clause leaves the plain one before it
		{"I work at Google, maybe we can meet there", "maybe", "google", false},
		{"i work at tesco maybe we can get lunch sometime", "maybe", "tesco", false},
		{"just started at Brightwell, probably gonna hate it lol", "probably", "brightwell", false},
		{"my brother Sam lives in Oslo lol prob visiting him in june", "prob", "oslo", false},
		{"just moved to Leeds, hopefully the flat is ok", "hopefully", "leeds", false},
		{"Jo works at Ocado, i think she likes it", "i", "ocado", false},
		{"I work at Tesco, not sure how long I'll stay", "not", "tesco", false},
		{"Jo runs Crumb Bakery now and maybe opens a second one", "maybe", "crumb", false},
		// a trailing hedge bears on its clause
		{"she works at Ocado I think", "i", "ocado", true},
		{"I'm moving to Leeds maybe", "maybe", "leeds", true},
		{"I'm moving to Leeds maybe in June", "maybe", "leeds", true},
		{"she works at Ocado, not sure tho", "not", "ocado", true},
		{"moving to Leeds in June if the flat works out", "if", "leeds", true},
		{"she's at Ocado probably", "probably", "ocado", true},
		// a condition with its consequent after it leaves the clause before
		{"I work at Argos, if you need anything let me know", "if", "argos", false},
		// a hedge reaches forward over a clause with no subject of its own
		{"maybe i'll move to leeds, work at Brightwell there", "maybe", "brightwell", true},
		{"thinking of quitting and joining Halden", "thinking", "halden", true},
		{"i think Marcus runs Crumb Bakery", "i", "crumb", true},
		// but not past a new finite clause
		{"maybe we can meet at the cafe, I work at Greggs next door", "maybe", "greggs", false},
		{"not sure about tonight, I work at the Red Lion till 11", "not", "red", false},
		{"maybe Kate will move, my sister Jo runs Crumb Bakery", "maybe", "crumb", false},
		// a condition reaches its consequent
		{"If I get the job at Kestrel, I'll move to York", "if", "york", true},
		{"if i get the job at Kestrel i'd move to york", "if", "york", true},
		{"if it works out, i start at Kestrel in june", "if", "kestrel", true},
		{"but if the visa comes through, we move to Lisbon", "if", "lisbon", true},
		// but not one that came before the boundary, nor past a question it asks
		{"if you need anything let me know, I work at Argos", "if", "argos", false},
		{"my mum keeps asking if im settled, we moved to Toronto", "if", "toronto", false},
		// a disclaimer reaches the clause it introduces, or trails one
		{"could be wrong but Jo runs Crumb Bakery", "could", "crumb", true},
		{"correct me if im wrong but Jo runs Crumb Bakery", "correct", "crumb", true},
		{"Jo lives in Leeds now, could be wrong tho", "could", "leeds", true},
		{"I could be late, Jo runs Crumb Bakery", "could", "crumb", false},
		// "and" between two subjects is no boundary
		{"maybe Jo and I will move to Leeds", "maybe", "leeds", true},
		{"if my sister and I move to Leeds", "if", "leeds", true},
	} {
		s := &sentence{Toks: lang.Tokenize(c.text)}
		h, k := wordIndex(s, c.hedge), wordIndex(s, c.word)
		if h < 0 || k < 0 {
			t.Fatalf("%q: no %q or %q", c.text, c.hedge, c.word)
		}
		if got := hedgeReaches(s, h, k); got != c.want {
			t.Errorf("hedgeReaches(%q, %s, %s) = %v, want %v", c.text, c.hedge, c.word, got, c.want)
		}
	}
}

// wordIndex returns where w first stands in s, -1 when it does not.
func wordIndex(s *sentence, w string) int {
	for k, t := range s.Toks {
		if strings.EqualFold(t.Norm, w) {
			return k
		}
	}
	return -1
}

// checkHedgeCases runs decide on lines "text | word | want": the sentence
// of text and the index of its first word equal to word ("-": none, -1).
func checkHedgeCases(t *testing.T, name, cases string, decide func(s *sentence, i int) bool) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(cases), "\n") {
		cols := strings.Split(line, " | ")
		text, word, want := strings.TrimSpace(cols[0]), cols[1], cols[2] == "true"
		s := &sentence{Toks: lang.Tokenize(text)}
		i := wordIndex(s, word)
		if i < 0 {
			t.Fatalf("%q: no %q", text, word)
		}
		if got := decide(s, i); got != want {
			t.Errorf("%s(%q, %s) = %v, want %v", name, text, word, got, want)
		}
	}
}

// TestHedgedAfterKeepsThePlainClause: hedgedAfter asks hedgeReaches, so a
// hedge in a later clause no longer makes the verb's clause tentative.
func TestHedgedAfterKeepsThePlainClause(t *testing.T) {
	checkHedgeCases(t, "hedgedAfter", `
		I work at Google, maybe we can meet there | work | false
		i love hiking, maybe we could go together | love | false
		I work at Google maybe | work | true
		I work at Google, I think | work | true
		I live in Bath if the flat works out | live | true`, hedgedAfter)
}

// TestHedgedBeforeReachesConditionsAndGuesses: hedgedBefore asks
// hedgeReaches for a condition or a guess before the clause.
func TestHedgedBeforeReachesConditionsAndGuesses(t *testing.T) {
	checkHedgeCases(t, "hedgedBefore", `
		if it works out, i start at Kestrel | i | true
		i think Jo lives in Leeds | jo | true
		not sure but i think Jo lives in Leeds | jo | true
		if u fancy it, we're at the Red Lion | we | false
		if you need anything let me know, I work at Argos | work | false
		i think it's great, Jo works at Ocado | jo | false
		idk if youve heard, we moved to Toronto | we | false`, hedgedBefore)
}

// TestNegationClosed: a negation ends at punctuation or "but"; joined by
// "and" or "or" alone it reaches on.
func TestNegationClosed(t *testing.T) {
	for text, want := range map[string]bool{
		"i don't live in Leeds anymore, moved to York": true,
		"not at Brightwell anymore lol 😅 at Nova now":  true,
		"i didn't quit Tesco and join Aldi":            false,
		"I never moved to Leeds or joined Ocado":       false,
	} {
		s := &sentence{Toks: lang.Tokenize(text)}
		v, k := 0, len(s.Toks)-1
		for s.Norm(v) != "not" && s.Norm(v) != "never" {
			v++
		}
		for _, w := range []string{"moved", "at", "join", "joined"} {
			if i := wordIndex(s, w); i > v+1 {
				k = i
				break
			}
		}
		if got := negationClosed(s, v, k); got != want {
			t.Errorf("negationClosed(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestHedgeScopeChats checks the scope of hedges on short chats
// (testdata/hedge_scope_cases.txt): a plain clause run together with a hedged,
// modal, negated, conditional or asked one, in either order and in chat
// style ("I work at Google, maybe we can meet there", "i live in bristol
// lol might move to bath tho", "Jo works at Ocado, i think she likes it",
// "not sure about tonight, I work at the Red Lion till 11", "I live in
// Leeds now, do you still live in York?", "not at Brightwell anymore, at
// Nova Agency now") keeps the plain clause's relation. Its twins
// (testdata/hedge_scope_negatives.txt) run one hedge over more than one clause
// ("maybe i'll move to leeds, work at X there", "if i get the job at
// Kestrel i'd move to york", "thinking of quitting and joining X", "if it
// works out, i start at Kestrel", "could be wrong but Jo runs X", "i think
// Jo lives in Leeds", "when i finish uni, i'm joining Kestrel") and read
// none of it.
func TestHedgeScopeChats(t *testing.T) { checkCaseFiles(t, "testdata/hedge_scope", 60, 100) }
