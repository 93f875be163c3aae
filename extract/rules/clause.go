package rules

import (
	"strings"
	"unicode"

	"github.com/loci-memory/loci/lang"
)

// clause is a first-person clause: its subject pronoun, the auxiliaries
// and adverbs after it, and where its main verb (or the word after "am")
// stands. Patterns read from verb on.
type clause struct {
	subj, verb int
	we         bool // the subject is "we", not "I"
	implicit   bool // no subject: a chat sentence opening with a past verb
	be         bool // "am" / "'m" (present)
	was        bool // "was" / "were"
	have       bool // "have" / "'ve" / "has" as an auxiliary
	had        bool // "had" as an auxiliary
	been       bool
	neg        bool // "not", "never", "no longer"
	modal      bool // a modal or a plan ("might", "want to", "going to")
	usedTo     bool // "used to"
	hedged     bool // inside "if", "unless", "whether", "maybe"…
	third      bool // the subject is someone else ("he", "Ana"), see thirdClauses
	end        int  // the clause's end (exclusive)
}

// participles may follow an auxiliary "have".
var participles = lang.Words(`been got gotten had made done seen known taken given gone begun grown written
	eaten become come run found met heard started moved lived worked loved liked joined adopted bought
	learned learnt tried visited decided finished always never just already recently finally also
	really not ever quit left`)

// clauses returns the first-person clauses of s ("I …", "we …").
func clauses(s *sentence) []clause {
	var out []clause
	for i, t := range s.Toks {
		if t.Norm != "i" && t.Norm != "we" && t.Norm != "im" {
			continue
		}
		if t.Norm == "im" && (t.Text == "im" || t.Text == "Im") {
			out = append(out, parseClause(s, i)) // "im from manchester": chat spelling of "I'm"
			continue
		}
		if t.Norm == "i" && t.Text != "I" && t.Text != "i" {
			continue
		}
		out = append(out, parseClause(s, i))
	}
	return out
}

// parseClause reads the auxiliaries, negations, modals and adverbs after
// the subject at i, up to the main verb.
func parseClause(s *sentence, i int) clause {
	c := clause{subj: i, we: s.Toks[i].Norm == "we", be: s.Toks[i].Norm == "im"}
	lead := hedgeOpening(s, i)
	c.hedged = lead != "" || conditionBefore(s, i) || guessBefore(s, i)
	j := i + 1
loop:
	for steps := 0; j < len(s.Toks) && steps < 8; steps++ {
		n := s.Toks[j].Norm
		switch {
		case adverbs[n], n == "well" && s.Is(j+1, "into") && j > i+1:
			j++ // "i'm well into foraging": "well" before "into" is "really"
		case (n == "kind" || n == "sort") && s.Norm(j+1) == "of":
			j += 2
		case n == "not" || n == "never":
			c.neg = true
			j++
		case n == "no" && s.Norm(j+1) == "longer":
			c.neg = true
			j += 2
		case n == "is" && strings.HasPrefix(s.Toks[j].Text, "'") && (hasContracted[s.Norm(j+1)] || s.Seq(j+1, "set", "up")):
			c.have = true // "she's lived in Croydon forever", "she's run it since 1998": "'s" is "has"
			j++
		case n == "am" || n == "are" || n == "is":
			c.be = true
			j++
		case n == "after" && c.be && irishAfterPerfect(s, j):
			j++ // "I'm after starting at X", Irish English for "I've just started": the -ing verb is the clause's
		case n == "was" || n == "were":
			c.was = true
			j++
		case (n == "have" || n == "has") && participles[s.Norm(j+1)] || (n == "have" || n == "has") && lang.IsPastEd(s, j+1):
			c.have = true
			j++
		case n == "had" && (participles[s.Norm(j+1)] || lang.IsPastEd(s, j+1)):
			c.had = true
			j++
		case n == "been":
			c.been = true
			j++
		case (n == "do" || n == "does" || n == "did") && (s.Norm(j+1) == "not" || s.Norm(j+1) == "never"):
			j++
		case (n == "do" || n == "does") && (likeVerbs[s.Norm(j+1)] != "" || s.Is(j+1, "work", "live")):
			j++ // emphatic: I do love watching classics
		case n == "used" && s.Norm(j+1) == "to":
			c.usedTo = true
			j += 2
		case modalWords[n] || n == "would":
			c.modal = true
			j++
		case lang.PlanVerbs[n] && s.Norm(j+1) == "to":
			c.modal = true
			j += 2
		case n == "going" && s.Norm(j+1) == "to":
			c.modal = true
			j += 2
		default:
			break loop
		}
	}
	c.verb = j
	c.end = clauseEnd(s, j)
	c.hedged = c.hedged || hedgedAfter(s, j)
	if c.hedged && pastTemporal(s, lead, c) {
		c.hedged = false // "back when I lived in Leeds"
	}
	return c
}

// irishAfterPerfect reports whether "after" at j, following a present
// "be", opens the Irish English perfect of the -ing verb after it: "I'm
// after starting at Halloran & Duff", "we're after moving to Cork". "I'm
// after a new job" (wanting one) and "after something" read no verb.
func irishAfterPerfect(s *sentence, j int) bool {
	w := s.Norm(j + 1)
	return s.Tok(j+1).Word && len(w) > 5 && strings.HasSuffix(w, "ing") && !ingNouns[w]
}

// ingNouns end in -ing but are no verb after "after": "I'm after the
// morning shift", "after something cheap".
var ingNouns = lang.Words(`something anything nothing everything morning evening wedding building meeting
	ceiling clothing spring pudding`)

// trailingHedges, after a statement, make it tentative: "I'm moving to
// Leeds maybe", "she works at Ocado I think", "moving in June if the flat
// works out".
var trailingHedges = lang.Words(`maybe probably prob possibly perhaps hopefully idk if unless`)

// hedgedAfter reports whether a hedge after the verb at j bears on its
// statement (hedgeReaches): "I'm moving to Leeds maybe", "she works at
// Ocado I think", but not "I work at Google, maybe we can meet there".
func hedgedAfter(s *sentence, j int) bool {
	for k := j; k < len(s.Toks); k++ {
		n := s.Toks[k].Norm
		switch {
		case n == "if" && invitationIf(s, k):
			continue // "concert's on the 12th if u fancy it": an invitation, no hedge
		case trailingHedges[n], n == "not" && s.Norm(k+1) == "sure", n == "fingers" && s.Norm(k+1) == "crossed",
			n == "i" && s.Is(k+1, "think", "guess", "hope", "believe"), disclaimerEnd(s, k) > k:
			if hedgeReaches(s, k, j) {
				return true
			}
		}
	}
	return false
}

// hasContracted are participles after which "'s" means "has", not "is"
// ("she's lived", "he's moved"); "he's married", "she's based" keep "is".
var hasContracted = lang.Words(`lived moved worked run started joined left quit taught founded opened relocated
	adopted gone studied played led headed managed grown launched bought got gotten taken picked retired`)

// mainClauseLead are words after which "I" opens a main clause rather
// than a relative one ("the things I love"): verbs of saying, thinking and
// feeling, and linking words.
var mainClauseLead = lang.Words(`think thought guess know knew hope feel felt say said mean believe bet swear
	admit realize realized realised remember suppose sure glad happy sorry anyway anyways lately man
	course though me us meanwhile btw honestly tbh ok okay yeah yep yup yes nope nah naw lol oh well apparently ofc obvs`)

// relativeSubject reports whether the subject at i opens a relative or
// complement clause ("the book I read yesterday", "what I love"), whose
// words do not form a statement on their own.
func relativeSubject(s *sentence, i int, inTime func(int) bool) bool {
	if i == 0 {
		return false
	}
	t := s.Toks[i-1]
	if !t.Word || inTime(i-1) || !strings.ContainsFunc(t.Text, unicode.IsLetter) && !isDigits(t.Norm) {
		return false // "jess 🕯️ i set up …": an emoji ends what came before
	}
	n := t.Norm
	if durationLead(s, i) || restOfTimeLead(s, i) || dislocatedPair(s, i) || afterTopic(s, i) || openingFillers(s, i) {
		return false // "speaking of jobs Kemi quit Crumb & Co": the topic leads the clause; "aye Callum works at"
	}
	if n == "why" || n == "much" && s.Norm(i-2) == "how" {
		// "it reminded me why I love writing", "how much I love performing":
		// the clause states what it explains
		return false
	}
	return !(clauseBreakers[n] || tieAdverb(n) || greetingWords[n] || hedgeWords[n] || mainClauseLead[n] ||
		n == "then" || n == "and" || n == "also" || n == "i") // "so technically he's my boss now"
}

// durationLead reports whether the subject at i follows a duration that
// opens the sentence, as non-native English puts it first: "Since three
// years I am working for Kaufland", "For two years we lived in Braga".
func durationLead(s *sentence, i int) bool {
	if i < 3 || !s.Is(i-1, "years", "months", "weeks", "yrs") || !s.Is(i-3, "since", "for") {
		return false
	}
	if lang.NumberWords[s.Norm(i-2)] == 0 && !isDigits(s.Norm(i-2)) && !s.Is(i-2, "many", "few", "some") {
		return false
	}
	return i-3 == 0 || !s.Toks[i-4].Word
}

// restOfTimeLead reports whether the subject at i follows a share of time
// that opens its clause: "rest of the time i'm drumming for the tuesday
// club", "most of the week I work from home", "half the time she's at
// Arup". "the time I spent at Arup" is a relative clause.
func restOfTimeLead(s *sentence, i int) bool {
	if !s.Is(i-1, "time", "week", "weekend", "year", "day", "days") {
		return false
	}
	from := -1
	switch {
	case s.Seq(i-4, "rest", "of", "the"), s.Seq(i-4, "most", "of", "the"):
		from = i - 4
	case s.Seq(i-3, "half", "the"):
		from = i - 3
	default:
		return false
	}
	if s.Is(from-1, "the") {
		from--
	}
	return from == 0 || !s.Toks[from-1].Word || clauseBreakers[s.Norm(from-1)] || s.Is(from-1, "and", "but", "so")
}

// dislocatedPair reports whether "we" at i takes up a pair named before it
// at the start of its sentence: "Me and my wife we live in Porto", "me and
// Jo we started a band".
func dislocatedPair(s *sentence, i int) bool {
	if s.Norm(i) != "we" || i < 3 || !s.Is(0, "me") || s.Norm(1) != "and" {
		return false
	}
	for k := 2; k < i; k++ {
		if !s.Toks[k].Word {
			return false
		}
	}
	return i <= 5
}

func isDigits(w string) bool {
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return w != ""
}

// hedgedBefore reports whether a hedge word ("if", "maybe") opens the
// clause of the subject at i, or a condition or a guess before it reaches
// it ("if it works out, i start at Kestrel", "i think Jo lives in Leeds").
func hedgedBefore(s *sentence, i int) bool {
	return hedgeOpening(s, i) != "" || conditionBefore(s, i) || guessBefore(s, i)
}

// hedgeOpening returns the hedge word that opens the clause of the
// subject at i, "" when none does: the nearest one before i, within the
// clause (no punctuation, no clause breaker between).
func hedgeOpening(s *sentence, i int) string {
	for k := i - 1; k >= 0; k-- {
		t := s.Toks[k]
		if !t.Word && t.Norm != "'" {
			return ""
		}
		if hedgeWords[t.Norm] {
			return t.Norm
		}
		if clauseBreakers[t.Norm] && t.Norm != "if" && t.Norm != "unless" || clauseBoundary(s, k) {
			return "" // "asking if im settled lol we moved": a new clause starts after "lol"
		}
	}
	return ""
}

// clauseEnd returns where the clause that reaches token from ends: at a
// semicolon, colon, dash, quote or emoji, at a conjunction that starts
// another clause ("but", "because", "and I"), or at a comma before one.
func clauseEnd(s *sentence, from int) int {
	for k := from; k < len(s.Toks); k++ {
		t := s.Toks[k]
		if !t.Word {
			switch t.Norm {
			case ",":
				if s.Norm(k+1) == "and" && !startsClause(s, k+2) {
					continue // a list: "reading, watching movies, and exploring nature"
				}
				if startsClause(s, k+1) || greetingWords[s.Norm(k+1)] {
					return k
				}
				continue
			case "'", "&", "/", "%", "$", "#", "+":
				continue
			}
			return k
		}
		switch t.Norm {
		case "but", "because", "although", "though", "while", "whereas", "cuz", "unless", "which":
			return k
		case "i", "we":
			if k > from {
				return k // a new subject: "the shelter I volunteer at"
			}
		case "and", "so", "then":
			if startsClause(s, k+1) {
				return k
			}
		}
	}
	return len(s.Toks)
}

// startsClause reports whether the token at k opens a new clause: a
// conjunction or a subject pronoun.
func startsClause(s *sentence, k int) bool {
	switch s.Norm(k) {
	case "and", "but", "so", "because", "then", "which", "who", "though", "although", "while", "i",
		"we", "you", "he", "she", "they", "it", "that", "this", "there", "my", "plus", "when", "if":
		return true
	}
	return false
}
