package lang

// Issue 14 (h14-hedge26): a chat line often states something and then
// asks back in the same sentence ("I live in Leeds now, do you still live
// in York?", "started at Halden monday, you still at Kestrel?"). The
// question mark asks only the last clause; the statement before it is
// said. askedClause finds where the asked clause starts so that the
// sentence splits there.

// askOpeners start an asked clause after a statement: an auxiliary before
// its subject, a question word, or "you" asked without one ("you still at
// Kestrel?").
var askOpeners = Words(`what where who when how why which whats wbu hbu`)

// askSubjects follow an auxiliary that opens a question ("do you", "is
// she").
var askSubjects = Words(`you u ya he she they it your ur his her their`)

// statementOpeners open no statement of their own: a question or a
// condition ("where do you live, are you in Leeds?", "if you're in
// Leeds, do you know Ocado?").
var statementOpeners = Words(`what where who when how why which whats is are was were do does did has have can could will
	would should if unless when whenever since wait so and but or`)

// askTags take up the statement before them rather than ask something
// new: "Jo works at Ocado, is that true?", "…, or what?", "…, really?".
var askTags = Words(`true right so really sure correct`)

// askedClause returns where, in a sentence that ends with a question
// mark, a clause asking something new starts after a statement of at
// least three words and a comma, an emoji or "lol" (0 when it does not):
// an auxiliary with its subject ("do you still live in York?"), a
// question word ("what about you?"), or "you" with "still" or "ever".
// A question that only takes up the statement ("is that true?", "did
// you know?") is left whole: the statement is what it asks.
func askedClause(toks []Token) int {
	if len(toks) == 0 || statementOpeners[toks[0].Norm] {
		return 0
	}
	words := 0
	for i, t := range toks {
		if t.Word && t.Norm != "lol" {
			words++
			continue
		}
		if t.Norm == "'" || words < 3 {
			continue
		}
		k := i + 1
		for k < len(toks) && (!toks[k].Word || toks[k].Norm == "lol") {
			k++
		}
		if k >= len(toks) || !askingAt(toks, k) {
			continue
		}
		return k
	}
	return 0
}

// askingAt reports whether a clause asking something new starts at k.
func askingAt(toks []Token, k int) bool {
	norm := func(i int) string {
		if i < 0 || i >= len(toks) {
			return ""
		}
		return toks[i].Norm
	}
	for j := k; j < len(toks); j++ {
		if askTags[norm(j)] || norm(j) == "that" || norm(j) == "know" && j == len(toks)-1 {
			return false // "is that true?", "did you know?"
		}
	}
	switch n := norm(k); {
	case askOpeners[n]:
		return k+1 < len(toks) || n == "hbu" || n == "wbu" // "… lol hbu?"
	case auxWords[n] || n == "am":
		return askSubjects[norm(k+1)]
	case n == "you" || n == "u":
		return norm(k+1) == "still" || norm(k+1) == "ever"
	}
	return false
}
