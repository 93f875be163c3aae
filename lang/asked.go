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
// least three words (0 when it does not). After a comma, an emoji or
// "lol" it may be an auxiliary with its subject ("do you still live in
// York?", "is Jo still at Tesco?"), a question word ("what about you?"),
// "you" with "still" or "ever", or "you?" alone. Chat also runs the two
// together with nothing between (the extractor drops a "lol" inside a
// sentence): "started at Tesco monday hbu?", "i work at Greggs now u?",
// "finally left Argos you still at Boots?", "we got a cat do u have
// one?" (askingBack). A question that only takes up the statement ("is
// that true?", "…, did she?", "…, innit?") is left whole: the statement
// is what it asks. This is the one decision of which clause of a line is
// asked; the sentence splits there.
func askedClause(toks []Token) int {
	if len(toks) == 0 || statementOpeners[toks[0].Norm] {
		return 0
	}
	words := 0
	for i, t := range toks {
		if t.Word && t.Norm != "lol" {
			if words >= 3 && i > 0 && toks[i-1].Word && askingBack(toks, i) {
				return i // "started at Tesco monday hbu?"
			}
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

// askingAt reports whether a clause asking something new starts at k,
// after a boundary.
func askingAt(toks []Token, k int) bool {
	norm := func(i int) string { return normAt(toks, i) }
	for j := k; j < len(toks); j++ {
		if askTags[norm(j)] || norm(j) == "that" {
			return false // "is that true?", "…, right?"
		}
	}
	switch n := norm(k); {
	case askOpeners[n]:
		return k+1 < len(toks) || n == "hbu" || n == "wbu" // "… lol hbu?"
	case auxWords[n] || n == "am":
		if askSubjects[norm(k+1)] && k+2 == len(toks) {
			return norm(k+1) == "you" || norm(k+1) == "u" // "I love Leeds, do you?"; "Jo moved, did she?" is a tag
		}
		return askSubjects[norm(k+1)] || k+2 < len(toks) && toks[k+1].Cap && norm(k+1) != "i" // "…, is Jo still at Tesco?"
	case n == "you" || n == "u":
		return k+1 == len(toks) || norm(k+1) == "still" || norm(k+1) == "ever" // "moved to York, you?"
	}
	return false
}

// backTails may stand before a bare "you?" that asks back: "i work at
// Greggs now u?".
var backTails = Words(`now rn atm too tbh lately anyway today`)

// askingBack reports whether a clause asking back starts at k with no
// boundary before it: "hbu" or "wbu" ending the sentence, "what about
// you", "you still …" or "you ever …", an auxiliary with "you" and a
// predicate ("do u have one?", "did you know?"), or a bare "you" after a
// time word or a name ("i work at Greggs now u?").
func askingBack(toks []Token, k int) bool {
	norm := func(i int) string { return normAt(toks, i) }
	for j := k; j < len(toks); j++ {
		if askTags[norm(j)] || norm(j) == "that" {
			return false
		}
	}
	last := k+1 == len(toks)
	switch n := norm(k); {
	case n == "hbu" || n == "wbu":
		return last
	case n == "what" || n == "how":
		return norm(k+1) == "about" && (norm(k+2) == "you" || norm(k+2) == "u") && k+3 == len(toks)
	case n == "you" || n == "u":
		return norm(k+1) == "still" || norm(k+1) == "ever" || last && (backTails[norm(k-1)] || toks[k-1].Cap)
	case auxWords[n]:
		return (norm(k+1) == "you" || norm(k+1) == "u") && k+2 < len(toks)
	}
	return false
}

// normAt returns the norm of toks[i], "" outside them.
func normAt(toks []Token, i int) string {
	if i < 0 || i >= len(toks) {
		return ""
	}
	return toks[i].Norm
}

// askedBackTail returns where "hbu" or "wbu" ends a sentence with no
// question mark after a statement of at least three words ("just moved to
// leeds, wbu", "started at Kestrel hbu"), 0 when it does not: the tail
// asks back, the statement is said.
func askedBackTail(toks []Token) int {
	k := len(toks) - 1
	for k > 0 && !toks[k].Word {
		k--
	}
	if k < 3 || toks[k].Norm != "hbu" && toks[k].Norm != "wbu" || statementOpeners[toks[0].Norm] {
		return 0
	}
	words := 0
	for _, t := range toks[:k] {
		if t.Word {
			words++
		}
	}
	if words < 3 {
		return 0
	}
	return k
}
